"""A game in the style of OpenSpiel: a `Game` holds the fixed rules and content and makes states;
a `State` is the game in progress (state.py) and answers through its game.

    game = Game.from_scenario(bundle, bundle["scenarios"]["solo-01"])
    state = game.new_initial_state()
    state.legal_actions()          # integers; state.action_to_string(a) gives the words
    state.apply_action(a)          # IllegalAction(rule=…) for what the rules forbid
    child = state.child(a)         # a new state; `state` is unchanged
    state.key(), state.is_terminal(), state.returns()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.engine.kernel import CHANCE, ONGOING, Frame, Steps, answer, run
from kemble_tools.games.kembles_cascade.engine import actions as A
from kemble_tools.games.kembles_cascade.engine.actions import (
    ActionSpace,
    answer_first,
    refuse_out_of_phase,
)
from kemble_tools.games.kembles_cascade.engine.battle_actions import battle_actions
from kemble_tools.games.kembles_cascade.engine.board import Geometry
from kemble_tools.games.kembles_cascade.engine.content import COUNTERS, STAT, Quadrant
from kemble_tools.games.kembles_cascade.engine.content_build import compile_content
from kemble_tools.games.kembles_cascade.engine.deal import deal_with, dealer_setup, is_shuffled
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction, SetupError
from kemble_tools.games.kembles_cascade.engine.key import Interned, pack
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.rules import (
    RULES,
    fire,
    movement,
    queries,
    scoring,
    shop,
    turn,
)
from kemble_tools.games.kembles_cascade.engine.rules.players import moves_left
from kemble_tools.games.kembles_cascade.engine.setup import (
    card_ref,
    scenario_rules,
    scenario_state,
    variant_rules,
    variant_setup,
    variant_state,
)
from kemble_tools.games.kembles_cascade.engine.state import (
    BATTLE,
    POWERDOWN,
    SENSOR,
    TURN_CHOICE,
    WON,
    State,
)

_DEALERS: dict[tuple[int, str], Game] = {}  # Game.dealer's: (bundle, its set-up) -> Game

TURN_VERBS: dict[int, Callable[[Any, State, int], None]] = {
    A.ENTER: movement.enter,
    A.MOVE: movement.move,
    A.SPEND: movement.spend,
    A.OVERLOAD_ENTER: movement.overload_enter,
    A.OVERLOAD_MOVE: movement.overload_move,
    A.OVERLOAD_FIRE: movement.overload_fire,
    A.ROTATE: fire.rotate,
    A.FIRE: fire.fire,
    A.PLAY: shop.play,
    A.BUY: shop.buy,
    A.BUY_POWERUP: shop.buy_powerup,
}


class Game:
    """The fixed rules and content of one game: typed tables, the action space, and the
    transition function every tool calls (`apply`)."""

    def __init__(
        self,
        bundle: dict[str, Any],
        rules: dict[str, Any],
        setup: dict[str, Any],
        local_cards: dict[str, Any] | None = None,
        scenario: dict[str, Any] | None = None,
        players: int = 1,
        open_chance: bool = False,
    ) -> None:
        self.bundle = bundle
        self.setup = setup
        self.scenario = scenario
        self.players = players
        # Decks a scenario leaves open are drawn at chance nodes when `open_chance` asks for
        # it (for analysis); otherwise they are shuffled from the seed (formats.md §3).
        self.open_powerups = open_chance and (scenario is None or scenario.get("powerups") is None)
        self.open_sensors = open_chance and (scenario is None or scenario.get("sensors") is None)
        self.tables = compile_content(bundle, rules, local_cards or {})
        per_row = len(scenario["rows"][0]) if scenario and scenario["rows"] else setup["row_width"]
        self.width = 2 * per_row  # quadrant columns (D-GEO-1)
        self.geo = Geometry(self.width)
        self.steps = Steps(RULES)
        self.interned = Interned()
        self.stat_tables: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.counters = COUNTERS
        self.boss_cards = setup["boss_cards"]
        tables = self.tables
        self.actions = ActionSpace(tables, self.width, self.geo.step["N"].__len__())
        self.upgrade_order = sorted(
            range(len(tables.upgrades)), key=lambda i: tables.upgrades[i].id
        )
        self.weapon_upgrades = {u.weapon_slot: u for u in tables.upgrades if u.weapon_slot > 0}
        self.immunity: list[str | None] = [None] * len(tables.weapons)
        for slot, upgrade in self.weapon_upgrades.items():
            self.immunity[slot] = next(
                (lv.weapon.immunity for lv in upgrade.levels if lv.weapon is not None), None
            )
        self.prices = shop.price_table(self)
        self.buy_powerup_action = self.actions.of(A.BUY_POWERUP)
        self.owned_triggers = frozenset(
            trigger for card in (*tables.missions, *tables.achievements) for trigger in card.hooks
        )
        self.dealt_back = frozenset(
            tables.card_index[card]
            for card, back in (card_ref(ref) for ref in (scenario or {}).get("deck", ()))
            if back and card in tables.card_index
        )

    # --- making games -------------------------------------------------------------------------

    @classmethod
    def from_scenario(
        cls, bundle: dict[str, Any], scenario: dict[str, Any], open_chance: bool = False
    ) -> Game:
        """A scenario's game (formats.md §3). With `open_chance`, the power-up and sensor decks
        the scenario does not fix are drawn at chance nodes instead of in the seeded order. A
        scenario with a shuffled deck is the game its seed deals (`deal`)."""
        if is_shuffled(scenario):  # a whole game: the deal of its seed
            scenario = cls.deal(bundle, scenario, int(scenario.get("seed", 0)))
        variant = scenario["variant"]  # formats.md §3: a scenario names its variant
        return cls(
            bundle,
            scenario_rules(bundle, scenario),
            variant_setup(bundle, variant, None),
            scenario.get("cards", {}),
            scenario,
            1,
            open_chance,
        )

    @classmethod
    def deal(cls, bundle: dict[str, Any], scenario: dict[str, Any], seed: int) -> dict[str, Any]:
        """The fixed scenario a shuffled one's `seed` deals (deal.py)."""
        return deal_with(cls.dealer(bundle, scenario), scenario, seed)

    @classmethod
    def dealer(cls, bundle: dict[str, Any], scenario: dict[str, Any]) -> Game:
        """The game that deals a shuffled scenario: made once per bundle and set-up."""
        key = (id(bundle), repr((scenario["variant"], scenario.get("rules"), scenario["deck"])))
        if key not in _DEALERS:
            if len(_DEALERS) > 32:
                _DEALERS.clear()
            setup = dealer_setup(bundle, scenario)
            _DEALERS[key] = cls(bundle, scenario_rules(bundle, scenario), setup, players=1)
        return _DEALERS[key]

    @classmethod
    def from_variant(cls, bundle: dict[str, Any], variant: str, players: int) -> Game:
        """A full game of `variant` for `players` players, set up by the rules (R-SET-*)."""
        return cls(
            bundle,
            variant_rules(bundle, variant),
            variant_setup(bundle, variant, players),
            players=players,
        )

    def new_initial_state(self, seed: int = 0) -> State:
        """The first state: the scenario's, or a variant's shuffled from `seed`."""
        if self.scenario is not None:
            s = scenario_state(self, self.scenario)
        else:
            s = variant_state(self, self.players, seed)
        if self.open_powerups:
            s.powerup_deck = tuple(sorted(s.powerup_deck))  # the order is chance's
        if self.open_sensors:
            self._deal_sensors_by_chance(s)
        return s

    def _deal_sensors_by_chance(self, s: State) -> None:
        """With the sensor deck left open, the deck is a set of cards and the starting hands
        not given by the scenario are chance's draws too (R-SET-6)."""
        dealt = self.scenario is None or self.scenario.get("sensor_hand") is None
        pile = list(s.sensor_deck)
        draws = []
        for index, player in enumerate(s.players):
            if dealt:
                pile += player.hand_sensors
                draws += [self.steps("draw_sensor", index)] * len(player.hand_sensors)
                player.hand_sensors = ()
        s.sensor_deck = tuple(sorted(pile))
        if draws:
            s.phase = SENSOR
            s.frames = (Frame(tuple(draws)),)
            run(self, s)

    def num_distinct_actions(self) -> int:
        return len(self.actions)

    def num_players(self) -> int:
        return self.players

    # --- the transition function ----------------------------------------------------------------

    def apply(self, state: State, action: int, observer: Observer | None = None) -> State:
        """The state after `action`; `state` is left as it was. IllegalAction names the rule
        an action breaks."""
        s = state.copy()
        self._transition(s, action, observer)
        return s

    def apply_in_place(self, state: State, action: int, observer: Observer | None = None) -> None:
        """Play `action` on `state` itself. An IllegalAction leaves it as it was: every rule
        checks an action in full before it changes anything (a test plays every refused
        action of many states to keep it so)."""
        self._transition(state, action, observer)

    def _transition(self, s: State, action: int, observer: Observer | None) -> None:
        """The transition function, on a state whose values may still be shared with others:
        it gets players and a turn of its own first (State.own)."""
        if s.outcome != ONGOING:
            raise IllegalAction("R-END-1", "the game is over")
        verb, arg = self.actions.decode(action)
        s.own()
        s.cached_key = None
        if observer is None:
            self._step(s, verb, arg, action)
            return
        s.notes = []
        try:
            self._step(s, verb, arg, action)
            observer.record(s.notes)
        finally:
            s.notes = None

    def _step(self, s: State, verb: int, arg: int, action: int) -> None:
        if s.choice is not None:
            self._answer(s, verb, arg)
        elif s.phase == SENSOR:
            if verb != A.SENSOR_:
                raise refuse_out_of_phase(s, self.actions, verb, action)
            turn.play_sensor(self, s, arg)
        elif s.phase == TURN_CHOICE:
            if verb not in (A.BATTLE_, A.POWERDOWN_):
                raise refuse_out_of_phase(s, self.actions, verb, action)
            turn.choose_turn(self, s, BATTLE if verb == A.BATTLE_ else POWERDOWN)
        elif verb == A.END:
            turn.end_turn(self, s)
        elif verb not in TURN_VERBS or (
            s.phase == POWERDOWN and verb not in (A.BUY, A.BUY_POWERUP)
        ):
            raise refuse_out_of_phase(s, self.actions, verb, action)
        else:
            TURN_VERBS[verb](self, s, arg)
        run(self, s)

    def _answer(self, s: State, verb: int, arg: int) -> None:
        choice = s.choice
        assert choice is not None
        if verb == A.CHOOSE_NONE and choice.optional:
            s.choice = None
            return
        if verb != A.CHOOSE or arg >= len(choice.values):
            raise answer_first(s, self.actions)
        answer(s, choice.values[arg])

    def choose_action(self, index: int) -> int:
        return self.actions.of(A.CHOOSE, index)

    # --- what may be done -----------------------------------------------------------------------

    def legal_actions(self, s: State) -> list[int]:
        """What the deciding player may do now, by phase (the Battle phase's: battle_actions.py)."""
        if s.outcome != ONGOING:
            return []
        space = self.actions
        if s.choice is not None:
            found = [space.of(A.CHOOSE, i) for i in range(len(s.choice.values))]
            return found + ([space.of(A.CHOOSE_NONE)] if s.choice.optional else [])
        if s.phase == SENSOR:
            player = s.players[turn.next_sensor_player(s)]
            return [space.of(A.SENSOR_, space.sensor_slot[n]) for n in player.hand_sensors]
        if s.phase == TURN_CHOICE:  # R-TRN-2
            first = [space.of(A.BATTLE_)]
            return first if s.round == 1 else [*first, space.of(A.POWERDOWN_)]
        if s.phase == BATTLE:
            return battle_actions(self, s)
        if s.phase == POWERDOWN:
            return [*shop.buy_actions(self, s, s.turn.player if s.turn else 0), space.of(A.END)]
        return []

    def current_player(self, s: State) -> int | None:
        """The deciding player's index, CHANCE (-1) at a chance node, None when over."""
        if s.outcome != ONGOING:
            return None
        if s.choice is not None:
            return s.choice.player
        if s.turn is not None:
            return s.turn.player
        if s.phase == SENSOR:
            return turn.next_sensor_player(s)
        return s.order[s.order_index] if s.phase == TURN_CHOICE else None

    def chance_outcomes(self, s: State) -> list[tuple[int, float]]:
        return shop.chance_outcomes(self, s)

    def returns(self, s: State) -> list[float]:
        """Solo: 1 for a win, 0 otherwise; several players: their glory (Wingmen: the team's)."""
        if len(s.players) == 1:
            return [1.0 if s.outcome == WON else 0.0]
        return [float(scoring.score(self, s, i)) for i in range(len(s.players))]

    def ranking(self, s: State) -> list[int]:
        return scoring.ranking(self, s)

    def team(self, s: State, index: int) -> tuple[int, ...]:
        return scoring.team(self, s, index)

    # --- words at the edges ---------------------------------------------------------------------

    def action_to_string(self, s: State, action: int) -> str:
        return self.actions.words(s, action)

    def string_to_action(self, s: State, text: str) -> int:
        return self.actions.parse(s, text)

    # --- what the effect language asks about the play area (rules/queries.py) ----------------

    def shown(self, s: State, ref: int) -> Quadrant:
        return queries.shown(self, s, ref)

    def cell_of(self, s: State, ref: int) -> int:
        return queries.cell_of(self, s, ref)

    def cells_of(self, s: State, refs: tuple[int, ...]) -> list[int]:
        return queries.cells_of(self, s, refs)

    def card_cell(self, s: State, card: int) -> int:
        return queries.card_cell(self, s, card)

    def damage_taken(self, s: State, ref: int) -> int:
        return queries.damage_taken(self, s, ref)

    def moves_left(self, s: State, index: int) -> int:
        return moves_left(self, s, index)

    def parts_left(self, s: State, rule: str) -> int:
        return queries.parts_left(self, s, rule)

    def boss_parts(self, s: State) -> tuple[int, ...]:
        return queries.boss_parts(self, s)

    def adjacent_cards(self, s: State, cards: tuple[int, ...]) -> tuple[int, ...]:
        return queries.adjacent_cards(self, s, cards)

    def dealt_side(self, card: int) -> tuple[int, ...]:
        """The quadrants a card shows when it is dealt (a scenario may deal it on its back)."""
        spec = self.tables.cards[card]
        return spec.back if card in self.dealt_back and spec.back else spec.front

    def key(self, s: State) -> bytes:
        return pack(s, self.interned)

    def stat(self, s: State, index: int, name: str) -> int:
        return s.players[index].stats[STAT[name]]


__all__ = ["CHANCE", "Game", "IllegalAction", "SetupError", "State"]
