"""Fire (R-FIR-*, R-UPG-LAS/MIS/GAM/FLM, R-PVP-*), the Rotary Cage (R-TUR-*), and what a shot
does to a quadrant: damage that adds up over the turn, destruction, rewards, flips."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import Choice, Frame, ask, push_all
from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.content import ORTHOGONAL, STAT, Quadrant, Weapon
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.rules.boss import check_boss_defeat
from kemble_tools.games.kembles_cascade.engine.rules.events import (
    active_player,
    armed_event,
    fire_event,
    note,
    resolve_quadrant,
)
from kemble_tools.games.kembles_cascade.engine.rules.players import (
    add_threat,
    bump,
    give_reward,
    lose_energy,
    pay_global_bellonium,
)
from kemble_tools.games.kembles_cascade.engine.state import State, event

TURRET_SHOTS, ROTATE_COST = STAT["turret_shots"], STAT["rotate_cost"]
TURRET_TURNS = STAT["turret_turns"]


def weapon_profile(g: Any, s: State, index: int, weapon: int) -> Weapon | None:
    """The weapon's profile at the level the player owns; the turret's shots are a stat."""
    player = s.players[index]
    if weapon == 0:
        return Weapon(shots=player.stats[TURRET_SHOTS], damage=1)
    upgrade = g.weapon_upgrades[weapon]
    level = player.upgrades[upgrade.index]
    return upgrade.levels[level - 1].weapon if level else None


def can_fire(g: Any, s: State, index: int, weapon: int) -> bool:
    turn = s.turn
    if turn is None:
        return False
    if weapon == 0:
        shots = s.players[index].stats[TURRET_SHOTS]
        return turn.turret_shots < shots + turn.extra_shots
    profile = weapon_profile(g, s, index, weapon)
    return profile is not None and turn.weapon_shots[weapon] < profile.shots  # D-FIR-1


def fire(g: Any, s: State, weapon: int) -> None:
    shoot_weapon(g, s, weapon, fire_check(g, s, weapon))


def fire_check(g: Any, s: State, weapon: int, extra: int = 0) -> Weapon:
    """The weapon's profile, or IllegalAction with the rule that forbids firing it (with
    `extra` turret shots to come from an overload)."""
    turn = s.turn
    assert turn is not None
    index = turn.player
    player = s.players[index]
    name = g.tables.weapons[weapon]
    if player.pos < 0:
        raise IllegalAction("R-FIR-2", "a ship outside the play area cannot fire")
    profile = weapon_profile(g, s, index, weapon)
    if profile is None:
        raise IllegalAction("R-BUY-2", f"the ship has no {name}")
    if not extra and not can_fire(g, s, index, weapon):
        raise IllegalAction("D-FIR-1", f"the {name} has fired all its shots this turn")
    return profile


def shoot_weapon(g: Any, s: State, weapon: int, profile: Weapon) -> None:
    """Fire once: count the shot (D-FIR-1) and shoot."""
    turn = s.turn
    assert turn is not None
    index = turn.player
    name = g.tables.weapons[weapon]
    if weapon == 0:
        turn.turret_shots += 1
    else:
        shots = list(turn.weapon_shots)
        shots[weapon] += 1
        turn.weapon_shots = tuple(shots)
    note(s, "p%d fire %s", index + 1, name)
    shoot(g, s, index, weapon, profile)


def fire_direction(g: Any, s: State, index: int) -> str:
    """R-FIR-2; R-VAR-TV-1: a ship that cannot turn fires the variant's way."""
    fixed = g.tables.rules.fire_directions
    player = s.players[index]
    if fixed and not player.stats[TURRET_TURNS]:
        return fixed[0]
    return player.facing


def shoot(g: Any, s: State, index: int, weapon: int, profile: Weapon) -> None:
    origin = s.players[index].pos
    direction = fire_direction(g, s, index)
    line = board.line(g.geo, s, origin, direction)
    if profile.reach:
        line = line[: profile.reach]  # R-FIR-3, R-UPG-FLM-1
    if profile.line:  # R-UPG-GAM-1, R-FIR-4: gamma passes everything
        for cell in line:
            hit(g, s, index, weapon, cell, profile.damage)
        return
    quadrants = g.tables.quadrants
    target = next(
        (
            cell
            for cell in line
            if board.player_at(s, cell) is not None or quadrants[s.cells[cell]].kind.blocks_shots
        ),
        -1,
    )  # R-FIR-4, R-FIR-5
    if target < 0:
        return
    hit(g, s, index, weapon, target, profile.damage)
    if profile.splash and not s.outcome:  # R-UPG-MIS-1: one neighbour of the shooter's choice
        ways = tuple(d for d in ORTHOGONAL if board.step(g.geo, s, target, d) >= 0)
        if ways:
            then = Frame((g.steps("splash", weapon, profile.splash, target),))
            ask(s, Choice(index, "splash", ways, then))


def splash(g: Any, s: State, step: Any, frame: Frame) -> None:
    weapon, damage, target = step.args
    cell = board.step(g.geo, s, target, frame.chosen)
    shooter = s.turn.player if s.turn is not None else 0
    if cell >= 0:
        hit(g, s, shooter, weapon, cell, damage)


