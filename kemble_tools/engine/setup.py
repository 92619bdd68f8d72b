"""Setting up a game from a scenario (CONTRACT §3): the first state and its bundle view."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from kemble_tools.engine.state import Player, State
from kemble_tools.validate.catalog import boss_warning_id

SOLO = "solo"


class SetupError(Exception):
    """A scenario that cannot be set up (the validator catches these; this guards the API)."""


def game_bundle(bundle: dict[str, Any], scenario: dict[str, Any]) -> dict[str, Any]:
    """The bundle as one game sees it: its variant's rule switches, boss cards, local cards."""
    variant = bundle["variants"][scenario.get("variant", SOLO)]
    rules = dict(variant.get("rules", {}))
    for name, value in scenario.get("rules", {}).items():
        if name in bundle["variants"] and value is True:
            rules.update(bundle["variants"][name].get("rules", {}))  # a variant switched on
        elif name not in bundle["variants"]:
            rules[name] = value
    setups = variant.get("setups") or bundle["variants"]["standard"]["setups"]
    return {
        **bundle,
        "rules_in_play": rules,
        "boss_cards": setups[0]["boss_cards"],
        "local_cards": scenario.get("cards", {}),
    }


def _card_ref(ref: Any) -> tuple[str, bool]:
    """A scenario card reference: its id and whether it shows its back."""
    if isinstance(ref, str):
        return ref, False
    return ref["card"], ref.get("side") == "back" or ref.get("flipped") is True


def initial_state(bundle: dict[str, Any], scenario: dict[str, Any]) -> State:
    """The state at the scenario's start. `bundle` is the game view from `game_bundle`."""
    seed = int(scenario.get("seed", 0))
    rng = random.Random(seed)
    rows, flipped = [], set()
    for row in scenario["rows"]:
        cards = []
        for ref in row:
            card, back = _card_ref(ref)
            cards.append(card)
            if back:
                flipped.add(card)
        rows.append(tuple(cards))
    deck = tuple(_card_ref(ref)[0] for ref in scenario["deck"])
    powerups = _deck(scenario.get("powerups"), sorted(bundle["powerups"]), rng)
    sensors = _deck(scenario.get("sensors"), [s["number"] for s in bundle["sensors"]], rng)
    player, sensors = _player(bundle, scenario, sensors)
    state = State(
        rows=tuple(rows),
        flipped=frozenset(flipped),
        covered=frozenset(),
        spawned=(),
        markers=frozenset(),
        deck=deck,
        players=(player,),
        powerup_deck=tuple(powerups),
        sensor_deck=tuple(sensors),
        round=int(scenario.get("round", 1)),
        seed=seed,
        boss=_boss_in_rows(bundle, rows),
    )
    if state.round == 1:  # R-SET-8 (D-SCEN-1: a scenario in round 1 is a game's setup)
        state.players = tuple(
            replace(p, bellonium=p.bellonium + _global_bellonium(bundle, rows))
            for p in state.players
        )
    state.phase = "sensor" if player.hand_sensors else "turn_choice"
    return state


def _deck(fixed: list[Any] | None, everything: list[Any], rng: random.Random) -> list[Any]:
    """A fixed order when the scenario gives one (CONTRACT §3), else shuffled from the seed."""
    if fixed is not None:
        return list(fixed)
    cards = list(everything)
    rng.shuffle(cards)
    return cards


def _player(
    bundle: dict[str, Any], scenario: dict[str, Any], sensors: list[int]
) -> tuple[Player, list[int]]:
    overrides = scenario.get("player", {})
    rules = bundle["rules_in_play"]
    upgrades = {} if rules.get("start_with_rotary_cage") is False else {"rotary_cage": 1}
    upgrades.update(overrides.get("upgrades", {}))  # R-SET-6, R-VAR-TV-1
    hand = scenario.get("sensor_hand")
    if hand is None and sensors:
        hand, sensors = sensors[:2], sensors[2:]  # R-SET-6: two sensor cards
    position = overrides.get("position")
    player = Player(
        id="p1",
        energy=int(overrides.get("energy", 5)),
        threat_points=int(overrides.get("threat_points", 0)),
        glory=int(overrides.get("glory", 0)),
        bellonium=int(overrides.get("bellonium", 0)),
        position=tuple(position) if position else None,
        facing=overrides.get("facing", "N"),
        upgrades=tuple(sorted(upgrades.items())),
        hand=tuple(overrides.get("powerup_hand", [])),
        hand_sensors=tuple(hand or ()),
    )
    return player, sensors


def _global_bellonium(bundle: dict[str, Any], rows: list[tuple[str, ...]]) -> int:
    cards = {**bundle["cards"], **bundle["local_cards"]}
    return sum(
        q.get("global_bellonium", 0)
        for row in rows
        for card in row
        for q in cards[card]["quadrants"]
    )


