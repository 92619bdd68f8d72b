"""Bossin' Space solo as a State (engine/api.py): the round of D-BS-RND-4 with one player,
column by column (D-BS-RND-3). Orders are the scenario's fixed piles, so no chance node yet.
Command kinds run from their kind ids (kinds.yaml's DSL is not interpreted yet)."""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

from kemble_tools.engine.api import IllegalAction, Observer
from kemble_tools.games.bossins_space.engine import board, commands, threats
from kemble_tools.games.bossins_space.engine.model import (
    BOSS_ROWS,
    CHOOSE,
    COOL,
    END,
    ENDED,
    KEEP,
    LAY,
    ONGOING,
    REVERSED,
    USE,
    WON,
    Position,
    Rules,
    keep_masks,
)
from kemble_tools.games.bossins_space.engine.words import action_to_string, string_to_action


class State(Position):
    """A solo position; apply_action changes it in place, child() leaves it as it was."""

    def current_player(self) -> int | None:
        return None if self.is_terminal() else 0

    def is_terminal(self) -> bool:
        return self.outcome != ONGOING

    def is_chance_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def returns(self) -> list[float]:
        return [1.0 if self.outcome == WON else 0.0]

    def clone(self) -> State:
        return copy.deepcopy(self, {id(self.rules): self.rules})  # the rules are shared

    def child(self, action: int, observer: Observer | None = None) -> State:
        twin = self.clone()
        twin.apply_action(action, observer)
        return twin

    def key(self) -> bytes:
        values = [getattr(self, f.name) for f in fields(self) if f.name != "rules"]
        return repr(values).encode()

    def action_to_string(self, action: int) -> str:
        return action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        return string_to_action(self, text)

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.phase in ("draft1", "draft2"):
            keep = self.rules.draft[0 if self.phase == "draft1" else 1][1]
            masks = keep_masks(len(self.drawn), min(keep, len(self.drawn)))
            orders = (0, REVERSED) if len(self.drawn) - keep > 1 else (0,)
            return [KEEP + m + o for m in masks for o in orders]
        if self.phase == "end":
            return [END]
        if self.pending is not None:
            return commands.choice_options(self)
        indexes = range(len(self.kept))
        if self.boss_emp == self.column:  # D-BS-SOLO-5: `lay` only, and only here
            return [LAY + i for i in indexes]
        return [*(USE + i for i in indexes), *(COOL + i for i in indexes)]

    def apply_action(self, action: int, observer: Observer | None = None) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(*self.refusal(action))
        if self.phase in ("draft1", "draft2"):
            self.keep(action - KEEP)
        elif action == END:
            self.end_round()
        elif self.pending is not None:
            commands.answer(self, action)
            self.after_choice()
        else:
            self.lay(action)
        if observer is not None:
            observer.record([("event", self.action_to_string(action))])

    def refusal(self, action: int) -> tuple[str, str]:
        """The rule an illegal action breaks (D-BS-CMD-9)."""
        if self.is_terminal():
            return "D-BS-END-1", "the game is over"
        if self.phase in ("draft1", "draft2"):
            return "R-BS-SOLO-3", "keep exactly 2 of the cards just drawn"
        if action == END:
            return "R-BS-RND-8", "end before column 4's steps have resolved"
        if self.pending is not None:
            return "D-BS-CMD-9", f"not an option of the pending {self.pending[0]} choice"
        if LAY <= action < CHOOSE or self.boss_emp == self.column:
            return "D-BS-SOLO-5", "lay is the only word in a column a Boss EMP skips"
        if CHOOSE <= action < END:
            return "D-BS-CMD-9", "choose with nothing pending"
        return "R-BS-SOLO-4", "use or cool of a card not kept or already laid"

    # --- the round -----------------------------------------------------------------------
    def start_round(self) -> None:
        """D-BS-RND-4 steps 1, 3, 4, then the draft (D-BS-SOLO-4)."""
        if self.boss_status == "revealed":  # D-BS-BOSS-1
            self.boss_status, self.boss_column = "in_play", self.ship
            self.boss_life = int(self.rules.boss["life"])
        self.threats = [None] * 4
        if not board.all_defeated(self):  # D-BS-TML-3
            self.threats = [self.reveal_threat() for _ in range(4)]
        self.boss_threats = [None] * 4
        if self.boss_status == "in_play":  # D-BS-BOSS-2
            for threat in self.rules.boss.get("threats", []):
                self.boss_threats[int(threat["position"]) - 1] = threat["id"]
        self.phase, self.column, self.laid, self.boss_emp = "draft1", 1, [], None
        self.drawn = self.draw_commands(self.rules.draft[0][0])

    def reveal_threat(self) -> str | None:
        if not self.threat_deck:  # R-BS-TML-3; fixed order for now: the used pile as it lies
            self.threat_deck, self.threat_used = self.threat_used, []
        if not self.threat_deck:
            return None
        card = self.threat_deck.pop(0)
        self.threat_used.append(card)
        return card

    def draw_commands(self, count: int) -> list[str]:
        """D-BS-RND-2: the deck first, then the discards (kept in order for now)."""
        drawn: list[str] = []
        while len(drawn) < count:
            if not self.command_deck:
                self.command_deck, self.command_discard = self.command_discard, []
                if not self.command_deck:
                    break
            drawn.append(self.command_deck.pop(0))
        return drawn

    def keep(self, mask: int) -> None:
        """R-BS-SOLO-3: the kept cards join the Timeline's; the rest go under the deck in the
        order drawn, or reversed (D-BS-SOLO-3: the player orders them)."""
        chosen = [c for i, c in enumerate(self.drawn) if mask >> i & 1]
        under = [c for i, c in enumerate(self.drawn) if not mask >> i & 1]
        self.command_deck += under[::-1] if mask & REVERSED else under
        self.kept += chosen
        if self.phase == "draft1":
            self.phase, self.drawn = "draft2", self.draw_commands(self.rules.draft[1][0])
        else:
            self.phase, self.drawn = "timeline", []

    def lay(self, action: int) -> None:
        """D-BS-RND-4 step 6a: use, cool (R-BS-HEAT-4) or lay under a Boss EMP."""
        mode, index = ("used", action - USE) if action < COOL else ("cooled", action - COOL)
        if action >= LAY:
            mode, index = "skipped", action - LAY
        card = self.kept.pop(index)
        self.laid.append((card, mode))
        self.hits, self.emp = {}, False
        if mode == "cooled":
            self.heat = max(0, self.heat - 1)  # D-BS-HEAT-2
        elif mode == "used":
            commands.use(self, card)
        self.after_choice()

    def after_choice(self) -> None:
        """Once the card asks nothing more: its heat, the checks, then the column's threats."""
        if self.pending is not None:
            return
        card, mode = self.laid[-1]
        if mode == "used":
            board.add_heat(self, int(self.card(card).get("heat", 0)))  # D-BS-HEAT-3
        if self.outcome == ONGOING and self.boss_status == "defeated":  # D-BS-END-1
            self.outcome, self.reason = WON, "boss_defeated"
        self.resolve_threats()

    def resolve_threats(self) -> None:
        """Steps 6b and 6c of D-BS-RND-4, then on to the next column."""
        k = self.column - 1
        threat, boss_threat = self.threats[k], self.boss_threats[k]
        if self.is_terminal() or self.emp:
            pass
        else:
            if threat is not None and not board.all_defeated(self):
                threats.resolve_threat(self, threat)
            if boss_threat is not None and self.outcome == ONGOING:
                threats.resolve_boss_threat(self, boss_threat)
        if self.is_terminal():
            self.phase = "over"
        elif self.column == 4:
            self.phase = "end"
        else:
            self.column += 1

    def end_round(self) -> None:
        """R-BS-RND-6 and D-BS-END-2."""
        self.command_discard += [card for card, _ in self.laid]
        if self.round >= self.rules.max_rounds:
            self.outcome, self.reason, self.phase = ENDED, "max_rounds", "over"
            return
        self.round += 1
        self.start_round()


