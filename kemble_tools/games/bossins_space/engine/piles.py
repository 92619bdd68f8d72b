"""Decks as segments (D-BS-SOLO-6): known cards and bags. A draw from a bag is a chance node
while chance is left open, otherwise it is drawn from the scenario's seed, so `kemble run` and the
solver's seeded line draw the same cards. Cards with the same data are one outcome (a bag is a
multiset), and the card drawn is always the first id of its kind left in the bag."""

from __future__ import annotations

from kemble_tools.games.bossins_space.engine.model import (
    DRAW,
    Position,
    Segment,
    bag,
    is_bag,
    pile_count,
)

__all__ = ["pile_count"]
MASK = (1 << 64) - 1


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
    draw_at(pos, pile, seeded_index(pos, pile))
    return True


def seeded_pick(pos: Position, pile: str) -> str:
    """The card the seed draws from the pile's top bag (see `seeded_index`)."""
    return str(pos.piles[pile][0][1][seeded_index(pos, pile)])


def seeded_index(pos: Position, pile: str) -> int:
    """Where in the pile's top bag the seed draws (the `draws`-th draw of the game): a card
    kind, by the kinds' order, so positions the solver counts as one draw alike; the first id
    of that kind, as a chance outcome names it (a bag lies in the kinds' order: its kind's
    cards are those just before it)."""
    top = pos.piles[pile][0]
    assert is_bag(top)
    twin = pos.rules.twin
    cards: tuple[str, ...] = top[1]  # type: ignore[index]
    at = mix(pos.rules.seed, pos.draws) % len(cards)
    kind = twin[cards[at]]
    while at and twin[cards[at - 1]] == kind:
        at -= 1
    return at


def mix(seed: int, draw: int) -> int:
    """A well-spread 64-bit number for the seed's `draw`-th draw (SplitMix64's finaliser):
    the same on every machine and Python, and ~15 times cheaper than seeding a Random."""
    z = (seed * 0x9E3779B97F4A7C15 + (draw + 1) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def outcomes(pos: Position) -> list[tuple[int, float]]:
    """The chance node's outcomes: one per kind of card in the bag, by its share."""
    assert pos.chance is not None
    top = pos.piles[pos.chance][0]
    cards: tuple[str, ...] = top[1]  # type: ignore[index]
    twin, numbers = pos.rules.twin, pos.rules.numbers
    kinds: dict[str, list[str]] = {}  # each kind's cards in the bag, first id first (sorted)
    for card in cards:
        kinds.setdefault(twin[card], []).append(card)
    share = 1 / len(cards)
    return sorted((DRAW + numbers[found[0]], len(found) * share) for found in kinds.values())


def reveal(pos: Position, pile: str, card: str) -> None:
    """The bag's top card turns out to be `card` (the first id of its kind still in it)."""
    cards: tuple[str, ...] = pos.piles[pile][0][1]  # type: ignore[assignment]
    twin = pos.rules.twin
    kind = twin[card]
    draw_at(pos, pile, next(i for i, c in enumerate(cards) if twin[c] == kind))


def draw_at(pos: Position, pile: str, at: int) -> None:
    """The card at `at` in the pile's top bag comes out on top of what is left of the bag."""
    _, cards, take, is_open = pos.piles[pile][0]  # type: ignore[misc]
    card, rest = cards[at], cards[:at] + cards[at + 1 :]
    left: list[Segment] = [("bag", rest, take - 1, is_open)] if rest and take > 1 else []
    pos.pile(pile)[:1] = [card, *left]
    pos.draws += 1


def resolve_chance(pos: Position, action: int) -> None:
    assert pos.chance is not None
    reveal(pos, pos.chance, pos.rules.ids[action - DRAW])
    pos.chance = None


def pop(pos: Position, pile: str) -> str | None:
    """The top card of a pile that is `ready`."""
    cards = pos.pile(pile)
    return str(cards.pop(0)) if cards else None


def reshuffle(pos: Position, source: str, dest: str, keep: tuple[str, ...] = ()) -> None:
    """A pile shuffled into a deck: one bag, a chance node unless `shuffles: seeded`."""
    cards = [c for c in pos.piles[source] if c not in keep]
    pos.pile(source)[:] = [c for c in pos.piles[source] if c in keep]
    if cards:
        shuffled = bag([str(c) for c in cards], pos.rules.twin, None, open_shuffle(pos))
        pos.pile(dest).append(shuffled)


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
    pos.own("moving").append(str(pos.pile(pile).pop(0)))
    pos.then(("take", pile, count - 1))


def bag_on(pos: Position, pile: str) -> None:
    """The cards in hand go back on top of the pile as one bag (R-BS-UPG-6, D-BS-SOLO-6)."""
    if pos.moving:
        pos.pile(pile)[:0] = [bag(pos.moving, pos.rules.twin, None, open_shuffle(pos))]
        pos.moving = []
