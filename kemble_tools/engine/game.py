"""A game in the style of OpenSpiel's State: legal actions, apply, clone, key, returns."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kemble_tools.engine.rules import CHANCE, Engine, IllegalAction
from kemble_tools.engine.setup import (
    game_bundle,
    initial_state,
    new_game_state,
    variant_bundle,
)
from kemble_tools.engine.state import State


@dataclass
class Game:
    """One game: the rules bound to its bundle view, and the current state."""

    engine: Engine
    state: State

    @classmethod
    def from_scenario(
        cls, bundle: dict[str, Any], scenario: dict[str, Any], open_chance: bool = False
    ) -> Game:
        """With `open_chance`, a power-up deck the scenario does not fix is drawn at chance
        nodes (for analysis under chance) instead of in the seeded order."""
        view = game_bundle(bundle, scenario)
        state = initial_state(view, scenario)
        state.open_chance = open_chance and scenario.get("powerups") is None
        return cls(Engine(view), state)

    @classmethod
    def new(cls, bundle: dict[str, Any], variant: str, players: int, seed: int) -> Game:
        """A full game set up by the rules (R-SET-*), shuffled from `seed`."""
        view = variant_bundle(bundle, variant, players)
        return cls(Engine(view), new_game_state(view, players, seed))

    def legal_actions(self) -> list[str]:
        return self.engine.legal_actions(self.state)

    def apply_action(self, action: str) -> None:
        self.state = self.engine.apply(self.state, action)

    def child(self, action: str) -> Game:
        return Game(self.engine, self.engine.apply(self.state, action))

    def clone(self) -> Game:
        return Game(self.engine, self.state.clone())

    def key(self) -> tuple[Any, ...]:
        return self.state.key()

    def current_player(self) -> int | None:
        return self.engine.current_player(self.state)

    def is_chance_node(self) -> bool:
        """True when chance decides next (an open deck's draw); seeded games never stop here."""
        return self.state.choice is not None and self.state.choice.player == CHANCE

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return self.engine.chance_outcomes(self.state)

    def is_terminal(self) -> bool:
        return self.state.outcome != "ongoing"

    def returns(self) -> list[float]:
        """Solo: 1 for a win, 0 otherwise; several players: their glory (Wingmen: the team's)."""
        if len(self.state.players) == 1:
            return [1.0 if self.state.outcome == "won" else 0.0]
        return [float(self.engine.score(self.state, i)) for i in range(len(self.state.players))]


def load_scenario_game(path: Path) -> tuple[Game | None, list[Any]]:
    """Compile the content with the scenario file beside it and set the game up."""
    from kemble_tools.compile.compiler import compile_validated
    from kemble_tools.load.yaml_loader import load_file
    from kemble_tools.validate.pipeline import validate_paths

    result = compile_validated(validate_paths([path]))
    if result.bundle is None:
        return None, result.diagnostics
    doc, _ = load_file(path)
    scenario_id = doc.data.get("id") if doc is not None else None
    scenario = result.bundle["scenarios"].get(scenario_id)
    if scenario is None:
        return None, result.diagnostics
    return Game.from_scenario(result.bundle, scenario), result.diagnostics


__all__ = ["Game", "IllegalAction", "load_scenario_game"]
