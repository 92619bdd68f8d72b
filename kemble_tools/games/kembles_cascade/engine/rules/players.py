"""The captain board: statistics, energy, threat, rewards and a player's destruction.

Functions here change a player of a state in the middle of a transition: the state's players
are its own (State.own), so they are changed in place.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine.content import COUNTER, STAT, Reward
from kemble_tools.games.kembles_cascade.engine.rules.events import note
from kemble_tools.games.kembles_cascade.engine.rules.scoring import game_over
from kemble_tools.games.kembles_cascade.engine.state import Player, State
from kemble_tools.games.kembles_cascade.engine.threat import MAX_POINTS, threat_level

MOVES, MAX_ENERGY, SHIELD = STAT["moves"], STAT["max_energy"], STAT["shield"]


def compute_stats(g: Any, player: Player) -> tuple[int, ...]:
    """Base values, then each owned upgrade level's passive changes, then the temporary
    modifiers in the order they came (R-UPG-*, R-SEN-4, power-ups)."""
    values = list(g.tables.base_stats)
    upgrades = g.tables.upgrades
    for index in g.upgrade_order:
        level = player.upgrades[index]
        if level:
            for stat, how_set, value in upgrades[index].levels[level - 1].stat_changes:
                values[stat] = value if how_set else values[stat] + value
    for stat, how_set, value, _scope in player.modifiers:
        values[stat] = value if how_set else values[stat] + value
    return tuple(max(0, value) for value in values)


def refresh(g: Any, player: Player) -> None:
    """Recompute the player's statistics; equal statistics are one shared tuple (the game
    keeps them, as it keeps its tables)."""
    stats = compute_stats(g, player)
    player.stats = g.stat_tables.setdefault(stats, stats)


def modify(g: Any, s: State, index: int, stat: int, how_set: bool, value: int, scope: str) -> None:
    player = s.players[index]
    player.modifiers = (*player.modifiers, (stat, how_set, value, scope))
    refresh(g, player)


def drop_modifiers(g: Any, player: Player, scopes: tuple[str, ...]) -> None:
    kept = tuple(m for m in player.modifiers if m[3] not in scopes)
    if kept != player.modifiers:
        player.modifiers = kept
        refresh(g, player)


def moves_left(g: Any, s: State, index: int) -> int:
    turn = s.turn
    if turn is None or turn.player != index:
        return 0
    return max(0, s.players[index].stats[MOVES] - turn.moves_used)


def bump(player: Player, counter: str, amount: int = 1) -> None:
    slot = COUNTER[counter]
    counters = player.counters
    player.counters = (*counters[:slot], counters[slot] + amount, *counters[slot + 1 :])


def give_reward(g: Any, s: State, index: int, reward: Reward) -> None:
    """R-FIR-7, R-SYM-6, R-SYM-8, R-SYM-9."""
    if reward.bellonium:
        gain_bellonium(s, index, reward.bellonium)
    if reward.glory:
        s.players[index].glory += reward.glory
    if reward.energy:
        gain_energy(s, index, reward.energy)


def gain_bellonium(s: State, index: int, amount: int) -> None:
    player = s.players[index]
    player.bellonium += amount
    bump(player, "bellonium_earned", amount)


def pay_global_bellonium(s: State, symbols: int) -> None:
    """R-SYM-7, D-SYM-4: Global Bellonium symbols that just came into view pay 1 Bellonium
    each to every ship in the play area (R-AST-3: astral players get none). Callers pay only
    for symbols that were out of view, so a symbol in view never pays twice."""
    for index, player in enumerate(s.players):
        if not player.astral:
            gain_bellonium(s, index, symbols)


def gain_energy(s: State, index: int, amount: int) -> None:
    """Never above the maximum (R-SYM-8); energy above it is kept, not lost."""
    player = s.players[index]
    player.energy = max(player.energy, min(player.stats[MAX_ENERGY], player.energy + amount))


def lose_energy(g: Any, s: State, index: int, amount: int, cause: Any = "damage") -> None:
    """R-DST-1. `cause` (text, or a function giving it) says what hurt the ship, for reports."""
    player = s.players[index]
    if amount <= 0 or player.astral:
        return  # R-AST-3
    player.energy = max(0, player.energy - amount)
    if player.energy == 0:
        destroy_player(g, s, index, cause)  # R-DST-1


def add_threat(s: State, index: int, amount: int) -> None:
    player = s.players[index]
    if amount <= 0 or player.astral:
        return  # R-AST-3
    player.threat = min(MAX_POINTS, player.threat + amount)  # R-THR-1


def remove_threat(s: State, index: int, amount: int) -> None:
    player = s.players[index]
    player.threat = max(0, player.threat - amount)  # D-THR-1


def resolve_threat(g: Any, s: State, index: int) -> None:
    """R-THR-2 with shields (R-UPG-SHD-1, D-THR-1): lose energy equal to the level."""
    player = s.players[index]
    points = max(0, player.threat - player.stats[SHIELD])
    player.threat = 0
    lose_energy(g, s, index, threat_level(points), "threat")


def destroy_player(g: Any, s: State, index: int, cause: Any = "damage") -> None:
    """R-DST-*: the ship leaves the play area and the player becomes astral."""
    player = s.players[index]
    if callable(cause):
        cause = cause()
    if s.notes is not None:
        s.notes.append(("destroyed", index, cause))
    for owner in player.tokens:  # R-DST-5: each token is worth 1 glory to its owner
        s.players[owner].glory += 1
    player.pos = -1  # R-DST-3: astral
    player.pending = None
    player.energy = 0
    player.threat = 0
    player.destroyed_once = True
    player.tokens = ()
    note(s, "p%d destroyed (%s)", index + 1, cause)
    if len(s.players) == 1:
        game_over(g, s, "the ship was destroyed", lost=True)  # D-SOLO-1
        return
    for other, someone in enumerate(s.players):
        if other != index and someone.pos >= 0:
            someone.glory += 2  # R-DST-4
    if s.turn is not None and s.turn.player == index:  # R-DST-2
        s.frames = ()
        s.choice = None
        s.frames = (g.steps.frame("next_turn", index),)
