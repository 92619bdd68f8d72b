"""Buying (R-BUY-*, R-OBJ-MERC-1, R-AST-4) and power-up cards (R-BUY-5, R-PWD-2, R-OBJ-PWR-1)."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import CHANCE, Choice, Frame, ask, push_effects
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.rules.events import note
from kemble_tools.games.kembles_cascade.engine.rules.players import bump, refresh
from kemble_tools.games.kembles_cascade.engine.rules.scoring import team
from kemble_tools.games.kembles_cascade.engine.state import BATTLE, POWERDOWN, State, event

POWERUP_PRICE = 2  # R-BUY-5


def price(g: Any, upgrade: int, level: int) -> int | None:
    """The price of one level, or None when it is not for sale (R-BUY-2, R-VAR-TUN-1)."""
    prices = g.prices[upgrade]
    return prices[level - 1] if level <= len(prices) else None


def price_table(g: Any) -> list[tuple[int | None, ...]]:
    """Each upgrade's price per level in this game's variant (R-VAR-TV-1 overrides some)."""
    table: list[tuple[int | None, ...]] = []
    for spec in g.tables.upgrades:
        override = dict(g.tables.rules.upgrade_prices).get(spec.id)
        if spec.id in g.tables.rules.not_for_sale:
            table.append((None,) * len(spec.levels))
        else:
            table.append(
                tuple(override[i] if override else lv.price for i, lv in enumerate(spec.levels))
            )
    return table


def astral_shop(s: State, index: int) -> bool:
    """R-AST-4: an astral player may buy at the start of its turn, before entering."""
    turn = s.turn
    return bool(
        s.players[index].astral
        and turn is not None
        and turn.moves_used == 0
        and turn.extra_moves == 0
    )


def unpaid_fee(s: State) -> int:
    turn = s.turn
    if turn is None or turn.shop_fee < 0 or turn.shop_paid or s.phase != BATTLE:
        return 0
    return turn.shop_fee


def shop_open(s: State, index: int) -> bool:
    turn = s.turn
    return turn is not None and (turn.shop_fee >= 0 or astral_shop(s, index))


def pay_fee(s: State, index: int) -> None:
    """R-OBJ-MERC-1: the merchant's fee is paid with the first purchase."""
    fee = unpaid_fee(s)
    if fee:
        s.players[index].bellonium -= fee
    if s.turn is not None and s.turn.shop_fee >= 0:
        s.turn.shop_paid = True


def buy_powerup(g: Any, s: State, _arg: int = 0) -> None:
    index = _buyer(s)
    player = s.players[index]
    if player.bellonium - unpaid_fee(s) < POWERUP_PRICE or not s.powerup_deck:
        raise IllegalAction("R-BUY-5", "a power-up costs 2 Bellonium")
    pay_fee(s, index)
    player.bellonium -= POWERUP_PRICE
    draw_powerup(g, s, index)


def buy(g: Any, s: State, arg: int) -> None:
    """R-BUY-1..4: each level is paid separately; several may be bought at once."""
    upgrade, target = divmod(arg, g.actions.levels)
    target += 1
    index = _buyer(s)
    player = s.players[index]
    spec = g.tables.upgrades[upgrade]
    fee = unpaid_fee(s)
    current = player.upgrades[upgrade]
    if target <= current:
        raise IllegalAction("R-BUY-4", f"you already own {spec.id} level {current}")
    total = 0
    for level in range(current + 1, target + 1):
        cost = price(g, upgrade, level)
        if cost is None:
            rule = "R-VAR-TUN-1" if spec.id in g.tables.rules.not_for_sale else "R-BUY-2"
            raise IllegalAction(rule, f"{spec.id} level {level} is not for sale")
        total += cost
    if total + fee > player.bellonium:
        raise IllegalAction(
            "R-BUY-2",
            f"{spec.id} up to level {target} costs {total} Bellonium"
            + (f" and the merchant's fee {fee}" if fee else ""),
        )
    pay_fee(s, index)
    levels = spec.levels[current:target]
    player.bellonium -= total
    player.glory += sum(level.glory for level in levels)  # R-BUY-3
    upgrades = list(player.upgrades)
    upgrades[upgrade] = target  # R-BUY-4: one of each type
    player.upgrades = tuple(upgrades)
    bump(player, "upgrades_bought", target - current)
    refresh(g, player)
    note(s, "p%d buy %s %d", index + 1, spec.id, target)
    for bought in levels:
        push_effects(g, s, bought.on_bought, event(index, index), -1, index)


