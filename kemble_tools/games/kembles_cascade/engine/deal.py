"""Whole solo games dealt by the rules: a scenario whose deck is `{shuffle: [...], boss: ID}`
(formats.md §3) is a game set up as R-SET-3..8 set one up (D-SOLO-2: the solo variant's parts),
once per seed. `Game.deal` turns one seed's deal into the fixed scenario it is (`deal_with`,
on the game that deals it: `Game.dealer`), which every tool then plays or solves as any other.
`Belief` is what a player of such a deal knows of it: the cards still hidden are dealt again
from it (the honest look-ahead bot, honest.py).

A deal is `variant_state`'s own (one code for the rules' setup): for seed s it is the same game
as `kemble simulate --variant solo`'s game s, with the boss asked for in place of the drawn one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kemble_tools.games.kembles_cascade.engine.setup import variant_setup, variant_state
from kemble_tools.games.kembles_cascade.engine.state import State

# What a dealt scenario keeps of the shuffled one as it is written (formats.md §3).
KEPT = ("title", "description", "variant", "rules", "round")


def is_shuffled(scenario: Mapping[str, Any]) -> bool:
    """A whole game dealt from a shuffled deck, not a fixed position."""
    return isinstance(scenario.get("deck"), Mapping)


def rules_setup(bundle: dict[str, Any], variant: str, boss: str | None) -> dict[str, Any]:
    """The scenario of a whole game of `variant` for one player, as its setup builds it:
    `kemble solve --variant solo --boss ID`. SetupError when it has no one-player setup."""
    parts = variant_setup(bundle, variant, 1)["space_deck"]
    deck: dict[str, Any] = {"shuffle": [dict(part) for part in parts]}
    if boss is not None:
        deck["boss"] = boss
    title = f"{variant}, {bundle['bosses'][boss]['name'] if boss else 'a drawn boss'}"
    return {"title": title, "variant": variant, "deck": deck}


def dealer_setup(bundle: dict[str, Any], scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The setup that deals `scenario`: its variant's, with the scenario's parts as the space
    deck (`Game.dealer` makes the game of it, with the scenario's rules)."""
    setup = variant_setup(bundle, scenario["variant"], None)
    return {**setup, "space_deck": list(scenario["deck"]["shuffle"])}


