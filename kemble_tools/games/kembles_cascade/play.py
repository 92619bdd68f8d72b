"""Playing at the edge: a scenario file set up as a game, action scripts (formats.md §4), the state
as JSON (formats.md §5) and as a board in text. Words and ids live here; the engine inside works
with integers.

The validator and the compiler are imported when a scenario file is loaded: what plays a compiled
bundle (the solver's processes, `kemble run --bundle`, the site's replays) never needs them.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.actions import DIRECTION_LIST
from kemble_tools.games.kembles_cascade.engine.content import ORTHOGONAL
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.state import OUTCOMES, PHASES, State
from kemble_tools.games.kembles_cascade.engine.threat import threat_level


@dataclass
class ScriptError(Exception):
    """An action the rules refuse, at a line of the script."""

    line: int
    action: str
    rule: str
    message: str
    legal: list[str] = field(default_factory=list)  # the legal actions at that point
    suggestions: list[str] = field(default_factory=list)  # what a typo may have meant

    def __str__(self) -> str:
        return f"line {self.line}: '{self.action}': {self.message} ({self.rule})"


# The first word of every action (formats.md §4).
ACTION_WORDS = (
    "sensor",
    "battle",
    "powerdown",
    "enter",
    "move",
    "rotate",
    "fire",
    "spend",
    "overload",
    "choose",
    "play",
    "buy",
    "end",
)


@dataclass
class PlayerView:
    """A player as people name things: positions as (row, column), cards by id."""

    energy: int
    threat_points: int
    glory: int
    bellonium: int
    position: tuple[int, int] | None
    astral: bool
    facing: str
    upgrades: dict[str, int]
    hand: tuple[str, ...]
    hand_sensors: tuple[int, ...]
    mission: str | None
    mission_progress: int
    mission_done: bool
    achievements: tuple[str, ...]
    tokens: tuple[int, ...]
    sensor: int | None

    def level(self, upgrade: str) -> int:
        return self.upgrades.get(upgrade, 0)


@dataclass
class Snapshot:
    """A state described with ids and positions, for people, tests and reports."""

    round: int
    phase: str
    outcome: str
    rows: tuple[tuple[str, ...], ...]
    flipped: frozenset[str]
    covered: frozenset[tuple[str, int]]  # (card id, half)
    markers: frozenset[tuple[tuple[str, int], int]]  # ((card id, half), player)
    players: list[PlayerView]
    deck: tuple[str, ...]
    boss: str | None
    boss_defeated: bool
    boss_rows_pending: tuple[tuple[str, ...], ...]
    powerup_deck: tuple[str, ...]
    sensor_deck: tuple[int, ...]
    achievements: tuple[str, ...]
    achievement_deck: tuple[str, ...]
    order: tuple[int, ...]
    choice_kind: str | None
    choice_options: list[str] = field(default_factory=list)


def describe(state: State) -> Snapshot:
    tables = state.game.tables
    cards, quadrants = tables.cards, tables.quadrants
    shown = [quadrants[q] for q in state.cells]

    def ref_name(ref: int) -> tuple[str, int]:
        return cards[ref // 2].id, ref % 2

    players = []
    for index, player in enumerate(state.players):
        in_play = player.pos >= 0 and not player.astral
        players.append(
            PlayerView(
                energy=player.energy,
                threat_points=player.threat,
                glory=player.glory,
                bellonium=player.bellonium,
                position=board.position(state, player.pos) if in_play else None,
                astral=player.astral,
                facing=player.facing,
                upgrades=player_json(state, index)["upgrades"],
                hand=tuple(tables.powerups[p].id for p in player.hand),
                hand_sensors=player.hand_sensors,
                mission=tables.missions[player.mission].id if player.mission >= 0 else None,
                mission_progress=player.mission_progress,
                mission_done=player.mission_done,
                achievements=tuple(tables.achievements[a].id for a in player.achievements),
                tokens=player.tokens,
                sensor=player.sensor if player.sensor >= 0 else None,
            )
        )
    choice = state.choice
    return Snapshot(
        round=state.round,
        phase=PHASES[state.phase],
        outcome=OUTCOMES[state.outcome],
        rows=tuple(tuple(card for card, _ in row) for row in card_rows(state)),
        flipped=frozenset(cards[q.card].id for q in shown if q.side),
        covered=frozenset((cards[q.card].id, q.half) for q in shown if q.covered),
        markers=frozenset((ref_name(ref), player) for ref, player in state.markers),
        players=players,
        deck=tuple(cards[card].id for card in state.deck),
        boss=tables.bosses[state.boss].id if state.boss >= 0 else None,
        boss_defeated=state.boss_defeated,
        boss_rows_pending=tuple(
            tuple(cards[card].id for card in row) for row in state.boss_rows_pending
        ),
        powerup_deck=tuple(tables.powerups[p].id for p in state.powerup_deck),
        sensor_deck=state.sensor_deck,
        achievements=tuple(tables.achievements[a].id for a in state.achievements),
        achievement_deck=tuple(tables.achievements[a].id for a in state.achievement_deck),
        order=state.order,
        choice_kind=choice.kind if choice else None,
        choice_options=[state.game.actions.option_word(state, i) for i in range(len(choice.values))]
        if choice
        else [],
    )


def legal_words(state: State) -> list[str]:
    """The legal actions in the words of formats.md §4."""
    return [state.action_to_string(action) for action in state.legal_actions()]


def load_scenario(
    path: Path, content: list[Path] | None = None, with_base: bool = True
) -> tuple[State | None, list[Any]]:
    """Compile the content (the base game unless `with_base` is False, and the `content`
    folders: an expansion's cards) with the scenario file beside it, and set the game up."""
    from kemble_tools.compile.compiler import compile_validated
    from kemble_tools.diagnostics import Diagnostic
    from kemble_tools.load.content import display_name
    from kemble_tools.load.yaml_loader import load_file
    from kemble_tools.validate.pipeline import validate_paths

    result = compile_validated(validate_paths([*(content or []), path], with_base=with_base))
    if result.bundle is None:
        return None, result.diagnostics
    doc, _ = load_file(path)
    data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    scenario = result.bundle["scenarios"].get(data.get("id"))
    if scenario is None or data.get("kind", "scenario") != "scenario":
        kind = data.get("kind", "not a content file")
        return None, [
            Diagnostic(
                display_name(path),
                1,
                1,
                "",
                "scenario.not_a_scenario",
                f"this file is not a scenario (kind: {kind})",
                hint="give `kemble run` a scenario file, such as scenarios/solo-01.yaml",
            )
        ]
    return Game.from_scenario(result.bundle, scenario).new_initial_state(), result.diagnostics


def script_lines(text: str) -> list[tuple[int, str]]:
    """(line number, action) for every action line; `#` starts a comment. Only a line feed
    ends a line (`str.splitlines` would also split at a form feed or U+2028, turning the rest
    of a comment into an action)."""
    lines = []
    for number, raw in enumerate(text.split("\n"), start=1):
        action = " ".join(raw.split("#", 1)[0].split())
        if action:
            lines.append((number, action))
    return lines


def run_script(state: State, text: str, observer: Observer | None = None) -> State:
    """Play every line in place; raises ScriptError at the first one the rules refuse."""
    for number, action in script_lines(text):
        autoplay_sensor(state, action, observer)
        try:
            state.apply_action(state.string_to_action(action), observer)
        except IllegalAction as exc:
            raise refusal(state, number, action, exc) from None
    return state


def refusal(
    state: State, line: int, action: str, exc: IllegalAction, commands: Sequence[str] = ()
) -> ScriptError:
    """A refused action with what may help: the legal actions now and, for a typo, guesses."""
    return ScriptError(
        line,
        action,
        exc.rule,
        exc.message,
        legal_words(state),
        suggest(state, action, commands),
    )


def suggest(state: State, text: str, commands: Sequence[str] = ()) -> list[str]:
    """What a mistyped action may have meant (`fier` → `fire`): its unknown words replaced by
    the closest known ones, and the legal actions closest to it. Nothing when every word is
    known: then the rules refused the action, and a guess would mislead."""
    words = text.split()
    fixed, typo = list(words), False
    for index, word in enumerate(words):
        known = _known_words(state, fixed, index, commands)
        if word not in known and not (index and _is_value(word)):
            typo = True
            fixed[index] = _closest(word, known) or (word if known else "")  # "end now"
    if not typo:
        return []
    legal, line = legal_words(state), " ".join(w for w in fixed if w)
    if line in legal:
        return [line]
    found = difflib.get_close_matches(line, legal, 2, 0.75)
    found += difflib.get_close_matches(text, legal, 2, 0.75)
    return list(dict.fromkeys([*found, *([line] if fixed != words else [])]))[:3]


def _known_words(
    state: State, words: list[str], index: int, commands: Sequence[str] = ()
) -> Sequence[str]:
    """The words that may stand at `index` of an action beginning with `words[:index]`
    (formats.md §4)."""
    if index == 0:
        return (*ACTION_WORDS, *commands)
    verb, position = words[0], index
    if verb == "overload":
        if index == 1:
            return ("move", "enter", "fire")
        verb, position = words[1], index - 1
    if position > 1:
        return ()  # a level to buy is a number
    tables = state.game.tables
    choice = state.choice
    vocabulary: dict[str, Sequence[str]] = {
        "move": DIRECTION_LIST,
        "rotate": ORTHOGONAL,
        "fire": tables.weapons,
        "play": [powerup.id for powerup in tables.powerups],
        "buy": [*(upgrade.id for upgrade in tables.upgrades), "powerup"],
        "choose": [
            *(state.game.actions.option_word(state, i) for i in range(len(choice.values))),
            "none",
        ]
        if choice
        else ["none"],
    }
    return vocabulary.get(verb, ())


def _closest(word: str, known: Sequence[str]) -> str | None:
    """The known word closest to `word`, in any case (`FIRE`, `n`)."""
    by_lower = {k.lower(): k for k in known}
    found = difflib.get_close_matches(word.lower(), list(by_lower), 1, 0.6)
    return by_lower[found[0]] if found else None


def _is_value(word: str) -> bool:
    """A number or a position R,C."""
    return all(part.isascii() and part.isdigit() for part in word.split(","))


def due_sensor(state: State, action: str) -> str | None:
    """The sensor line a solo script may leave out (the first card in hand), when it is due
    before `action`."""
    if (
        PHASES[state.phase] == "sensor"
        and state.choice is None
        and len(state.players) == 1
        and not action.startswith("sensor")
    ):
        return f"sensor {state.players[0].hand_sensors[0]}"
    return None


def autoplay_sensor(state: State, action: str, observer: Observer | None = None) -> None:
    """With one player the sensor line is optional: the first card in hand is played."""
    sensor = due_sensor(state, action)
    if sensor is not None:
        state.apply_action(state.string_to_action(sensor), observer)


def player_json(state: State, index: int) -> dict[str, Any]:
    game, player = state.game, state.players[index]
    upgrades = game.tables.upgrades
    in_play = player.pos >= 0 and not player.astral
    return {
        "id": f"p{index + 1}",
        "energy": player.energy,
        "max_energy": game.stat(state, index, "max_energy"),
        "threat_points": player.threat,
        "threat_level": threat_level(player.threat),
        "glory": player.glory,
        "bellonium": player.bellonium,
        "position": list(board.position(state, player.pos)) if in_play else None,
        "astral": player.astral,
        "facing": player.facing,
        "upgrades": {
            upgrades[i].id: level
            for i, level in sorted(enumerate(player.upgrades), key=lambda x: upgrades[x[0]].id)
            if level
        },
        "powerups": len(player.hand),
    }


def card_rows(state: State) -> list[list[tuple[str, int]]]:
    """The cards in play row by row from row 1, each as (id, side shown: 0 front, 1 back)."""
    quadrants, cards = state.game.tables.quadrants, state.game.tables.cards
    width = state.width
    return [
        [
            (cards[quadrants[state.cells[cell]].card].id, quadrants[state.cells[cell]].side)
            for cell in range(start, start + width, 2)
        ]
        for start in range(0, len(state.cells), width)
    ]


def state_json(state: State) -> dict[str, Any]:
    game = state.game
    quadrants = game.tables.quadrants
    choice = state.choice
    covered = [
        list(board.position(state, cell))
        for cell, q in enumerate(state.cells)
        if quadrants[q].covered
    ]
    boss = game.tables.bosses[state.boss].id if state.boss >= 0 else None
    return {
        "round": state.round,
        "outcome": OUTCOMES[state.outcome],
        "players": [player_json(state, i) for i in range(len(state.players))],
        "rows": [
            [f"{card}:{'back' if side else 'front'}" for card, side in row]
            for row in card_rows(state)
        ],
        "covered": sorted(covered),
        "boss": {"id": boss, "defeated": state.boss_defeated} if boss else None,
        "phase": PHASES[state.phase],
        "choice": {
            "player": f"p{choice.player + 1}",
            "kind": choice.kind,
            "options": [game.actions.option_word(state, i) for i in range(len(choice.values))],
        }
        if choice
        else None,
    }


def board_marks(objects: dict[str, Any]) -> dict[str, str]:
    """One character per object kind for text boards: its `mark`, else the first letter of its
    name that no other kind has taken (an expansion's kinds need no code), else '?'."""
    marks = {kind: data["mark"] for kind, data in objects.items() if data.get("mark")}
    taken = set(marks.values()) | set("12345")  # digits are ships
    for kind, data in objects.items():
        if kind in marks:
            continue
        name = str(data.get("name") or kind)
        free = [c for c in name.upper() + name.lower() if c.isalpha() and c not in taken]
        marks[kind] = free[0] if free else "?"
        taken.add(marks[kind])
    return marks


_ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}


