"""The transition function: the only implementation of the rules of RULES.md.

`Engine.legal_actions(state)` lists what the deciding player may do, in the action-script words
of CONTRACT §4; `Engine.apply(state, action)` returns the next state or raises `IllegalAction`
naming the rule the action breaks. Work that can pause for a player's choice (DSL effects,
collisions during scrolling, a missile's splash) runs from a stack of frames kept in the state,
so a paused game is plain data that clones and hashes.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

from kemble_tools.dsl.ir import Act, Effect, Lit, Span
from kemble_tools.engine.board import ORTHOGONAL, STEPS, Board
from kemble_tools.engine.effects import Context, evaluate
from kemble_tools.engine.player_stats import moves_left, rule_switches, stat
from kemble_tools.engine.state import Choice, Frame, Player, QuadrantRef, State, Turn
from kemble_tools.engine.threat import MAX_POINTS, threat_for, threat_level

WEAPONS = ("turret", "laser", "missile", "gamma", "flamethrower")
IMMUNITY = {"laser": "laser", "missile": "missile", "gamma": "gamma", "flamethrower": "flame"}
POWERUP_PRICE = 2  # R-BUY-5
NO_SPAN = Span("engine", 0, 0)


class IllegalAction(Exception):
    """An action the rules do not allow now; `rule` names the rule ID it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule, self.message = rule, message


def _step(name: str, **args: Any) -> Act:
    """One of the engine's own steps, run from the same frame stack as DSL actions. Steps are
    shared objects, so equal game states hold equal (identical) steps and hash alike."""
    return _cached_step(name, tuple(sorted(args.items())))


@cache
def _cached_step(name: str, args: tuple[tuple[str, Any], ...]) -> Act:
    return Act(name, dict(args), NO_SPAN)


