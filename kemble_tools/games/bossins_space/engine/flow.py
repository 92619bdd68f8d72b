"""The round of D-BS-RND-4 with one player, as tasks on the position's stack: the Boss's entry,
the Threat reveal, the Boss Threat cards, the solo draft's draws, and each Timeline column's
Command, Threat and Boss Threat steps. The player's decisions (keep, use, cool, lay, end) are
engine/state.py's; everything between them runs from here."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.bossins_space.engine import board, crew, piles
from kemble_tools.games.bossins_space.engine.model import ENDED, ONGOING, WON, Position
from kemble_tools.games.bossins_space.engine.programs import kind_program, own_program

Task = tuple[Any, ...]


def start_round(pos: Position) -> None:
    """Steps 1, 3, 4 and the solo draft (D-BS-SOLO-4); the round's own effects first."""
    pos.phase, pos.column, pos.part, pos.laid, pos.boss_emp = "start", 1, None, [], None
    pos.threats, pos.threat_done = [None] * 4, [None] * 4
    pos.boss_threats, pos.boss_threat_done = [None] * 4, [None] * 4
    reveals = [] if board.all_defeated(pos) else [("reveal", k) for k in range(1, 5)]  # D-BS-TML-3
    if len(pos.rules.players) > 1:  # R-BS-RND-2: hands refilled before the reveal
        hands, draws = crew.refill_tasks(pos), []
    else:  # D-BS-SOLO-4: the solo draft after the Boss Threat cards
        hands, draws = [], [("draw_command",)] * pos.rules.draft[0][0]
    pos.then(*round_effects(pos), ("boss_entry",), *hands, *reveals, ("boss_threats",), *draws)


def round_effects(pos: Position) -> list[Task]:
    """on_round_start: the Boss's current side, then the Enemy cards in reading order."""
    tasks: list[Task] = []
    if pos.boss_status == "in_play":
        own = own_program(pos.rules, "boss", pos.boss_side, "on_round_start")
        if own is not None:
            tasks.append(("ops", own, 0, ("boss", pos.boss_side, -1, None)))
    for row in pos.grid:
        for cell in row:
            own = own_program(pos.rules, "enemy", cell[0], "on_round_start") if cell else None
            if own is not None and cell is not None:
                tasks.append(("ops", own, 0, ("enemy", cell[0], -1, None)))
    return tasks


def boss_entry(pos: Position) -> None:
    """D-BS-RND-1, R-BS-BOSS-3, D-BS-BOSS-1: a revealed Boss enters in the Ship's column with
    full life, at its row counter (D-BS-BOSS-7)."""
    if pos.boss_status == "revealed":
        pos.boss_status, pos.boss_column = "in_play", pos.ship
        pos.boss_life = int(pos.rules.boss["life"])


def reveal(pos: Position, k: int) -> None:
    """D-BS-TML-1/2: one card into column k; an exhausted deck is rebuilt from the used cards,
    except the ones this round has just revealed (R-BS-TML-3)."""
    if not pos.piles["threat_deck"]:
        shown = tuple(c for c in pos.threats if c is not None)
        piles.reshuffle(pos, "threat_used", "threat_deck", keep=shown)
    if not piles.ready(pos, "threat_deck", ("reveal", k)):
        return
    card = piles.pop(pos, "threat_deck")
    if card is not None:
        pos.own("threats")[k - 1] = card
        pos.pile("threat_used").append(card)


def boss_threats(pos: Position) -> None:
    """D-BS-BOSS-2: all four, each in its printed column, once the Boss is in play."""
    if pos.boss_status == "in_play":
        for threat in pos.rules.boss.get("threats", []):
            pos.own("boss_threats")[int(threat["position"]) - 1] = threat["id"]


def draw_command(pos: Position) -> None:
    """D-BS-RND-2, R-BS-RND-3: the deck first, then the discards reshuffled."""
    if not pos.piles["command_deck"]:
        piles.reshuffle(pos, "command_discard", "command_deck")
    if piles.ready(pos, "command_deck", ("draw_command",)):
        card = piles.pop(pos, "command_deck")
        if card is not None:
            pos.own("drawn").append(card)


