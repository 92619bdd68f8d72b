"""Where a solo game's resources can come from, read once from its content (gives.py).

`Sources` holds, for one game, what every possible source can give the player at most: each
quadrant a card can show (its object kind's hooks and its boss's special rule, by trigger, and
whether the hook uses the quadrant up), its reward and Global Bellonium, every power-up, sensor
card and upgrade level. Content whose effects the analysis cannot bound gives a reason in `off`
instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kemble_tools.dsl.ir import Act, Effect, Select
from kemble_tools.games.kembles_cascade.engine import Game
from kemble_tools.games.kembles_cascade.engine.content import Quadrant
from kemble_tools.games.kembles_cascade.solve.bounds.expressions import Host, Unbounded, lower
from kemble_tools.games.kembles_cascade.solve.bounds.gives import (
    NOTHING,
    Flags,
    Give,
    effect_flags,
    give,
    most,
    movers,
    removes_itself,
    total,
)
from kemble_tools.games.kembles_cascade.solve.canonical import cards_in_game

ARRIVAL = frozenset({"on_enter", "on_pushed_onto"})
PER_ROUND = frozenset({"on_round_start", "on_turn_start", "on_turn_end", "passive"})
ONCE = frozenset({"on_destroyed", "on_revealed", "on_scroll_out", "on_pushed_out"})
# how many quadrants a play area has at most (R-GEO-1: 5 rows; scenarios may have a few more)
MAX_CELLS = 16 * 8
MOST_GIVES = 20_000  # quadrant_gives' answers kept (a few hundred bytes each)


@dataclass(frozen=True)
class Hook:
    """One effect on a quadrant: what one run gives, and whether it uses the quadrant up
    (covers or destroys it), so that it runs at most once."""

    trigger: str
    gives: Give
    once: bool


@dataclass(frozen=True)
class QuadrantSource:
    hooks: tuple[Hook, ...]
    ram_cost: float | None  # the least energy entering it costs when entering destroys it
    push_cost: float | None  # the same for a ship pushed onto it
    shift_cost: float | None = None  # the least energy a push onto it that shifts the ship costs
    moves_ship: bool = False  # it can put a ship elsewhere by other means (a wormhole's jump)


class Sources:
    """What each source of a solo game can give (see the module's docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tables = game.tables
        self.off: str | None = None
        self.flags = Flags()
        self.cells = MAX_CELLS
        self._quadrants: dict[int, QuadrantSource] = {}
        self._gives: dict[tuple[int, int, float, float], Give] = {}  # quadrant_gives' answers
        self.powerups: list[Give] = []
        self.sensors: dict[int, Give] = {}
        self.bought: dict[tuple[int, int], Give] = {}
        self.buying: frozenset[int] = frozenset()  # quadrants that offer a buy (a merchant)
        self.drawing: frozenset[int] = frozenset()  # … or can put a card in the hand
        self.moving_powerups: frozenset[int] = frozenset()  # power-ups that move the ship
        self.moving_sensors: frozenset[int] = frozenset()  # sensor cards that do
        self.moves_ship: str | None = None  # other content that does, whatever is in play
        try:
            self.powerups = [self._powerup(i) for i in range(len(self.tables.powerups))]
            self.sensors = {s.number: self._sensor(s.number) for s in self.tables.sensors}
            self.bought = self._bought()
            for q in every_quadrant(game):  # every card's, so that no search meets one unread
                self.quadrant(q)
            self.buying = frozenset(q for q, got in self._quadrants.items() if _gives(got, "buy"))
            self.drawing = frozenset(
                q for q, got in self._quadrants.items() if _gives(got, "buy", "powerups")
            )
            self._check_owned_cards()
            self._check_spawned()
            self._read_movers()
        except Unbounded as why:
            self.off = str(why)

    # --- quadrants ---------------------------------------------------------------------------

    def quadrant(self, q: int) -> QuadrantSource:
        """What quadrant id `q` can give (cached; raises Unbounded for unreadable content)."""
        found = self._quadrants.get(q)
        if found is None:
            found = self._quadrants[q] = self._read_quadrant(self.tables.quadrants[q])
        return found

    def _read_quadrant(self, quadrant: Quadrant) -> QuadrantSource:
        host = Host(
            energy=quadrant.energy,
            threat=quadrant.adjacent_threat,
            reward_energy=quadrant.reward.energy,
            reward_bellonium=quadrant.reward.bellonium,
            reward_glory=quadrant.reward.glory,
            cells=self.cells,
        )
        hooks: list[Hook] = []
        ram: dict[str, float] = {}
        shift: float | None = None
        moves_ship = False
        for effect in self.effects_of(quadrant):
            moving = movers(effect.actions)
            if moving == {"shift_player"} and effect.trigger == "on_pushed_onto":
                cost = _cost_to_player(effect.actions, host)  # a collision (R-SCR-2)
                shift = cost if shift is None else min(shift, cost)
            elif moving:
                moves_ship = True
            gives = give(effect.actions, host)
            once = uses_itself(effect.actions)
            rams = once and effect.trigger in ARRIVAL  # a ram is the bounds' own case
            if quadrant.kind.boss and removes_itself(effect.actions) and not rams:
                self.flags.removes.append(f"a boss part removes itself ({effect.trigger})")
            hooks.append(Hook(effect.trigger, gives, once))
            effect_flags(effect.actions, self.flags, f"object {quadrant.kind.id}")
            if once and effect.trigger in ARRIVAL:
                cost = _cost_to_player(effect.actions, host)
                ram[effect.trigger] = min(ram.get(effect.trigger, cost), cost)
        on_enter, pushed = ram.get("on_enter"), ram.get("on_pushed_onto")
        return QuadrantSource(tuple(hooks), on_enter, pushed, shift, moves_ship)

    def effects_of(self, quadrant: Quadrant) -> list[Effect]:
        """The IR of the effects a quadrant carries: its kind's and its special rule's (the
        boss's own, or every boss's rule of that name for a card that borrows one)."""
        bundle = self.game.bundle
        effects = list(bundle["objects"][quadrant.kind.id]["effects"])
        if quadrant.special is not None:
            owner = self.tables.cards[quadrant.card].boss
            bosses = [self.tables.bosses[owner]] if owner >= 0 else self.tables.bosses
            for boss in bosses:
                rule = bundle["bosses"][boss.id]["special_rules"].get(quadrant.special)
                if rule is not None:
                    effects += rule["effects"]
        return effects

    def kept(self) -> int:
        """How many answers of quadrant_gives are kept."""
        return len(self._gives)

    def quadrant_gives(self, q: int, rounds: int, arrivals: float, hits: float) -> Give:
        """The most quadrant `q` can give in `rounds` rounds with at most `arrivals` ships'
        arrivals and `hits` hits a round, and its reward once (worked out once: the incomes
        of a search ask again and again)."""
        key = (q, rounds, arrivals, hits)
        found = self._gives.get(key)
        if found is None:
            if len(self._gives) >= MOST_GIVES:
                self._gives.clear()
            found = self._gives[key] = self._quadrant_gives(q, rounds, arrivals, hits)
        return found

    def _quadrant_gives(self, q: int, rounds: int, arrivals: float, hits: float) -> Give:
        quadrant = self.tables.quadrants[q]
        result = Give(
            energy=quadrant.reward.energy,
            bellonium=quadrant.reward.bellonium + quadrant.global_bellonium,
        )
        hooks = self.quadrant(q).hooks
        # the hooks that use the quadrant up: the first to run is the only one that runs
        result = result + most([hook.gives for hook in hooks if hook.once])
        for hook in hooks:
            if hook.once:
                continue
            if hook.trigger in ONCE:
                times: float = 1
            elif hook.trigger in PER_ROUND:
                times = rounds
            elif hook.trigger in ARRIVAL:
                times = rounds * arrivals
            else:  # on_hit and what else a kind may listen to
                times = rounds * max(hits, arrivals, 1)
            result = result + hook.gives.times(times)
        return result

    def repeating_gains(self, q: int) -> str | None:
        """Why quadrant `q` can feed its own trigger (an arrival that gives moves, a hit that
        gives shots), which no bound can follow; None when it cannot."""
        for hook in self.quadrant(q).hooks:
            if hook.once:
                continue
            if hook.trigger in ARRIVAL and (hook.gives.moves or _adds(hook.gives, "moves")):
                return f"entering {self.tables.quadrants[q].kind.id} gives moves again and again"
            if hook.trigger == "on_hit" and (hook.gives.shots or _adds(hook.gives, "turret_shots")):
                return f"hitting {self.tables.quadrants[q].kind.id} gives shots again and again"
        return None

    # --- cards and upgrades ----------------------------------------------------------------------

    def _read_movers(self) -> None:
        """Which cards can put the ship elsewhere than moves and pushes do, and whether other
        content can (an upgrade, a mission, an object an effect puts down)."""
        bundle = self.game.bundle
        self.moving_powerups = frozenset(
            spec.index
            for spec in self.tables.powerups
            if any(movers(e.actions) for e in bundle["powerups"][spec.id]["effects"])
        )
        self.moving_sensors = frozenset(
            card["number"]
            for card in bundle["sensors"]
            if any(movers(e.actions) for e in card["effects"])
        )
        elsewhere = [
            *(e for u in bundle["upgrades"].values() for lv in u["levels"] for e in lv["effects"]),
            *(
                e
                for part in ("missions", "achievements")
                for c in bundle.get(part, {}).values()
                for e in c.get("effects", [])
            ),
            *(e for kind in set(self.flags.spawns) for e in bundle["objects"][kind]["effects"]),
        ]
        moving = next((e for e in elsewhere if movers(e.actions)), None)
        if moving is not None:
            self.moves_ship = f"{moving.span.file}:{moving.span.line}: an effect moves the ship"

    def _powerup(self, index: int) -> Give:
        spec = self.tables.powerups[index]
        data = self.game.bundle["powerups"][spec.id]
        return self._effects(data["effects"], f"power-up {spec.id}")

    def _sensor(self, number: int) -> Give:
        data = next(s for s in self.game.bundle["sensors"] if s["number"] == number)
        return self._effects(data["effects"], f"sensor card {number}")

    def _bought(self) -> dict[tuple[int, int], Give]:
        """What buying each upgrade level gives at once (its `on_bought` effects)."""
        found: dict[tuple[int, int], Give] = {}
        for upgrade in self.tables.upgrades:
            data = self.game.bundle["upgrades"][upgrade.id]
            for level, level_data in enumerate(data["levels"], start=1):
                bought = [e for e in level_data["effects"] if e.trigger == "on_bought"]
                found[(upgrade.index, level)] = self._effects(bought, f"upgrade {upgrade.id}")
        return found

    def _effects(self, effects: list[Effect], where: str) -> Give:
        host = Host(cells=self.cells)  # no quadrant carries these
        for effect in effects:
            effect_flags(effect.actions, self.flags, where)
        return total(give(effect.actions, host) for effect in effects)

    def _check_owned_cards(self) -> None:
        """Missions and achievements may only give glory: anything else would need a count of
        the events they hear."""
        bundle = self.game.bundle
        for section in ("missions", "achievements"):
            for card_id, card in bundle.get(section, {}).items():
                if self._effects(card.get("effects", []), f"{section[:-1]} {card_id}") != NOTHING:
                    raise Unbounded(f"the {section[:-1]} {card_id} gives more than glory")

    def _check_spawned(self) -> None:
        """Objects that effects put on the board come in numbers no bound follows: they may
        give nothing; and they may be put only where no boss part can be (replacing one would
        spare the player destroying it)."""
        kinds = self.game.tables.kind_index
        for selector, limit, where in self.flags.spawned_over:
            safe = selector == "quadrants_of" and limit in kinds
            if not safe or self.game.tables.kinds[kinds[limit]].boss:
                self.flags.removes.append(f"{where}: spawn over {limit or selector}")
        host = Host(cells=self.cells)
        for kind in set(self.flags.spawns):
            for effect in self.game.bundle["objects"][kind]["effects"]:
                if give(effect.actions, host).gives_resources:
                    raise Unbounded(f"spawned {kind} objects give the player something")


def every_quadrant(game: Game) -> Iterator[int]:
    """Every printed quadrant of the cards the game can show, both sides."""
    for card in sorted(cards_in_game(game)):
        spec = game.tables.cards[card]
        yield from spec.front
        yield from spec.back or ()


def _gives(source: QuadrantSource, *what: str) -> bool:
    return any(getattr(hook.gives, name) for hook in source.hooks for name in what)


def uses_itself(actions: tuple[Act, ...]) -> bool:
    """The effect destroys or covers its own quadrant whenever it runs (not inside a branch)."""
    for act in actions:
        if act.action == "destroy":
            target = act.args.get("target")
            if not isinstance(target, Select) or target.name == "this_quadrant":
                return True
        if act.action == "cover":
            target = act.args.get("quadrant")
            if not isinstance(target, Select) or target.name == "this_quadrant":
                return True
    return False


def _cost_to_player(actions: tuple[Act, ...], host: Host) -> float:
    """The least energy the effect takes from the ship that arrived (its unconditional
    damage to `player`)."""
    cost = 0.0
    for act in actions:
        if act.action in ("damage", "lose_energy"):
            target = act.args.get("to" if act.action == "damage" else "player")
            if isinstance(target, Select) and target.name == "player":
                cost += lower(act.args.get("amount"), host)
    return cost


def _adds(gives: Give, stat: str) -> bool:
    return any(value > 0 for name, value in gives.changes if name == stat) or any(
        name == stat for name, _ in gives.stats
    )
