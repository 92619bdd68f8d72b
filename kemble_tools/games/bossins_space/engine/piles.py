"""Decks as segments (D-BS-SOLO-6): known cards and bags. A draw from a bag is a chance node
while chance is left open, otherwise it is drawn from the scenario's seed, so `kemble run` and the
solver's seeded line draw the same cards. Cards with the same data are one outcome (a bag is a
multiset), and the card drawn is always the first id of its kind left in the bag."""

from __future__ import annotations

import random

from kemble_tools.games.bossins_space.engine.model import (
    DRAW,
    Position,
    Segment,
    bag,
    is_bag,
    pile_count,
)

__all__ = ["pile_count"]


def ready(pos: Position, pile: str, task: tuple) -> bool:
    """Whether the pile's top is a known card or the pile is empty. A bag on top is drawn
    from now: by the seed, or, chance open, `task` waits on the stack for the chance node's
    outcome."""
    cards = pos.piles[pile]
    if not cards or not is_bag(cards[0]):
        return True
    if pos.rules.open_chance and cards[0][3]:
        pos.chance = pile
        pos.stack.append(task)
        return False
    reveal(pos, pile, seeded_pick(pos, pile))
    return True


def seeded_pick(pos: Position, pile: str) -> str:
    """The card the seed draws from the pile's top bag (the `draws`-th draw of the game)."""
    top = pos.piles[pile][0]
    assert is_bag(top)
    rng = random.Random(f"{pos.rules.seed}:{pos.draws}")
    return rng.choice(top[1])  # type: ignore[index]


def outcomes(pos: Position) -> list[tuple[int, float]]:
    """The chance node's outcomes: one per kind of card in the bag, by its share."""
    assert pos.chance is not None
    top = pos.piles[pos.chance][0]
    cards: tuple[str, ...] = top[1]  # type: ignore[index]
    kinds: dict[str, int] = {}
    for card in cards:
        first = pos.rules.twin[card]
        kinds[first] = kinds.get(first, 0) + 1
    found = []
    for first, count in kinds.items():
        card = min(c for c in cards if pos.rules.twin[c] == first)
        found.append((DRAW + pos.rules.numbers[card], count / len(cards)))
    return sorted(found)


def reveal(pos: Position, pile: str, card: str) -> None:
    """The bag's top card turns out to be `card` (the first id of its kind still in it)."""
    top = pos.piles[pile][0]
    _, cards, take, is_open = top  # type: ignore[misc]
    card = min(c for c in cards if pos.rules.twin[c] == pos.rules.twin[card])
    rest = list(cards)
    rest.remove(card)
    left: list[Segment] = [bag(rest, take - 1, is_open)] if rest and take > 1 else []
    pos.piles[pile][:1] = [card, *left]
    pos.draws += 1


def resolve_chance(pos: Position, action: int) -> None:
    assert pos.chance is not None
    reveal(pos, pos.chance, pos.rules.ids[action - DRAW])
    pos.chance = None


def pop(pos: Position, pile: str) -> str | None:
    """The top card of a pile that is `ready`."""
    cards = pos.piles[pile]
    return str(cards.pop(0)) if cards else None


def reshuffle(pos: Position, source: str, dest: str, keep: tuple[str, ...] = ()) -> None:
    """A pile shuffled into a deck: one bag, a chance node unless `shuffles: seeded`."""
    cards = [c for c in pos.piles[source] if c not in keep]
    pos.piles[source] = [c for c in pos.piles[source] if c in keep]
    if cards:
        pos.piles[dest] = [*pos.piles[dest], bag([str(c) for c in cards], None, open_shuffle(pos))]


def open_shuffle(pos: Position) -> bool:
    return not pos.rules.seeded_shuffles


def enemy_ready(pos: Position, task: tuple, again: bool) -> bool:
    """Before an Enemy draw: with `again` an exhausted deck is rebuilt from the discards first
    (R-BS-ENE-8, D-BS-ENE-3; never the cards left in the box, D-BS-SET-2)."""
    if again and pile_count(pos.piles["enemy_deck"]) == 0:
        reshuffle(pos, "enemy_discard", "enemy_deck")
    return ready(pos, "enemy_deck", task)


def draw_enemy(pos: Position) -> str | None:
    """R-BS-ENE-13 from the top; the last card uncovers the Boss (D-BS-ENE-4)."""
    card = pop(pos, "enemy_deck")
    exhausted = card is not None and pile_count(pos.piles["enemy_deck"]) == 0
    if exhausted and pos.boss_status == "hidden":
        pos.boss_status = "revealed"
    return card


def take(pos: Position, pile: str, count: int) -> None:
    """A Deck upgrade takes cards in hand (D-BS-UPG-4: those there are, no reshuffle)."""
    if count <= 0 or not pos.piles[pile] or not ready(pos, pile, ("take", pile, count)):
        return
    pos.moving.append(str(pos.piles[pile].pop(0)))
    pos.then(("take", pile, count - 1))


def bag_on(pos: Position, pile: str) -> None:
    """The cards in hand go back on top of the pile as one bag (R-BS-UPG-6, D-BS-SOLO-6)."""
    if pos.moving:
        pos.piles[pile][:0] = [bag(pos.moving, None, open_shuffle(pos))]
        pos.moving = []
