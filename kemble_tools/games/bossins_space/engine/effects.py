"""The interpreter of Bossin' Space's compiled effect DSL: each action of the vocabulary
(vocabulary/actions.py) as what it does to a Position. Work that can pause (a choice, a chance
draw) or that must wait for an earlier step (XP before a discard, D-BS-UPG-8) is pushed on the
position's stack as a task and run by engine/state.py's loop; TASKS names them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kemble_tools.dsl.ir import Act, Select
from kemble_tools.games.bossins_space.engine import board, crew, piles
from kemble_tools.games.bossins_space.engine.choices import add_cards_tasks, choose, gain
from kemble_tools.games.bossins_space.engine.expressions import (
    STEP,
    arg,
    columns_arg,
    select,
    select_this,
    value,
    word,
)
from kemble_tools.games.bossins_space.engine.model import (
    BOSS_SPACE,
    NAME,
    Ctx,
    Position,
)
from kemble_tools.games.bossins_space.engine.programs import intern, kind_program, own_program

Task = tuple[Any, ...]
DECKS = {"enemy": "enemy_deck", "command": "command_deck", "threat": "threat_deck"}
DECKS["advanced"] = "advanced_deck"


def run_ops(pos: Position, program: int, pc: int, ctx: Ctx) -> None:
    ops = pos.rules.programs[program]
    if pc + 1 < len(ops):
        pos.stack.append(("ops", program, pc + 1, ctx))
    if pc < len(ops):
        act = ops[pc]
        ACTIONS[act.action](pos, act.args, ctx)


def push_ops(pos: Position, ops: Sequence[Act] | None, ctx: Ctx) -> None:
    if ops:
        pos.then(("ops", intern(pos.rules, ops), 0, ctx))


# --- damage --------------------------------------------------------------------------------------
def damage(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    amount, overflow = int(arg(pos, args, "amount", ctx, 1)), bool(arg(pos, args, "overflow", ctx))
    to = args["to"]
    if isinstance(to, Select) and to.name == "nearest_enemy":
        columns = columns_arg(pos, to, ctx)
        pos.then(*(("strike", c, amount, overflow) for c in columns))
        return
    who = [board.occupant(pos, t) for t in select(pos, to, ctx)]
    pos.then(*(("hit", w, amount) for w in who if w is not None))


def strike(pos: Position, column: int, left: int, overflow: bool) -> None:
    """One point to the column's nearest target; with overflow the rest goes on to the next
    target once it is defeated (R-BS-CMD-8, D-BS-CMD-5), else the rest is lost."""
    found = board.targets(pos, column)
    if not found or left <= 0:
        return
    who = board.occupant(pos, found[0])
    assert who is not None
    rest = [("strike", column, left - 1, overflow)] if left > 1 else []
    if board.point(pos, who):
        pos.then(*defeat(pos, who), *(rest if overflow else []))
    else:
        pos.then(*rest)


def hit(pos: Position, who: str, left: int) -> None:
    """Points to one named target, no overflow."""
    if left > 0 and ((who == board.BOSS and pos.boss_status == "in_play") or board.where(pos, who)):
        if board.point(pos, who):
            pos.then(*defeat(pos, who))
        else:
            pos.then(("hit", who, left - 1))


def defeat(pos: Position, who: str) -> list[Task]:
    """A defeated Enemy: its XP, its own on_destroyed effects, then its discard and the
    column's packing (R-BS-DMG-3, D-BS-UPG-8); the Boss's own on_destroyed effects."""
    if who == board.BOSS:
        own = own_program(pos.rules, "boss", pos.boss_side, "on_destroyed")
        return [] if own is None else [("ops", own, 0, ("boss", pos.boss_side, -1, None))]
    own = own_program(pos.rules, "enemy", who, "on_destroyed")
    after = [] if own is None else [("ops", own, 0, ("enemy", who, -1, None))]
    bonus = crew.scientist_bonus(pos)
    return [("xp", int(pos.card(who).get("xp", 0))), *bonus, *after, ("discard", who)]


def destroy(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """Outright, left to right, never the Boss (R-BS-CMD-12, D-BS-CMD-6); with reward, XP card
    by card; without, a plain discard (R-BS-ENE-10)."""
    reward = bool(arg(pos, args, "reward", ctx, True))
    who = [board.occupant(pos, t) for t in select(pos, args["target"], ctx)]
    pos.then(*(("destroy", w, reward) for w in who if w not in (None, board.BOSS)))


def destroy_one(pos: Position, who: str, reward: bool) -> None:
    if board.where(pos, who) is None:
        return
    if reward:
        pos.then(*defeat(pos, who))
    else:
        board.leave(pos, who)


# --- the Ship ------------------------------------------------------------------------------------
def attack_ship(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """R-BS-THR-2 (left out, the amount is the strongest Enemy's in the Ship's column,
    D-BS-THR-1), R-BS-ENE-7, D-BS-BOSS-5; `wide` also the next columns."""
    columns = set(arg(pos, args, "columns", ctx, []))
    if arg(pos, args, "wide", ctx, False):
        columns |= {c + d for c in columns for d in (-1, 1)}
    if pos.ship not in columns:
        return
    amount = arg(pos, args, "amount", ctx)
    if amount is None:
        cells = [pos.grid[r][pos.ship - 1] for r in range(3)]
        amount = max((int(pos.card(c[0])["damage"]) for c in cells if c), default=0)
    board.damage_ship(pos, int(amount))


def move_ship(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    side = word(pos, args, "dir", ctx, "dir")
    board.ship_move(pos, STEP[side] * int(arg(pos, args, "distance", ctx, 1)))


def teleport(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    found = arg(pos, args, "to", ctx, [])
    if found:
        pos.ship = int(found[0])  # R-BS-CMD-10


# --- cards on the grid ---------------------------------------------------------------------------
def move_card(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    to = word(pos, args, "to", ctx, "dir")
    prefer = word(pos, args, "prefer", ctx, "prefer") if "prefer" in args else None
    targets = select(pos, args["card"], ctx) if "card" in args else select_this(pos, ctx)
    for who in (board.occupant(pos, t) for t in targets):
        if who is not None and not (who == board.BOSS and ctx[0] == "threat"):  # R-BS-THR-1
            move_one(pos, who, to, prefer)


def move_one(pos: Position, who: str, to: str, prefer: str | None) -> None:
    """D-BS-GEO-4 b, R-BS-ENE-4/5, D-BS-ENE-2, D-BS-BOSS-4/10: toward from the Ship's column
    does nothing; an ambiguous away takes the one open side, else the preference, else the
    Captain chooses (R-BS-ENE-12)."""
    column = board.column_of(pos, who)
    if column is None:
        return
    if to in STEP:
        board.move_sideways(pos, who, column + STEP[to])
        return
    if column != pos.ship:
        toward = 1 if pos.ship > column else -1
        board.move_sideways(pos, who, column + (toward if to == "toward" else -toward))
        return
    if to == "toward":
        return
    sides = [s for s in ("left", "right") if board.can_move(pos, who, column + STEP[s])]
    if who == board.BOSS:
        prefer = prefer or board.boss_preference(pos)
    if len(sides) == 2 and prefer is None:
        names = pos.rules.names
        pos.ask("side", [NAME + names.index(s) for s in sides], ("move", who))
        return
    side = prefer if prefer in sides else (sides[0] if sides else None)
    if side is not None:
        board.move_sideways(pos, who, column + STEP[side])


def place_enemy(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    at, again = arg(pos, args, "at", ctx, "below"), bool(arg(pos, args, "reshuffle", ctx))
    if at == "below":
        this = select_this(pos, ctx)
        who = board.occupant(pos, this[0]) if this else None
        if who is not None:
            pos.then(("insert", who, again))
        return
    pos.then(*(("place", c, at, again) for c in arg(pos, args, "column", ctx, [])))


def place(pos: Position, column: int, at: str, again: bool) -> None:
    """D-BS-GEO-4 e: only onto an open free space, and no card is drawn without one."""
    if at == "top_open_row":  # D-BS-THR-3: the highest row the Boss has not closed
        top = pos.boss_row
        row = top if top < 3 and pos.grid[top][column - 1] is None else None
    else:
        row = board.open_space(pos, column)
    if row is None or not piles.enemy_ready(pos, ("place", column, at, again), again):
        return
    card = piles.draw_enemy(pos)
    if card is not None:
        pos.own("grid")[row][column - 1] = (card, 0)
        arrive(pos, card)


def insert(pos: Position, who: str, again: bool) -> None:
    """R-BS-ENE-8, D-BS-ENE-1, D-BS-BOSS-4: directly below this card (the Boss: below its row),
    pushing the cards below down; what is pushed out of row C crosses the line, and a card
    placed in row D crosses at once."""
    at = board.where(pos, who) if who != board.BOSS else (pos.boss_row - 1, pos.boss_column)
    if at is None or at[1] is None or not piles.enemy_ready(pos, ("insert", who, again), again):
        return
    card = piles.draw_enemy(pos)
    if card is None:
        return
    row, column = at[0] + 1, int(at[1])
    if row == 3:
        pos.then(*cross(pos, card))
        return
    taken = pos.grid[row][column - 1] is not None  # only a taken space pushes (D-BS-ENE-1)
    pushed_out = pos.grid[2][column - 1] if taken else None
    if pushed_out is not None:
        pos.own("grid")[2][column - 1] = None
    out = cross(pos, pushed_out[0]) if pushed_out is not None else []
    pos.then(*out, ("land", card, row, column))  # the bottom card first


def land(pos: Position, card: str, row: int, column: int) -> None:
    """The inserted card takes its space, the cards below it one row down (D-BS-ENE-1)."""
    grid = pos.own("grid")
    if grid[row][column - 1] is not None:  # a free space is simply taken
        for r in range(2, row, -1):
            grid[r][column - 1] = grid[r - 1][column - 1]
    grid[row][column - 1] = (card, 0)
    arrive(pos, card)


def shift_down(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """R-BS-THR-4, D-BS-THR-3, D-BS-GEO-4 c: the branch is fixed first; row C crosses the line
    left to right (R-BS-ENE-11), then each column is refilled on its top open row, or, the
    deck exhausted, the Boss row counter steps down (R-BS-BOSS-7, D-BS-BOSS-7)."""
    stocked = piles.pile_count(pos.piles["enemy_deck"]) > 0
    leaving = [cell[0] for cell in pos.grid[2] if cell is not None]
    pos.grid = [[None] * 4, pos.grid[0], pos.grid[1]]
    crossing = [task for card in leaving for task in cross(pos, card)]
    if not arg(pos, args, "refill", ctx, True):
        pos.then(*crossing)
    elif stocked:
        pos.then(*crossing, *(("place", c, "top_open_row", False) for c in range(1, 5)))
    else:
        pos.then(*crossing, ("boss_down",))


def boss_down(pos: Position) -> None:
    pos.boss_row = min(pos.boss_row + 1, 3)  # D-BS-BOSS-7: never below row C


def cross(pos: Position, card: str) -> list[Task]:
    """R-BS-ENE-11: the card's own on_cross_line effects, then its damage to the Ship, and it
    is discarded with no XP."""
    own = own_program(pos.rules, "enemy", card, "on_cross_line")
    first = [] if own is None else [("ops", own, 0, ("enemy", card, -1, None))]
    return [*first, ("crossed", card)]


def crossed(pos: Position, card: str) -> None:
    pos.pile("enemy_discard").append(card)
    board.damage_ship(pos, int(pos.card(card)["damage"]))


def arrive(pos: Position, card: str) -> None:
    own = own_program(pos.rules, "enemy", card, "on_revealed")
    if own is not None:
        pos.then(("ops", own, 0, ("enemy", card, -1, None)))


def activate_enemies(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """D-BS-THR-4/7: the list of cards is taken now, in reading order."""
    order = [cell[0] for row in pos.grid for cell in row if cell is not None]
    pos.then(*(("activate", card) for card in order if activates(pos, card)))


def activates(pos: Position, card: str) -> bool:
    own = own_program(pos.rules, "enemy", card, "on_activation")
    return bool(pos.card(card).get("activation")) or own is not None


def activate(pos: Position, card: str) -> None:
    """One card's effects, left then right (R-BS-ENE-1), each from where it then stands
    (D-BS-ENE-6); a card gone before its turn does not act."""
    if board.where(pos, card) is None:
        return
    slots = range(len(pos.card(card).get("activation") or []))
    tasks: list[Task] = [
        ("ops", kind_program(pos.rules, "enemy", card, i), 0, ("enemy", card, i, None))
        for i in slots
    ]
    own = own_program(pos.rules, "enemy", card, "on_activation")
    if own is not None:
        tasks.append(("ops", own, 0, ("enemy", card, -1, None)))
    pos.then(*tasks)


# --- XP and upgrades -----------------------------------------------------------------------------
def add_cards(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    source = DECKS[arg(pos, args, "from", ctx, "advanced")]
    dest = DECKS[arg(pos, args, "to", ctx, "command")]
    count, mix = int(arg(pos, args, "count", ctx, 2)), int(arg(pos, args, "mix", ctx, 2))
    pos.then(*add_cards_tasks(source, count, dest, mix))


# --- choices and control -------------------------------------------------------------------------
def if_(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    push_ops(pos, args["then"] if value(pos, args["condition"], ctx) else args.get("else"), ctx)


def repeat(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """D-BS-UPG-7: the count is fixed now; each run resolves before the next (D-BS-CMD-2)."""
    pos.then(("repeat", intern(pos.rules, args["do"]), int(arg(pos, args, "count", ctx)), ctx))


def run_repeat(pos: Position, program: int, left: int, ctx: Ctx) -> None:
    if left > 0:
        pos.then(("ops", program, 0, ctx), ("repeat", program, left - 1, ctx))


def skip(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """R-BS-CMD-5, D-BS-CMD-3: this column's Threat cards; D-BS-BOSS-3: the next column's
    Command card (nothing in column 4)."""
    if arg(pos, args, "what", ctx) == "next_threat":
        pos.emp = True
    else:
        pos.boss_emp = pos.column + 1 if pos.column < 4 else None


def heal_boss(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    if pos.boss_status == "in_play":  # R-BS-BOSS-6: never above its maximum
        top = int(pos.rules.boss["life"])
        pos.boss_life = min(top, pos.boss_life + int(arg(pos, args, "amount", ctx, 1)))


def flip_card(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """D-BS-BOSS-6: the Boss turns over; life and place stay."""
    found = select(pos, args["card"], ctx) if "card" in args else select_this(pos, ctx)
    if BOSS_SPACE in found:
        pos.boss_side = "back" if pos.boss_side == "front" else "front"


def amount_of(effect: Callable[[Position, int], None]) -> Callable[..., None]:
    def run(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
        effect(pos, int(arg(pos, args, "amount", ctx, 1)))

    return run


ACTIONS: dict[str, Callable[[Position, dict[str, Any], Ctx], None]] = {
    "damage": damage,
    "destroy": destroy,
    "repeat": repeat,
    "damage_ship": amount_of(board.damage_ship),
    "attack_ship": attack_ship,
    "repair_ship": amount_of(board.repair),
    "heat": amount_of(lambda pos, n: pos.then(("rise", n))),  # the Mechanic's moment
    "cool": amount_of(board.cool),
    "move_ship": move_ship,
    "teleport": teleport,
    "move_card": move_card,
    "place_enemy": place_enemy,
    "shift_down": shift_down,
    "activate_enemies": activate_enemies,
    "gain_xp": amount_of(lambda pos, n: pos.then(("xp", n))),
    "lose_xp": amount_of(lambda pos, n: setattr(pos, "xp", max(0, pos.xp - n))),
    "skip": skip,
    "heal_boss": heal_boss,
    "flip_card": flip_card,
    "peek": lambda pos, args, ctx: None,  # information only: the crew's Hacker (D-BS-CREW-3)
    "add_cards": add_cards,
    "choose": choose,
    "if": if_,
}

TASKS: dict[str, Callable[..., None]] = {
    "ops": run_ops,
    "repeat": run_repeat,
    "strike": strike,
    "hit": hit,
    "destroy": destroy_one,
    "discard": lambda pos, who: board.leave(pos, who),
    "xp": gain,
    "place": place,
    "insert": insert,
    "take": piles.take,
    "bag_on": piles.bag_on,
    "activate": activate,
    "land": land,
    "crossed": crossed,
    "boss_down": boss_down,
}
