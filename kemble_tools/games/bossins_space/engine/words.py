"""The action words of one action (the action scripts of docs/bossins-space/rules.md):
`keep CARD CARD [bottom CARD CARD]`, `use CARD`, `cool CARD`, `lay CARD`, `choose VALUE`, `end`,
and a chance node's `draw CARD`. A script's `use CARD VALUE…` is several actions: the use, then
chooses (engine/edges.py's callers split it)."""

from __future__ import annotations

from kemble_tools.engine.api import IllegalAction
from kemble_tools.games.bossins_space.engine import choices
from kemble_tools.games.bossins_space.engine.model import (
    BOSS_SPACE,
    CHOOSE,
    COOL,
    DRAW,
    END,
    EXCHANGE,
    KEEP,
    LAY,
    NAME,
    PEEK,
    PLAY,
    REVERSED,
    ROWS,
    SEAT,
    SPACE,
    USE,
    Position,
)

WORDS = {"use": USE, "cool": COOL, "lay": LAY}


def value_word(pos: Position, action: int) -> str:
    """A choice's answer: a column, a space (A1…C4, boss) or a name."""
    if action >= NAME:
        return pos.rules.names[action - NAME]
    if action >= SPACE:
        target = action - SPACE
        return "boss" if target == BOSS_SPACE else f"{ROWS[target // 4]}{target % 4 + 1}"
    return str(action - CHOOSE)


def action_to_string(pos: Position, action: int) -> str:
    if action >= PLAY:
        seat, index = divmod(action - PLAY, SEAT)
        hand = pos.hands[seat] if seat < len(pos.hands) else []
        card = hand[index] if index < len(hand) else f"#{index}"
        return f"play {pos.rules.players[seat]} {card}"
    if action in (EXCHANGE, PEEK):
        return "exchange" if action == EXCHANGE else "peek"
    if action >= DRAW:
        return f"draw {pos.rules.ids[action - DRAW]}"
    if action == END:
        return "end"
    if CHOOSE <= action < END:
        return f"choose {value_word(pos, action)}"
    if KEEP <= action < USE:
        mask = action - KEEP
        kept = [c for i, c in enumerate(pos.drawn) if mask >> i & 1]
        under = [c for i, c in enumerate(pos.drawn) if not mask >> i & 1]
        bottom = ["bottom", *under[::-1]] if mask & REVERSED else []
        return " ".join(["keep", *kept, *bottom])
    base = max(b for b in (USE, COOL, LAY) if b <= action)
    word = next(w for w, b in WORDS.items() if b == base)
    index = action - base
    card = pos.kept[index] if index < len(pos.kept) else f"#{index}"
    return f"{word} {card}"


def string_to_action(pos: Position, text: str) -> int:
    """Refuses words that name nothing (D-BS-CMD-9); legality is apply_action's."""
    parts = text.split()
    if not parts:
        raise IllegalAction("D-BS-CMD-9", "an empty action")
    word, args = parts[0], parts[1:]
    if word in ("end", "exchange", "peek") and not args:
        return {"end": END, "exchange": EXCHANGE, "peek": PEEK}[word]
    if word == "play" and len(args) == 2:
        return play_action(pos, args[0], args[1])
    if word == "keep":
        return keep_action(pos, args, text)
    if word in WORDS and len(args) == 1:
        if args[0] not in pos.kept:
            raise IllegalAction("R-BS-SOLO-4", f"{args[0]} is not a kept card still to lay")
        return WORDS[word] + pos.kept.index(args[0])
    if word == "choose" and len(args) == 1:
        return answer_action(pos, args[0])
    if word == "draw" and len(args) == 1 and args[0] in pos.rules.numbers:
        return DRAW + pos.rules.numbers[args[0]]
    raise IllegalAction("D-BS-CMD-9", f"not an action this engine reads: {text}")


def answer_action(pos: Position, given: str) -> int:
    """`choose VALUE`: the forms of §4-BS; whether it answers what is asked is legality's."""
    if given in pos.rules.names:
        return NAME + pos.rules.names.index(given)
    if given in ("1", "2", "3", "4"):
        return CHOOSE + int(given)
    if given == "boss":
        return SPACE + BOSS_SPACE
    if len(given) == 2 and given[0] in ROWS and given[1] in "1234":
        return SPACE + ROWS.index(given[0]) * 4 + int(given[1]) - 1
    if given.isdigit():
        raise IllegalAction(choices.column_rule(pos), f"there is no column {given}")
    raise IllegalAction("D-BS-CMD-9", f"{given} is not a column, a space or a name")


def play_action(pos: Position, player: str, card: str) -> int:
    """`play PLAYER CARD`: a card from that player's hand, face down (R-BS-PLY-5)."""
    if player not in pos.rules.players:
        known = ", ".join(pos.rules.players)
        raise IllegalAction("R-BS-PLY-1", f"no player {player} (the players: {known})")
    seat = pos.rules.players.index(player)
    if card not in pos.hands[seat]:
        raise IllegalAction("R-BS-PLY-5", f"{card} is not in {player}'s hand")
    return PLAY + seat * SEAT + pos.hands[seat].index(card)


def keep_action(pos: Position, args: list[str], text: str) -> int:
    """`keep CARD CARD [bottom CARD CARD]`: the bottom order named, the last named lowest."""
    cut = args.index("bottom") if "bottom" in args else len(args)
    kept, bottom = args[:cut], args[cut + 1 :]
    if any(card not in pos.drawn for card in args[:cut] + bottom):
        raise IllegalAction("R-BS-SOLO-3", f"keep names cards not just drawn: {text}")
    mask = sum(1 << pos.drawn.index(card) for card in kept)
    under = [c for i, c in enumerate(pos.drawn) if not mask >> i & 1]
    if bottom and sorted(bottom) != sorted(under):
        raise IllegalAction("R-BS-SOLO-3", f"bottom names other cards than those put back: {text}")
    return KEEP + mask + (REVERSED if bottom and bottom != under and len(under) > 1 else 0)