def _buyer(s: State) -> int:
    turn = s.turn
    assert turn is not None
    index = turn.player
    shop = turn.shop_fee >= 0 if s.phase == BATTLE else False
    if s.phase != POWERDOWN and not shop and not astral_shop(s, index):
        raise IllegalAction("R-BUY-1", "buying happens during Power Down (or at a merchant)")
    return index


def buy_actions(g: Any, s: State, index: int) -> list[int]:
    """The next level of each upgrade the player can afford, then a power-up."""
    player = s.players[index]
    budget = player.bellonium - unpaid_fee(s)
    found = []
    for upgrade, prices in enumerate(g.prices):
        level = player.upgrades[upgrade] + 1
        cost = prices[level - 1] if level <= len(prices) else None
        if cost is not None and cost <= budget:
            found.append(g.actions.buy(upgrade, level))
    if budget >= POWERUP_PRICE and s.powerup_deck:
        found.append(g.buy_powerup_action)
    return found


# --- power-up cards ------------------------------------------------------------------------------


def holder(g: Any, s: State, index: int, card: int) -> int | None:
    """Who holds the card among the player's team (R-VAR-WING-1: a team shares its hands)."""
    return next((i for i in team(g, s, index) if card in s.players[i].hand), None)


def play(g: Any, s: State, card: int) -> None:
    turn = s.turn
    assert turn is not None
    index = turn.player
    spec = g.tables.powerups[card]
    owner = holder(g, s, index, card)
    if owner is None:
        raise IllegalAction("R-BUY-5", f"'{spec.id}' is not in your hand")
    if not spec.playable:
        raise IllegalAction(
            "R-PWD-2",
            f"'{spec.id}' is not played on your turn"
            + (" (it scores at the end)" if spec.end_glory else ""),
        )
    hand = list(s.players[owner].hand)
    hand.remove(card)
    s.players[owner].hand = tuple(hand)
    bump(s.players[index], "powerups_played")
    push_effects(g, s, spec.on_played, event(index, index), -1, index)


def draw_powerup(g: Any, s: State, index: int) -> None:
    """R-OBJ-PWR-1, R-BUY-5: the top card; with the deck's order left open, chance picks."""
    deck = s.powerup_deck
    if not deck:
        return
    if g.open_powerups and len(set(deck)) > 1:
        powerups = g.tables.powerups
        cards = tuple(sorted(set(deck), key=lambda card: powerups[card].id))
        ask(s, Choice(CHANCE, "powerup", cards, g.steps.frame("draw_chosen", index)))
        return
    take_powerup(g, s, index, deck[0])


def draw_step(g: Any, s: State, step: Any, frame: Frame) -> None:
    draw_powerup(g, s, step.args[0])


def draw_chosen(g: Any, s: State, step: Any, frame: Frame) -> None:
    take_powerup(g, s, step.args[0], frame.chosen)


def take_powerup(g: Any, s: State, index: int, card: int) -> None:
    deck = list(s.powerup_deck)
    deck.remove(card)
    s.powerup_deck = tuple(deck)
    spec = g.tables.powerups[card]
    if spec.when_drawn:  # R-PWD-2: played at once
        push_effects(g, s, spec.on_drawn, event(index), -1, index)
        return
    player = s.players[index]
    player.hand = (*player.hand, card)


def chance_outcomes(g: Any, s: State) -> list[tuple[int, float]]:
    """At a chance node: each option's action and its probability (cards left in the deck
    the draw is from: power-ups, or sensor cards)."""
    choice = s.choice
    if choice is None or choice.player != CHANCE:
        return []
    deck = s.powerup_deck if choice.kind == "powerup" else s.sensor_deck
    counts = [deck.count(card) for card in choice.values]
    total = sum(counts)
    return [(g.choose_action(i), count / total) for i, count in enumerate(counts)]
