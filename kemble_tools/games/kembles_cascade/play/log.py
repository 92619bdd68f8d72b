"""Kemble's Cascade's event log, for a designer debugging a card: what each action did, in
words. It reads what the engine told its observer (moves, shots, destructions, the effects of
cards that fired: observer.py) and what changed between the state before and after the action
(hits and their damage, energy, threat, glory, Bellonium, power-ups, scrolling, flips, choices
asked); at the end of a turn, what the turn cost. The core lays the log out (playlog.py)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from kemble_tools.engine.edges import LogEntry, Played
from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.state import ACHIEVEMENT, State
from kemble_tools.games.kembles_cascade.play.snapshot import card_rows

TURN_WORDS = ("battle", "powerdown")  # the first action of a turn (formats.md §4)

_ROUND = re.compile(r"^r\d+: ")
_ACTOR = re.compile(r"^p\d+ (.*)$")
_FIRE = re.compile(r"^(p\d+) fire (\S+)$")
_DESTROYED = re.compile(r"^\S+ at .* destroyed$")
# Effects answering a shot or a destruction: not what destroyed the object they are on.
_REACTIONS = ("on_hit", "on_destroyed")


def log_entry(played: Sequence[Played], index: int) -> LogEntry:
    """What `played[index]` did; at the end of a turn, what the turn cost."""
    record = played[index]
    after = []
    if record.words == "end":
        taken = turn_damage(played[: index + 1]) or {}
        after = [
            f"turn total: p{i + 1} lost {lost} energy, received {threat} threat"
            for i, (lost, threat) in taken.items()
        ]
    return LogEntry(record.before.round, action_lines(record), after)


def turn_damage(played: Sequence[Played]) -> dict[int, tuple[int, int]] | None:
    """Per player, the energy lost and the threat received in the last turn of `played`
    (the turn going on, or the one that just ended until the next begins); None before the
    first turn."""
    starts = [i for i, record in enumerate(played) if record.words in TURN_WORDS]
    if not starts:
        return None
    taken: dict[int, tuple[int, int]] = {}
    for record in played[starts[-1] :]:
        pairs = zip(record.before.players, record.after.players, strict=True)
        for index, (old, new) in enumerate(pairs):
            lost, threat = taken.get(index, (0, 0))
            taken[index] = (
                lost + max(0, old.energy - new.energy),
                threat + max(0, new.threat - old.threat),
            )
    return taken


def action_lines(record: Played) -> list[str]:
    """The engine's notes in order (hits after the shot, each destroyed object with what
    destroyed it), then what changed."""
    hits, lines, cause = _hits(record), [], _answered(record)
    for note in record.notes:
        if note[0] == "event":
            text = _ROUND.sub("", note[1], count=1)
            if _DESTROYED.match(text) and cause:
                text += f" ({cause})"
            echo = _ACTOR.match(text)
            if not echo or echo[1] != record.words:  # not the action itself again
                lines.append(text)
            fire = _FIRE.match(text)
            if fire:
                lines += hits
                hits, cause = [], f"shot by {fire[1]}'s {fire[2]}"
        elif note[0] == "effect":
            source = effect_source(record, note)
            trigger, steps = note[1], note[5]
            lines.append(f"effect: {source}, {trigger}: {', '.join(s.name for s in steps)}")
            if trigger not in _REACTIONS:
                cause = f"by the effect of {source}, {trigger}"
    return hits + lines + _changes(record)


def _answered(record: Played) -> str:
    """What destroys objects in an action that answers a choice: a missile's splash."""
    choice = record.before.choice
    if choice is None or choice.kind != "splash":
        return ""
    turn = record.before.turn
    who = f"p{(turn.player if turn else choice.player) + 1}"
    return f"by the splash of {who}'s missile"


def effect_source(record: Played, note: tuple[Any, ...]) -> str:
    """The card an effect came from: an object kind on a quadrant, a mission, an
    achievement, a sensor card, a power-up or an upgrade."""
    _, trigger, host, owner, bindings, _ = note
    tables = record.before.game.tables
    if host >= 0:
        state = _where_state(record, host)
        return state.game.shown(state, host).kind.id + _where(state, host)
    if len(bindings) > ACHIEVEMENT and bindings[ACHIEVEMENT] is not None:
        return f"achievement {tables.achievements[bindings[ACHIEVEMENT]].id}"
    who, player = f"p{owner + 1}", record.after.players[owner]
    if trigger == "on_sensor_played":
        return f"{who}'s sensor card {player.sensor}"
    if trigger == "on_played" and record.words.startswith("play "):
        return f"{who}'s power-up {record.words.split()[1]}"
    if trigger == "on_drawn":
        return f"{who}'s new power-up"
    if trigger == "on_bought":
        return f"{who}'s upgrade {' '.join(record.words.split()[1:])}"
    mission = max(player.mission, record.before.players[owner].mission)
    return f"{who}'s mission {tables.missions[mission].id}" if mission >= 0 else who