def _cell(mark: str, quadrant: dict[str, Any]) -> str:
    """One quadrant in a few characters: object, energy, threat symbols and their directions."""
    text = mark + str(quadrant.get("energy", "")) + "!" * int(quadrant.get("threat", 0))
    for key, prefix in (("distant_threat", ""), ("gamma_distant_threat", "γ")):
        if key in quadrant:
            line = quadrant[key]
            text += prefix + _ARROWS[line["direction"]] * int(line["count"])
    text += "Ω" * int(quadrant.get("omni_threat", 0))
    return text.ljust(6)


def render_board(state: State, this_turn: dict[int, tuple[int, int]] | None = None) -> str:
    """The play area as text: one cell per quadrant, ships as 1-5, then the players, with the
    energy each lost and the threat each received this turn when `this_turn` gives them."""
    game = state.game
    quadrants = game.tables.quadrants
    lines = [f"round {state.round} - {PHASES[state.phase]} - {OUTCOMES[state.outcome]}"]
    rows = card_rows(state)
    objects = game.bundle["objects"]
    marks = board_marks(objects)
    for row in range(state.height):
        cells = []
        for column in range(state.width):
            cell = row * state.width + column
            who = board.player_at(state, cell)
            printed = quadrants[state.cells[cell]].printed
            mark = str(who + 1) if who is not None else marks.get(printed["object"], "?")
            cells.append(_cell(mark, printed))
        cards = " | ".join(card for card, _ in rows[row])
        lines.append(f"{row + 1} {' '.join(cells)}  {cards}")
    for index, player in enumerate(state.players):
        where = (
            board.position(state, player.pos)
            if player.pos >= 0 and not player.astral
            else "outside"
        )
        lines.append(
            f"p{index + 1}: energy {player.energy}, threat {player.threat}, "
            f"glory {player.glory}, Bellonium {player.bellonium}, at {where}, "
            f"facing {player.facing}" + _turn_damage((this_turn or {}).get(index))
        )
    if state.choice:
        options = [game.actions.option_word(state, i) for i in range(len(state.choice.values))]
        lines.append(f"choice for p{state.choice.player + 1}: {', '.join(options)}")
    lines.append(
        "key: "
        + " ".join(
            f"{mark}={str(objects[kind].get('name') or kind).lower()}"
            for kind, mark in marks.items()
            if not objects[kind].get("vacant")
        )
        + "; after a mark: energy, ! threat, arrows: distant threat (γ: gamma), Ω omni; 1-5 ships"
    )
    return "\n".join(lines) + "\n"


def _turn_damage(taken: tuple[int, int] | None) -> str:
    if taken is None:
        return ""
    lost, threat = taken
    return f"; this turn: lost {lost} energy, received {threat} threat"
