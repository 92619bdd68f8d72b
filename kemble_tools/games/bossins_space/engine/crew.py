"""Crew play, 2-5 players (R-BS-PLY-*, R-BS-CAP-*, R-BS-CREW-*): hands refilled each round,
the Round Captain's hand exchange, the face-down plays until 4 cards are down, the Captain
rotating clockwise, and the five Crew abilities, usable once a round while their owner is
Captain. The Pilot, Gunner and Mechanic are choices raised at their moment; the Scientist's bonus
is automatic (D-BS-CREW-2); the Hacker peeks at the Enemy deck (D-BS-CREW-3). Which Command
kinds the Pilot and the Gunner change is the kinds' data (`crew:` in bs_kinds)."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.bossins_space.engine import board, piles
from kemble_tools.games.bossins_space.engine.model import NAME, Position
from kemble_tools.games.bossins_space.engine.programs import kind_entry

# A Command card's printed slot (its ctx's third part) says how the Captain's Crew changed it.
PLAIN, PILOTED, GUNNER_LEFT, GUNNER_RIGHT = 0, 1, 2, 3
GUNNER_STEP = {GUNNER_LEFT: -1, GUNNER_RIGHT: 1}


def captain_role(pos: Position) -> str | None:
    """The Captain's Crew role while its ability is unused this round (R-BS-CAP-2)."""
    if len(pos.rules.players) < 2 or pos.ability_used:
        return None
    return pos.rules.crews[pos.captain]


def plays_left(pos: Position, seat: int) -> int:
    """R-BS-PLY-1…4: the cards a seat still plays face down this round."""
    captain_plays, other_plays = pos.rules.plays
    owed = captain_plays if seat == pos.captain else other_plays
    return owed - sum(1 for who, _ in pos.played if who == seat)


def refill_tasks(pos: Position) -> list[tuple[Any, ...]]:
    """R-BS-RND-2 (1): every player draws up to the hand limit, seat by seat."""
    return [
        ("draw_to", seat)
        for seat, hand in enumerate(pos.hands)
        for _ in range(pos.rules.hand_limit - len(hand))
    ]


def exchange(pos: Position) -> None:
    """R-BS-CAP-3, D-BS-CAP-1: the whole hand to the discards, as many drawn again."""
    hand = pos.hands[pos.captain]
    pos.pile("command_discard").extend(hand)
    pos.own("hands")[pos.captain] = []
    pos.exchanged = True
    pos.then(*[("draw_to", pos.captain)] * len(hand))


def play(pos: Position, seat: int, card: str) -> None:
    """R-BS-PLY-5: face down; once 4 are down the Captain reveals them (R-BS-RND-4)."""
    pos.own("hands")[seat].remove(card)
    pos.own("played").append((seat, card))
    if len(pos.played) == 4:
        twin = pos.rules.twin
        pos.kept = sorted((c for _, c in pos.played), key=lambda c: (twin[c], c))
        pos.phase = "timeline"


def peek(pos: Position) -> list[str]:
    """D-BS-CREW-3: the top 2 Enemy cards, looked at and left in their order."""
    pos.ability_used = True
    deck, seen = pos.pile("enemy_deck"), []
    for _ in range(2):
        if not deck or not piles.ready(pos, "enemy_deck", ("noop",)):
            break
        seen.append(str(deck.pop(0)))
    deck[:0] = seen
    return seen


def draw_to(pos: Position, seat: int) -> None:
    """One Command card into a hand (R-BS-RND-3, D-BS-RND-2: the discards reshuffled)."""
    if not pos.piles["command_deck"]:
        piles.reshuffle(pos, "command_discard", "command_deck")
    if piles.ready(pos, "command_deck", ("draw_to", seat)):
        card = piles.pop(pos, "command_deck")
        if card is not None:
            pos.own("hands")[seat].append(card)


def crew_of_kind(pos: Position, card: str) -> list[str]:
    return list(kind_entry(pos.rules, "command", pos.card(card)["kind"]).get("crew") or [])


def ask_before_use(pos: Position, card: str) -> bool:
    """The Pilot's and the Gunner's moment: before a card of a kind they change is used
    (R-BS-CREW-2, R-BS-CREW-4). True if a choice is now pending."""
    role = captain_role(pos)
    if role is None or role not in crew_of_kind(pos, card):
        return False
    names = pos.rules.names
    if role == "pilot" and pos.card(card).get("dir") in ("left", "right"):
        options = ["pilot", "keep"]
    elif role == "gunner":
        sides = [s for s, step in (("left", -1), ("right", 1)) if 1 <= pos.ship + step <= 4]
        options = [*sides, "own"]
    else:
        return False
    pos.ask("crew", [NAME + names.index(o) for o in options], ("crew_use", card))
    return True


def slot_of(answer: str) -> int:
    """How the Captain's answer changes the card (its printed slot)."""
    return {"pilot": PILOTED, "left": GUNNER_LEFT, "right": GUNNER_RIGHT}.get(answer, PLAIN)


def rise(pos: Position, amount: int) -> None:
    """Heat rises one at a time (D-BS-HEAT-4); the Mechanic may cancel one (R-BS-CREW-3)."""
    if amount <= 0:
        return
    if captain_role(pos) != "mechanic":
        board.add_heat(pos, amount)
        return
    names = pos.rules.names
    options = [NAME + names.index("mechanic"), NAME + names.index("take")]
    pos.ask("crew", options, ("crew_heat", amount))


def heat_answer(pos: Position, amount: int, given: str) -> None:
    if given == "mechanic":
        pos.ability_used = True
    else:
        board.add_heat(pos, 1)
    pos.then(("rise", amount - 1))


def scientist_bonus(pos: Position) -> list[tuple[Any, ...]]:
    """R-BS-CREW-5, D-BS-CREW-2: +1 XP with the round's first Enemy defeated."""
    if captain_role(pos) != "scientist":
        return []
    pos.ability_used = True
    return [("xp", 1)]


def end_round(pos: Position) -> None:
    """R-BS-RND-6, R-BS-CAP-1: the next player clockwise becomes Captain."""
    if len(pos.rules.players) > 1:
        pos.captain = (pos.captain + 1) % len(pos.rules.players)
    pos.played, pos.exchanged, pos.ability_used = [], False, False
