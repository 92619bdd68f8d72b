"""Bossin' Space's solver hooks (kemble_tools.solve.hooks.SolverHooks): the solo model as the
shared search sees it. A node is the start of a round's draft, a chance draw or the end; the key
treats cards with the same data as one (a bag is a multiset); life and coolness are resources
that can only help, unless some effect reads them."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.games.bossins_space.canonical import Board
from kemble_tools.games.bossins_space.engine import State, new_game
from kemble_tools.games.bossins_space.engine.model import COOL, DRAW, is_bag
from kemble_tools.games.bossins_space.engine.piles import seeded_pick
from kemble_tools.games.bossins_space.play.board_text import render_board
from kemble_tools.solve.hooks import STEP, TURN

READS_RESOURCES = ("Global(name='ship_life')", "Global(name='heat')")


@dataclass
class BossinSoloGame:
    bundle: dict[str, Any]
    scenario: Mapping[str, Any]
    open_chance: bool
    seed: int = 0  # another seed than the scenario's: a sample of chance's orders
    margin_name: str = "life"
    # 6-BS: these at the top of the report (the game and max_rounds from the scenario)
    top_level: tuple[str, ...] = (
        "game", "max_rounds", "chance", "shortest_win_rounds", "life_margin", "heat_margin",
    )  # fmt: skip
    monotone: bool = True  # no effect reads the Ship's life or heat: more life, less heat help
    chance: bool = field(init=False)
    start: State = field(init=False)
    board: Board = field(init=False)

    def __post_init__(self) -> None:
        self.start = self._state(self.open_chance)
        rounds = self.start.rules.max_rounds  # 6-BS reports them: the default filled in
        self.scenario = {**self.scenario, "game": "bossins-space", "max_rounds": rounds}
        open_bags = any(is_bag(s) and s[3] for pile in self.start.piles.values() for s in pile)  # type: ignore[index]
        shuffles = not self.start.rules.seeded_shuffles
        self.chance = self.open_chance and (open_bags or shuffles or self.start.is_chance_node())
        text = repr({k: v for k, v in self.bundle.items() if k != "scenarios"})
        self.monotone = not any(word in text for word in READS_RESOURCES)
        self.board = Board(self.start.rules.twin, not self.monotone)

    def _state(self, open_chance: bool) -> State:
        return new_game(self.bundle, self.scenario["id"], open_chance, self.seed or None)

    def new_initial_state(self) -> State:
        return self.start.clone()

    def seeded_state(self) -> State:
        return self._state(False)

    def is_node(self, state: State) -> bool:
        starts = state.phase == "draft1" and not state.kept and state.pending is None
        return state.is_terminal() or state.is_chance_node() or starts

    def round_of(self, state: State) -> int:
        return state.round

    def margin(self, state: State) -> int:
        return state.life

    def split(self, state: State) -> tuple[bytes, tuple[int, ...], tuple[int, ...]]:
        """The board names cards by their kind (canonical.py); life and heat are resources
        unless some effect reads them."""
        if not self.monotone:
            return self.board(state), (), ()
        return self.board(state), (state.life, state.rules.heat_limit - state.heat), ()

    def ordered(self, state: State) -> list[int]:
        """Uses before cools, so the first lines tried fight."""
        actions = state.legal_actions()
        return sorted(actions, key=lambda a: 1 if COOL <= a < COOL + 100 else 0)

    def promise(self, state: State) -> tuple[float, ...]:
        enemies = sum(cell is not None for row in state.grid for cell in row)
        return (state.boss_life, enemies, -state.life, state.heat)

    def seeded_draws(self) -> Callable[[State, State], int]:
        def draw(state: State, previous: State) -> int:
            assert state.chance is not None
            card = seeded_pick(state, state.chance)
            return DRAW + state.rules.numbers[card]

        return draw

    def fixed_chance(self, most: int) -> tuple[Iterator[BossinSoloGame], int | None]:
        """Orders are drawn lazily from bags, so they are sampled: seeds 1, 2, … (the count of
        orders is not known: None)."""
        games = (
            BossinSoloGame(self.bundle, self.scenario, False, seed) for seed in itertools.count(1)
        )
        return itertools.islice(games, most), None

    def prepare(self, state: State, word: str) -> None:
        return None

    def line_start(self, state: State, word: str) -> str | None:
        if word.startswith("keep") and state.phase == "draft1":
            return TURN
        return STEP if word.split()[0] in ("use", "cool", "lay", "end") else None

    def draw(self, state: State) -> list[str]:
        return render_board(state).splitlines()

    def witness_figures(self, words: list[str]) -> dict[str, Any]:
        """`heat_margin`: the heat limit − 1 − the highest heat along the witness."""
        state = self.seeded_state()
        peak = state.heat
        for word in words:
            state.apply_action(state.string_to_action(word))
            peak = max(peak, state.heat)
        return {"heat_margin": state.rules.heat_limit - 1 - peak}


class BossinSolver:
    def solo_game(
        self, bundle: dict[str, Any], scenario: dict[str, Any], open_chance: bool
    ) -> BossinSoloGame:
        return BossinSoloGame(bundle, scenario, open_chance)

    def not_solvable(self, scenario: Mapping[str, Any]) -> str | None:
        if scenario.get("variant") == "solo":
            return None
        return (
            "a crew scenario is played by `kemble run`; the solver takes solo ones "
            "(bs.solve.not_solo)"
        )

    def reach(self, bundle: dict[str, Any], name: str) -> dict[str, Any]:
        return bundle


SOLVER = BossinSolver()