def new_game(bundle: dict[str, Any], scenario_id: str) -> State:
    """A scenario's position at the start of its first round (fixed pile orders only)."""
    rules, scenario = Rules.from_bundle(bundle, scenario_id)
    state = State(rules)
    ship = scenario.get("ship", {})
    state.ship = int(ship.get("column", 2))
    state.life = int(ship.get("life", 3))
    state.max_life = max(rules.start_life, state.life)  # R-BS-LIFE-1, D-BS-LIFE-1
    state.heat = int(ship.get("heat", 0))
    state.upgrades = dict(scenario.get("upgrades", {}))
    for r, name in enumerate(("A", "B", "C")):
        row = scenario.get("grid", {}).get(name, [None] * 4)
        state.grid[r] = [None if card is None else (card, 0) for card in row]
    boss = scenario.get("boss", {})
    state.boss_status = boss.get("status", "hidden")
    state.boss_column = boss.get("column")
    state.boss_row = BOSS_ROWS.index(boss.get("row", "strip"))
    state.boss_life = int(boss.get("life", rules.boss["life"]))
    state.enemy_deck = list(scenario.get("enemy_deck", []))
    state.threat_deck = list(scenario.get("threat_deck", []))
    state.command_deck = list(scenario.get("command_deck", []))
    state.start_round()
    return state