class Engine:
    """The rules, bound to one compiled bundle."""

    def __init__(self, bundle: dict[str, Any]) -> None:
        self.bundle = bundle
        # Hooks indexed once by (object kind or boss rule, trigger): most events reach most
        # quadrants, and most quadrants have nothing to do for them.
        self._hooks: dict[tuple[str, str], list[Effect]] = {}
        for kind, spec in bundle["objects"].items():
            for effect in spec["effects"]:
                self._hooks.setdefault((kind, effect.trigger), []).append(effect)
        for boss, spec in bundle["bosses"].items():
            for rule, data in spec["special_rules"].items():
                for effect in data["effects"]:
                    self._hooks.setdefault((f"{boss}:{rule}", effect.trigger), []).append(effect)

    # === public API ============================================================================

    def current_player(self, state: State) -> int | None:
        """The deciding player's index, CHANCE (-1) at a chance node, None when over."""
        if state.outcome != "ongoing":
            return None
        if state.choice is not None:
            return state.choice.player
        if state.turn is not None:
            return state.turn.player
        if state.phase == "sensor":
            return self._next_sensor_player(state)
        return state.order[state.order_index] if state.phase == "turn_choice" else None

    def chance_outcomes(self, state: State) -> list[tuple[str, float]]:
        """At a chance node: each outcome's action and probability (cards left in the deck)."""
        choice = state.choice
        if choice is None or choice.player != CHANCE:
            return []
        counts = {card: state.powerup_deck.count(card) for card in choice.values}
        total = sum(counts.values())
        return [(f"choose {card}", counts[card] / total) for card in choice.values]

    def legal_actions(self, state: State) -> list[str]:
        if state.outcome != "ongoing":
            return []
        if state.choice is not None:
            return self._choice_actions(state.choice)
        if state.phase == "sensor":
            index = self._next_sensor_player(state)
            return [f"sensor {n}" for n in state.players[index].hand_sensors]
        if state.phase == "turn_choice":
            return ["battle"] if state.round == 1 else ["battle", "powerdown"]  # R-TRN-2
        if state.phase == "battle":
            return self._battle_actions(state)
        if state.phase == "powerdown":
            return [*self._buy_actions(state), "end"]
        return []

    def apply(self, state: State, action: str) -> State:
        """The state after `action`; the given state is left as it was."""
        if state.outcome != "ongoing":
            raise IllegalAction("R-END-1", "the game is over")
        new = state.clone()
        words = action.split()
        if not words:
            raise IllegalAction("CONTRACT-4", "empty action")
        if new.choice is not None:
            self._answer_choice(new, words)
        elif new.phase == "sensor":
            self._play_sensor(new, words)
        elif new.phase == "turn_choice":
            self._choose_turn(new, words)
        elif new.phase in ("battle", "powerdown"):
            self._turn_action(new, words)
        self._run(new)
        return new

    # === sensor cards (R-SEN-*) =================================================================

    @staticmethod
    def _next_sensor_player(state: State) -> int:
        """Players reveal together; the engine takes their secret choices in seat order."""
        return next(i for i, p in enumerate(state.players) if p.sensor is None and p.hand_sensors)

    def _play_sensor(self, state: State, words: list[str]) -> None:
        index = self._next_sensor_player(state)
        player = state.players[index]
        number = (
            _int_word(words, 1, "R-SEN-1", "play a sensor card: sensor N")
            if words[0] == "sensor"
            else None
        )
        if number not in player.hand_sensors:
            raise IllegalAction(
                "R-SEN-1",
                "play one of the sensor cards in your hand: "
                + ", ".join(str(n) for n in player.hand_sensors),
            )
        hand = tuple(n for n in player.hand_sensors if n != number)
        if not state.sensor_deck and state.sensor_discard:  # R-SEN-3: reshuffle the discards
            pile = list(state.sensor_discard)
            random.Random(f"{state.seed}:{state.draws}").shuffle(pile)
            state.sensor_deck, state.sensor_discard, state.draws = tuple(pile), (), state.draws + 1
        if state.sensor_deck:  # R-SEN-3: draw a new one
            hand, state.sensor_deck = (*hand, state.sensor_deck[0]), state.sensor_deck[1:]
        state.with_player(index, replace(player, hand_sensors=hand, sensor=number))
        self._log(state, f"p{index + 1} sensor {number}")
        effects = next(s["effects"] for s in self.bundle["sensors"] if s["number"] == number)
        self._run_effects(state, effects, "on_sensor_played", {"player": index}, None, index)
        if all(p.sensor is not None or not p.hand_sensors for p in state.players):
            played = [(p.sensor or 0, i) for i, p in enumerate(state.players)]
            state.order = tuple(i for _, i in sorted(played, reverse=True))  # R-SEN-1
            state.order_index = 0
            state.phase = "turn_choice"

    # === turn choice (R-TRN-1, R-TRN-2) ========================================================

    def _choose_turn(self, state: State, words: list[str]) -> None:
        kind = words[0]
        if kind not in ("battle", "powerdown"):
            raise IllegalAction("R-TRN-1", f"'{kind}': choose battle or powerdown first")
        if kind == "powerdown" and state.round == 1:
            raise IllegalAction("R-TRN-2", "every player must choose Battle in the first round")
        index = state.order[state.order_index]
        state.turn = Turn(index, kind)
        state.phase = kind
        self._log(state, f"p{index + 1} {kind}")
        if kind == "powerdown":
            self._power_down_start(state, index)
        self._fire_global(state, "on_turn_start", {"player": index, "active_player": index})

    def _power_down_start(self, state: State, index: int) -> None:
        """R-PWD-1 steps 1-3: recharge, resolve threat, give PvP tokens back without effect."""
        player = state.players[index]
        recharge = stat(self.bundle, state, index, "recharge")
        energy = min(stat(self.bundle, state, index, "max_energy"), player.energy + recharge)
        state.with_player(index, replace(player, energy=max(player.energy, energy)))
        state.with_player(index, state.players[index].bump("power_downs"))
        self._resolve_threat(state, index)
        if not state.players[index].astral:
            state.with_player(index, replace(state.players[index], tokens=()))

    # === battle actions ========================================================================

    def _battle_actions(self, state: State) -> list[str]:
        index = state.turn.player if state.turn else 0
        player = state.players[index]
        board = Board(self.bundle, state)
        actions: list[str] = []
        if moves_left(self.bundle, state, index) > 0:
            actions += self._move_actions(state, board, player, "")
            if state.turn and state.turn.pending_reward:
                actions.append("spend")
        if self._can_overload(state, index):
            actions += self._move_actions(state, board, player, "overload ")
            if player.position:
                actions.append("overload fire")
        if player.position:
            actions += [
                f"fire {w}" if w != "turret" else "fire"
                for w in WEAPONS
                if self._can_fire(state, index, w)
            ]
            actions += [f"rotate {d}" for d in ORTHOGONAL if self._can_rotate(state, index, d)]
        shared = (card for i in self.team(state, index) for card in state.players[i].hand)
        actions += [f"play {p}" for p in dict.fromkeys(shared) if self._playable(p)]
        if state.turn and (state.turn.shop_fee is not None or self._astral_shop(state, index)):
            actions += self._buy_actions(state)
        actions.append("end")
        return actions

    def _move_actions(self, state: State, board: Board, player: Player, prefix: str) -> list[str]:
        if player.position is None or player.astral:
            return [
                f"{prefix}enter {c}"
                for c in range(1, board.width + 1)
                if self._can_enter(board, (board.height, c))
            ]
        return [
            f"{prefix}move {d}"
            for d in STEPS
            if self._can_enter(board, board.step(player.position, d))
        ]

    @staticmethod
    def _can_enter(board: Board, pos: tuple[int, int]) -> bool:
        return (
            board.inside(pos)
            and board.player_at(pos) is None
            and board.enterable(board.ref_at(pos))
        )

    def _can_overload(self, state: State, index: int) -> bool:
        turn = state.turn
        return bool(turn) and turn.overloads < stat(self.bundle, state, index, "max_overloads")

    def _overload_cost(self, state: State, index: int) -> int:
        nth = (state.turn.overloads if state.turn else 0) + 1
        return stat(self.bundle, state, index, f"overload_cost_{nth}")

    def _turn_action(self, state: State, words: list[str]) -> None:
        verb = words[0]
        if verb == "end":
            self._end_turn(state)
            return
        if state.phase == "powerdown" and verb != "buy":
            raise IllegalAction("R-PWD-2", f"'{verb}' is not possible during Power Down")
        handlers = {
            "enter": self._act_move,
            "move": self._act_move,
            "overload": self._overload,
            "fire": self._act_fire,
            "rotate": self._act_rotate,
            "spend": self._act_spend,
            "play": self._act_play,
            "buy": self._act_buy,
        }
        if verb not in handlers:
            raise IllegalAction("CONTRACT-4", f"unknown action '{' '.join(words)}'")
        handlers[verb](state, words)

    def _overload(self, state: State, words: list[str]) -> None:
        index = state.turn.player
        if len(words) < 2 or words[1] not in ("move", "enter", "fire"):
            raise IllegalAction("R-OVL-1", "overload gives one extra move or one extra shot")
        if not self._can_overload(state, index):
            raise IllegalAction("R-OVL-1", "at most 2 overloads a turn")
        cost = self._overload_cost(state, index)
        state.turn = replace(state.turn, overloads=state.turn.overloads + 1)
        state.with_player(index, state.players[index].bump("overloads"))
        if words[1] == "fire":
            if state.players[index].position is None:
                raise IllegalAction("R-FIR-2", "a ship outside the play area cannot fire")
            state.turn = replace(state.turn, extra_shots=state.turn.extra_shots + 1)
        else:
            state.turn = replace(state.turn, extra_moves=state.turn.extra_moves + 1)
        self._lose_energy(state, index, cost, "overload")
        if (
            state.outcome == "ongoing"
            and state.turn is not None
            and not state.players[index].astral
        ):
            if words[1] == "fire":
                self._act_fire(state, ["fire", *words[2:]])
            else:
                self._act_move(state, words[1:])

    # --- movement (R-MOV-*) ----------------------------------------------------------------------

    def _act_move(self, state: State, words: list[str]) -> None:
        index = state.turn.player
        player = state.players[index]
        board = Board(self.bundle, state)
        extra = state.turn.extra_moves
        if moves_left(self.bundle, state, index) <= 0 and extra <= 0:
            raise IllegalAction("R-MOV-1", "no moves left this turn")
        if words[0] == "enter":
            if player.position is not None and not player.astral:
                raise IllegalAction("R-MOV-2", "the ship is already in the play area")
            column = _int_word(words, 1, "R-MOV-2", "enter needs a column")
            target = (board.height, column)
        else:
            if player.position is None or player.astral:
                raise IllegalAction("R-MOV-2", "enter the play area first (enter C)")
            direction = _word(words, 1, STEPS, "R-MOV-1")
            target = board.step(player.position, direction)
        self._check_target(board, target)
        if extra > 0:
            state.turn = replace(state.turn, extra_moves=extra - 1)
        else:
            state.turn = replace(state.turn, moves_used=state.turn.moves_used + 1)
        entering = player.position is None or player.astral
        energy = player.energy
        if entering and player.destroyed_once:  # R-AST-4 (D-AST-1: not the first entry)
            energy = stat(self.bundle, state, index, "max_energy") - 1
        state.with_player(
            index,
            replace(
                player,
                position=target,
                astral=False,
                energy=energy,
                threat_points=max(0, player.threat_points - 1),
            ),
        )
        state.turn = replace(state.turn, pending_reward=None, shop_fee=None, shop_paid=False)
        self._log(state, f"p{index + 1} {' '.join(words)}")
        self._resolve_quadrant(state, index, target, "on_enter")

    def _check_target(self, board: Board, target: tuple[int, int]) -> None:
        if not board.inside(target):
            raise IllegalAction("R-GEO-1", "that is outside the play area")
        if board.player_at(target) is not None:
            raise IllegalAction("R-MOV-4", "another ship is there")
        if not board.enterable(board.ref_at(target)):
            kind = board.quadrant(board.ref_at(target))["object"].replace("_", " ")
            raise IllegalAction("R-MOV-4", f"a ship may not move onto a {kind}")

    def _act_spend(self, state: State, words: list[str]) -> None:
        """R-SYM-10: a move spent on a -M/-MM cost; it does not reduce threat (R-MOV-6)."""
        index = state.turn.player
        if moves_left(self.bundle, state, index) <= 0 and state.turn.extra_moves <= 0:
            raise IllegalAction("R-MOV-1", "no moves left this turn")
        pending = state.turn.pending_reward
        if pending is None:
            raise IllegalAction("R-SYM-10", "there is no -M/-MM cost to pay here")
        if state.turn.extra_moves > 0:
            state.turn = replace(state.turn, extra_moves=state.turn.extra_moves - 1)
        else:
            state.turn = replace(state.turn, moves_used=state.turn.moves_used + 1)
        ref, left = pending
        if left > 1:
            state.turn = replace(state.turn, pending_reward=(ref, left - 1))
            return
        state.turn = replace(state.turn, pending_reward=None)
        self._give_reward(state, index, Board(self.bundle, state).quadrant(ref).get("reward", {}))

    # --- turret and weapons (R-FIR-*, R-UPG-*) ----------------------------------------------------

    def _weapon_profile(self, state: State, index: int, weapon: str) -> dict[str, Any] | None:
        level = state.players[index].level(weapon)
        if weapon == "turret":
            return {"shots": stat(self.bundle, state, index, "turret_shots"), "damage": 1}
        if level == 0:
            return None
        return self.bundle["upgrades"][weapon]["levels"][level - 1].get("weapon")

    def _can_fire(self, state: State, index: int, weapon: str) -> bool:
        profile = self._weapon_profile(state, index, weapon)
        turn = state.turn
        if profile is None or turn is None:
            return False
        if weapon == "turret":
            return turn.turret_shots < profile["shots"] + turn.extra_shots
        return turn.shots_of(weapon) < profile["shots"]  # D-FIR-1: once a turn each

    def _act_fire(self, state: State, words: list[str]) -> None:
        index = state.turn.player
        weapon = words[1] if len(words) > 1 else "turret"
        if weapon not in WEAPONS:
            raise IllegalAction("R-FIR-1", f"unknown weapon '{weapon}'")
        player = state.players[index]
        if player.position is None or player.astral:
            raise IllegalAction("R-FIR-2", "a ship outside the play area cannot fire")
        if self._weapon_profile(state, index, weapon) is None:
            raise IllegalAction("R-BUY-2", f"the ship has no {weapon}")
        if not self._can_fire(state, index, weapon):
            raise IllegalAction("D-FIR-1", f"the {weapon} has fired all its shots this turn")
        turn = state.turn
        if weapon == "turret":
            state.turn = replace(turn, turret_shots=turn.turret_shots + 1)
        else:
            shots = dict(turn.weapon_shots)
            shots[weapon] = shots.get(weapon, 0) + 1
            state.turn = replace(turn, weapon_shots=tuple(sorted(shots.items())))
        self._log(state, f"p{index + 1} fire {weapon}")
        self._shoot(state, index, weapon, self._weapon_profile(state, index, weapon) or {})

    def _shoot(self, state: State, index: int, weapon: str, profile: dict[str, Any]) -> None:
        board = Board(self.bundle, state)
        origin = state.players[index].position
        direction = self._fire_direction(state, index)
        line = list(board.line(origin, direction))
        if profile.get("reach"):
            line = line[: profile["reach"]]  # R-FIR-3, R-UPG-FLM-1
        damage = int(profile.get("damage", 1))
        if profile.get("line"):  # R-UPG-GAM-1, R-FIR-4: gamma passes everything
            for pos in line:
                self._hit_pos(state, index, weapon, pos, damage)
            return
        target = next(
            (
                p
                for p in line
                if board.player_at(p) is not None or board.blocks_shots(board.ref_at(p))
            ),
            None,
        )  # R-FIR-4, R-FIR-5
        if target is None:
            return
        self._hit_pos(state, index, weapon, target, damage)
        splash = int(profile.get("splash", 0))
        if splash and state.outcome == "ongoing":  # R-UPG-MIS-1: one neighbour of the choice
            options = tuple(f"{p[0]},{p[1]}" for p in board.neighbours(target, orthogonal=True))
            if options:
                then = Frame((_step("_splash", weapon=weapon, damage=splash),))
                self._ask(state, Choice(index, "splash", options, options, then))

    def _fire_direction(self, state: State, index: int) -> str:
        fixed = rule_switches(self.bundle).get("fire_directions")
        if fixed and state.players[index].level("rotary_cage") == 0:
            return fixed[0]  # R-VAR-TV-1
        return state.players[index].facing  # R-FIR-2

    def _hit_pos(
        self, state: State, index: int, weapon: str, pos: tuple[int, int], damage: int
    ) -> None:
        board = Board(self.bundle, state)
        victim = board.player_at(pos)
        if victim is not None and victim != index:  # R-PVP-1: damage becomes threat
            self._add_threat(state, victim, damage)
            if state.turn is not None and victim not in state.turn.pvp_victims:  # R-PVP-2
                state.turn = replace(state.turn, pvp_victims=(*state.turn.pvp_victims, victim))
                target = state.players[victim]
                state.with_player(victim, replace(target, tokens=(*target.tokens, index)))
            return
        ref = board.ref_at(pos)
        if weapon in IMMUNITY and IMMUNITY[weapon] in board.quadrant(ref).get("immune", []):
            return  # R-SYM-11 (D-SYM-1: never the turret)
        self._damage_quadrant(state, ref, damage, shooter=index)

    def _damage_quadrant(
        self, state: State, ref: QuadrantRef, damage: int, shooter: int | None
    ) -> None:
        """R-FIR-6: damage adds up over the turn; at the object's energy it is destroyed."""
        board = Board(self.bundle, state)
        if board.quadrant(ref)["object"] == "empty":
            return
        total = damage
        if state.turn is not None:
            done = dict(state.turn.damage)
            total = done.get(ref, 0) + damage
            done[ref] = total
            state.turn = replace(state.turn, damage=tuple(sorted(done.items())))
        if shooter is not None:
            state.with_player(shooter, state.players[shooter].bump("damage_dealt", damage))
        event = {"shooter": shooter, "active_player": shooter, "event_quadrant": ref}
        if board.destructible(ref) and total >= board.quadrant(ref)["energy"]:
            self._destroy_quadrant(state, ref, shooter, reward=True)
        self._fire_event(state, ref, "on_hit", event)

    # --- Rotary Cage (R-TUR-*) ----------------------------------------------------------------

    def _can_rotate(self, state: State, index: int, direction: str) -> bool:
        player = state.players[index]
        return player.level("rotary_cage") > 0 and direction != player.facing

    def _rotate_cost(self, state: State, index: int) -> int:
        """R-TUR-1, R-TUR-2: free outside the play area and for astral players."""
        player = state.players[index]
        if player.astral or player.position is None:
            return 0
        return stat(self.bundle, state, index, "rotate_cost")

    def _act_rotate(self, state: State, words: list[str]) -> None:
        index = state.turn.player
        direction = _word(words, 1, ORTHOGONAL, "R-FIR-2")
        player = state.players[index]
        if player.level("rotary_cage") == 0:
            raise IllegalAction("R-VAR-TV-1", "without a Rotary Cage the ship cannot turn")
        if direction == player.facing:
            raise IllegalAction("R-TUR-1", f"the turret already faces {direction}")
        state.with_player(index, replace(player, facing=direction))
        self._lose_energy(state, index, self._rotate_cost(state, index), "rotary cage")

    # --- power-ups and buying (R-BUY-*) ---------------------------------------------------------

    def _playable(self, name: str) -> bool:
        """A power-up played on its owner's turn that does something when played (R-BUY-5);
        cards that only score at the end stay in hand (R-END-1)."""
        card = self.bundle["powerups"][name]
        return card.get("timing") == "own_turn" and any(
            e.trigger == "on_played" for e in card["effects"]
        )

    def _act_play(self, state: State, words: list[str]) -> None:
        index = state.turn.player
        name = _word(words, 1, None, "R-BUY-5")
        holder = next((i for i in self.team(state, index) if name in state.players[i].hand), None)
        if holder is None:
            raise IllegalAction("R-BUY-5", f"'{name}' is not in your hand")
        card = self.bundle["powerups"][name]
        if not self._playable(name):
            raise IllegalAction(
                "R-PWD-2",
                f"'{name}' is not played on your turn"
                + (" (it scores at the end)" if card.get("end_glory") else ""),
            )
        hand = list(state.players[holder].hand)
        hand.remove(name)  # R-VAR-WING-1: a team plays from either hand
        state.with_player(holder, replace(state.players[holder], hand=tuple(hand)))
        state.with_player(index, state.players[index].bump("powerups_played"))
        self._run_effects(
            state,
            card["effects"],
            "on_played",
            {"player": index, "active_player": index},
            None,
            index,
        )

    def _buy_actions(self, state: State) -> list[str]:
        index = state.turn.player if state.turn else 0
        player = state.players[index]
        budget = player.bellonium - self._unpaid_fee(state)
        actions = []
        for upgrade in self.bundle["upgrades"]:
            level = player.level(upgrade) + 1
            price = self._price(state, upgrade, level)
            if price is not None and price <= budget:
                actions.append(f"buy {upgrade} {level}")
        if budget >= POWERUP_PRICE and state.powerup_deck:
            actions.append("buy powerup")
        return actions

    @staticmethod
    def _astral_shop(state: State, index: int) -> bool:
        """R-AST-4: an astral player may buy at the start of its turn, before entering."""
        player = state.players[index]
        return bool(
            player.astral
            and state.turn
            and state.turn.moves_used == 0
            and state.turn.extra_moves == 0
        )

    @staticmethod
    def _unpaid_fee(state: State) -> int:
        turn = state.turn
        if turn is None or turn.shop_fee is None or turn.shop_paid or state.phase != "battle":
            return 0
        return turn.shop_fee

    def _pay_fee(self, state: State, index: int) -> None:
        """R-OBJ-MERC-1: the merchant's fee is paid with the first purchase."""
        fee = self._unpaid_fee(state)
        if fee:
            player = state.players[index]
            state.with_player(index, replace(player, bellonium=player.bellonium - fee))
        if state.turn is not None and state.turn.shop_fee is not None:
            state.turn = replace(state.turn, shop_paid=True)

    def _price(self, state: State, upgrade: str, level: int) -> int | None:
        levels = self.bundle["upgrades"][upgrade]["levels"]
        rules = rule_switches(self.bundle)
        if level > len(levels) or (upgrade == "engine" and rules.get("engine_for_sale") is False):
            return None
        override = rules.get("upgrade_prices", {}).get(upgrade)
        return int(override[level - 1]) if override else int(levels[level - 1]["price"])

    def _act_buy(self, state: State, words: list[str]) -> None:
        index = state.turn.player
        shop = state.turn.shop_fee if state.phase == "battle" else None
        if state.phase != "powerdown" and shop is None and not self._astral_shop(state, index):
            raise IllegalAction("R-BUY-1", "buying happens during Power Down (or at a merchant)")
        what = _word(words, 1, None, "R-BUY-1")
        player = state.players[index]
        fee = self._unpaid_fee(state)
        if what == "powerup":
            if player.bellonium - fee < POWERUP_PRICE or not state.powerup_deck:
                raise IllegalAction("R-BUY-5", "a power-up costs 2 Bellonium")
            self._pay_fee(state, index)
            player = state.players[index]
            state.with_player(index, replace(player, bellonium=player.bellonium - POWERUP_PRICE))
            self._draw_powerup(state, index)
            return
        if what not in self.bundle["upgrades"]:
            raise IllegalAction("R-BUY-1", f"unknown upgrade '{what}'")
        current = player.level(what)
        target = int(words[2]) if len(words) > 2 and words[2].isdigit() else current + 1
        if target <= current:
            raise IllegalAction("R-BUY-4", f"you already own {what} level {current}")
        total = 0
        for level in range(current + 1, target + 1):  # R-BUY-2: each level paid separately
            price = self._price(state, what, level)
            if price is None:
                raise IllegalAction(
                    "R-VAR-TUN-1" if what == "engine" else "R-BUY-2",
                    f"{what} level {level} is not for sale",
                )
            total += price
        if total + fee > player.bellonium:
            raise IllegalAction(
                "R-BUY-2",
                f"{what} up to level {target} costs {total} Bellonium"
                + (f" and the merchant's fee {fee}" if fee else ""),
            )
        self._pay_fee(state, index)
        player = state.players[index]
        glory = sum(
            self.bundle["upgrades"][what]["levels"][lv - 1].get("glory", 0)
            for lv in range(current + 1, target + 1)
        )  # R-BUY-3
        upgrades = dict(player.upgrades)
        upgrades[what] = target  # R-BUY-4: one of each type
        state.with_player(
            index,
            replace(
                player,
                bellonium=player.bellonium - total,
                glory=player.glory + glory,
                upgrades=tuple(sorted(upgrades.items())),
            ).bump("upgrades_bought", target - current),
        )
        self._log(state, f"p{index + 1} buy {what} {target}")
        for level in range(current + 1, target + 1):
            effects = self.bundle["upgrades"][what]["levels"][level - 1]["effects"]
            self._run_effects(
                state, effects, "on_bought", {"player": index, "active_player": index}, None, index
            )

    # === end of a turn (R-BAT-1, R-PWD-1) =======================================================

    def _end_turn(self, state: State) -> None:
        index = state.turn.player
        if state.turn.kind == "battle":
            self._resolve_threat(state, index)  # R-BAT-1 (2)
        if state.outcome != "ongoing":
            return
        self._add_new_threat(state, index)  # R-BAT-1 (3), R-PWD-1 (5)
        self._push(state, Frame((_step("_next_turn", player=index),)))  # runs after the hooks
        self._fire_global(state, "on_turn_end", {"player": index, "active_player": index})

    def _resolve_threat(self, state: State, index: int) -> None:
        """R-THR-2 with shields (R-UPG-SHD-1, D-THR-1): lose energy equal to the level."""
        player = state.players[index]
        points = max(0, player.threat_points - stat(self.bundle, state, index, "shield"))
        state.with_player(index, replace(player, threat_points=0))
        self._lose_energy(state, index, threat_level(points), "threat")

    def _add_new_threat(self, state: State, index: int) -> None:
        player = state.players[index]
        if player.position is None or player.astral:
            return  # R-THR-3: astral players add none
        self._add_threat(state, index, threat_for(Board(self.bundle, state), player.position))

    def _next_turn(self, state: State, player: int) -> None:
        kept = tuple(m for m in state.players[player].modifiers if m[3] != "turn")
        state.with_player(player, replace(state.players[player], modifiers=kept))
        state.turn = None
        if state.order_index + 1 < len(state.order):
            state.order_index += 1
            state.phase = "turn_choice"
        else:
            self._scroll(state)

    # === scrolling (R-SCR-*) =====================================================================

    def _scroll(self, state: State) -> None:
        board = Board(self.bundle, state)
        if board.height <= 1:  # R-SCR-9
            self._game_over(state, "only one row of space is left")
            return
        bottom = board.height
        pushes = tuple(
            _step("_push_up", player=i)
            for i in state.order
            if state.players[i].position
            and state.players[i].position[0] == bottom
            and not state.players[i].astral
        )
        self._push(state, Frame((*pushes, _step("_scroll_rows"))))

    def _push_up(self, state: State, index: int) -> None:
        """R-SCR-1: a ship in the bottom row moves up one quadrant and resolves it."""
        player = state.players[index]
        if player.position is None or player.astral:
            return
        target = (player.position[0] - 1, player.position[1])
        self._arrive(state, index, target, pushed=True)

    def _arrive(self, state: State, index: int, target: tuple[int, int], pushed: bool) -> None:
        """A ship pushed or shifted onto a quadrant: collisions (R-OBJ-SHIP-1) or its effects."""
        board = Board(self.bundle, state)
        other = board.player_at(target)
        state.with_player(index, replace(state.players[index], position=target))
        if other is not None and other != index:  # R-OBJ-SHIP-1: 1 damage and shift
            self._lose_energy(state, index, 1, "collision with a ship")
            if state.outcome == "ongoing" and not state.players[index].astral:
                self._push(state, Frame((_step("_shift", player=index),)))
            return
        self._resolve_quadrant(state, index, target, "on_pushed_onto" if pushed else "on_enter")

    def _shift(self, state: State, index: int) -> None:
        """D-SCR-1: left or right in the same row; at an edge there is one choice."""
        player = state.players[index]
        if player.position is None or player.astral:
            return
        board = Board(self.bundle, state)
        options = tuple(d for d in ("W", "E") if board.inside(board.step(player.position, d)))
        if len(options) == 1:
            self._shift_to(state, index, options[0])
        elif options:
            then = Frame((_step("_shift_chosen", player=index),))
            self._ask(state, Choice(index, "shift", options, options, then))

    def _shift_to(self, state: State, index: int, direction: str) -> None:
        board = Board(self.bundle, state)
        target = board.step(state.players[index].position, direction)
        self._log(state, f"p{index + 1} shifts {direction}")
        self._arrive(state, index, target, pushed=True)

    def _scroll_rows(self, state: State) -> None:
        """R-SCR-3..8: remove the bottom row; rows move down and a new row arrives, or, with the
        deck empty, the play area shrinks."""
        board = Board(self.bundle, state)
        bottom = state.rows[-1]
        for half_card in bottom:
            for half in (0, 1):
                self._fire_event(
                    state, (half_card, half), "on_scroll_out", {"event_quadrant": (half_card, half)}
                )
        self._check_boss_left(state, bottom)
        self._push(state, Frame((_step("_next_round"),)))  # runs after the hooks below
        players = list(state.players)
        new_row = self._deal_row(state)
        shift = 1 if new_row else 0
        for i, player in enumerate(players):
            if player.position and player.position[0] == board.height and not player.astral:
                players[i] = replace(player, position=None)  # scrolled out with its card
            elif player.position and not player.astral:
                players[i] = replace(
                    player, position=(player.position[0] + shift, player.position[1])
                )
        state.players = tuple(players)
        rows = state.rows[:-1]
        state.rows = ((new_row, *rows)) if new_row else rows
        state.covered = frozenset(r for r in state.covered if r[0] not in bottom)
        if new_row:
            self._new_row_arrived(state, new_row)

    def _deal_row(self, state: State) -> tuple[str, ...] | None:
        width = len(state.rows[0]) if state.rows else 0
        if state.boss_rows_pending:
            row, rest = state.boss_rows_pending[0], state.boss_rows_pending[1:]
            state.boss_rows_pending = rest
            return row
        if not state.deck:
            return None  # R-SCR-8
        if self._is_warning(state.deck[0]):
            return self._reveal_boss(state, state.deck[0][len("BOSS-") :])
        count = next(
            (i for i, card in enumerate(state.deck[:width]) if self._is_warning(card)), width
        )  # a Boss Warning card never shares a row (R-BOS-1)
        row, state.deck = state.deck[:count], state.deck[count:]
        return row

    def _is_warning(self, card: str) -> bool:
        return card.startswith("BOSS-") and card[len("BOSS-") :] in self.bundle["bosses"]

    def _reveal_boss(self, state: State, boss: str) -> tuple[str, ...]:
        """R-BOS-1, R-BOS-2, D-BOS-1: the boss's cards become the next rows, lower half first."""
        state.deck = state.deck[1:]
        state.boss = boss
        spec = self.bundle["bosses"][boss]
        numbers = self.bundle["boss_cards"]["one_row" if spec["rows"] == 1 else "two_rows"]
        cards = [f"BOSS-{boss}-{n}" for n in numbers]
        half = len(cards) // spec["rows"]
        rows = [tuple(cards[i : i + half]) for i in range(0, len(cards), half)]
        state.boss_rows_pending = tuple(rows[1:])
        self._log(state, f"boss {boss} arrives")
        return rows[0]

    def _new_row_arrived(self, state: State, row: tuple[str, ...]) -> None:
        board = Board(self.bundle, state)
        for i, player in enumerate(state.players):  # R-SCR-6, D-SCR-2
            if player.position and player.position[0] == 2 and not player.astral:
                self._add_threat(state, i, threat_for(board, player.position, rows={1}))
        for card in row:
            for half in (0, 1):
                quadrant = board.quadrant((card, half))
                for i, player in enumerate(state.players):  # R-SCR-7, R-AST-3
                    if not player.astral and quadrant.get("global_bellonium"):
                        self._gain(state, i, "bellonium", quadrant["global_bellonium"])
                self._fire_event(
                    state, (card, half), "on_revealed", {"event_quadrant": (card, half)}
                )

    def _next_round(self, state: State) -> None:
        if state.outcome != "ongoing":
            return
        if state.boss and not state.boss_defeated and not self._boss_in_play(state):
            self._game_over(state, "the boss left the play area undefeated")
            return
        state.round += 1
        players = [
            replace(p, modifiers=tuple(m for m in p.modifiers if m[3] not in ("round", "turn")))
            for p in state.players
        ]
        state.players = tuple(players)
        state.order_index = 0
        played = tuple(p.sensor for p in state.players if p.sensor is not None)
        state.sensor_discard = (*state.sensor_discard, *played)  # R-SEN-2: up until now
        players = [replace(p, sensor=None) for p in state.players]
        state.players = tuple(players)
        state.phase = "sensor" if any(p.hand_sensors for p in players) else "turn_choice"
        self._fire_global(state, "on_round_start", {})

    # === destruction, rewards, players ===========================================================

    def _destroy_quadrant(
        self, state: State, ref: QuadrantRef, by: int | None, reward: bool
    ) -> None:
        """R-FIR-7: the reward at once, then the quadrant is covered; flip cards turn over."""
        board = Board(self.bundle, state)
        quadrant = board.quadrant(ref)
        if quadrant["object"] == "empty":
            return
        if by is not None:
            player = state.players[by].bump("objects_destroyed")
            if board.kind(ref)["enemy"]:
                player = player.bump("enemies_destroyed")
            state.with_player(by, player)
            if reward:
                self._give_reward(state, by, quadrant.get("reward", {}))
        # Hooks decide (their conditions) while the object is still shown; they act after.
        event = {"shooter": by, "active_player": by, "event_quadrant": ref}
        self._fire_event(state, ref, "on_destroyed", event, quadrant)
        state.covered = state.covered | {ref}
        state.spawned = tuple(s for s in state.spawned if s[0] != ref)
        self._log(state, f"{quadrant['object']} at {board.pos_of(ref)} destroyed")
        card = board.card(ref[0])
        if card.get("flip") and card.get("back") and ref[0] not in state.flipped:  # R-SYM-12
            self._flip(state, ref[0])  # D-SYM-2: once, from front to back
        self._check_boss_defeat(state)

    def _flip(self, state: State, card: str) -> None:
        """R-SYM-12: the card turns over at once, and a ship on it resolves its new quadrant."""
        state.flipped = state.flipped ^ {card}
        state.covered = frozenset(r for r in state.covered if r[0] != card)
        board = Board(self.bundle, state)
        for index, player in enumerate(state.players):
            if player.position and not player.astral and board.ref_at(player.position)[0] == card:
                self._resolve_quadrant(state, index, player.position, "on_enter")

    def _give_reward(self, state: State, index: int, reward: dict[str, int]) -> None:
        for key in ("bellonium", "glory"):
            if reward.get(key):
                self._gain(state, index, key, reward[key])
        if reward.get("energy"):
            self._gain_energy(state, index, reward["energy"])

    def _gain(self, state: State, index: int, what: str, amount: int) -> None:
        player = state.players[index]
        if what == "bellonium":
            player = replace(player, bellonium=player.bellonium + amount).bump(
                "bellonium_earned", amount
            )
        else:
            player = replace(player, glory=player.glory + amount)
        state.with_player(index, player)

    def _gain_energy(self, state: State, index: int, amount: int) -> None:
        player = state.players[index]
        top = stat(self.bundle, state, index, "max_energy")
        state.with_player(
            index, replace(player, energy=max(player.energy, min(top, player.energy + amount)))
        )

    def _lose_energy(self, state: State, index: int, amount: int, cause: str = "damage") -> None:
        player = state.players[index]
        if amount <= 0 or player.astral:
            return  # R-AST-3
        state.with_player(index, replace(player, energy=max(0, player.energy - amount)))
        if state.players[index].energy == 0:
            self._destroy_player(state, index, cause)  # R-DST-1

    def _add_threat(self, state: State, index: int, amount: int) -> None:
        player = state.players[index]
        if amount <= 0 or player.astral or player.position is None:
            return
        points = min(MAX_POINTS, player.threat_points + amount)  # R-THR-1
        state.with_player(index, replace(player, threat_points=points))

    def _destroy_player(self, state: State, index: int, cause: str = "damage") -> None:
        """R-DST-*: the ship leaves the play area and the player becomes astral."""
        player = state.players[index]
        state.destructions = (*state.destructions, (index, cause))
        for owner in player.tokens:  # R-DST-5: each token is worth 1 glory to its owner
            self._gain(state, owner, "glory", 1)
        state.with_player(
            index,
            replace(
                player,
                position=None,
                astral=True,
                energy=0,
                threat_points=0,
                destroyed_once=True,
                tokens=(),
            ),
        )
        self._log(state, f"p{index + 1} destroyed ({cause})")
        if len(state.players) == 1:
            self._game_over(state, "the ship was destroyed", lost=True)  # D-SOLO-1
            return
        for other, someone in enumerate(state.players):
            if other != index and someone.position and not someone.astral:
                self._gain(state, other, "glory", 2)  # R-DST-4
        if state.turn is not None and state.turn.player == index:  # R-DST-2
            state.frames = ()
            state.choice = None
            self._push(state, Frame((_step("_next_turn", player=index),)))

    # === bosses and the end (R-BOS-*, D-BOS-2, D-SOLO-1, R-END-1) ===============================

    def _boss_in_play(self, state: State) -> bool:
        prefix = f"BOSS-{state.boss}-"
        return bool(state.boss_rows_pending) or any(
            card.startswith(prefix) for row in state.rows for card in row
        )

    def _check_boss_defeat(self, state: State) -> None:
        if state.boss is None or state.boss_defeated or state.boss_rows_pending:
            return  # D-BOS-3: not before every row of the boss has been dealt
        boss = self.bundle["bosses"][state.boss]
        if boss.get("defeat") is not None:
            ctx = Context(self.bundle, state, Frame(()))
            defeated = bool(evaluate(boss["defeat"], ctx))
        else:
            board = Board(self.bundle, state)
            prefix = f"BOSS-{state.boss}-"
            defeated = not any(
                board.destructible(ref) for ref in board.boss_parts() if ref[0].startswith(prefix)
            )
        if defeated:
            state.boss_defeated = True
            self._log(state, f"boss {state.boss} defeated")
            if len(state.players) == 1 and not state.players[0].astral:
                self._game_over(state, "the boss is defeated", lost=False)  # R-VAR-SOLO-1

    def _check_boss_left(self, state: State, bottom: tuple[str, ...]) -> None:
        if state.boss and not state.boss_defeated and len(state.players) == 1:
            prefix = f"BOSS-{state.boss}-"
            if any(card.startswith(prefix) for card in bottom):
                self._game_over(state, "the boss left the play area undefeated")  # D-SOLO-1

    def _game_over(self, state: State, why: str, lost: bool | None = None) -> None:
        if state.outcome != "ongoing":
            return
        solo = len(state.players) == 1
        if lost is None:  # D-SOLO-1; a test position with no boss simply ends
            lost = solo and state.boss is not None and not state.boss_defeated
        won = solo and state.boss_defeated
        state.outcome = "lost" if lost else ("won" if won else "ended")
        if not solo:
            self._final_scoring(state)
        state.phase = "terminal"
        state.frames, state.choice, state.turn = (), None, None
        self._log(state, f"game over: {why}")

    def _final_scoring(self, state: State) -> None:
        """R-END-1: power-ups that score, then 1 glory for each 3 unspent Bellonium."""
        for index, player in enumerate(state.players):
            cards = sum(int(self.bundle["powerups"][p].get("end_glory", 0)) for p in player.hand)
            state.with_player(
                index, replace(player, glory=player.glory + cards + player.bellonium // 3)
            )

    def team(self, state: State, index: int) -> tuple[int, ...]:
        """The players who share power-ups and glory with `index` (R-VAR-WING-1: seats 1 and 3
        against 2 and 4); everyone is alone outside Wingmen."""
        teams = int(rule_switches(self.bundle).get("teams", 0) or 0)
        if teams < 2 or len(state.players) % teams:
            return (index,)
        return tuple(i for i in range(len(state.players)) if i % teams == index % teams)

    def score(self, state: State, index: int) -> int:
        """Glory that counts for winning: the player's, or its team's (R-VAR-WING-1)."""
        return sum(state.players[i].glory for i in self.team(state, index))

    def ranking(self, state: State) -> list[int]:
        """Players from first to last: most glory, then energy, then achievements (R-END-1)."""
        return sorted(
            range(len(state.players)),
            key=lambda i: (
                -self.score(state, i),
                -state.players[i].energy,
                -len(state.players[i].achievements),
                i,
            ),
        )

    # === running effects =========================================================================

    def _resolve_quadrant(
        self, state: State, index: int, pos: tuple[int, int], trigger: str
    ) -> None:
        """R-MOV-5, R-SCR-1: the effects of the quadrant a ship arrives on."""
        ref = Board(self.bundle, state).ref_at(pos)
        active = state.turn.player if state.turn else None
        self._fire_event(
            state, ref, trigger, {"player": index, "active_player": active, "event_quadrant": ref}
        )

    def _fire_quadrant(
        self, state: State, ref: QuadrantRef, trigger: str, event: dict[str, Any]
    ) -> None:
        board = Board(self.bundle, state)
        self._fire_quadrant_with(state, ref, board.quadrant(ref), trigger, event)

    def _fire_quadrant_with(
        self,
        state: State,
        ref: QuadrantRef,
        quadrant: dict[str, Any],
        trigger: str,
        event: dict[str, Any],
    ) -> None:
        """The object kind's hooks, then the quadrant's boss special rule, for one event."""
        effects = self._hooks.get((quadrant["object"], trigger), [])
        special = quadrant.get("special")
        if special and state.boss:
            effects = effects + self._hooks.get((f"{state.boss}:{special}", trigger), [])
        if effects:
            self._run_effects(state, effects, trigger, event, ref, None)

    def _fire_global(self, state: State, trigger: str, event: dict[str, Any]) -> None:
        """A game-wide event: every quadrant in play hears it (board order)."""
        board = Board(self.bundle, state)
        for pos in board.positions():
            ref = board.ref_at(pos)
            self._fire_quadrant(state, ref, trigger, {**event, "event_quadrant": ref})
        self._fire_owned(state, trigger, event)

    def _fire_owned(self, state: State, trigger: str, event: dict[str, Any]) -> None:
        """Each event is heard once by the missions (R-MIS-1) and revealed achievements
        (R-ACH-1) in play."""
        for index, player in enumerate(state.players):
            if player.mission and not player.mission_done:
                effects = self.bundle["missions"][player.mission]["effects"]
                self._run_effects(state, effects, trigger, event, None, index)
        for card in state.achievements:
            effects = self.bundle["achievements"][card]["effects"]
            self._run_effects(state, effects, trigger, {**event, "_achievement": card}, None, None)

    def _fire_event(
        self,
        state: State,
        ref: QuadrantRef,
        trigger: str,
        event: dict[str, Any],
        quadrant: dict[str, Any] | None = None,
    ) -> None:
        """An event on one quadrant: its hooks, then the cards players own."""
        shown = quadrant if quadrant is not None else Board(self.bundle, state).quadrant(ref)
        self._fire_quadrant_with(state, ref, shown, trigger, event)
        self._fire_owned(state, trigger, event)

    def _run_effects(
        self,
        state: State,
        effects: list[Effect],
        trigger: str,
        event: dict[str, Any],
        host: QuadrantRef | None,
        owner: int | None,
    ) -> None:
        bindings = tuple((k, v) for k, v in event.items() if v is not None)
        matching = [e for e in effects if e.trigger == trigger]
        for effect in reversed(matching):  # pushed in reverse so they run in written order
            frame = Frame(effect.actions, bindings, host, owner)
            ctx = Context(self.bundle, state, frame)
            if effect.condition is None or evaluate(effect.condition, ctx):
                self._push(state, frame)

    def _push_below(self, state: State, frame: Frame) -> None:
        """Work for after everything already waiting (R-ACH-2's 'at the same time')."""
        if frame.actions:
            state.frames = (frame, *state.frames)

    def _push(self, state: State, frame: Frame) -> None:
        if frame.actions:
            state.frames = (*state.frames, frame)

    def _ask(self, state: State, choice: Choice) -> None:
        state.choice = choice

    def _run(self, state: State) -> None:
        """Run pending work until a player must decide or the game ends."""
        while state.frames and state.choice is None and state.outcome == "ongoing":
            frame = state.frames[-1]
            act, rest = frame.actions[0], frame.actions[1:]
            state.frames = state.frames[:-1] + ((replace(frame, actions=rest),) if rest else ())
            self._execute(state, act, frame)

    # --- choices --------------------------------------------------------------------------------

    def _choice_actions(self, choice: Choice) -> list[str]:
        options = [f"choose {word}" for word in choice.options]
        return options + (["choose none"] if choice.optional else [])

    def _answer_choice(self, state: State, words: list[str]) -> None:
        choice = state.choice
        if words[0] != "choose" or len(words) < 2:
            raise IllegalAction(
                "CONTRACT-4",
                f"answer the pending {choice.kind} choice first: "
                f"{', '.join(self._choice_actions(choice))}",
            )
        word = words[1]
        if word == "none" and choice.optional:
            state.choice = None
            return
        value = self._choice_value(state, choice, word)
        state.choice = None
        if choice.then is not None:
            then = choice.then
            self._push(state, replace(then, bindings=(*then.bindings, ("chosen", value))))

    def _choice_value(self, state: State, choice: Choice, word: str) -> Any:
        if word in choice.options:
            return choice.values[choice.options.index(word)]
        pos = parse_position(word)
        if choice.kind == "card" and pos is not None:  # either quadrant of a card names it
            board = Board(self.bundle, state)
            if board.inside(pos) and board.ref_at(pos)[0] in choice.values:
                return board.ref_at(pos)[0]
        raise IllegalAction(
            _CHOICE_RULES.get(choice.kind, "CONTRACT-4"),
            f"'{word}' is not one of: {', '.join(choice.options)}",
        )

    # --- executing one action ---------------------------------------------------------------------

    def _execute(self, state: State, act: Act, frame: Frame) -> None:
        handler = getattr(self, f"_do_{act.action.lstrip('_')}", None)
        if handler is None:  # pragma: no cover - the compiler rejects unknown actions
            raise ValueError(f"no rule implements action {act.action}")
        handler(state, act, frame)

    def _ctx(self, state: State, frame: Frame) -> Context:
        return Context(self.bundle, state, frame)

    def _value(self, state: State, frame: Frame, act: Act, name: str, default: Any = None) -> Any:
        node = act.args.get(name)
        return default if node is None else evaluate(node, self._ctx(state, frame))

    # engine steps
    def _do_next_turn(self, state: State, act: Act, frame: Frame) -> None:
        self._next_turn(state, act.args["player"])

    def _do_push_up(self, state: State, act: Act, frame: Frame) -> None:
        self._push_up(state, act.args["player"])

    def _do_scroll_rows(self, state: State, act: Act, frame: Frame) -> None:
        self._scroll_rows(state)

    def _do_next_round(self, state: State, act: Act, frame: Frame) -> None:
        self._next_round(state)

    def _do_shift(self, state: State, act: Act, frame: Frame) -> None:
        self._shift(state, act.args["player"])

    def _do_shift_chosen(self, state: State, act: Act, frame: Frame) -> None:
        self._shift_to(state, act.args["player"], frame.bound()["chosen"])

    def _do_splash(self, state: State, act: Act, frame: Frame) -> None:
        pos = parse_position(frame.bound()["chosen"])
        shooter = state.turn.player if state.turn else 0
        if pos is not None:
            self._hit_pos(state, shooter, act.args["weapon"], pos, act.args["damage"])

    # DSL actions
    def _targets(self, state: State, frame: Frame, act: Act, name: str) -> tuple[Any, ...]:
        return tuple(self._value(state, frame, act, name, ()))

    def _do_damage(self, state: State, act: Act, frame: Frame) -> None:
        amount = int(self._value(state, frame, act, "amount", 1))
        for target in self._targets(state, frame, act, "to"):
            if isinstance(target, int):
                self._lose_energy(state, target, amount, self._cause(state, frame))
            else:
                self._damage_quadrant(state, target, amount, shooter=None)

    def _cause(self, state: State, frame: Frame) -> str:
        """What hurt a player, for reports: the object and card whose effect it was."""
        if frame.host is None:
            return "an effect"
        shown = Board(self.bundle, state).quadrant(frame.host)["object"].replace("_", " ")
        return f"{shown} ({frame.host[0]})"

    def _do_gain_energy(self, state: State, act: Act, frame: Frame) -> None:
        for index in self._targets(state, frame, act, "player"):
            self._gain_energy(state, index, int(self._value(state, frame, act, "amount", 1)))

    def _do_lose_energy(self, state: State, act: Act, frame: Frame) -> None:
        for index in self._targets(state, frame, act, "player"):
            self._lose_energy(state, index, int(self._value(state, frame, act, "amount", 1)))

    def _do_add_threat(self, state: State, act: Act, frame: Frame) -> None:
        for index in self._targets(state, frame, act, "player"):
            self._add_threat(state, index, int(self._value(state, frame, act, "amount", 1)))

    def _do_remove_threat(self, state: State, act: Act, frame: Frame) -> None:
        amount = int(self._value(state, frame, act, "amount", 1))
        for index in self._targets(state, frame, act, "player"):
            player = state.players[index]
            state.with_player(
                index, replace(player, threat_points=max(0, player.threat_points - amount))
            )  # D-THR-1

    def _do_gain_bellonium(self, state: State, act: Act, frame: Frame) -> None:
        for index in self._targets(state, frame, act, "player"):
            self._gain(state, index, "bellonium", int(self._value(state, frame, act, "amount")))

    def _do_gain_glory(self, state: State, act: Act, frame: Frame) -> None:
        for index in self._targets(state, frame, act, "player"):
            self._gain(state, index, "glory", int(self._value(state, frame, act, "amount")))

    def _do_gain_reward(self, state: State, act: Act, frame: Frame) -> None:
        ref = frame.host
        if ref is None:
            return
        quadrant = Board(self.bundle, state).quadrant(ref)
        for index in self._targets(state, frame, act, "player"):
            cost = int(quadrant.get("move_cost", 0))
            if cost and state.turn is not None and state.turn.player == index:
                state.turn = replace(state.turn, pending_reward=(ref, cost))  # R-SYM-10
            elif not cost:
                self._give_reward(state, index, quadrant.get("reward", {}))

    def _do_draw_powerup(self, state: State, act: Act, frame: Frame) -> None:
        draws = [
            _step("_draw", player=index)
            for index in self._targets(state, frame, act, "player")
            for _ in range(int(self._value(state, frame, act, "count", 1)))
        ]
        self._push(state, Frame(tuple(draws)))  # one at a time: each may wait on chance

    def _do_draw(self, state: State, act: Act, frame: Frame) -> None:
        self._draw_powerup(state, act.args["player"])

    def _draw_powerup(self, state: State, index: int) -> None:
        """R-OBJ-PWR-1, R-BUY-5: the top card; with the deck's order left open, chance picks."""
        if not state.powerup_deck:
            return
        if state.open_chance and len(set(state.powerup_deck)) > 1:
            cards = tuple(sorted(set(state.powerup_deck)))
            self._ask(
                state,
                Choice(
                    CHANCE, "chance", cards, cards, Frame((_step("_draw_chosen", player=index),))
                ),
            )
            return
        self._take_powerup(state, index, state.powerup_deck[0])

    def _do_draw_chosen(self, state: State, act: Act, frame: Frame) -> None:
        self._take_powerup(state, act.args["player"], frame.bound()["chosen"])

    def _take_powerup(self, state: State, index: int, card: str) -> None:
        deck = list(state.powerup_deck)
        deck.remove(card)
        state.powerup_deck = tuple(deck)
        spec = self.bundle["powerups"][card]
        if spec.get("timing") == "when_drawn":  # R-PWD-2: played at once
            self._run_effects(state, spec["effects"], "on_drawn", {"player": index}, None, index)
            return
        player = state.players[index]
        state.with_player(index, replace(player, hand=(*player.hand, card)))

    def _do_cover(self, state: State, act: Act, frame: Frame) -> None:
        for ref in self._targets(state, frame, act, "quadrant"):
            state.covered = state.covered | {ref}
            state.spawned = tuple(s for s in state.spawned if s[0] != ref)

    def _do_destroy(self, state: State, act: Act, frame: Frame) -> None:
        reward = bool(self._value(state, frame, act, "reward", True))
        active = state.turn.player if state.turn else None
        for target in self._targets(state, frame, act, "target"):
            if isinstance(target, int):
                if not state.players[target].astral:
                    self._destroy_player(state, target, self._cause(state, frame))  # R-OBJ-BH-1
            else:
                self._destroy_quadrant(state, target, active, reward)

    def _do_flip_card(self, state: State, act: Act, frame: Frame) -> None:
        board = Board(self.bundle, state)
        for card in self._targets(state, frame, act, "card"):
            if board.card(card).get("back"):
                self._flip(state, card)

    def _do_swap_card(self, state: State, act: Act, frame: Frame) -> None:
        """R-OBJ-MOSQ-2: two cards change places; ships move with their cards."""
        first = self._targets(state, frame, act, "card")
        second = self._targets(state, frame, act, "with")
        if not first or not second:
            return
        board = Board(self.bundle, state)
        a, b = board.card_pos(first[0]), board.card_pos(second[0])
        if a is None or b is None:
            return
        rows = [list(row) for row in state.rows]
        rows[a[0] - 1][a[1] - 1], rows[b[0] - 1][b[1] - 1] = second[0], first[0]
        moved = {}
        for index, player in enumerate(state.players):
            if player.position and not player.astral:
                ref = board.ref_at(player.position)
                if ref[0] in (first[0], second[0]):
                    moved[index] = ref
        state.rows = tuple(tuple(row) for row in rows)
        after = Board(self.bundle, state)
        for index, ref in moved.items():
            state.with_player(index, replace(state.players[index], position=after.pos_of(ref)))

    def _do_shift_player(self, state: State, act: Act, frame: Frame) -> None:
        for index in reversed(self._targets(state, frame, act, "player")):
            self._push(state, Frame((_step("_shift", player=index),)))

    def _do_teleport(self, state: State, act: Act, frame: Frame) -> None:
        """R-OBJ-WH-1: not a move; threat is unchanged."""
        to = self._targets(state, frame, act, "to")
        board = Board(self.bundle, state)
        if not to or board.pos_of(to[0]) is None:
            return
        for index in self._targets(state, frame, act, "player"):
            state.with_player(
                index,
                replace(state.players[index], position=board.pos_of(to[0])).bump("wormhole_jumps"),
            )

    def _do_reveal_sensors(self, state: State, act: Act, frame: Frame) -> None:
        count = int(self._value(state, frame, act, "count", 1))
        revealed, state.sensor_deck = state.sensor_deck[:count], state.sensor_deck[count:]
        symbols = {s["number"]: s["symbol"] for s in self.bundle["sensors"]}
        colours = {symbols[n] for n in revealed}
        matching = tuple(i for i in range(len(state.players)) if PLAYER_COLOURS[i] in colours)
        self._push(
            state,
            Frame(
                tuple(act.args["then"]),
                (*frame.bindings, ("matching_players", matching)),
                frame.host,
                frame.owner,
            ),
        )

    def _modify(
        self, state: State, index: int, stat_name: str, how: str, value: int, scope: str
    ) -> None:
        player = state.players[index]
        state.with_player(
            index, replace(player, modifiers=(*player.modifiers, (stat_name, how, value, scope)))
        )

    def _do_extra_moves(self, state: State, act: Act, frame: Frame) -> None:
        for index in self._targets(state, frame, act, "player"):
            self._modify(
                state,
                index,
                "moves",
                "by",
                int(self._value(state, frame, act, "amount", 1)),
                "turn",
            )

    def _do_extra_shots(self, state: State, act: Act, frame: Frame) -> None:
        for index in self._targets(state, frame, act, "player"):
            self._modify(
                state,
                index,
                "turret_shots",
                "by",
                int(self._value(state, frame, act, "amount", 1)),
                "turn",
            )

    def _do_modify(self, state: State, act: Act, frame: Frame) -> None:
        scope = self._value(state, frame, act, "scope", "turn")
        if scope == "while_owned":
            return  # computed from the owned upgrade itself (player_stats)
        how = "set" if "set" in act.args else "by"
        for index in self._targets(state, frame, act, "player"):
            self._modify(
                state,
                index,
                self._value(state, frame, act, "stat"),
                how,
                int(self._value(state, frame, act, how)),
                scope,
            )

    def _do_mark(self, state: State, act: Act, frame: Frame) -> None:
        for ref in self._targets(state, frame, act, "quadrant"):
            for index in self._targets(state, frame, act, "player"):
                state.markers = state.markers | {(ref, index)}

    def _do_end_turn(self, state: State, act: Act, frame: Frame) -> None:
        if state.turn is not None and state.turn.player in self._targets(
            state, frame, act, "player"
        ):
            self._push(state, Frame((_step("_force_end"),)))

    def _do_force_end(self, state: State, act: Act, frame: Frame) -> None:
        if state.turn is not None:
            self._end_turn(state)

    def _do_buy(self, state: State, act: Act, frame: Frame) -> None:
        """Opens a shop for as long as the active player stays (R-OBJ-MERC-1); outside a
        Battle turn (a ship pushed onto the merchant) there is no one to sell to."""
        turn = state.turn
        if turn is None or turn.kind != "battle":
            return
        if turn.player in self._targets(state, frame, act, "player"):
            fee = int(self._value(state, frame, act, "fee", 0))
            state.turn = replace(turn, shop_fee=fee if turn.shop_fee is None else turn.shop_fee)

    def _do_advance_mission(self, state: State, act: Act, frame: Frame) -> None:
        index = frame.owner
        if index is None:
            return
        player = state.players[index]
        mission = self.bundle["missions"].get(player.mission or "")
        if mission is None or player.mission_done:
            return
        progress = player.mission_progress + int(self._value(state, frame, act, "amount", 1))
        done = progress >= int(mission.get("target", 1))  # R-MIS-1
        state.with_player(
            index,
            replace(
                player,
                mission_progress=progress,
                mission_done=done,
                glory=player.glory + (mission["glory"] if done else 0),
            ),
        )

    def _do_claim_achievement(self, state: State, act: Act, frame: Frame) -> None:
        """R-ACH-1: the glory, and the next card is revealed. Players meeting it in the same
        event each gain it (R-ACH-2): the card leaves once the event's effects are done."""
        card = frame.bound().get("_achievement")
        if card is None or card not in state.achievements:
            return
        glory = int(self.bundle["achievements"][card].get("glory", 0))
        for index in self._targets(state, frame, act, "player"):
            player = state.players[index]
            if card not in player.achievements:
                state.with_player(
                    index,
                    replace(
                        player,
                        glory=player.glory + glory,
                        achievements=(*player.achievements, card),
                    ),
                )
        self._push_below(state, Frame((_step("_retire_achievement", card=card),)))

    def _do_retire_achievement(self, state: State, act: Act, frame: Frame) -> None:
        card = act.args["card"]
        if card in state.achievements:
            shown = tuple(c for c in state.achievements if c != card)
            if state.achievement_deck:
                shown = (*shown, state.achievement_deck[0])
                state.achievement_deck = state.achievement_deck[1:]
            state.achievements = shown

    def _do_choose(self, state: State, act: Act, frame: Frame) -> None:
        who = _first(self._targets(state, frame, act, "who"))
        optional = bool(self._value(state, frame, act, "optional", False))
        if who is None:
            return
        if "option" in act.args:
            names = tuple(act.args["option"])
            branches = tuple((name, tuple(actions)) for name, actions in act.args["option"].items())
            then = Frame(
                (_step("_option", branches=branches),), frame.bindings, frame.host, frame.owner
            )
            self._ask(state, Choice(who, "option", names, names, then, optional))
            return
        kind = next(k for k in ("direction", "quadrant", "card") if k in act.args)
        if kind == "direction":
            values = tuple(d.value if isinstance(d, Lit) else d for d in act.args[kind])
        else:
            values = self._targets(state, frame, act, kind)
        if not values:
            return  # nothing to choose from: the choice does not happen
        board = Board(self.bundle, state)
        words = tuple(_choice_word(board, kind, v) for v in values)
        then = Frame(tuple(act.args["then"]), frame.bindings, frame.host, frame.owner)
        self._ask(state, Choice(who, kind, words, values, then, optional))

    def _do_option(self, state: State, act: Act, frame: Frame) -> None:
        picked = frame.bound()["chosen"]
        actions = dict(act.args["branches"])[picked]
        self._push(state, Frame(actions, frame.bindings, frame.host, frame.owner))

    def _do_if(self, state: State, act: Act, frame: Frame) -> None:
        holds = bool(self._value(state, frame, act, "condition", False))
        branch = act.args.get("then" if holds else "else")
        if branch:
            self._push(state, Frame(tuple(branch), frame.bindings, frame.host, frame.owner))

    def _do_spawn(self, state: State, act: Act, frame: Frame) -> None:
        kind = self._value(state, frame, act, "object")
        energy = int(self._value(state, frame, act, "energy", 1))
        threat = int(self._value(state, frame, act, "threat", 0))
        for ref in self._targets(state, frame, act, "quadrant"):
            spawned = dict(state.spawned)
            spawned[ref] = (kind, energy, threat)
            state.spawned = tuple(sorted(spawned.items()))
            state.covered = state.covered - {ref}

    def _log(self, state: State, line: str) -> None:
        state.log = (*state.log, f"r{state.round}: {line}")


CHANCE = -1  # the "player" who decides chance nodes, as in OpenSpiel
PLAYER_COLOURS = ("red", "blue", "green", "yellow", "purple")  # seat order (R-COMP-3)
_CHOICE_RULES = {"shift": "D-SCR-1", "splash": "R-UPG-MIS-1", "quadrant": "R-OBJ-WH-1"}


def _first(values: tuple[Any, ...]) -> Any:
    return values[0] if values else None


def _choice_word(board: Board, kind: str, value: Any) -> str:
    """How a player names an option: a direction, or a position R,C (CONTRACT §4)."""
    if kind == "quadrant":
        pos = board.pos_of(value)
    elif kind == "card":
        where = board.card_pos(value)
        pos = (where[0], 2 * where[1] - 1) if where else None
    else:
        return str(value)
    return f"{pos[0]},{pos[1]}" if pos else "?"


def parse_position(word: str) -> tuple[int, int] | None:
    """'R,C' as (row, column), or None."""
    parts = word.split(",")
    if len(parts) == 2 and all(part.isdigit() for part in parts):
        return int(parts[0]), int(parts[1])
    return None


def _word(words: list[str], index: int, allowed: Any, rule: str) -> str:
    if len(words) <= index:
        raise IllegalAction(rule, f"'{words[0]}' needs another word")
    word = words[index]
    if allowed is not None and word not in allowed:
        raise IllegalAction(rule, f"'{word}' is not one of {', '.join(allowed)}")
    return word


def _int_word(words: list[str], index: int, rule: str, message: str) -> int:
    if len(words) <= index or not words[index].isdigit():
        raise IllegalAction(rule, message)
    return int(words[index])
