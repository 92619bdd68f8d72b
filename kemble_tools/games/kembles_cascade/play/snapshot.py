"""Kemble's Cascade's states described with ids and positions: the snapshot tests and reports
read, and the state as `kemble run --json` prints it (formats.md §5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.state import OUTCOMES, PHASES, State
from kemble_tools.games.kembles_cascade.engine.threat import threat_level


@dataclass
class PlayerView:
    """A player as people name things: positions as (row, column), cards by id."""

    energy: int
    threat_points: int
    glory: int
    bellonium: int
    position: tuple[int, int] | None
    astral: bool
    facing: str
    upgrades: dict[str, int]
    hand: tuple[str, ...]
    hand_sensors: tuple[int, ...]
    mission: str | None
    mission_progress: int
    mission_done: bool
    achievements: tuple[str, ...]
    tokens: tuple[int, ...]
    sensor: int | None

    def level(self, upgrade: str) -> int:
        return self.upgrades.get(upgrade, 0)


@dataclass
class Snapshot:
    """A state described with ids and positions, for people, tests and reports."""

    round: int
    phase: str
    outcome: str
    rows: tuple[tuple[str, ...], ...]
    flipped: frozenset[str]
    covered: frozenset[tuple[str, int]]  # (card id, half)
    markers: frozenset[tuple[tuple[str, int], int]]  # ((card id, half), player)
    players: list[PlayerView]
    deck: tuple[str, ...]
    boss: str | None
    boss_defeated: bool
    boss_rows_pending: tuple[tuple[str, ...], ...]
    powerup_deck: tuple[str, ...]
    sensor_deck: tuple[int, ...]
    achievements: tuple[str, ...]
    achievement_deck: tuple[str, ...]
    order: tuple[int, ...]
    choice_kind: str | None
    choice_options: list[str] = field(default_factory=list)


def describe(state: State) -> Snapshot:
    tables = state.game.tables
    cards, quadrants = tables.cards, tables.quadrants
    shown = [quadrants[q] for q in state.cells]

    def ref_name(ref: int) -> tuple[str, int]:
        return cards[ref // 2].id, ref % 2

    players = []
    for index, player in enumerate(state.players):
        in_play = player.pos >= 0 and not player.astral
        players.append(
            PlayerView(
                energy=player.energy,
                threat_points=player.threat,
                glory=player.glory,
                bellonium=player.bellonium,
                position=board.position(state, player.pos) if in_play else None,
                astral=player.astral,
                facing=player.facing,
                upgrades=player_json(state, index)["upgrades"],
                hand=tuple(tables.powerups[p].id for p in player.hand),
                hand_sensors=player.hand_sensors,
                mission=tables.missions[player.mission].id if player.mission >= 0 else None,
                mission_progress=player.mission_progress,
                mission_done=player.mission_done,
                achievements=tuple(tables.achievements[a].id for a in player.achievements),
                tokens=player.tokens,
                sensor=player.sensor if player.sensor >= 0 else None,
            )
        )
    choice = state.choice
    return Snapshot(
        round=state.round,
        phase=PHASES[state.phase],
        outcome=OUTCOMES[state.outcome],
        rows=tuple(tuple(card for card, _ in row) for row in card_rows(state)),
        flipped=frozenset(cards[q.card].id for q in shown if q.side),
        covered=frozenset((cards[q.card].id, q.half) for q in shown if q.covered),
        markers=frozenset((ref_name(ref), player) for ref, player in state.markers),
        players=players,
        deck=tuple(cards[card].id for card in state.deck),
        boss=tables.bosses[state.boss].id if state.boss >= 0 else None,
        boss_defeated=state.boss_defeated,
        boss_rows_pending=tuple(
            tuple(cards[card].id for card in row) for row in state.boss_rows_pending
        ),
        powerup_deck=tuple(tables.powerups[p].id for p in state.powerup_deck),
        sensor_deck=state.sensor_deck,
        achievements=tuple(tables.achievements[a].id for a in state.achievements),
        achievement_deck=tuple(tables.achievements[a].id for a in state.achievement_deck),
        order=state.order,
        choice_kind=choice.kind if choice else None,
        choice_options=[state.game.actions.option_word(state, i) for i in range(len(choice.values))]
        if choice
        else [],
    )


def player_json(state: State, index: int) -> dict[str, Any]:
    game, player = state.game, state.players[index]
    upgrades = game.tables.upgrades
    in_play = player.pos >= 0 and not player.astral
    return {
        "id": f"p{index + 1}",
        "energy": player.energy,
        "max_energy": game.stat(state, index, "max_energy"),
        "threat_points": player.threat,
        "threat_level": threat_level(player.threat),
        "glory": player.glory,
        "bellonium": player.bellonium,
        "position": list(board.position(state, player.pos)) if in_play else None,
        "astral": player.astral,
        "facing": player.facing,
        "upgrades": {
            upgrades[i].id: level
            for i, level in sorted(enumerate(player.upgrades), key=lambda x: upgrades[x[0]].id)
            if level
        },
        "powerups": len(player.hand),
    }


def card_rows(state: State) -> list[list[tuple[str, int]]]:
    """The cards in play row by row from row 1, each as (id, side shown: 0 front, 1 back)."""
    quadrants, cards = state.game.tables.quadrants, state.game.tables.cards
    width = state.width
    return [
        [
            (cards[quadrants[state.cells[cell]].card].id, quadrants[state.cells[cell]].side)
            for cell in range(start, start + width, 2)
        ]
        for start in range(0, len(state.cells), width)
    ]


def state_json(state: State) -> dict[str, Any]:
    game = state.game
    quadrants = game.tables.quadrants
    choice = state.choice
    covered = [
        list(board.position(state, cell))
        for cell, q in enumerate(state.cells)
        if quadrants[q].covered
    ]
    boss = game.tables.bosses[state.boss].id if state.boss >= 0 else None
    return {
        "round": state.round,
        "outcome": OUTCOMES[state.outcome],
        "players": [player_json(state, i) for i in range(len(state.players))],
        "rows": [
            [f"{card}:{'back' if side else 'front'}" for card, side in row]
            for row in card_rows(state)
        ],
        "covered": sorted(covered),
        "boss": {"id": boss, "defeated": state.boss_defeated} if boss else None,
        "phase": PHASES[state.phase],
        "choice": {
            "player": f"p{choice.player + 1}",
            "kind": choice.kind,
            "options": [game.actions.option_word(state, i) for i in range(len(choice.values))],
        }
        if choice
        else None,
    }
