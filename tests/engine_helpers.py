"""Hand-built positions for engine tests: scenario-local cards (formats.md §3), no shipped decks.

Tests speak in words and ids (`play(state, "battle", "enter 2")`, `view(state).covered`), as a
designer would; the few helpers that build positions by hand poke the state's integers here,
in one place.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.engine.edges import legal_words
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine import board as geometry
from kemble_tools.games.kembles_cascade.engine.rules.players import refresh
from kemble_tools.games.kembles_cascade.engine.setup import new_player
from kemble_tools.games.kembles_cascade.engine.state import PHASES
from kemble_tools.games.kembles_cascade.play import PlayerView, Snapshot, describe
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


def scenario_data(
    grid: list[list[Quadrant]],
    deck: list[list[Quadrant]] | None = None,
    boss: str | None = None,
    player: dict[str, Any] | None = None,
    flips: dict[tuple[int, int], list[Quadrant]] | None = None,
    **scenario: Any,
) -> dict[str, Any]:
    """A solo scenario on `grid` (rows of 4 quadrants, row 1 first), with `deck` rows to come
    and then `boss`. `flips` gives the back of the card at (row, card index)."""
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
    return {
        "variant": "solo",
        "rows": rows,
        "deck": later + ([f"BOSS-{boss}"] if boss else []),
        "sensors": [],
        "powerups": [],
        "player": player or {},
        "cards": cards,
        **scenario,
    }


def make_game(
    grid: list[list[Quadrant]], *args: Any, open_chance: bool = False, **kwargs: Any
) -> State:
    data = scenario_data(grid, *args, **kwargs)
    return Game.from_scenario(base_bundle(), data, open_chance=open_chance).new_initial_state()


def empty_grid() -> list[list[Quadrant]]:
    return [[E, E, E, E] for _ in range(5)]


def play(state: State, *actions: str) -> State:
    return state.play(*actions)


def child(state: State, words: str) -> State:
    return state.child(state.string_to_action(words))


def legal(state: State) -> list[str]:
    return legal_words(state)


def view(state: State) -> Snapshot:
    return describe(state)


def me(state: State) -> PlayerView:
    return describe(state).players[0]


# --- positions built by hand ---------------------------------------------------------------------


def captain(position: tuple[int, int] | None, **fields: Any) -> dict[str, Any]:
    return {"position": position, **fields}


def with_players(state: State, *captains: dict[str, Any]) -> State:
    """Several captains on the scenario's board, seated in order."""
    state.players = tuple(_player(state, spec) for spec in captains)
    state.order = tuple(range(len(captains)))
    return state


def edit_player(state: State, index: int = 0, **fields: Any) -> State:
    """Change a captain of a freshly made state (ids and positions as people write them)."""
    players = list(state.players)
    players[index] = _player(state, fields, players[index].copy())
    state.players = tuple(players)
    return state


def _player(state: State, spec: dict[str, Any], player: Any = None) -> Any:
    game = state.game
    tables = game.tables
    player = player or new_player(game)
    for name, value in spec.items():
        if name == "position":
            player.pos = geometry.cell_at(state, *value) if value else -1
        elif name == "hand":
            player.hand = tuple(tables.powerup_index[card] for card in value)
        elif name == "mission":
            player.mission = tables.mission_index[value]
        elif name == "upgrades":
            levels = [0] * len(tables.upgrades)
            for upgrade, level in value.items():
                levels[tables.upgrade_index[upgrade]] = level
            player.upgrades = tuple(levels)
        elif name == "threat_points":
            player.threat = value
        else:
            setattr(player, name, value)
    refresh(game, player)
    return player


def set_phase(state: State, phase: str) -> State:
    state.phase = PHASES.index(phase)
    return state


def set_achievements(state: State, shown: tuple[str, ...], deck: tuple[str, ...]) -> State:
    index = state.game.tables.achievement_index
    state.achievements = tuple(index[card] for card in shown)
    state.achievement_deck = tuple(index[card] for card in deck)
    return state


def cover(state: State, *positions: tuple[int, int]) -> State:
    """Cover quadrants by hand, as if their objects had been destroyed."""
    tables = state.game.tables
    cells = list(state.cells)
    for row, column in positions:
        cell = geometry.cell_at(state, row, column)
        cells[cell] = tables.covered(tables.quadrants[cells[cell]])
    state.cells = tuple(cells)
    return state


def shows(state: State, row: int, column: int) -> str:
    """The object kind a quadrant shows."""
    cell = geometry.cell_at(state, row, column)
    return state.game.tables.quadrants[state.cells[cell]].kind.id
