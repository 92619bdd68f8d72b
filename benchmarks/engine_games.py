"""The engines benchmarks/engine.py measures, behind one small interface (`Engine`): Kemble's
Cascade over the engine API of any revision (string actions before integer ones, the engine
before and after it moved into its plugin package), and Bossin' Space where the revision has
it (its bundle, `new_game` and `full_game`; else it is left out).

Each engine gives the games to play (its shipped scenarios and whole games from the rules'
setup), and, for the states those games went through: a clone, the engine's plain key, the
solver's canonical key (`SoloGame.split`, the one the search stores), and the objects every
state shares (the content and the fixed rules, left out of a state's memory)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import partial
from typing import Any

TITLES = {"kemble": "Kemble's Cascade", "bossin": "Bossin' Space"}
Start = Callable[[], Any]  # a game's first state, made afresh
KEMBLE_FULL_GAMES = [
    ("solo", 1),
    ("standard", 2),
    ("standard", 3),
    ("standard", 5),
    ("tunnel_vision", 3),
    ("wingmen", 4),
    ("star_cards", 3),
    ("tunnel_deck", 4),
]


class Engine:
    """What the benchmark needs from one game's engine."""

    name = ""  # the key of its results, in TITLES

    def scenario_starts(self) -> list[Start]:
        raise NotImplementedError

    def full_game_starts(self, count: int, seed: int) -> list[Start]:
        """`count` whole games, seeded from `seed` on, over the setups the rules allow."""
        raise NotImplementedError

    def state(self, game: Any) -> Any:
        """The state now, kept as it is (`apply_action` may change the game in place)."""
        return game.clone()

    def clone(self, state: Any) -> Any:
        return state.clone()

    def key(self, state: Any) -> Any:
        """The engine's plain key, computed afresh."""
        return state.key()

    def solver_keyer(self, states: list[Any]) -> Callable[[Any], Any] | None:
        """A fresh canonical-key function for these states (its setup done here, untimed), or
        None when the revision's solver has none."""
        return None

    def shared(self, states: list[Any]) -> tuple[Any, ...]:
        """What states share with every other state of their game: the content and rules."""
        raise NotImplementedError


class Kemble(Engine):
    name = "kemble"

    def __init__(self, bundle: dict[str, Any]) -> None:
        try:  # the engine in Kemble's plugin package, or where it was before the game registry
            from kemble_tools.games.kembles_cascade.engine import game as module
        except ImportError:
            from kemble_tools.engine import game as module  # type: ignore[no-redef]

        self.bundle = bundle
        self.module = module
        self.new = hasattr(module.Game, "from_variant")  # integer actions, in-place transitions
        self.games: dict[tuple[str, int], Any] = {}

    def scenario_starts(self) -> list[Start]:
        Game, bundle = self.module.Game, self.bundle
        names = sorted(bundle["scenarios"])
        if self.new:
            games = [Game.from_scenario(bundle, bundle["scenarios"][name]) for name in names]
            return [game.new_initial_state for game in games]
        return [partial(Game.from_scenario, bundle, bundle["scenarios"][name]) for name in names]

    def full_game_starts(self, count: int, seed: int) -> list[Start]:
        setups = itertools.cycle(KEMBLE_FULL_GAMES)
        return [partial(self.full_game, *next(setups), seed + n) for n in range(count)]

    def full_game(self, variant: str, players: int, seed: int) -> Any:
        Game = self.module.Game
        if self.new:  # a Game holds the fixed rules: one per variant and player count
            key = (variant, players)
            if key not in self.games:
                self.games[key] = Game.from_variant(self.bundle, variant, players)
            return self.games[key].new_initial_state(seed)
        return Game.new(self.bundle, variant, players, seed)

    def state(self, game: Any) -> Any:
        return game.clone() if self.new else game.state

    def key(self, state: Any) -> Any:
        # the new API keeps a state's key once computed: ask the Game for a fresh one
        return state.game.key(state) if self.new else state.key()

    def solver_keyer(self, states: list[Any]) -> Callable[[Any], Any] | None:
        try:
            from kemble_tools.games.kembles_cascade.solve.hooks import KembleSoloGame
        except ImportError:  # the solver before the game registry: not measured
            return None
        games = {id(state.game): state.game for state in states}
        splits = {number: KembleSoloGame(game).split for number, game in games.items()}
        return lambda state: splits[id(state.game)](state)

    def shared(self, states: list[Any]) -> tuple[Any, ...]:
        games = {id(state.game): state.game for state in states} if self.new else {}
        return (self.bundle, *games.values())


class Bossin(Engine):
    name = "bossin"

    def __init__(self, bundle: dict[str, Any], engine: Any) -> None:
        self.bundle = bundle
        self.engine = engine

    @classmethod
    def load(cls, bundles: dict[str, dict[str, Any]]) -> Bossin | None:
        """Bossin' Space's engine, if this revision compiles the game and plays whole games."""
        bundle = bundles.get("bossins-space")
        try:
            from kemble_tools.games.bossins_space import engine
        except ImportError:
            return None
        if bundle is None or not hasattr(engine, "full_game"):
            return None
        return cls(bundle, engine)

    def scenario_starts(self) -> list[Start]:
        names = sorted(self.bundle["scenarios"])
        return [partial(self.engine.new_game, self.bundle, name) for name in names]

    def full_game_starts(self, count: int, seed: int) -> list[Start]:
        """Every level × Boss in turn (R-BS-SET-*), chance drawn from each game's seed."""
        levels = [level["id"] for level in self.bundle["setup"]["levels"]]
        setups = itertools.cycle(itertools.product(levels, sorted(self.bundle["bosses"])))
        full_game = self.engine.full_game
        return [partial(full_game, self.bundle, *next(setups), seed + n) for n in range(count)]

    def solver_keyer(self, states: list[Any]) -> Callable[[Any], Any] | None:
        """`BossinSoloGame.split`: what it reads of the game (the cards' kinds, whether effects
        read life or heat) is the bundle's, so one solo game keys the states of every game."""
        try:
            from kemble_tools.games.bossins_space.solve import BossinSoloGame
        except ImportError:
            return None
        first = self.bundle["scenarios"][min(self.bundle["scenarios"])]
        return BossinSoloGame(self.bundle, first, False).split

    def shared(self, states: list[Any]) -> tuple[Any, ...]:
        rules = {id(state.rules): state.rules for state in states}
        return (self.bundle, *rules.values())


def load_engines() -> list[Engine]:
    """Every engine this revision has, from one compilation of the shipped content."""
    try:  # the compile driver, or the compiler before the game registry
        from kemble_tools.compile.pipeline import compile_validated
    except ImportError:
        from kemble_tools.compile.compiler import compile_validated  # type: ignore[no-redef]
    from kemble_tools.validate.pipeline import validate_paths

    compilation = compile_validated(validate_paths([]))
    bundles: dict[str, dict[str, Any]] = getattr(compilation, "bundles", {})
    kemble = bundles.get("kembles-cascade", compilation.bundle)
    assert kemble is not None, "the shipped content must compile"
    bossin = Bossin.load(bundles)
    return [Kemble(kemble), *([bossin] if bossin else [])]
