"""Setting a game up (R-SET-*): the rules in play and the first state, from a compiled scenario
(formats.md §3) or a variant's setup for a number of players. Reads the bundle only."""

from __future__ import annotations

import random
from typing import Any

from kemble_tools.games.kembles_cascade.engine.errors import SetupError
from kemble_tools.games.kembles_cascade.engine.rules.players import refresh
from kemble_tools.games.kembles_cascade.engine.state import SENSOR, TURN_CHOICE, Player, State

BOARD_ROWS = 5  # R-GEO-1


def variant_chain(bundle: dict[str, Any], variant: str) -> list[str]:
    """The variant and those it extends, most specific first."""
    chain: list[str] = []
    name: str | None = variant
    while name is not None and name not in chain and name in bundle["variants"]:
        chain.append(name)
        name = bundle["variants"][name].get("extends")
    return chain


def variant_rules(bundle: dict[str, Any], variant: str) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for name in reversed(variant_chain(bundle, variant)):
        rules.update(bundle["variants"][name].get("rules", {}))
    return rules


def variant_setup(bundle: dict[str, Any], variant: str, players: int | None) -> dict[str, Any]:
    """The setup a variant (or one it extends) gives for this many players."""
    if variant not in bundle["variants"]:
        raise SetupError(f"unknown variant '{variant}'")
    allowed = bundle["variants"][variant].get("players")
    if players is not None and allowed and players not in allowed:
        raise SetupError(f"variant '{variant}' is for {' or '.join(map(str, allowed))} players")
    for name in variant_chain(bundle, variant):
        for setup in bundle["variants"][name].get("setups", []):
            if players is None or players in setup["players"]:
                return dict(setup)
    raise SetupError(f"variant '{variant}' has no setup for {players} players")


def scenario_rules(bundle: dict[str, Any], scenario: dict[str, Any]) -> dict[str, Any]:
    """The scenario's variant's rules, with the variants and switches the scenario turns on."""
    variants = bundle["variants"]
    rules = variant_rules(bundle, scenario["variant"])  # formats.md §3: always named
    for name, value in scenario.get("rules", {}).items():
        if name in variants:
            if value is True:
                rules.update(variants[name].get("rules", {}))  # a variant switched on
        else:
            rules[name] = value
    return rules


def card_ref(ref: Any) -> tuple[str, bool]:
    """A scenario's card reference: its id and whether it shows its back."""
    if isinstance(ref, str):
        return ref, False
    return ref["card"], ref.get("side") == "back" or ref.get("flipped") is True


# --- the first state ---------------------------------------------------------------------------


def new_player(g: Any) -> Player:
    """A player as set-up makes one: the rules' starting upgrades and every counter at zero,
    the rest as `Player` starts it."""
    tables = g.tables
    upgrades = [0] * len(tables.upgrades)
    for name, level in tables.rules.start_upgrades:  # R-SET-6, R-VAR-TV-1
        upgrades[tables.upgrade_index[name]] = level
    return Player(tuple(upgrades), (0,) * len(g.counters))


def _cells(g: Any, rows: list[list[tuple[int, bool]]]) -> tuple[int, ...]:
    cards = g.tables.cards
    cells: list[int] = []
    for row in rows:
        for card, back in row:
            spec = cards[card]
            cells += spec.back if back and spec.back else spec.front
    return tuple(cells)


def _global_bellonium(g: Any, cells: tuple[int, ...]) -> int:
    """R-SET-8: Global Bellonium visible at setup."""
    return sum(g.tables.quadrants[q].global_bellonium for q in cells)


def scenario_state(g: Any, scenario: dict[str, Any]) -> State:
    """The state at a scenario's start (formats.md §3)."""
    tables = g.tables
    seed = int(scenario.get("seed", 0))
    rng = random.Random(seed)
    rows = [[_card(g, ref) for ref in row] for row in scenario["rows"]]
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        raise SetupError("every row of a scenario has the same number of cards")
    s = State(g, g.width)
    s.cells = _cells(g, rows)
    s.deck = tuple(_card(g, ref)[0] for ref in scenario["deck"])
    powerups = _deck(scenario.get("powerups"), sorted(tables.powerup_index), rng)
    s.powerup_deck = tuple(tables.powerup_index[p] for p in powerups)
    sensors = _deck(scenario.get("sensors"), [sensor.number for sensor in tables.sensors], rng)
    player, sensors = _scenario_player(g, scenario, sensors)
    s.sensor_deck = tuple(sensors)
    s.players = (player,)
    s.round = int(scenario.get("round", 1))
    s.seed = seed
    s.boss = _boss_in_play(g, s.cells)
    if s.round == 1:  # R-SET-8 (D-SCEN-1: a scenario in round 1 is a game's setup)
        player.bellonium += _global_bellonium(g, s.cells)
    s.phase = SENSOR if player.hand_sensors else TURN_CHOICE
    return s


def _card(g: Any, ref: Any) -> tuple[int, bool]:
    card, back = card_ref(ref)
    if card not in g.tables.card_index:
        raise SetupError(f"unknown card '{card}'")
    return g.tables.card_index[card], back