def command_steps(pos: Position, card: str, mode: str, slot: int = 0) -> list[Task]:
    """Step 6a's card (its effect, then its heat, D-BS-HEAT-3), the win check (D-BS-END-1),
    then steps 6b and 6c and the next column. `slot`: how the Captain's Crew changed the card
    (engine/crew.py)."""
    k = pos.column
    steps: list[Task] = []
    if mode == "used":
        program = kind_program(pos.rules, "command", card, slot)
        steps.append(("ops", program, 0, ("command", card, slot, None)))
        own = own_program(pos.rules, "command", card, "on_used")
        if own is not None:
            steps.append(("ops", own, 0, ("command", card, -1, None)))
        steps.append(("card_heat", card))
    return [*steps, ("win_check",), ("threat", k), ("boss_threat", k), ("column_end",)]


def card_heat(pos: Position, card: str) -> None:
    pos.then(("rise", int(pos.card(card).get("heat", 0))))  # the Mechanic's moment


def win_check(pos: Position) -> None:
    """D-BS-END-1, R-BS-END-4: a loss already ended the game; a Boss at 0 now wins."""
    if pos.outcome == ONGOING and pos.boss_status == "defeated":
        pos.outcome, pos.reason = WON, "boss_defeated"


def threat(pos: Position, k: int) -> None:
    """Step 6b: skipped by this column's EMP, or when all Enemies are defeated (D-BS-TML-3)."""
    pos.part = "threat"
    card = pos.threats[k - 1]
    if card is None:
        return
    if pos.emp or board.all_defeated(pos):
        pos.own("threat_done")[k - 1] = "emp" if pos.emp else "no_enemies"
        return
    pos.own("threat_done")[k - 1] = "resolved"
    tasks = [("ops", kind_program(pos.rules, "threat", card, 0), 0, ("threat", card, 0, None))]
    own = own_program(pos.rules, "threat", card, "on_timeline")
    if own is not None:
        tasks.append(("ops", own, 0, ("threat", card, -1, None)))
    pos.then(*tasks)


def boss_threat(pos: Position, k: int) -> None:
    """Step 6c: its effects left then right with the Boss as this card (D-BS-BOSS-9); only an
    EMP skips it (never D-BS-TML-3)."""
    pos.part = "boss_threat"
    card = pos.boss_threats[k - 1]
    if card is None:
        return
    if pos.emp:
        pos.own("boss_threat_done")[k - 1] = "emp"
        return
    pos.own("boss_threat_done")[k - 1] = "resolved"
    rules = pos.rules
    slots = range(len(pos.card(card).get("effects") or []))
    tasks: list[Task] = [
        ("ops", kind_program(rules, "boss_threat", card, i), 0, ("boss_threat", card, i, None))
        for i in slots
    ]
    own = own_program(rules, "boss_threat", card, "on_timeline")
    if own is not None:
        tasks.append(("ops", own, 0, ("boss_threat", card, -1, None)))
    pos.then(*tasks)


def column_end(pos: Position) -> None:
    pos.part, pos.emp = None, False
    if pos.column == 4:
        pos.phase = "end"
    else:
        pos.column += 1


def end_round(pos: Position) -> None:
    """R-BS-RND-6, D-BS-END-2: the four cards to the discards; the last round ends the game."""
    pos.pile("command_discard").extend(card for card, _ in pos.laid)
    crew.end_round(pos)
    if pos.round >= pos.rules.max_rounds:
        pos.outcome, pos.reason, pos.phase = ENDED, "max_rounds", "over"
        return
    pos.round += 1
    start_round(pos)


TASKS = {
    "boss_entry": boss_entry,
    "reveal": reveal,
    "boss_threats": boss_threats,
    "draw_command": draw_command,
    "card_heat": card_heat,
    "win_check": win_check,
    "threat": threat,
    "boss_threat": boss_threat,
    "column_end": column_end,
    "rise": crew.rise,
    "draw_to": crew.draw_to,
}
