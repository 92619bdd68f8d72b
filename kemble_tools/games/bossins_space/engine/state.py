"""Bossin' Space solo as a State (engine/api.py): the player's decisions (the draft, each
column's card, the answers to choices), chance nodes where a bag is drawn from with chance left
open, and between them the stack of tasks (engine/flow.py, engine/effects.py) run to the next
decision."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.api import IllegalAction, Observer
from kemble_tools.games.bossins_space.engine import board, choices, crew, effects, flow, keys, piles
from kemble_tools.games.bossins_space.engine.model import (
    CHOOSE,
    COOL,
    DRAW,
    END,
    EXCHANGE,
    KEEP,
    LAY,
    ONGOING,
    PEEK,
    PLAY,
    REVERSED,
    SEAT,
    SHARED,
    USE,
    WON,
    Position,
    draft_keeps,
)
from kemble_tools.games.bossins_space.engine.setup import initial
from kemble_tools.games.bossins_space.engine.words import action_to_string, string_to_action

TASKS = {**flow.TASKS, **effects.TASKS}
MODES = {USE: "used", COOL: "cooled", LAY: "skipped"}


class State(Position):
    """A solo position; apply_action changes it in place, child() leaves it as it was."""

    def current_player(self) -> int | None:
        if self.is_terminal():
            return None
        return -1 if self.chance is not None else 0

    def is_terminal(self) -> bool:
        return self.outcome != ONGOING

    def is_chance_node(self) -> bool:
        return self.chance is not None and not self.is_terminal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return piles.outcomes(self) if self.is_chance_node() else []

    def returns(self) -> list[float]:
        return [1.0 if self.outcome == WON else 0.0]

    def clone(self) -> State:
        """A position that shares the rules, and every list and dict with this one until one
        of the two changes it (Position.own)."""
        values = self.__dict__
        values["owned"] = SHARED
        twin = State.__new__(State)
        twin.__dict__ = values.copy()
        return twin

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        # an independent position of the same game: the rules are shared, never copied
        # (OpenSpiel clones Python states with copy.deepcopy)
        return self.clone()

    def child(self, action: int, observer: Observer | None = None) -> State:
        twin = self.clone()
        twin.apply_action(action, observer)
        return twin

    def key(self) -> bytes:
        return keys.key(self)

    def action_to_string(self, action: int) -> str:
        return action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        return string_to_action(self, text)

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.chance is not None:
            return [action for action, _ in piles.outcomes(self)]
        if self.pending is not None:
            return list(self.pending[1])
        if self.phase in ("draft1", "draft2"):
            return list(self.keeps())
        if self.phase == "end":
            return [END]
        if self.phase == "plays":
            return crew_actions(self)
        return [word + i for word in self.lay_words() for i in range(len(self.kept))]

    def keeps(self) -> tuple[int, ...]:
        """The draft's keeps (R-BS-SOLO-3, D-BS-SOLO-3)."""
        keep, count = self.rules.draft[0 if self.phase == "draft1" else 1][1], len(self.drawn)
        return draft_keeps(count, min(keep, count), count - keep > 1)

    def lay_words(self) -> tuple[int, ...]:
        """How the kept cards may go into this column: `lay` only where a Boss EMP skips the
        Command card, and only there (D-BS-SOLO-5); else use or cool."""
        return (LAY,) if self.boss_emp == self.column else (USE, COOL)

    def is_legal(self, action: int) -> bool:
        """Whether `action` is one of `legal_actions()`: a choice's answers, the draft's keeps
        and the Timeline's words are checked without listing them (every transition asks)."""
        if self.outcome == ONGOING and self.chance is None:
            if self.pending is not None:
                return action in self.pending[1]
            if self.phase == "timeline":
                word, index = divmod(action, 100)  # USE, COOL, LAY + the kept card's index
                return word * 100 in self.lay_words() and index < len(self.kept)
            if self.phase in ("draft1", "draft2"):
                return action in self.keeps()
        return action in self.legal_actions()

    def apply_action(self, action: int, observer: Observer | None = None) -> None:
        if not self.is_legal(action):
            raise IllegalAction(*self.refusal(action))
        text = self.action_to_string(action) if observer is not None else ""
        self.own("stack")  # the work to do changes all along
        if self.chance is not None:
            piles.resolve_chance(self, action)
        elif self.pending is not None:
            choices.answer(self, action)
        elif self.phase in ("draft1", "draft2"):
            self.keep(action - KEEP)
        elif action == END:
            flow.end_round(self)
        elif self.phase == "plays":
            text += self.crew_step(action)
        else:
            self.lay(action)
        self.settle()
        if observer is not None:
            observer.record([("event", text)])

    def refusal(self, action: int) -> tuple[str, str]:
        """The rule an illegal action breaks (D-BS-CMD-9)."""
        if self.is_terminal():
            return "D-BS-END-1", "the game is over"
        if self.chance is not None:
            return "D-BS-SOLO-6", "not a card this draw can give"
        if action == END:
            return "R-BS-RND-8", "end before column 4's steps have resolved"
        if self.pending is not None:
            return choices.refused(self, action)
        if self.phase in ("draft1", "draft2"):
            return "R-BS-SOLO-3", "keep exactly 2 of the cards just drawn"
        if self.phase == "plays" or action >= EXCHANGE:
            return crew_refusal(self, action)
        if CHOOSE <= action < END:
            return "D-BS-CMD-9", "choose with nothing pending"
        if self.phase == "end":
            return "R-BS-RND-8", "the four columns are done: end the round"
        if LAY <= action < CHOOSE or self.boss_emp == self.column:
            return "D-BS-SOLO-5", "lay is the only word in a column a Boss EMP skips"
        return "R-BS-SOLO-4", "use or cool of a card not kept or already laid"

    # --- the player's steps ----------------------------------------------------------------------
    def keep(self, mask: int) -> None:
        """R-BS-SOLO-3: the kept cards join the Timeline's; the rest go under the deck in the
        order drawn, or reversed (D-BS-SOLO-3: the player orders them)."""
        chosen = [c for i, c in enumerate(self.drawn) if mask >> i & 1]
        under = [c for i, c in enumerate(self.drawn) if not mask >> i & 1]
        self.pile("command_deck").extend(under[::-1] if mask & REVERSED else under)
        twin = self.rules.twin  # kinds together, so equal keys mean equal indexes (solve.py)
        self.kept = sorted(self.kept + chosen, key=lambda card: (twin[card], card))
        self.drawn = []
        if self.phase == "draft1":  # D-BS-SOLO-2: the second draw after the first put-back
            self.phase = "drawing"
            self.then(*[("draw_command",)] * self.rules.draft[1][0])
        else:
            self.phase = "timeline"

    def lay(self, action: int) -> None:
        """D-BS-RND-4 step 6a: use, cool (R-BS-HEAT-4, with Lasers level 3 by 2) or lay under
        a Boss EMP (D-BS-SOLO-5)."""
        base = LAY if action >= LAY else COOL if action >= COOL else USE
        mode = MODES[base]
        card = self.own("kept").pop(action - base)
        self.own("laid").append((card, mode))
        self.part, self.hits, self.emp = "command", {}, False
        if mode == "cooled":
            board.cool(self, 2 if self.levels["lasers"] >= 3 else 1)  # D-BS-HEAT-2
        if mode != "used" or not crew.ask_before_use(self, card):
            self.then(*flow.command_steps(self, card, mode))

    def crew_step(self, action: int) -> str:
        """A face-down play, the Captain's exchange or the Hacker's look; what it showed."""
        if action == EXCHANGE:
            crew.exchange(self)
        elif action == PEEK:
            return ": " + (" ".join(crew.peek(self)) or "the Enemy deck is empty")
        else:
            seat, index = divmod(action - PLAY, SEAT)
            crew.play(self, seat, self.hands[seat][index])
        return ""

    def settle(self) -> None:
        """Run the stack until a decision, a chance draw or the end; a draft starts once its
        cards are drawn."""
        stack, tasks = self.stack, TASKS
        while stack and self.pending is None and self.chance is None:
            if self.outcome != ONGOING:
                stack.clear()
                break
            task = stack.pop()
            tasks[task[0]](self, *task[1:])
        if self.outcome != ONGOING:
            self.phase, self.stack, self.pending, self.chance = "over", [], None, None
        elif not stack and self.pending is None and self.chance is None:
            if self.phase == "start":
                self.phase = "draft1" if len(self.rules.players) == 1 else "plays"
            elif self.phase == "drawing":
                self.phase = "draft2"


