"""Kemble's Cascade's solver hooks (kemble_tools.solve.hooks.SolverHooks), set on its plugin as
`solver`: a solo scenario's game as the game-free solver sees it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from kemble_tools.engine.kernel import CHANCE
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine import actions as A
from kemble_tools.games.kembles_cascade.engine.deal import is_shuffled
from kemble_tools.games.kembles_cascade.engine.heuristic import boss_energy
from kemble_tools.games.kembles_cascade.engine.rules.fire import rotate_cost
from kemble_tools.games.kembles_cascade.engine.rules.movement import overload_cost
from kemble_tools.games.kembles_cascade.engine.state import SENSOR, TURN_CHOICE, WON
from kemble_tools.games.kembles_cascade.play import autoplay_sensor, render_board
from kemble_tools.games.kembles_cascade.solve import fullgame, reach
from kemble_tools.games.kembles_cascade.solve.bounds import Bounds
from kemble_tools.games.kembles_cascade.solve.canonical import Canon
from kemble_tools.games.kembles_cascade.solve.chance import SeededDraws, fixed_scenarios
from kemble_tools.games.kembles_cascade.solve.symmetry import Commuting
from kemble_tools.solve.hooks import STEP, TURN

# The order in which a round's actions are tried, by verb: fire first, turn last (`ordered`).
PRIORITY = {
    verb: rank
    for rank, verb in enumerate(
        (
            A.FIRE,
            A.OVERLOAD_FIRE,
            A.CHOOSE,
            A.CHOOSE_NONE,
            A.MOVE,
            A.ENTER,
            A.SPEND,
            A.OVERLOAD_MOVE,
            A.OVERLOAD_ENTER,
            A.BUY,
            A.BUY_POWERUP,
            A.PLAY,
            A.END,
            A.BATTLE_,
            A.POWERDOWN_,
            A.SENSOR_,
            A.ROTATE,
        )
    )
}

OVERLOADS = frozenset({A.OVERLOAD_FIRE, A.OVERLOAD_MOVE, A.OVERLOAD_ENTER})


class KembleSoloGame:
    """A solo scenario's game (SoloGame): its rounds, its canonical key, its move order."""

    margin_name = "energy"  # the ship's energy is its life: the least along the best line
    # The effort (states to a first win) below which a scenario is easy, medium: a third of the
    # core's, as the bounds, the fatal-action filter and the commuting plays reach a first win
    # in 2.3-8 times fewer states on the shipped ladder (docs/solver.md)
    effort_bands = (10_000, 100_000)

    def __init__(self, game: Game) -> None:
        self.game = game
        self.scenario: Mapping[str, Any] = game.scenario or {}
        self.chance = game.open_powerups or game.open_sensors
        # the search calls these for every state it makes: bound once
        canon = Canon(game)
        self.split = canon.split
        self.decoded = game.actions.decoded
        self.bounds = Bounds(game)
        self.commuting = Commuting(game, self.bounds.sources, canon.monotone)
        self.prune = True  # the bounds' action filters (fatal actions, late commuting plays)

    def hopeless(self, state: State) -> bool:
        """The bounds prove `state` lost (bounds.py)."""
        return self.bounds.hopeless(state)

    def cache_bytes(self) -> int:
        """The memory the bounds keep for reuse (the search's --memory counts it)."""
        return self.bounds.cache_bytes()

    @property
    def bounds_off(self) -> str | None:
        """Why the bounds are off for this scenario's content, or None when they are on."""
        return self.bounds.off

    def new_initial_state(self) -> State:
        return self.game.new_initial_state()

    def seeded_state(self) -> State:
        if not self.chance:  # already the game `kemble run` plays
            return self.game.new_initial_state()
        return Game.from_scenario(self.game.bundle, self.game.scenario or {}).new_initial_state()

    def is_node(self, state: State) -> bool:
        """A round begins (the player is about to play a sensor card or choose Battle or Power
        Down), an open deck is drawn, or the game is over."""
        if state.outcome:
            return True
        choice = state.choice
        if choice is not None:
            return choice.player == CHANCE
        return state.turn is None and not state.frames and state.phase in (SENSOR, TURN_CHOICE)

    def round_of(self, state: State) -> int:
        return state.round

    def margin(self, state: State) -> int:
        return state.players[0].energy

    def ordered(self, state: State) -> list[int]:
        """The legal actions, most promising first, without those that destroy the ship at
        once (an overload or a turn of the Rotary Cage it cannot pay for: R-DST-1), which
        lose a solo game (D-SOLO-1), and without the late plays of cards as good played
        first (symmetry.py)."""
        actions = state.legal_actions()
        if len(actions) <= 1:
            return actions  # a forced move: one child
        rank = self.decoded
        if not self.prune:
            return sorted(actions, key=lambda a: PRIORITY.get(rank[a][0], 5))
        fatal, late = self._fatal_verbs(state), self.commuting.late(state)
        if fatal or late:
            actions = [
                a
                for a in actions
                if rank[a][0] not in fatal and not (rank[a][0] == A.PLAY and rank[a][1] in late)
            ] or actions[:1]
        early = self.commuting.early
        # a card as good played first is tried first: it cannot be played later in the turn
        return sorted(
            actions,
            key=lambda a: (
                -1 if rank[a][0] == A.PLAY and rank[a][1] in early else PRIORITY.get(rank[a][0], 5)
            ),
        )

    def _fatal_verbs(self, state: State) -> frozenset[int]:
        turn = state.turn
        if turn is None:
            return frozenset()
        energy = state.players[turn.player].energy
        fatal = set()
        if 0 < overload_cost(state, turn.player) >= energy:
            fatal |= OVERLOADS
        if 0 < rotate_cost(state, turn.player) >= energy:
            fatal.add(A.ROTATE)
        return frozenset(fatal)

    def promise(self, state: State) -> tuple[float, ...]:
        """A win, then the boss's energy still standing, then the ship's health."""
        if state.outcome:
            return (0.0 if state.outcome == WON else 2.0, 0.0, 0.0)
        player = state.players[0]
        return (1.0, self._boss_energy(state), -(player.energy - player.threat / 2))

    def _boss_energy(self, state: State) -> float:
        return float(boss_energy(state))

    def seeded_draws(self) -> Callable[[State, State], int]:
        return SeededDraws(self.game).outcome

    def fixed_chance(self, most: int) -> tuple[Iterator[KembleSoloGame], int | None]:
        samples, every = fixed_scenarios(self.game, most)
        bundle = self.game.bundle
        made = (KembleSoloGame(Game.from_scenario(bundle, sample)) for sample in samples)
        return made, len(samples) if every else None

    def prepare(self, state: State, word: str) -> None:
        autoplay_sensor(state, word)  # the sensor line a solo script may leave out

    def line_start(self, state: State, word: str) -> str | None:
        if word in ("battle", "powerdown"):
            return TURN
        return STEP if word.startswith("sensor") else None

    def draw(self, state: State) -> list[str]:
        return render_board(state).splitlines()[:-1]  # without the key to the marks

    top_level: tuple[str, ...] = ()  # formats.md §6: the core's keys

    def witness_figures(self, words: list[str]) -> dict[str, Any]:
        return {}  # the margin says it all


class KembleSolver:
    """The solver hooks (SolverHooks)."""

    def solo_game(
        self, bundle: dict[str, Any], scenario: dict[str, Any], open_chance: bool
    ) -> KembleSoloGame:
        # the bundle itself, never a copy: the engine keeps one compiler per bundle object
        return KembleSoloGame(Game.from_scenario(bundle, scenario, open_chance))

    def not_solvable(self, scenario: Mapping[str, Any]) -> str | None:
        if is_shuffled(scenario):  # every scenario is a solo one; this one, many
            return "a whole game from a shuffled deck: `kemble solve` on its file estimates it"
        return None

    # whole games (kemble_tools/solve/fullgame.py)
    def full_game(self, bundle: dict[str, Any], scenario: Mapping[str, Any]) -> Any:
        return fullgame.full_game(bundle, scenario)

    def whole_game(self, bundle: dict[str, Any], variant: str, boss: str | None) -> Any:
        return fullgame.whole_game(bundle, variant, boss)

    def reach(self, bundle: dict[str, Any], name: str) -> dict[str, Any]:
        return reach.reach(bundle, name)


SOLVER = KembleSolver()
