"""A family of small generated scenarios (scenario-local cards) for checking the solver against
the plain search: three rows (the Cannonram's two solo cards above two rows of random cards),
the ship on the bottom row, the deck empty so the play area shrinks every round."""

from __future__ import annotations

import copy
import random
from typing import Any

from engine_helpers import base_bundle

PALETTE: list[dict[str, Any]] = [{"object": "empty"}] * 6 + [
    {"object": "fighter", "energy": 1, "threat": 1},
    {"object": "cruiser", "energy": 2, "threat": 1, "reward": {"bellonium": 1}},
    {"object": "asteroid"},
    {"object": "wall"},
    {"object": "recharge_drone"},
    {"object": "mine"},
    {"object": "turret", "energy": 2, "distant_threat": {"count": 1, "direction": "S"}},
]
# Chosen from the first sixty seeds so that both searches decide each in a few seconds.
WINNABLE = (1, 3, 9, 37, 42, 54)
UNWINNABLE = (0, 2, 7, 8, 10, 11, 14, 16, 17, 19, 21, 22, 23, 24, 25, 30, 31, 32)


def family_scenario(seed: int, rows: int = 2) -> dict[str, Any]:
    rng = random.Random(seed)
    cards: dict[str, Any] = {}
    grid = []
    for r in range(rows):
        row = []
        for c in range(2):
            card_id = f"G{seed}-{r}{c}"
            quadrants = [copy.deepcopy(rng.choice(PALETTE)), copy.deepcopy(rng.choice(PALETTE))]
            cards[card_id] = {
                "id": card_id,
                "deck": "G",
                "name": None,
                "flip": False,
                "back": None,
                "quadrants": quadrants,
            }
            row.append(card_id)
        grid.append(row)
    boss_cards = base_bundle()["bosses"]["CANNONRAM"]["cards"]
    energy = rng.randint(2, 5)
    bottom_row = grid[-1]
    free = [
        c
        for c in range(1, 5)
        if cards[bottom_row[(c - 1) // 2]]["quadrants"][(c - 1) % 2]["object"] == "empty"
    ]
    if not free:
        cards[bottom_row[0]]["quadrants"][0] = {"object": "empty"}
        free = [1]
    position = [rows + 1, rng.choice(free)]
    return {
        "variant": "solo",
        "rows": [[boss_cards[1], boss_cards[2]], *grid],
        "deck": [],
        "sensors": [],
        "powerups": [],
        "player": {
            "energy": energy,
            "position": position,
            "facing": "N",
            "bellonium": rng.randint(0, 3),
        },
        "round": 2,
        "cards": cards,
    }