def _boss_in_rows(bundle: dict[str, Any], rows: list[tuple[str, ...]]) -> str | None:
    """A scenario may start with the boss already on the board."""
    for boss in bundle["bosses"]:
        if any(card.startswith(f"{boss_warning_id(boss)}-") for row in rows for card in row):
            return boss
    return None


# --- full games (R-SET-*) for `kemble simulate` ------------------------------------------------


def variant_bundle(bundle: dict[str, Any], variant: str, players: int) -> dict[str, Any]:
    """The bundle as a full game of `variant` with `players` players sees it."""
    chain, name = [], variant
    while name is not None and name not in chain:
        chain.append(name)
        name = bundle["variants"][name].get("extends")
    rules: dict[str, Any] = {}
    for name in reversed(chain):
        rules.update(bundle["variants"][name].get("rules", {}))
    allowed = bundle["variants"][variant].get("players")
    if allowed and players not in allowed:
        raise SetupError(f"variant '{variant}' is for {' or '.join(map(str, allowed))} players")
    setup = next(
        (
            s
            for name in chain
            for s in bundle["variants"][name].get("setups", [])
            if players in s["players"]
        ),
        None,
    )
    if setup is None:
        raise SetupError(f"variant '{variant}' has no setup for {players} players")
    return {
        **bundle,
        "rules_in_play": rules,
        "boss_cards": setup["boss_cards"],
        "local_cards": {},
        "setup": setup,
    }


def new_game_state(view: dict[str, Any], players: int, seed: int) -> State:
    """R-SET-1..8 (D-SOLO-2 for one player): decks, rows, players, cards in hand."""
    rng = random.Random(seed)
    setup, rules = view["setup"], view["rules_in_play"]
    width = setup["row_width"]
    deck = _space_deck(view, setup, rng)
    if rules.get("star_cards"):  # R-VAR-STAR-1: each ★ card replaces a standard card
        for card in view["decks"].get("STAR", {}).get("cards", []):
            deck[rng.randrange(5 * width, len(deck))] = card
    deck.append(boss_warning_id(rng.choice(sorted(view["bosses"]))))  # R-SET-4
    rows = [tuple(deck[i * width : (i + 1) * width]) for i in range(5)][
        ::-1
    ]  # R-SET-5: row 5 first
    deck = deck[5 * width :]
    sensors = [s["number"] for s in view["sensors"]]
    powerups, missions = sorted(view["powerups"]), sorted(view["missions"])
    achievements = sorted(view["achievements"])
    for pile in (sensors, powerups, missions, achievements):  # R-SET-2, R-SET-3
        rng.shuffle(pile)
    cage = {} if rules.get("start_with_rotary_cage") is False else {"rotary_cage": 1}
    seats = []
    for index in range(players):  # R-SET-6
        hand = [p for p in powerups if view["powerups"][p].get("timing") != "when_drawn"][:1]
        powerups.remove(hand[0]) if hand else None
        seats.append(
            Player(
                id=f"p{index + 1}",
                upgrades=tuple(cage.items()),
                hand=tuple(hand),
                mission=missions.pop(0) if missions else None,
                hand_sensors=(sensors.pop(0), sensors.pop(0)),
            )
        )
    bellonium = _global_bellonium(view, rows)  # R-SET-8
    seats = [replace(p, bellonium=bellonium) for p in seats]
    return State(
        rows=tuple(rows),
        flipped=frozenset(),
        covered=frozenset(),
        spawned=(),
        markers=frozenset(),
        deck=tuple(deck),
        players=tuple(seats),
        powerup_deck=tuple(powerups),
        sensor_deck=tuple(sensors),
        seed=seed,
        phase="sensor",
        order=tuple(range(players)),
        achievements=tuple(achievements[:4]),
        achievement_deck=tuple(achievements[4:]),
    )


def _space_deck(view: dict[str, Any], setup: dict[str, Any], rng: random.Random) -> list[str]:
    """R-SET-4 / R-VAR-TUN-1: each level deck shuffled, its part taken, stacked in order."""
    piles: dict[str, list[str]] = {}
    for code, deck in view["decks"].items():
        if code not in view["bosses"]:
            piles[code] = list(deck["cards"])
            rng.shuffle(piles[code])
    stacked: list[str] = []
    for part in setup["space_deck"]:
        needed = part.get("cards") or part["rows"] * setup["row_width"]
        taken = [piles[part["deck"]].pop() for _ in range(min(needed, len(piles[part["deck"]])))]
        top_up = part.get("top_up")
        while len(taken) < needed and top_up and piles.get(top_up):  # D-TUN-1
            taken.append(piles[top_up].pop())
        stacked += taken
    return stacked
