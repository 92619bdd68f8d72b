"""What the crew decides inside effects and what its answers do: the choices of `choose`
(D-BS-CMD-7, D-BS-CMD-9), the side of an ambiguous move away (R-BS-ENE-12), and the XP track
with its upgrade paths (R-BS-UPG-*, D-BS-UPG-*)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kemble_tools.dsl.ir import Act
from kemble_tools.games.bossins_space.engine import board, crew, flow
from kemble_tools.games.bossins_space.engine.expressions import STEP, select, value, word
from kemble_tools.games.bossins_space.engine.model import (
    BOSS_SPACE,
    CHOOSE,
    NAME,
    PATHS,
    ROWS,
    SPACE,
    Ctx,
    Position,
)
from kemble_tools.games.bossins_space.engine.programs import intern, kind_entry

Task = tuple[Any, ...]


def gain(pos: Position, amount: int) -> None:
    """R-BS-UPG-1/2, D-BS-UPG-1/3/8: the blue cube stops at each yellow cube, the Captain
    places it at once, and the rest of the XP goes on from the start."""
    while amount > 0 and pos.yellow_left() > 0:
        pos.xp, amount = pos.xp + 1, amount - 1
        if pos.xp >= pos.next_cost():
            pos.xp = 0
            if amount:
                pos.then(("xp", amount))
            names = pos.rules.names
            pos.ask("upgrade", [NAME + names.index(p) for p in open_paths(pos)], ("upgrade",))
            return


def open_paths(pos: Position) -> list[str]:
    """R-BS-UPG-3, D-BS-UPG-5: a path that is not full; structural level k once Missiles,
    Lasers and Deck all have level k."""
    basic = min(pos.levels[p] for p in PATHS[:3])
    found = []
    for path in PATHS:
        if pos.levels[path] >= pos.rules.path_levels[path]:
            continue
        if path == "structural" and pos.levels[path] + 1 > basic:
            continue
        found.append(path)
    return found


def upgrade(pos: Position, path: str) -> None:
    """R-BS-UPG-4…7, D-BS-UPG-2/4/5: at once; the Deck level shuffles the top 2 Command cards
    with the top 2 Advanced cards back on top."""
    pos.own("levels")[path] += 1
    if path == "structural":
        pos.life, pos.max_life = pos.life + 1, pos.max_life + 1
    elif path == "deck":
        pos.then(*add_cards_tasks("advanced_deck", 2, "command_deck", 2))


def add_cards_tasks(source: str, count: int, dest: str, mix: int) -> list[Task]:
    return [("take", dest, mix), ("take", source, count), ("bag_on", dest)]


def choose(pos: Position, args: dict[str, Any], ctx: Ctx) -> None:
    """D-BS-CMD-7, §4-BS: the options are exactly the answers D-BS-CMD-9 does not refuse; a
    choice with none asks nothing (a Portal Launcher with nothing that can move)."""
    options, resume = choice(pos, args, ctx)
    if options:
        kind = next(k for k in ("column", "target", "side", "option") if k in args)
        pos.ask("space" if kind == "target" else kind, options, resume)


def choice(pos: Position, args: dict[str, Any], ctx: Ctx) -> tuple[list[int], Task]:
    names = pos.rules.names
    then = args.get("then") or []
    if "option" in args:
        named = {
            n: ops for n, ops in args["option"].items() if all(can_act(pos, o, ctx) for o in ops)
        }
        progs = tuple((n, intern(pos.rules, ops)) for n, ops in named.items())
        return [NAME + names.index(n) for n in named], ("option", progs, ctx)
    resume = ("chosen", intern(pos.rules, then), ctx)
    if "side" in args:
        return [NAME + names.index(value(pos, s, ctx)) for s in args["side"]], resume
    found = list(value(pos, args["column"] if "column" in args else args["target"], ctx))
    if "column" in args:
        return [CHOOSE + c for c in found], resume
    if then and then[0].action == "choose":  # a target nothing can follow up is refused
        found = [t for t in found if choice(pos, then[0].args, (*ctx[:3], t))[0]]
    return [SPACE + t for t in found], resume


def acts(pos: Position, ops: Sequence[Act], ctx: Ctx) -> bool:
    return all(can_act(pos, op, ctx) for op in ops)


def can_act(pos: Position, op: Act, ctx: Ctx) -> bool:
    """Whether an option's action can do what it says: a move into a column with room
    (D-BS-CMD-4, D-BS-CMD-9); every other action can."""
    if op.action != "move_card":
        return True
    to = word(pos, op.args, "to", ctx, "dir")
    targets = select(pos, op.args["card"], ctx) if "card" in op.args else []
    for who in (board.occupant(pos, t) for t in targets):
        column = board.column_of(pos, who) if who else None
        if column is not None and to in STEP and board.can_move(pos, who, column + STEP[to]):
            return True
    return False


def answer(pos: Position, action: int) -> None:
    """The pending choice's answer resumes what asked it."""
    assert pos.pending is not None
    resume = pos.pending[2]
    pos.pending = None
    if action >= NAME:
        given: Any = pos.rules.names[action - NAME]
    else:
        given = action - SPACE if action >= SPACE else action - CHOOSE
    kind = resume[0]
    if kind == "chosen":
        pos.then(("ops", resume[1], 0, (*resume[2][:3], given)))
    elif kind == "option":
        pos.then(("ops", dict(resume[1])[given], 0, resume[2]))
    elif kind == "crew_use":  # the Pilot or the Gunner (engine/crew.py)
        pos.ability_used = pos.ability_used or (given != "keep" and given != "own")
        pos.then(*flow.command_steps(pos, resume[1], "used", crew.slot_of(given)))
    elif kind == "crew_heat":
        crew.heat_answer(pos, resume[1], given)
    elif kind == "move":
        who = resume[1]
        board.move_sideways(pos, who, (board.column_of(pos, who) or 0) + STEP[given])
    else:
        upgrade(pos, given)