def _where_state(record: Played, ref: int) -> State:
    """The state to place a quadrant in: before the action, unless its card came in during
    it (scrolled or dealt in)."""
    before = record.before
    return before if before.game.cell_of(before, ref) >= 0 else record.after


def _where(state: State, ref: int) -> str:
    """` at (4, 1) on S1-05`: where a quadrant is and its card."""
    game = state.game
    cell = game.cell_of(state, ref)
    where = f" at {board.position(state, cell)}" if cell >= 0 else ""
    return f"{where} on {game.tables.cards[ref // 2].id}"


def _hits(record: Played) -> list[str]:
    """The damage objects took, from the turn's tally (R-FIR-6 adds it up over a turn)."""
    before, after = record.before.turn, record.after.turn
    if after is None:
        return []
    same_turn = before is not None and record.words not in TURN_WORDS
    done = dict(before.damage) if same_turn else {}
    quadrants = record.after.game.tables.quadrants
    lines = []
    for quadrant_id, total in after.damage:
        damage = total - done.get(quadrant_id, 0)
        if damage > 0:
            hit = quadrants[quadrant_id]  # as it showed when hit
            where = _where(_where_state(record, hit.ref), hit.ref)
            lines.append(
                f"hit: {hit.kind.id}{where}, {damage} damage ({total} of {hit.energy} this turn)"
            )
    return lines


def _changes(record: Played) -> list[str]:
    return [*_player_changes(record), *_card_changes(record), *_choice(record)]


def _player_changes(record: Played) -> list[str]:
    """Each player's energy, threat, glory, Bellonium and power-ups, where they changed."""
    lines = []
    powerups = record.after.game.tables.powerups
    for index, (old, new) in enumerate(
        zip(record.before.players, record.after.players, strict=True)
    ):
        parts = [
            f"{label} {a} → {b} ({b - a:+d})"
            for label, a, b in (
                ("energy", old.energy, new.energy),
                ("threat", old.threat, new.threat),
                ("glory", old.glory, new.glory),
                ("Bellonium", old.bellonium, new.bellonium),
            )
            if a != b
        ]
        places = _place(record.before, old), _place(record.after, new)
        parts += [f"at {places[0]} → {places[1]}"] if places[0] != places[1] else []
        parts += [f"facing {old.facing} → {new.facing}"] if old.facing != new.facing else []
        hand = Counter(new.hand)
        hand.subtract(Counter(old.hand))
        parts += [
            f"power-up {'+' if n > 0 else '-'}{powerups[p].id}"
            for p, n in sorted(hand.items())
            for _ in range(abs(n))
        ]
        if parts:
            lines.append(f"p{index + 1}: " + ", ".join(parts))
    return lines


def _place(state: State, player: Any) -> str:
    return str(board.position(state, player.pos)) if player.pos >= 0 else "outside"


def _card_changes(record: Played) -> list[str]:
    """Scrolling (cards leaving, cards dealt), cards moved (a mosquito's swap), flips."""
    before, after = card_rows(record.before), card_rows(record.after)
    old = {card: (r, side) for r, row in enumerate(before, 1) for card, side in row}
    new = {card: (r, side) for r, row in enumerate(after, 1) for card, side in row}
    lines = []
    left = [card for card in old if card not in new]
    dealt = [card for card in new if card not in old]
    if left or dealt:
        deck = len(record.after.deck)
        lines.append(
            f"space scrolls: {', '.join(left) or 'no card'} left, "
            f"{', '.join(dealt) or 'no card'} dealt ({deck} still in the deck)"
        )
    elif [[c for c, _ in row] for row in before] != [[c for c, _ in row] for row in after]:
        lines.append("cards moved: " + " / ".join(" | ".join(c for c, _ in row) for row in after))
    lines += [
        f"{card} turned to its {'back' if side else 'front'}"
        for card, (_, side) in new.items()
        if card in old and old[card][1] != side
    ]
    return lines


def _choice(record: Played) -> list[str]:
    """A choice the action asked for (answer it with `choose VALUE`)."""
    state, choice = record.after, record.after.choice
    if choice is None or choice is record.before.choice:
        return []
    options = [state.game.actions.option_word(state, i) for i in range(len(choice.values))]
    options += ["none"] if choice.optional else []
    return [f"p{choice.player + 1} to choose ({choice.kind}): {', '.join(options)}"]