def crew_actions(pos: Position) -> list[int]:
    """R-BS-RND-2 (2) and (4): the exchange before the first play, the Hacker's look, and each
    seat's face-down plays (R-BS-PLY-1…4)."""
    found = []
    if not pos.exchanged and not pos.played and pos.hands[pos.captain]:
        found.append(EXCHANGE)
    if crew.captain_role(pos) == "hacker":
        found.append(PEEK)
    for seat, hand in enumerate(pos.hands):
        if crew.plays_left(pos, seat) > 0:
            found += [PLAY + seat * SEAT + i for i in range(len(hand))]
    return found


def crew_refusal(pos: Position, action: int) -> tuple[str, str]:
    if pos.phase != "plays":
        return "R-BS-RND-2", "plays, the exchange and the Hacker's look come before the Timeline"
    if action == EXCHANGE:
        return "R-BS-CAP-3", "the Captain exchanges once, before the first play"
    if action == PEEK:
        if pos.rules.crews[pos.captain] == "hacker":
            return "R-BS-CREW-6", "the Hacker looks once a round"
        return "R-BS-CAP-2", "only the Captain's own Crew ability, and the Captain is no Hacker"
    if action >= PLAY:
        rule = f"R-BS-PLY-{len(pos.rules.players) - 1}"
        return rule, "that player has played every card the player count asks"
    return "R-BS-RND-4", "the Timeline waits for the 4 face-down cards"


def full_game(
    bundle: dict[str, Any], level: str, boss: str, seed: int = 0, open_chance: bool = False
) -> State:
    """A whole solo game from the rules' setup (R-BS-SET-*, R-BS-SOLO-1): every pile shuffled,
    4 Enemy cards dealt, the Boss under the Enemy deck; `max_rounds` as a scenario's default."""
    scenario = {"id": "full-game", "variant": "solo", "level": level, "boss": boss}
    scenario |= {"seed": seed, "deal": True, "title": f"A whole game, {level}, {boss}"}
    content = {**bundle, "scenarios": {**bundle["scenarios"], "full-game": scenario}}
    return new_game(content, "full-game", open_chance)


def new_game(
    bundle: dict[str, Any], scenario_id: str, open_chance: bool = False, seed: int | None = None
) -> State:
    """A scenario's position at the start of its first round, chance drawn from the seed (the
    scenario's, or `seed`) unless `open_chance` (the solver's chance nodes)."""
    state = State.__new__(State)
    initial(state, bundle, scenario_id, open_chance, seed)
    flow.start_round(state)
    if bundle["scenarios"][scenario_id].get("deal"):  # R-BS-SET-5, D-BS-SET-3: before all
        state.then(*(("place", column, "top_open_row", False) for column in range(1, 5)))
    state.settle()
    return state


__all__ = ["DRAW", "State", "full_game", "new_game"]