def hit(g: Any, s: State, index: int, weapon: int, cell: int, damage: int) -> None:
    victim = board.player_at(s, cell)
    if victim is not None and victim != index:  # R-PVP-1: damage becomes threat
        add_threat(s, victim, damage)
        turn = s.turn
        if turn is not None and victim not in turn.pvp_victims:  # R-PVP-2
            turn.pvp_victims = (*turn.pvp_victims, victim)
            target = s.players[victim]
            target.tokens = (*target.tokens, index)
        return
    quadrant = g.tables.quadrants[s.cells[cell]]
    immunity = g.immunity[weapon]
    if immunity is not None and immunity in quadrant.immune:
        return  # R-SYM-11 (D-SYM-1: never the turret)
    damage_quadrant(g, s, quadrant.ref, damage, index, quadrant)


def damage_quadrant(
    g: Any, s: State, ref: int, damage: int, shooter: int | None, quadrant: Quadrant | None = None
) -> None:
    """R-FIR-6: damage adds up over the turn, per object (a card's other side is another
    object); at the object's energy it is destroyed. The shot hits what the quadrant showed:
    its hooks judge that, even if the card turns over (R-SYM-12)."""
    hit = quadrant if quadrant is not None else g.shown(s, ref)
    if hit.kind.vacant:
        return
    total = damage
    turn = s.turn
    if turn is not None:
        done = dict(turn.damage)
        total = done.get(hit.id, 0) + damage
        done[hit.id] = total
        turn.damage = tuple(sorted(done.items()))
    if shooter is not None:
        bump(s.players[shooter], "damage_dealt", damage)
    bindings = event(active=active_player(s), shooter=shooter, quadrant=ref, shown=hit.id)
    on_hit = armed_event(g, s, ref, "on_hit", bindings, hit)
    if hit.destructible and total >= hit.energy:
        destroy_quadrant(g, s, ref, shooter, reward=True, shooter=shooter)
    push_all(s, on_hit)


def destroy_quadrant(
    g: Any,
    s: State,
    ref: int,
    by: int | None,
    reward: bool,
    shooter: int | None = None,
    rammer: int | None = None,
) -> None:
    """R-FIR-7: the reward at once, then the quadrant is covered; flip cards turn over. `by`
    is credited (counters, the reward); `shooter` or `rammer` says how, for on_destroyed."""
    cell = g.cell_of(s, ref)
    quadrant = g.tables.quadrants[s.cells[cell]] if cell >= 0 else g.shown(s, ref)
    if quadrant.kind.vacant:
        return
    if by is not None:
        player = s.players[by]
        bump(player, "objects_destroyed")
        if quadrant.kind.enemy:
            bump(player, "enemies_destroyed")
        if reward:
            give_reward(g, s, by, quadrant.reward)
    # Hooks decide (their conditions) while the object is still shown; they act after.
    bindings = event(
        active=active_player(s), shooter=shooter, quadrant=ref, rammer=rammer, shown=quadrant.id
    )
    fire_event(g, s, ref, "on_destroyed", bindings, quadrant)
    if cell >= 0:
        cells = list(s.cells)
        cells[cell] = g.tables.covered(quadrant)
        s.cells = tuple(cells)
    if s.notes is not None:
        where = board.position(s, cell) if cell >= 0 else None
        note(s, "%s at %s destroyed", quadrant.kind.id, where)
    card = g.tables.cards[quadrant.card]
    if card.flip and card.back and quadrant.side == 0:  # R-SYM-12
        flip(g, s, quadrant.card)  # D-SYM-2: once, from front to back
    check_boss_defeat(g, s)


def flip(g: Any, s: State, card: int) -> None:
    """R-SYM-12: the card turns over at once, and a ship on it resolves its new quadrant.
    D-SYM-4: the Global Bellonium the turn brings into view pays first, while every ship
    that sees it is still in play."""
    cell = g.card_cell(s, card)
    if cell < 0:
        return
    quadrants = g.tables.quadrants
    cells = list(s.cells)
    revealed = 0
    for at in (cell, cell + 1):
        shown = cells[at]
        cells[at] = g.tables.other_side(quadrants[shown])
        if cells[at] != shown:  # another face: its symbols were out of view until now
            revealed += quadrants[cells[at]].global_bellonium
    s.cells = tuple(cells)
    if revealed:
        pay_global_bellonium(s, revealed)
    for index, player in enumerate(s.players):
        if player.pos in (cell, cell + 1) and not player.astral:
            resolve_quadrant(g, s, index, player.pos, "on_enter")


def can_rotate(s: State, index: int, direction: str) -> bool:
    player = s.players[index]
    return bool(player.stats[TURRET_TURNS]) and direction != player.facing


def rotate(g: Any, s: State, way: int) -> None:
    """R-TUR-1, R-TUR-2: turning costs energy in play; astral ships turn for free."""
    turn = s.turn
    assert turn is not None
    index = turn.player
    direction = ORTHOGONAL[way]
    player = s.players[index]
    if not player.stats[TURRET_TURNS]:
        raise IllegalAction("R-VAR-TV-1", "without a Rotary Cage the ship cannot turn")
    if direction == player.facing:
        raise IllegalAction("R-TUR-1", f"the turret already faces {direction}")
    player.facing = direction
    lose_energy(g, s, index, rotate_cost(s, index), "rotary cage")


def rotate_cost(s: State, index: int) -> int:
    """R-TUR-1, R-TUR-2: what turning the Rotary Cage costs; nothing for an astral ship."""
    player = s.players[index]
    return 0 if player.astral else player.stats[ROTATE_COST]
