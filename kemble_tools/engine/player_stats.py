"""A player's statistics (moves, overload costs, maximum energy, …) from rules, upgrades and
the temporary modifiers that sensor cards and power-ups add."""

from __future__ import annotations

from typing import Any

from kemble_tools.dsl.ir import Lit
from kemble_tools.engine.state import State

BASE = {
    "moves": 1,
    "turret_shots": 1,
    "overload_cost_1": 1,
    "overload_cost_2": 2,
    "max_overloads": 2,
    "max_energy": 5,
    "recharge": 2,
    "shield": 0,
    "rotate_cost": 1,
    "buy_fee": 0,
}  # R-MOV-1, R-FIR-1, R-OVL-1, R-SET-6, R-PWD-1, R-TUR-1


def rule_switches(bundle: dict[str, Any]) -> dict[str, Any]:
    """The rule switches of the game's variant (and of variants switched on by a scenario)."""
    return bundle.get("rules_in_play", {})


def stat(bundle: dict[str, Any], state: State, index: int, name: str) -> int:
    """Base value, then each owned upgrade level's passive `modify`, then modifiers in order."""
    value = BASE[name]
    if name == "moves":
        value = int(rule_switches(bundle).get("base_moves", value))
    player = state.players[index]
    for upgrade, level in player.upgrades:
        for effect in bundle["upgrades"][upgrade]["levels"][level - 1]["effects"]:
            if effect.trigger != "passive":
                continue
            for act in effect.actions:
                if act.action == "modify" and act.args["stat"].value == name:
                    value = _apply(value, act.args)
    for stat_name, how, amount, _scope in player.modifiers:
        if stat_name == name:
            value = amount if how == "set" else value + amount
    return max(0, value)


def _apply(value: int, args: dict[str, Any]) -> int:
    if "set" in args:
        return int(args["set"].value) if isinstance(args["set"], Lit) else value
    return value + (int(args["by"].value) if isinstance(args["by"], Lit) else 0)


def moves_left(bundle: dict[str, Any], state: State, index: int) -> int:
    turn = state.turn
    if turn is None or turn.player != index:
        return 0
    return max(0, stat(bundle, state, index, "moves") - turn.moves_used)
