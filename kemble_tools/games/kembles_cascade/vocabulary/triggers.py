"""Kemble's Cascade's triggers: the events effects run on, with the names each binds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kemble_tools.dsl.ir import Act, Lit, Select
from kemble_tools.dsl.vocabulary import Problem, Trigger
from kemble_tools.games.kembles_cascade.vocabulary.values import EVERY_HOST, OWNED_HOST, OWNED_ONLY


def _trigger(
    name: str,
    doc: str,
    names: Mapping[str, str],
    hosts: frozenset[str] = EVERY_HOST,
    *,
    owned_phrase: str = "",  # the phrase on a card a player owns, where "this" means nothing
    example: str = "",  # the reference's example actions, where the generic one would be refused
    **rest: Any,
) -> Trigger:
    who = "player" if "player" in names else "players_in_play"
    return Trigger(
        name,
        doc,
        names,
        hosts,
        phrases={OWNED_HOST: owned_phrase} if owned_phrase else {},
        example=example or f"[add_threat: {{player: {who}, amount: 1}}]",
        **rest,
    )


PASSIVE_HINT = (
    "passive: modify {stat, by or set: a number, scope: while_owned} of the owner; use a "
    "trigger (on_turn_start, …) for anything else"
)


def passive_problems(
    path: tuple[Any, ...], item: Mapping[str, Any], actions: Sequence[Act]
) -> list[Problem]:
    """The engine keeps an upgrade level's passive changes in its owner's statistics
    (engine/content.py): anything else written as passive would print and do nothing."""
    found = []
    if path[0] != "upgrades":
        found.append(((*path, "on"), "only an upgrade level's effects can be passive"))
    if "if" in item:
        found.append(((*path, "if"), "a passive effect is always in effect: no condition"))
    for i, act in enumerate(actions):
        problem = _passive_problem(act)
        if problem:
            found.append(((*path, "do", i), problem))
    return [Problem(where, "dsl.passive", message, PASSIVE_HINT) for where, message in found]


def _passive_problem(act: Act) -> str:
    """Why a passive action would not do what its text says, or ''."""
    if act.action != "modify":
        return f"'{act.action}' cannot be passive: only 'modify' is"
    args = act.args
    if args["player"] not in (Select("player"), Select("owner")):
        return "a passive change is the owner's: 'player' must be left out (or 'owner')"
    if args["scope"] != Lit("while_owned"):
        return "a passive change lasts while owned: 'scope' must be while_owned"
    value = args.get("set", args.get("by"))
    if not (isinstance(value, Lit) and isinstance(value.value, int)):
        return "a passive change is a number: it cannot depend on the game (an expression)"
    return ""


# What a name means is fixed per trigger: the docs list each one, and the engine binds exactly
# these (tests/test_dsl_bindings.py plays each trigger and reads every name back).
ACTIVE = "the player whose turn it is; nobody between turns, as while space scrolls"
HIT_OBJECT = (
    "its attributes, `shows` and `is_enemy` read the object as it was {when}, for the whole "
    "effect, even once the quadrant is covered (R-FIR-7), its card turned over (R-SYM-12) "
    "or gone"
)
TRIGGERS: dict[str, Trigger] = {
    t.name: t
    for t in [
        _trigger(
            "on_enter",
            "A ship moves onto the quadrant (R-MOV-5); also a ship standing on a card that "
            "turns over (R-SYM-12). On a -M/-MM quadrant it comes once the extra moves are "
            "spent (R-SYM-10).",
            {
                "player": "the player whose ship arrived",
                "active_player": ACTIVE + "; not `player` when a card turns over under "
                "another player's ship",
                "event_quadrant": "the quadrant the ship arrived on",
            },
            phrase="When a ship moves here",
            owned_phrase="When a ship moves onto a quadrant",
        ),
        _trigger(
            "on_pushed_onto",
            "Scrolling pushes a player onto the quadrant (R-SCR-1), or a collision or "
            "`shift_player` shifts it there (R-SCR-2).",
            {
                "player": "the player whose ship was pushed or shifted",
                "event_quadrant": "the quadrant the ship arrived on",
            },
            phrase="When a ship is pushed here",
            owned_phrase="When a ship is pushed onto a quadrant",
        ),
        _trigger(
            "on_hit",
            "A shot damages the quadrant (R-FIR-4, R-FIR-6), or a `damage` action does.",
            {
                "shooter": "the player whose shot hit (a missile's splash too); nobody when "
                "a `damage` action dealt the damage",
                "active_player": ACTIVE,
                "event_quadrant": "the quadrant hit; " + HIT_OBJECT.format(when="hit"),
            },
            phrase="When this is hit",
            owned_phrase="When an object is hit",
        ),
        _trigger(
            "on_destroyed",
            "The quadrant's object is destroyed: by shots (R-FIR-6), by a ship moving or "
            "pushed onto it (R-OBJ-ENEMY-2, R-OBJ-MINE-1), or by a `destroy` or `damage` action.",
            {
                "shooter": "the player whose shot destroyed it; nobody when no shot did",
                "rammer": "the player whose ship moved or was pushed onto it, when that "
                "arrival destroyed it (R-OBJ-ENEMY-2, R-OBJ-MINE-1); nobody otherwise",
                "active_player": ACTIVE,
                "event_quadrant": "the quadrant whose object was destroyed; "
                + HIT_OBJECT.format(when="printed (its energy is its printed energy)"),
            },
            phrase="When this is destroyed",
            owned_phrase="When an object is destroyed",
        ),
        _trigger(
            "on_revealed",
            "The quadrant's card is dealt into the play area (R-SCR-5).",
            {"event_quadrant": "the quadrant of the card dealt"},
            phrase="When this card arrives",
            owned_phrase="When a card arrives",
        ),
        _trigger(
            "on_scroll_out",
            "The quadrant's card leaves the play area (R-SCR-3, R-SCR-8).",
            {
                "event_quadrant": "the quadrant of the card leaving; "
                + HIT_OBJECT.format(when="when it left")
            },
            phrase="When this card scrolls out",
            owned_phrase="When a card scrolls out",
        ),
        _trigger(
            "on_pushed_out",
            "A new row pushes the quadrant's card out of the play area (R-SCR-3, R-SCR-5); a "
            "card removed while the space deck is empty is not pushed out (R-SCR-8, D-OBJ-2).",
            {
                "event_quadrant": "the quadrant of the card pushed out; "
                + HIT_OBJECT.format(when="when it left")
            },
            phrase="When a new row pushes this card out",
            owned_phrase="When a new row pushes a card out",
        ),
        _trigger(
            "on_round_start",
            "A round begins, before sensor cards (R-RND-1).",
            {},
            phrase="At the start of each round",
        ),
        _trigger(
            "on_turn_start",
            "A player's turn begins, once Battle or Power Down is chosen (R-TRN-1).",
            {
                "player": "the player whose turn begins",
                "active_player": "the same player",
            },
            phrase="At the start of each player's turn",
        ),
        _trigger(
            "on_turn_end",
            "A player's turn ends, after threat is added (R-BAT-1, R-PWD-1).",
            {
                "player": "the player whose turn ends",
                "active_player": "the same player",
            },
            phrase="At the end of each player's turn",
        ),
        _trigger(
            "on_sensor_played",
            "The owner plays this sensor card (R-SEN-1).",
            {"player": "the owner, who played it"},
            OWNED_ONLY,
            phrase="When played",
        ),
        _trigger(
            "on_bought",
            "The owner buys this upgrade level (R-BUY-2).",
            {
                "player": "the owner, who bought it",
                "active_player": "the owner too: buying happens in its turn",
            },
            OWNED_ONLY,
            phrase="When bought",
        ),
        _trigger(
            "on_drawn",
            "The owner draws this card (R-PWD-2: 'play at once when drawn').",
            {"player": "the owner, who drew it"},
            OWNED_ONLY,
            phrase="When drawn",
        ),
        _trigger(
            "on_played",
            "The owner plays this power-up on its turn (R-BUY-5).",
            {
                "player": "the owner, who played it",
                "active_player": "the owner too: it plays in its turn",
            },
            OWNED_ONLY,
            phrase="Play on your turn",
        ),
        _trigger(
            "on_game_end",
            "The game ends, before scoring (R-END-1). Its effects cannot change a solo game's "
            "outcome (D-SOLO-1).",
            {},
            phrase="At the end of the game",
            refuses=frozenset(
                {"choose", "shift_player", "buy", "end_turn", "extra_moves", "extra_shots"}
            ),
            refused_because="nobody takes a turn or makes a choice once the game has ended",
        ),
        _trigger(
            "passive",
            "Always in effect while an upgrade level is owned: its `modify` actions change "
            "the owner's statistics, by or to a number, with scope `while_owned` (R-UPG-*). "
            "Anything else written as passive is refused (`dsl.passive`).",
            {"player": "the owner"},
            OWNED_ONLY,
            phrase="While in effect",
            example="[modify: {stat: moves, by: 1, scope: while_owned}]",
            check=passive_problems,
        ),
    ]
}