def deal_with(dealer: Any, scenario: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The fixed scenario that `seed` deals with the game `dealer` (`Game.dealer`; module
    docstring). What the scenario fixes stays fixed: `sensors`, `sensor_hand`, `powerups` and
    the `player`'s keys; what it leaves out is dealt as R-SET-6 deals it (two sensor cards,
    one power-up that is not played when drawn)."""
    tables = dealer.tables
    start = variant_state(dealer, 1, seed, scenario["deck"].get("boss"))
    cards, quadrants = tables.cards, tables.quadrants
    width = dealer.width
    rows = [
        [cards[quadrants[start.cells[r * width + 2 * c]].card].id for c in range(width // 2)]
        for r in range(len(start.cells) // width)
    ]
    player = start.players[0]
    fixed = {key: scenario[key] for key in KEPT if key in scenario}
    given = dict(scenario.get("player") or {})
    if scenario.get("powerups") is None:
        hand = given.get("powerup_hand", [tables.powerups[p].id for p in player.hand])
        pile = [tables.powerups[p].id for p in (*player.hand, *start.powerup_deck)]
        fixed["powerups"] = [p for p in pile if p not in hand]
        given["powerup_hand"] = list(hand)
    else:
        fixed["powerups"] = list(scenario["powerups"])
    if scenario.get("sensors") is None:
        pile = [*player.hand_sensors, *start.sensor_deck]
        hand = scenario.get("sensor_hand", list(player.hand_sensors))
        fixed["sensors"] = [n for n in pile if n not in hand]
        fixed["sensor_hand"] = list(hand)
    else:
        fixed["sensors"] = list(scenario["sensors"])
        if "sensor_hand" in scenario:
            fixed["sensor_hand"] = list(scenario["sensor_hand"])
    return {
        **fixed,
        "rows": rows,
        "deck": [cards[c].id for c in start.deck],
        "player": given,
        "seed": seed,
        "cards": {},
    }


@dataclass(frozen=True)
class Belief:
    """What the player of one deal knows of the cards to come: the structure of the space
    deck (which level deck each place comes from, the boss at the bottom when it is fixed), the
    cards seen so far, and which of the power-up and sensor decks are shuffled. `sample` deals
    the hidden cards again, consistently with that and nothing more."""

    bundle: dict[str, Any]
    places: tuple[str, ...]  # for each card of the dealt deck (rows first), its level deck
    dealt: tuple[str, ...]  # the space cards in the order they come (rows first, bottom up)
    boss_fixed: bool
    powerups_shuffled: bool
    sensors_shuffled: bool

    @classmethod
    def of(
        cls, bundle: dict[str, Any], scenario: Mapping[str, Any], dealt: Mapping[str, Any]
    ) -> Belief:
        """The belief at the start of `dealt`, one deal of the shuffled `scenario`."""
        per_row = len(dealt["rows"][0])
        left = {code: len(deck["cards"]) for code, deck in bundle["decks"].items()}
        places: list[str] = []
        for part in scenario["deck"]["shuffle"]:  # as setup.py's _space_deck takes them
            needed = part.get("cards") or part["rows"] * per_row
            for code in filter(None, (part["deck"], part.get("top_up"))):
                taken = min(needed, left.get(code, 0))
                places += [code] * taken
                left[code] = left.get(code, 0) - taken
                needed -= taken
        rows = [card for row in reversed(dealt["rows"]) for card in row]  # R-SET-5
        return cls(
            bundle,
            tuple(places),
            (*rows, *dealt["deck"]),
            "boss" in scenario["deck"],
            scenario.get("powerups") is None,
            scenario.get("sensors") is None,
        )

    def sample(self, state: State, rng: random.Random) -> State:
        """A copy of `state` whose hidden cards are dealt again from what the player knows:
        the space deck's cards still to come (each place from its level deck's unseen cards),
        the boss when it was drawn and its Warning card is still to come, the shuffled decks'
        order, and the seed the sensor discards are shuffled by (R-SEN-3)."""
        s = state.copy()
        tables = state.game.tables
        index = tables.card_index
        seen = len(self.dealt) - len(state.deck)
        if len(state.deck) > 0:
            unseen = {
                code: [
                    c
                    for c in self.bundle["decks"][code]["cards"]
                    if c not in self.dealt[:seen] and c in index
                ]
                for code in sorted(set(self.places[seen:]))
            }
            for pile in unseen.values():
                rng.shuffle(pile)
            deck = [index[unseen[code].pop()] for code in self.places[seen:]]
            deck += list(state.deck[len(deck) :])  # the Warning card, at the bottom
            if not self.boss_fixed and deck and tables.cards[deck[-1]].warning >= 0:
                boss = rng.choice(sorted(b.id for b in tables.bosses))
                deck[-1] = index[tables.bosses[tables.boss_index[boss]].warning_card]
            s.deck = tuple(deck)
        if self.powerups_shuffled:
            s.powerup_deck = _shuffled(state.powerup_deck, rng)
        if self.sensors_shuffled:
            s.sensor_deck = _shuffled(state.sensor_deck, rng)
        s.seed = rng.randrange(2**31)
        s.cached_key = None
        return s


def _shuffled(cards: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """The cards in an order from `rng` alone: sorted first, so that the order they were in
    (the hidden one) cannot show through."""
    pile = sorted(cards)
    rng.shuffle(pile)
    return tuple(pile)


__all__ = ["Belief", "deal_with", "dealer_setup", "is_shuffled", "rules_setup"]
