"""A scenario as an OpenSpiel game, so that OpenSpiel's own algorithms (MCTS, its solvers, its
evaluators) can run on it. Needs the optional extra: `pip install -e '.[openspiel]'`.

The wrapper adds nothing to the rules: every method calls the engine's State, whose API already
follows OpenSpiel's (integer actions, chance outcomes, returns). Two ways in:

    from kemble_tools.games.kembles_cascade.engine.openspiel import openspiel_game
    game = openspiel_game(Game.from_scenario(bundle, bundle["scenarios"]["solo-01"], True))

    import pyspiel
    from kemble_tools.games.kembles_cascade.engine.openspiel import register
    register()  # pyspiel.load_game knows "kemble_cascade" from then on
    game = pyspiel.load_game("kemble_cascade", {"bundle": "build/kemble.bundle.json",
                                                "scenario": "solo-01"})

Decks the scenario leaves open are chance nodes (`open_chance`); a win returns 1, a loss 0.

One difference from the rules, so that the game is finite as OpenSpiel requires: with a free
Rotary Cage (R-TUR-2) a ship may turn any number of times a turn, so a turn could go on
forever. Here a turn never directly follows a turn. A turn names the new facing (`rotate E`)
and nothing triggers on turning, so two turns in a row reach nothing one turn cannot (and cost
no less): every outcome the rules allow stays reachable.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kemble_tools.bundle import load_bundle
from kemble_tools.engine.openspiel import ScoreEvaluator, Spec, SpielGame, SpielState
from kemble_tools.engine.openspiel import register as register_game
from kemble_tools.games.kembles_cascade.engine import actions as A
from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.heuristic import score
from kemble_tools.games.kembles_cascade.engine.state import State
from kemble_tools.games.kembles_cascade.play import render_board

SHORT_NAME = "kemble_cascade"
MAX_GLORY = 100  # no game scores more: a bound for OpenSpiel's utility range
EXAMPLE = {"bundle": "build/kemble.bundle.json", "scenario": "solo-01"}


def spec(game: Game, params: dict[str, Any] | None = None) -> Spec:
    """A scenario's or a variant's rules for OpenSpiel. A solo game returns 1 for a win and 0
    for a loss; with several players each returns its glory."""
    return Spec(
        short_name=SHORT_NAME,
        long_name="The Battle at Kemble's Cascade",
        start=game.new_initial_state,
        actions=game.num_distinct_actions(),
        players=game.players,
        chance=bool(game.open_powerups or game.open_sensors),
        render=render_board,  # type: ignore[arg-type]
        max_utility=1.0 if game.players == 1 else float(MAX_GLORY),
        params=dict(params or EXAMPLE),
    )


class KembleGame(SpielGame):
    """The core's adapter with Kemble's one rule for finiteness (module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None, game: Game | None = None) -> None:
        params = dict(params or {})
        self.engine = game if game is not None else _game_from_params(params)
        super().__init__(spec(self.engine, params or None), params)

    def new_initial_state(self) -> KembleState:
        return KembleState(self, self.engine.new_initial_state())


class KembleState(SpielState):
    """An engine State seen through OpenSpiel's API; no turn right after a turn."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game, state)
        self.turned = False  # the last action turned the ship (module docstring)

    def clone(self) -> KembleState:
        twin = KembleState(self.spiel_game, self.state.copy())
        twin.turned = self.turned
        return twin

    def _legal_actions(self, player: int) -> list[int]:
        legal = sorted(self.state.legal_actions())
        if self.turned:
            space = self.state.game.actions
            legal = [a for a in legal if space.verb(a) != A.ROTATE]
        return legal

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(action)
        self.turned = self.state.game.actions.verb(action) == A.ROTATE


def openspiel_game(game: Game) -> KembleGame:
    """An engine Game (a scenario's, or a variant's for 1-5 players) as an OpenSpiel game."""
    return KembleGame({}, game)


class MctsPolicy:
    """A bot for `kemble simulate` and sweeps: OpenSpiel's MCTS (UCT) through this adapter.

    Rollouts to the end of a whole game would cost thousands of actions each, so a leaf is
    valued by the look-ahead bots' score instead (`heuristic.score`, squashed into 0..1 for
    each player). It searches the engine's full state, so it knows what the rules keep hidden
    (the order of the decks, the others' power-ups): a strong, clairvoyant opponent, not a fair
    one. SIMULATIONS per decision; the engine's dice drive its tie breaks, so it is seeded."""

    SIMULATIONS = 40

    def __init__(self, game: Game) -> None:
        from open_spiel.python.algorithms import mcts

        self.game = openspiel_game(game)
        self.mcts = mcts
        self.evaluator = _ScoreEvaluator()
        self.turned_to: bytes | None = None  # the state its last turn of the ship led to

    def __call__(self, state: State, rng: Any) -> int:
        import numpy as np

        root = KembleState(self.game, state.copy())
        root.turned = state.key() == self.turned_to  # no turn after a turn, across decisions too
        legal = root.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            bot = self.mcts.MCTSBot(
                self.game, 2.0, self.SIMULATIONS, self.evaluator, solve=False,
                random_state=np.random.RandomState(rng.randrange(2**31)),
            )  # fmt: skip
            action = int(bot.step(root))
        rotate = state.game.actions.verb(action) == A.ROTATE
        self.turned_to = state.child(action).key() if rotate else None
        return action


class _ScoreEvaluator(ScoreEvaluator):
    """Each player's heuristic score; a game over's glory brought to 0..1."""

    def __init__(self) -> None:
        super().__init__(lambda state: [score(state, i) for i in range(len(state.players))])

    def evaluate(self, state: SpielState) -> Any:
        import numpy as np

        if state.is_terminal():
            return np.array(state.returns(), dtype=float) / max(1.0, _glory_scale(state))
        return super().evaluate(state)


def _glory_scale(state: SpielState) -> float:
    """Final glory, brought to the evaluator's 0..1 scale (solo returns are 0 or 1 already)."""
    return 1.0 if len(state.state.players) == 1 else float(MAX_GLORY)


def _game_from_params(params: dict[str, Any]) -> Game:
    """`pyspiel.load_game(SHORT_NAME, {"bundle": …, "scenario": …})`: a compiled bundle."""
    bundle = load_bundle(Path(params.get("bundle", "build/kemble.bundle.json")))
    name = params.get("scenario", "solo-01")
    if name not in bundle["scenarios"]:
        raise ValueError(f"the bundle has no scenario {name!r}")
    return Game.from_scenario(bundle, bundle["scenarios"][name], open_chance=True)


def register() -> None:
    """Make the game known to `pyspiel.load_game(SHORT_NAME, {"bundle": …, "scenario": …})`;
    calling it again does nothing."""
    register_game(KembleGame, SHORT_NAME, "The Battle at Kemble's Cascade", 5, EXAMPLE)
