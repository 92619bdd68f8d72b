"""Any game's State (engine/api.py) as an OpenSpiel game, so that OpenSpiel's own algorithms
(MCTS, its solvers, its evaluators) run on it. Needs the optional extra:
`pip install -e '.[openspiel]'`.

The wrapper adds no rules: the engine's State already speaks OpenSpiel's API (integer actions,
chance outcomes, returns); a game gives how to start one, its action count and its board text,
and registers a short name with `register` so that `pyspiel.load_game(name, params)` finds it.
An MCTS bot (`MctsPolicy`) searches with a game's heuristic score instead of rollouts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyspiel

from kemble_tools.engine.api import State

# OpenSpiel wants a bound on a game's length; no game here comes near it.
MAX_GAME_LENGTH = 10_000


@dataclass(frozen=True)
class Spec:
    """What OpenSpiel is told about one game's rules."""

    short_name: str
    long_name: str
    start: Callable[[], State]  # a fresh start (chance left open where the game has it)
    actions: int  # every action id is below this
    players: int
    chance: bool
    render: Callable[[State], str]  # the board for people (observation strings)
    max_utility: float = 1.0
    params: dict[str, Any] | None = None  # the parameters `load_game` takes, with defaults


def game_type(
    short_name: str, long_name: str, chance: bool, players: int, params: dict[str, Any]
) -> pyspiel.GameType:
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance else mode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players, 1),
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=dict(params),
    )


class SpielGame(pyspiel.Game):
    """One game's rules as OpenSpiel sees them."""

    def __init__(self, spec: Spec, params: dict[str, Any] | None = None) -> None:
        self.spec = spec
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.actions,
            max_chance_outcomes=spec.actions if spec.chance else 0,  # chance answers with ids
            num_players=spec.players,
            min_utility=0.0,
            max_utility=spec.max_utility,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        kind = game_type(
            spec.short_name, spec.long_name, spec.chance, spec.players, spec.params or {}
        )
        super().__init__(kind, info, dict(params or {}))

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.spec.start())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoardObserver:
        return BoardObserver()


class SpielState(pyspiel.State):
    """An engine State seen through OpenSpiel's API."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.state = state

    def clone(self) -> SpielState:
        """The engine's own copy (pyspiel's default clone would set a new game up first)."""
        return type(self)(self.spiel_game, self.state.clone())

    def current_player(self) -> int:
        if self.state.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.state.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return int(self.state.current_player() or 0)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        return self.state.returns()

    def __str__(self) -> str:
        return self.spiel_game.spec.render(self.state)


class BoardObserver:
    """Observation strings only: the board as the game draws it for people."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        pass

    def string_from(self, state: SpielState, player: int) -> str:
        return str(state)


def register(
    game: type[SpielGame], short_name: str, long_name: str, players: int, example: dict[str, Any]
) -> None:
    """Make `pyspiel.load_game(short_name, params)` build `game(params)` (its parameters and
    their defaults: `example`; chance may be open); calling it again does nothing."""
    if short_name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(short_name, long_name, True, players, example), game)


class ScoreEvaluator:
    """An MCTS evaluator without rollouts: a game's heuristic score of a position, squashed
    into 0..1 (a game over returns its own values)."""

    def __init__(self, score: Callable[[State], list[float]]) -> None:
        self.score = score

    def evaluate(self, state: SpielState) -> Any:
        import numpy as np

        if state.is_terminal():
            return np.array(state.returns(), dtype=float)
        return np.array([0.5 + 0.5 * float(np.tanh(x / 10)) for x in self.score(state.state)])

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class MctsPolicy:
    """OpenSpiel's MCTS (UCT) as a bot: `simulations` per decision, leaves valued by the
    game's score. It searches the engine's full state, so it knows what the rules keep hidden
    (the order inside a shuffled deck): a strong, clairvoyant player, not a fair one; its tie
    breaks come from the caller's seeded dice."""

    def __init__(self, game: SpielGame, score: Callable[[State], list[float]], simulations: int):
        from open_spiel.python.algorithms import mcts

        self.game, self.mcts, self.simulations = game, mcts, simulations
        self.evaluator = ScoreEvaluator(score)

    def __call__(self, state: State, rng: Any) -> int:
        import numpy as np

        root = SpielState(self.game, state.clone())
        legal = root.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        bot = self.mcts.MCTSBot(
            self.game, 2.0, self.simulations, self.evaluator, solve=False,
            random_state=np.random.RandomState(rng.randrange(2**31)),
        )  # fmt: skip
        return int(bot.step(root))
