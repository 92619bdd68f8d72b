"""Hand-built positions for engine tests: scenario-local cards (CONTRACT §3), no shipped decks."""

from __future__ import annotations

from functools import cache
from typing import Any

from kemble_tools.compile.compiler import compile_validated
from kemble_tools.engine.game import Game
from kemble_tools.validate.pipeline import validate_paths

Quadrant = dict[str, Any]
E: Quadrant = {"object": "empty"}


@cache
def base_bundle() -> dict[str, Any]:
    """The compiled base game: object kinds, upgrades, bosses, sensors, power-ups."""
    result = compile_validated(validate_paths([]))
    assert result.bundle is not None, result.diagnostics
    return result.bundle


def q(kind: str, **fields: Any) -> Quadrant:
    return {"object": kind, **fields}


def make_game(
    grid: list[list[Quadrant]],
    deck: list[list[Quadrant]] | None = None,
    boss: str | None = None,
    player: dict[str, Any] | None = None,
    flips: dict[tuple[int, int], list[Quadrant]] | None = None,
    open_chance: bool = False,
    **scenario: Any,
) -> Game:
    """A solo game on `grid` (5 rows of 4 quadrants, row 1 first), with `deck` rows to come and
    then `boss`. `flips` gives the back of the card at (row, card index)."""
    cards: dict[str, Any] = {}

    def card_row(
        quadrants: list[Quadrant], name: str, backs: dict[int, list[Quadrant]]
    ) -> list[str]:
        ids = []
        for c in range(0, len(quadrants), 2):
            card_id = f"{name}-{c // 2 + 1:02d}"
            back = backs.get(c // 2 + 1)
            cards[card_id] = {
                "id": card_id,
                "deck": name.split("-")[0],
                "name": None,
                "quadrants": quadrants[c : c + 2],
                "flip": back is not None,
                "back": back,
            }
            ids.append(card_id)
        return ids

    flips = flips or {}
    rows = [
        card_row(row, f"R{r}", {c: b for (rr, c), b in flips.items() if rr == r})
        for r, row in enumerate(grid, start=1)
    ]
    later = [
        card for r, row in enumerate(deck or [], start=1) for card in card_row(row, f"D{r}", {})
    ]
    scenario_data = {
        "variant": "solo",
        "rows": rows,
        "deck": later + ([f"BOSS-{boss}"] if boss else []),
        "sensors": [],
        "powerups": [],
        "player": player or {},
        "cards": cards,
        **scenario,
    }
    return Game.from_scenario(base_bundle(), scenario_data, open_chance=open_chance)


def empty_grid() -> list[list[Quadrant]]:
    return [[E, E, E, E] for _ in range(5)]


def play(game: Game, *actions: str) -> Game:
    for action in actions:
        game.apply_action(action)
    return game


def me(game: Game) -> Any:
    return game.state.players[0]