def _deck(fixed: list[Any] | None, everything: list[Any], rng: random.Random) -> list[Any]:
    """A fixed order when the scenario gives one (formats.md §3), else shuffled from the seed."""
    if fixed is not None:
        return list(fixed)
    cards = list(everything)
    rng.shuffle(cards)
    return cards


def _scenario_player(
    g: Any, scenario: dict[str, Any], sensors: list[int]
) -> tuple[Player, list[int]]:
    tables = g.tables
    overrides = scenario.get("player", {})
    player = new_player(g)
    upgrades = list(player.upgrades)
    for name, level in overrides.get("upgrades", {}).items():
        upgrades[tables.upgrade_index[name]] = int(level)
    player.upgrades = tuple(upgrades)
    hand = scenario.get("sensor_hand")
    if hand is None and sensors:
        hand, sensors = sensors[:2], sensors[2:]  # R-SET-6: two sensor cards
    player.energy = int(overrides.get("energy", 5))
    player.threat = int(overrides.get("threat_points", 0))
    player.glory = int(overrides.get("glory", 0))
    player.bellonium = int(overrides.get("bellonium", 0))
    position = overrides.get("position")
    if position:
        player.pos = (int(position[0]) - 1) * g.width + int(position[1]) - 1
    player.facing = overrides.get("facing", "N")
    player.hand = tuple(tables.powerup_index[p] for p in overrides.get("powerup_hand", []))
    player.hand_sensors = tuple(hand or ())
    refresh(g, player)
    return player, sensors


def _boss_in_play(g: Any, cells: tuple[int, ...]) -> int:
    """A scenario may start with a boss already on the board."""
    tables = g.tables
    present = {tables.cards[tables.quadrants[q].card].boss for q in cells}
    return next((boss.index for boss in tables.bosses if boss.index in present), -1)


def variant_state(g: Any, players: int, seed: int, boss: str | None = None) -> State:
    """R-SET-1..8 (D-SOLO-2 for one player): decks, rows, players, cards in hand. `boss` (an
    id) replaces the boss the seed draws; the draw is made all the same, so every other card
    is dealt as the seed deals it."""
    tables, setup, bundle = g.tables, g.setup, g.bundle
    rng = random.Random(seed)
    per_row = setup["row_width"]
    deck = _space_deck(bundle, setup, rng)
    for code in tables.rules.insert_decks:  # R-VAR-STAR-1: each card replaces a standard one
        for card in bundle["decks"].get(code, {}).get("cards", []):
            deck[rng.randrange(BOARD_ROWS * per_row, len(deck))] = card
    deck.append(rng.choice(sorted(b.id for b in tables.bosses)))  # R-SET-4
    warning = tables.bosses[tables.boss_index[boss or deck[-1]]].warning_card
    deck[-1] = warning
    rows = [deck[i * per_row : (i + 1) * per_row] for i in range(BOARD_ROWS)][::-1]  # R-SET-5
    sensors = [sensor.number for sensor in tables.sensors]
    powerups, missions = sorted(tables.powerup_index), sorted(tables.mission_index)
    achievements = sorted(tables.achievement_index)
    for pile in (sensors, powerups, missions, achievements):  # R-SET-2, R-SET-3
        rng.shuffle(pile)
    s = State(g, g.width)
    s.cells = _cells(g, [[(tables.card_index[card], False) for card in row] for row in rows])
    s.deck = tuple(tables.card_index[card] for card in deck[BOARD_ROWS * per_row :])
    bellonium = _global_bellonium(g, s.cells)  # R-SET-8
    seats = []
    for _ in range(players):  # R-SET-6
        player = new_player(g)
        hand = [p for p in powerups if not tables.powerups[tables.powerup_index[p]].when_drawn][:1]
        if hand:
            powerups.remove(hand[0])
        player.hand = tuple(tables.powerup_index[p] for p in hand)
        player.mission = tables.mission_index[missions.pop(0)] if missions else -1
        player.hand_sensors = (sensors.pop(0), sensors.pop(0))
        player.bellonium = bellonium
        refresh(g, player)
        seats.append(player)
    s.players = tuple(seats)
    s.powerup_deck = tuple(tables.powerup_index[p] for p in powerups)
    s.sensor_deck = tuple(sensors)
    s.seed = seed
    s.phase = SENSOR
    s.order = tuple(range(players))
    s.achievements = tuple(tables.achievement_index[a] for a in achievements[:4])
    s.achievement_deck = tuple(tables.achievement_index[a] for a in achievements[4:])
    return s


def _space_deck(bundle: dict[str, Any], setup: dict[str, Any], rng: random.Random) -> list[str]:
    """R-SET-4 / R-VAR-TUN-1: each level deck shuffled, its part taken, stacked in order."""
    piles: dict[str, list[str]] = {}
    for code, deck in bundle["decks"].items():
        if code not in bundle["bosses"]:
            piles[code] = list(deck["cards"])
            rng.shuffle(piles[code])
    stacked: list[str] = []
    for part in setup["space_deck"]:
        needed = part.get("cards") or part["rows"] * setup["row_width"]
        pile = piles[part["deck"]]
        taken = [pile.pop() for _ in range(min(needed, len(pile)))]
        top_up = part.get("top_up")
        while len(taken) < needed and top_up and piles.get(top_up):  # D-TUN-1
            taken.append(piles[top_up].pop())
        stacked += taken
    return stacked
