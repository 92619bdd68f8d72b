"""Kemble's Cascade's action words (formats.md §4) as people type them: what each form does
(the interactive loop's help), guesses for a typo, and the sensor card a solo script may leave
out."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from kemble_tools.engine.edges import legal_words
from kemble_tools.games.kembles_cascade.engine.actions import DIRECTION_LIST
from kemble_tools.games.kembles_cascade.engine.content import ORTHOGONAL
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.state import PHASES, State

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


def action_help(state: State) -> list[tuple[str, str]]:
    """Each action form and what it does, for the interactive loop's `help`."""
    weapons = state.game.tables.weapons
    return [
        ("sensor N", "play sensor card N at a round's start (solo: the first in hand if left out)"),
        ("battle | powerdown", "choose the kind of this turn (no Power Down in round 1)"),
        ("enter C", "enter the play area on the bottom row, column C (a move)"),
        ("move DIR", "move one quadrant: N NE E SE S SW W NW (a move; -1 threat)"),
        ("rotate DIR", "turn the ship to N E S W (the Rotary Cage)"),
        ("fire [WEAPON]", f"fire once: {' '.join(weapons)} (default {weapons[0]})"),
        ("spend", "spend a move without moving, to pay a -M/-MM cost"),
        ("overload move DIR", "an extra move for energy (also: overload enter C)"),
        ("overload fire", "an extra turret shot for energy"),
        ("choose VALUE", "answer the pending choice: a direction, R,C, an id, or none"),
        ("play POWERUP", "play a power-up card from your hand"),
        ("buy UPGRADE [LEVEL]", "buy an upgrade (Power Down or a shop); buy powerup: a card"),
        ("end", "end the turn (space scrolls when every player has ended)"),
    ]


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


def implied_action(state: State, text: str) -> tuple[str, str] | None:
    """The solo sensor line, when it is due before `text`, and what the log says of it."""
    sensor = due_sensor(state, text)
    return None if sensor is None else (sensor, "the sensor card in hand, played for you")
