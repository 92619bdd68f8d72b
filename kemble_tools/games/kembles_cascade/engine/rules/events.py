"""Who hears an event: the quadrant it happens on, the cards players own, or everything in play.

Hooks are indexed by trigger in the content tables, so an event costs nothing where nothing
listens. Effects decide (their conditions) when the event happens and act afterwards, in the
order of the frame stack (kernel).
"""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import arm_effects, push_effects
from kemble_tools.games.kembles_cascade.engine.content import Quadrant
from kemble_tools.games.kembles_cascade.engine.state import ACHIEVEMENT, QUADRANT, State, event


def note(s: State, text: str, *args: Any) -> None:
    """Tell a watching observer what happened (nothing is kept in the state). The text is a
    %-template, formatted only when someone watches."""
    if s.notes is not None:
        s.notes.append(("event", f"r{s.round}: {text % args if args else text}"))


def active_player(s: State) -> int | None:
    """Whose turn it is: nobody between turns (scrolling, the start of a round)."""
    return s.turn.player if s.turn is not None else None


def with_achievement(bindings: tuple[Any, ...], card: int) -> tuple[Any, ...]:
    return (*bindings[:ACHIEVEMENT], card, *bindings[ACHIEVEMENT + 1 :])


def quadrant_hooks(
    g: Any, s: State, quadrant: Quadrant, trigger: str, bindings: tuple[Any, ...], host: int
) -> None:
    """The object kind's hooks, then its boss special rule's, for one event."""
    effects = quadrant.hooks.get(trigger)
    if quadrant.borrows_special and s.boss >= 0:
        borrowed = g.tables.special_hooks(quadrant, s.boss).get(trigger, ())
        effects = (effects or ()) + borrowed
    if effects:
        push_effects(g, s, effects, bindings, host)


def fire_owned(g: Any, s: State, trigger: str, bindings: tuple[Any, ...]) -> None:
    """Each event is heard once by the missions (R-MIS-1) and the revealed achievements
    (R-ACH-1) in play."""
    if trigger not in g.owned_triggers:
        return
    tables = g.tables
    for index, player in enumerate(s.players):
        if player.mission >= 0 and not player.mission_done:
            effects = tables.missions[player.mission].hooks.get(trigger)
            if effects:
                push_effects(g, s, effects, bindings, -1, index)
    for card in s.achievements:
        effects = tables.achievements[card].hooks.get(trigger)
        if effects:
            push_effects(g, s, effects, with_achievement(bindings, card))


def armed_event(
    g: Any, s: State, ref: int, trigger: str, bindings: tuple[Any, ...], quadrant: Quadrant
) -> list[Any]:
    """An event's hooks on one quadrant and the owned cards, decided now, pushed later
    (kernel.push_all) in the order `fire_event` would push them."""
    frames = []
    effects = quadrant.hooks.get(trigger, ())
    if quadrant.borrows_special and s.boss >= 0:
        effects = effects + g.tables.special_hooks(quadrant, s.boss).get(trigger, ())
    if effects:
        frames += arm_effects(g, s, effects, bindings, ref)
    if trigger in g.owned_triggers:
        tables = g.tables
        for index, player in enumerate(s.players):
            if player.mission >= 0 and not player.mission_done:
                mission = tables.missions[player.mission].hooks.get(trigger)
                if mission:
                    frames += arm_effects(g, s, mission, bindings, -1, index)
        for card in s.achievements:
            achievement = tables.achievements[card].hooks.get(trigger)
            if achievement:
                frames += arm_effects(g, s, achievement, with_achievement(bindings, card))
    return frames


def fire_event(
    g: Any,
    s: State,
    ref: int,
    trigger: str,
    bindings: tuple[Any, ...],
    quadrant: Quadrant | None = None,
) -> None:
    """An event on one quadrant (as it shows now, or as `quadrant` showed it): its hooks,
    then the cards players own."""
    shown = quadrant if quadrant is not None else g.shown(s, ref)
    if trigger in shown.hooks or shown.borrows_special:
        quadrant_hooks(g, s, shown, trigger, bindings, ref)
    if trigger in g.owned_triggers:
        fire_owned(g, s, trigger, bindings)


def fire_global(g: Any, s: State, trigger: str, bindings: tuple[Any, ...]) -> None:
    """A game-wide event: every quadrant in play hears it (in board order), then the cards
    players own."""
    tables = g.tables
    hooked = tables.hooked.get(trigger)
    if (hooked and not hooked.isdisjoint(s.cells)) or tables.borrowing:
        quadrants = tables.quadrants
        for q in s.cells:
            quadrant = quadrants[q]
            if trigger in quadrant.hooks or quadrant.borrows_special:
                ref = quadrant.ref
                here = (*bindings[:QUADRANT], ref, *bindings[QUADRANT + 1 :])
                quadrant_hooks(g, s, quadrant, trigger, here, ref)
    if trigger in g.owned_triggers:
        fire_owned(g, s, trigger, bindings)


def resolve_quadrant(g: Any, s: State, index: int, cell: int, trigger: str) -> None:
    """R-MOV-5, R-SCR-1: the effects of the quadrant a ship arrives on. On a -M/-MM quadrant
    they wait until the extra moves are spent there (R-SYM-10, `paid_for`); the cards players
    own hear the arrival at once."""
    quadrant = g.tables.quadrants[s.cells[cell]]
    ref = quadrant.ref
    # `rammer`: an effect of this arrival that destroys the object is the ship's ram
    bindings = event(index, active_player(s), quadrant=ref, rammer=index)
    player = s.players[index]
    if quadrant.move_cost:
        player.pending = (ref, quadrant.move_cost, trigger == "on_pushed_onto")
        if trigger in g.owned_triggers:
            fire_owned(g, s, trigger, bindings)
        return
    player.pending = None
    fire_event(g, s, ref, trigger, bindings, quadrant)


def paid_for(g: Any, s: State, index: int, ref: int, pushed: bool) -> None:
    """R-SYM-10: the -M/-MM cost is paid: the quadrant's effects for the ship's arrival come
    now (R-OBJ-MAZE-1: a maze's glory, and its marker)."""
    trigger = "on_pushed_onto" if pushed else "on_enter"
    bindings = event(index, active_player(s), quadrant=ref, rammer=index)
    quadrant_hooks(g, s, g.shown(s, ref), trigger, bindings, ref)
