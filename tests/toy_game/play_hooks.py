"""Comet Run at the edges: scenarios as states, words, the board for people, and the solver's
view of a scenario (the play and solver hooks)."""

from __future__ import annotations

import difflib
import itertools
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.diagnostics import Diagnostic
from kemble_tools.engine.edges import LogEntry, Played, legal_words
from kemble_tools.validate.pipeline import validate_paths
from toy_game.rules import ACTIONS, Hazard, Setup, State

CONTENT = Path(__file__).parent / "content" / "cards"


def setup(bundle: Mapping[str, Any], scenario: Mapping[str, Any], open_chance: bool) -> Setup:
    """The scenario's start; a shuffled deck is dealt from its seed unless chance stays open."""
    ship = bundle["ships"][scenario["ship"]]
    deck = [Hazard(h, **_values(bundle["hazards"][h])) for h in scenario["deck"]]
    shuffled = bool(scenario.get("shuffle"))
    if shuffled and not open_chance:
        random.Random(scenario.get("seed", 0)).shuffle(deck)
    hull, fuel, guns = ship["hull"], ship["fuel"], ship["guns"]
    return Setup(hull, fuel, guns, tuple(deck), shuffled and open_chance, scenario["target"])


def _values(card: Mapping[str, Any]) -> dict[str, int]:
    return {key: card[key] for key in ("armour", "damage", "salvage")}


class Play:
    board_help = "the board again"
    turn_words = ()  # every action is a turn of its own

    def load_scenario(
        self, path: Path, content: list[Path] | None, with_base: bool
    ) -> tuple[State | None, list[Diagnostic]]:
        paths = [*([CONTENT] if with_base else []), *(content or []), path]
        result = compile_validated(validate_paths(paths, with_base=False))
        bundle = result.bundles.get("comet-run")
        if bundle is None:
            return None, result.diagnostics
        scenario = next(s for s in bundle["scenarios"].values() if path.stem == s["id"])
        return self.new_state(bundle, scenario["id"]), result.diagnostics

    def new_state(self, bundle: dict[str, Any], scenario: str) -> State:
        return State.start(setup(bundle, bundle["scenarios"][scenario], open_chance=False))

    def split_line(self, text: str) -> list[str]:
        return [text]

    def implied_action(self, state: State, text: str) -> tuple[str, str] | None:
        return None

    def suggest(self, state: State, text: str, commands: Sequence[str]) -> list[str]:
        if text.split()[:1] and text.split()[0] in ACTIONS:
            return []  # the words are right: the rules refused it
        return difflib.get_close_matches(text, legal_words(state), 3, 0.6)

    def action_help(self, state: State) -> Sequence[tuple[str, str]]:
        return [
            ("blast", "score the hazard's salvage (guns at least its armour)"),
            ("dodge", "pay 1 fuel"),
            ("brace", "the hull takes the hazard's damage"),
        ]

    def state_json(self, state: State) -> dict[str, Any]:
        return {
            "hull": state.hull,
            "fuel": state.fuel,
            "score": state.score,
            "hazard": state.current.id if state.current else None,
            "deck": [hazard.id for hazard in state.left],
            "outcome": state.outcome,
        }

    def render_board(self, state: State, played: Sequence[Played]) -> str:
        facing = state.current.id if state.current else "nothing"
        return (
            f"hull {state.hull}  fuel {state.fuel}  score {state.score}/{state.setup.target}\n"
            f"facing {facing}; {len(state.left)} left; {state.outcome}\n"
        )

    def log_entry(self, played: Sequence[Played], index: int) -> LogEntry:
        turn = len(played[index].before.setup.deck) - len(played[index].before.left)
        return LogEntry(turn, [note[1] for note in played[index].notes if note[0] == "event"])

    def view(self, state: State, notes: list[tuple[Any, ...]]) -> dict[str, Any]:
        events = [note[1] for note in notes if note[0] == "event"]
        return {"text": self.render_board(state, []), "events": events}


@dataclass
class SoloRun:
    """One Comet Run scenario as the solver sees it: every decision is a node."""

    scenario: Mapping[str, Any]
    setup: Setup  # chance left open or not, as the solver asked
    seeded: Setup  # as `kemble run` deals it
    chance: bool
    margin_name: str = "hull"

    def new_initial_state(self) -> State:
        return State.start(self.setup)

    def seeded_state(self) -> State:
        return State.start(self.seeded)

    def is_node(self, state: State) -> bool:
        return True

    def round_of(self, state: State) -> int:
        return len(self.setup.deck) - len(state.left)

    def margin(self, state: State) -> int:
        return state.hull

    def split(self, state: State) -> tuple[bytes, tuple[int, ...], tuple[int, ...]]:
        return state.key(), (), ()

    def ordered(self, state: State) -> list[int]:
        return state.legal_actions()

    def promise(self, state: State) -> tuple[float, ...]:
        return (-state.score, -state.hull)

    def seeded_draws(self) -> Callable[[State, State], int]:
        order = [hazard.id for hazard in self.seeded.deck]

        def draw(state: State, previous: State) -> int:
            return state.string_to_action(f"draw {order[self.round_of(state)]}")

        return draw

    def fixed_chance(self, most: int) -> tuple[Iterator[SoloRun], int | None]:
        orders = list(dict.fromkeys(itertools.permutations(self.setup.deck)))
        count = math.factorial(len(self.setup.deck))
        fixed = (replace(self, setup=replace(self.setup, deck=o, shuffled=False)) for o in orders)
        if len(orders) <= most:
            return fixed, len(orders)
        return itertools.islice(fixed, most), None if count > most else len(orders)

    def prepare(self, state: State, word: str) -> None:
        return None

    def line_start(self, state: State, word: str) -> str | None:
        return "turn"

    def draw(self, state: State) -> list[str]:
        return Play().render_board(state, []).splitlines()

    top_level: tuple[str, ...] = ()

    def witness_figures(self, words: list[str]) -> dict[str, Any]:
        return {}  # the margin says it all


class Solver:
    def solo_game(
        self, bundle: dict[str, Any], scenario: dict[str, Any], open_chance: bool
    ) -> SoloRun:
        chance = bool(scenario.get("shuffle")) and open_chance
        seeded = setup(bundle, scenario, open_chance=False)
        return SoloRun(scenario, setup(bundle, scenario, open_chance), seeded, chance)

    def not_solvable(self, scenario: Mapping[str, Any]) -> str | None:
        return None  # every scenario is a solo one

    def reach(self, bundle: dict[str, Any], name: str) -> dict[str, Any]:
        return bundle