def refused(pos: Position, action: int) -> tuple[str, str]:
    """The rule an answer the pending choice does not offer breaks (D-BS-CMD-9's list)."""
    assert pos.pending is not None
    what, _, resume = pos.pending
    names = pos.rules.names
    given = names[action - NAME] if NAME <= action < NAME + len(names) else None
    if what == "upgrade" and given in PATHS:
        if pos.levels[given] >= pos.rules.path_levels[given]:
            return "R-BS-UPG-3", f"the {given} path is full"
        return "D-BS-UPG-5", "structural level k opens once every other path has level k"
    if what == "column" and CHOOSE <= action < SPACE:
        return column_rule(pos), f"there is no column {action - CHOOSE}"
    if what == "space" and SPACE <= action < NAME:
        return space_refused(pos, action - SPACE)
    if what == "option" and given in STEP and resume[2][3] is not None:  # a Portal's side
        column = board.column_of(pos, board.occupant(pos, resume[2][3]) or "") or 0
        if not 1 <= column + STEP[given] <= 4:
            return "R-BS-GEO-3", f"column {column} has no column to its {given}"
        return "D-BS-CMD-4", f"column {column + STEP[given]} has no available space"
    return "D-BS-CMD-9", f"not an option of the pending {what} choice"


def column_rule(pos: Position) -> str:
    """A column outside 1-4: the rule the card's kind names (`rule` in bs_kinds: the rocket's,
    the Teleport's) where a column is asked, a value of the wrong form elsewhere."""
    if pos.pending is None or pos.pending[0] != "column":
        return "D-BS-CMD-9"
    resume = pos.pending[2]
    card = resume[2][1] if resume[0] == "chosen" and resume[2][0] == "command" else None
    if card is None:
        return "D-BS-CMD-9"
    return str(kind_entry(pos.rules, "command", pos.card(card)["kind"]).get("rule", "D-BS-CMD-9"))


def space_refused(pos: Position, target: int) -> tuple[str, str]:
    """A Portal Launcher's target (R-BS-CMD-6, D-BS-BOSS-1, D-BS-CMD-4)."""
    if target == BOSS_SPACE and pos.boss_status != "in_play":
        return "D-BS-BOSS-1", "the Boss is not in play"
    name = "boss" if target == BOSS_SPACE else f"{ROWS[target // 4]}{target % 4 + 1}"
    if board.occupant(pos, target) is None:
        return "R-BS-CMD-6", f"{name} holds no Enemy card"
    return "D-BS-CMD-4", f"{name} can move to neither side, and another card can"
