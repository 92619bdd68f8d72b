"""Scrolling (R-SCR-*), the new row (R-SCR-5..7), and the start of the next round."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import Frame, run_after
from kemble_tools.games.kembles_cascade.engine.rules.boss import (
    boss_in_play,
    check_boss_defeat,
    check_boss_left,
    reveal_boss,
)
from kemble_tools.games.kembles_cascade.engine.rules.events import fire_event, fire_global
from kemble_tools.games.kembles_cascade.engine.rules.players import (
    add_threat,
    drop_modifiers,
    pay_global_bellonium,
)
from kemble_tools.games.kembles_cascade.engine.rules.scoring import game_over
from kemble_tools.games.kembles_cascade.engine.state import (
    NO_EVENT,
    SENSOR,
    TURN_CHOICE,
    State,
    event,
)
from kemble_tools.games.kembles_cascade.engine.threat import threat_for

ROW_1 = frozenset({0})


def scroll(g: Any, s: State) -> None:
    """R-SCR-1: ships in the bottom row are pushed up (in turn order), then the rows move."""
    if s.height <= 1:  # R-SCR-9
        game_over(g, s, "only one row of space is left")
        return
    bottom = (s.height - 1) * s.width
    pushes = tuple(g.steps("push_up", i) for i in s.order if s.players[i].pos >= bottom)
    rows = g.steps.frame("scroll_rows")
    run_after(g, s, Frame((*pushes, *rows.steps)) if pushes else rows, len(s.frames))


def scroll_rows(g: Any, s: State, step: Any = None, frame: Any = None) -> None:
    """R-SCR-3..8: remove the bottom row; rows move down and a new row arrives, or, with the
    deck empty, the play area shrinks."""
    quadrants = g.tables.quadrants
    width, height = s.width, s.height
    bottom_cells = s.cells[(height - 1) * width :]
    pushed = bool(s.boss_rows_pending or s.deck)  # D-OBJ-2: only a new row pushes out
    triggers = ("on_scroll_out", "on_pushed_out") if pushed else ("on_scroll_out",)
    for q in bottom_cells:
        quadrant = quadrants[q]
        ref = quadrant.ref
        for trigger in triggers:
            if trigger in g.owned_triggers or trigger in quadrant.hooks or quadrant.borrows_special:
                fire_event(g, s, ref, trigger, event(quadrant=ref, shown=q), quadrant)
    leaving = [quadrants[q].card for q in bottom_cells[::2]]
    part_of_boss_left = check_boss_left(g, s, leaving, s.cells[: (height - 1) * width])
    mark = len(s.frames)  # the next round starts after the hooks of the new row
    new_row = deal_row(g, s)
    shift = width if new_row else 0
    bottom = (height - 1) * width
    for player in s.players:
        if player.pos >= bottom:
            player.pos = -1  # scrolled out with its card: astral (R-AST-1)
            player.pending = None
        elif player.pos >= 0:
            player.pos += shift
    kept = s.cells[:bottom]
    if leaving and s.markers:
        s.markers = tuple(m for m in s.markers if m[0] // 2 not in leaving)
    if new_row:
        cells = tuple(q for card in new_row for q in g.dealt_side(card))
        s.cells = cells + kept
        new_row_arrived(g, s, cells)
    else:
        s.cells = kept
    if part_of_boss_left:
        check_boss_defeat(g, s)  # D-BOS-4: the parts still in play are all that count
    run_after(g, s, g.steps.frame("next_round"), mark)


def deal_row(g: Any, s: State) -> tuple[int, ...] | None:
    """R-SCR-5: the next row from the boss's rows still to come or the space deck (R-BOS-1:
    a Boss Warning card never shares a row)."""
    if s.boss_rows_pending:
        row, s.boss_rows_pending = s.boss_rows_pending[0], s.boss_rows_pending[1:]
        return row
    if not s.deck:
        return None  # R-SCR-8
    cards = g.tables.cards
    first = cards[s.deck[0]]
    if first.warning >= 0:
        return reveal_boss(g, s, first.warning)
    per_row = s.width // 2
    count = next(
        (i for i, card in enumerate(s.deck[:per_row]) if cards[card].warning >= 0), per_row
    )
    row, s.deck = s.deck[:count], s.deck[count:]
    return row


def new_row_arrived(g: Any, s: State, cells: tuple[int, ...]) -> None:
    for index, player in enumerate(s.players):  # R-SCR-6, D-SCR-2
        if player.pos >= 0 and player.pos // s.width == 1 and not player.astral:
            add_threat(s, index, threat_for(g, s, player.pos, rows=ROW_1))
    quadrants = g.tables.quadrants
    owned = "on_revealed" in g.owned_triggers
    for q in cells:
        quadrant = quadrants[q]
        if quadrant.global_bellonium:
            pay_global_bellonium(s, quadrant.global_bellonium)  # R-SCR-7
        if owned or "on_revealed" in quadrant.hooks or quadrant.borrows_special:
            ref = quadrant.ref
            fire_event(g, s, ref, "on_revealed", event(quadrant=ref), quadrant)


def next_round(g: Any, s: State, step: Any = None, frame: Any = None) -> None:
    if s.outcome:
        return
    if s.boss >= 0 and not s.boss_defeated and not boss_in_play(g, s):
        game_over(g, s, "the boss left the play area undefeated")
        return
    s.round += 1
    for player in s.players:
        drop_modifiers(g, player, ("round", "turn"))
    s.order_index = 0
    played = tuple(p.sensor for p in s.players if p.sensor >= 0)
    s.sensor_discard = (*s.sensor_discard, *played)  # R-SEN-2: up until now
    for player in s.players:
        player.sensor = -1
    s.phase = SENSOR if any(p.hand_sensors for p in s.players) else TURN_CHOICE
    fire_global(g, s, "on_round_start", NO_EVENT)
