"""What every name means in every trigger (docs/dsl.md, Triggers): each trigger is played through
the engine on a real position, and each name it binds is read back.

A probe expansion records the names an effect sees: glory says *who* (1 for `player`, 10 for
`active_player`, 100 for `shooter`, 1000 for `rammer`, and 10,000 when `this_quadrant` is
`event_quadrant`), Bellonium says *where* (`event_quadrant`'s row * 10 + column) and threat says
*what* (the energy read on the event's quadrant).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY
from kemble_tools.validate.pipeline import validate_paths

from engine_helpers import (
    E,
    captain,
    edit_player,
    empty_grid,
    me,
    play,
    q,
    scenario_data,
    set_phase,
    view,
    with_players,
)

WEIGHTS = {"player": 1, "active_player": 10, "shooter": 100, "rammer": 1000, "same": 10_000}
WHERE = "event_quadrant.row * 10 + event_quadrant.column"


def amount(weight: int) -> int | str:
    """A number written in an effect is at most 999: larger ones as a product."""
    return weight if weight < 1000 else f"{weight // 100} * 100"


def record(*names: str) -> list[dict[str, Any]]:
    """Actions that write down whom the player names select and where event_quadrant is."""
    acts: list[dict[str, Any]] = [
        {"gain_glory": {"player": name, "amount": amount(WEIGHTS[name])}}
        for name in names
        if name in WEIGHTS
    ]
    if "event_quadrant" in names:
        acts.append({"gain_bellonium": {"player": "all_players", "amount": WHERE}})
        acts.append({"add_threat": {"player": "all_players", "amount": "event_quadrant.energy"}})
    if "this_quadrant" in names:
        same = [{"gain_glory": {"player": "all_players", "amount": amount(WEIGHTS["same"])}}]
        acts.append({"if": {"condition": "this_quadrant == event_quadrant", "then": same}})
    return acts


def probe(trigger: str, *names: str, **flags: Any) -> dict[str, Any]:
    """An object kind that records `names` when `trigger` fires on it."""
    kind = {"blocks_shots": False, "enterable": True, "enemy": False, **flags}
    effects = [*kind.pop("effects", []), {"on": trigger, "do": record(*names)}]
    return {"id": f"probe_{trigger}", "name": f"Probe {trigger}", **kind, "effects": effects}


RAM = [{"destroy": {"target": "this_quadrant", "reward": False}}]
QUADRANT_EVENT = ("event_quadrant", "this_quadrant")
OBJECTS = [
    probe("on_enter", "player", "active_player", *QUADRANT_EVENT),
    probe("on_pushed_onto", "player", *QUADRANT_EVENT),
    probe("on_hit", "shooter", "active_player", *QUADRANT_EVENT, blocks_shots=True),
    probe(
        "on_destroyed",
        "shooter",
        "rammer",
        "active_player",
        *QUADRANT_EVENT,
        blocks_shots=True,
        enemy=True,
        effects=[{"on": "on_enter", "do": RAM}, {"on": "on_pushed_onto", "do": RAM}],
    ),
    probe("on_revealed", *QUADRANT_EVENT),
    probe("on_scroll_out", *QUADRANT_EVENT),
    probe("on_pushed_out", *QUADRANT_EVENT),
    probe("on_turn_start", "player", "active_player"),
    probe("on_turn_end", "player", "active_player"),
    {
        "id": "probe_on_round_start",
        "name": "Probe on_round_start",
        "blocks_shots": False,
        "enterable": True,
        "enemy": False,
        "effects": [
            {
                "on": "on_round_start",
                "do": [
                    {
                        "gain_bellonium": {
                            "player": "all_players",
                            "amount": "this_quadrant.row * 10 + this_quadrant.column",
                        }
                    }
                ],
            }
        ],
    },
    {
        "id": "probe_on_game_end",
        "name": "Probe on_game_end",
        "blocks_shots": False,
        "enterable": True,
        "enemy": False,
        "effects": [{"on": "on_game_end", "do": [{"gain_glory": {"player": "all_players"}}]}],
    },
    {  # an effect, not a shot, damages the quadrants orthogonally adjacent to it
        "id": "blaster",
        "name": "Blaster",
        "blocks_shots": False,
        "enterable": True,
        "enemy": False,
        "effects": [
            {
                "on": "on_enter",
                "do": [{"damage": {"to": {"adjacent_quadrants": {"orthogonal": True}}}}],
            }
        ],
    },
    {  # destroys every on_destroyed probe at the start of each turn: neither shot nor ram
        "id": "demolisher",
        "name": "Demolisher",
        "blocks_shots": False,
        "enterable": True,
        "enemy": False,
        "effects": [
            {
                "on": "on_turn_start",
                "do": [
                    {
                        "destroy": {
                            "target": {"quadrants_of": {"object": "probe_on_destroyed"}},
                            "reward": False,
                        }
                    }
                ],
            }
        ],
    },
    {  # a bare selector in an expression takes its parameters' defaults (to: this_quadrant)
        "id": "census",
        "name": "Census",
        "blocks_shots": False,
        "enterable": True,
        "enemy": False,
        "effects": [
            {"on": "on_enter", "do": [{"gain_glory": {"amount": "count(players_adjacent)"}}]}
        ],
    },
    {  # issue 20: the text promised half its energy to the shooter
        "id": "bounty",
        "name": "Bounty",
        "blocks_shots": True,
        "enterable": False,
        "enemy": False,
        "effects": [
            {
                "on": "on_destroyed",
                "if": "this_quadrant.energy >= 2",
                "do": [
                    {
                        "gain_energy": {
                            "player": "shooter",
                            "amount": "this_quadrant.energy / 2",
                        }
                    }
                ],
            }
        ],
    },
]
MISSIONS = [
    {
        "id": "probe_mission",
        "name": "Probe mission",
        "glory": 1,
        "target": 9,
        "effects": [
            {
                "on": "on_destroyed",
                "do": [
                    {
                        "if": {
                            "condition": "shows(event_quadrant, 'probe_on_destroyed') and "
                            "event_quadrant.energy == 1 and shooter == owner",
                            "then": [{"advance_mission": 1}],
                        }
                    }
                ],
            },
            {
                "on": "on_enter",
                "if": "player == owner and shows(event_quadrant, 'probe_on_enter')",
                "do": [{"advance_mission": 2}],
            },
        ],
    }
]
UPGRADES = [
    {
        "id": "probe_gear",
        "name": "Probe gear",
        "type": "ship_mod",
        "levels": [
            {
                "level": 1,
                "price": 0,
                "effects": [{"on": "on_bought", "do": record("player", "active_player")}],
            }
        ],
    }
]
POWERUPS = [
    {
        "id": "probe_played",
        "name": "Probe played",
        "timing": "own_turn",
        "effects": [{"on": "on_played", "do": record("player", "active_player")}],
    },
    {
        "id": "probe_drawn",
        "name": "Probe drawn",
        "timing": "when_drawn",
        "effects": [{"on": "on_drawn", "do": record("player")}],
    },
]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The base game with the probe expansion (JSON is YAML); text boards need a mark each."""
    folder = tmp_path_factory.mktemp("probes")
    for mark, kind in zip("abcdefghijklmnopqrstuvwxyz", OBJECTS, strict=False):
        kind["mark"] = mark
    for kind, items in {
        "objects": OBJECTS,
        "missions": MISSIONS,
        "upgrades": UPGRADES,
        "powerups": POWERUPS,
    }.items():
        text = json.dumps({"kind": kind, kind: items}, indent=1)
        (folder / f"{kind}.yaml").write_text(text, encoding="utf-8")
    result = compile_validated(validate_paths([folder]))
    assert result.bundle is not None, [d.message for d in result.diagnostics]
    return result.bundle


def game(bundle: dict[str, Any], cells: dict[tuple[int, int], Any], **scenario: Any) -> State:
    grid = empty_grid()
    for (row, column), quadrant in cells.items():
        grid[row - 1][column - 1] = quadrant
    data = scenario_data(grid, **scenario)
    return Game.from_scenario(bundle, data).new_initial_state()


def names(glory: int) -> set[str]:
    """The names a probe found bound to a player, read back from its glory."""
    return {name for name, weight in WEIGHTS.items() if glory // weight % 10}


def glories(state: State) -> list[set[str]]:
    return [names(player.glory) for player in view(state).players]


# --- quadrant events -----------------------------------------------------------------------------


def test_on_enter_binds_the_ship_that_moved_and_the_active_player(bundle: dict) -> None:
    # R-MOV-5
    state = game(bundle, {(4, 2): q("probe_on_enter")}, player={"position": (5, 2)})
    play(state, "battle", "move N")
    assert names(me(state).glory) == {"player", "active_player", "same"}
    assert me(state).bellonium == 42


def test_on_enter_under_another_ship_when_a_card_turns_over(bundle: dict) -> None:
    # R-SYM-12 R-FIR-7: p1 shoots the card's fighter; the card turns over under p2's ship
    fighter = q("fighter", energy=1, threat=1)
    state = game(
        bundle,
        {(3, 1): fighter},
        flips={(3, 1): [E, q("probe_on_enter")]},
    )
    with_players(state, captain((5, 1)), captain((3, 2)))
    play(state, "battle", "fire")
    assert glories(state) == [{"active_player", "same"}, {"player", "same"}]
    assert [p.bellonium for p in view(state).players] == [32, 32]


def test_on_pushed_onto_binds_the_pushed_ship_between_turns(bundle: dict) -> None:
    # R-SCR-1: the push comes while space scrolls, in nobody's turn
    state = game(
        bundle,
        {(4, 2): q("probe_on_pushed_onto")},
        deck=[[E, E, E, E]],
        player={"position": (5, 2)},
        round=2,
    )
    play(state, "powerdown", "end")
    assert names(me(state).glory) == {"player", "same"}
    assert me(state).bellonium == 42


def test_on_hit_binds_the_shooter_and_reads_the_object_it_hit(bundle: dict) -> None:
    # R-FIR-4 R-FIR-6 R-FIR-7: the shot destroys it; its effect still reads its energy
    state = game(bundle, {(3, 2): q("probe_on_hit", energy=1)}, player={"position": (5, 2)})
    play(state, "battle", "fire")
    assert ("R3-01", 1) in view(state).covered
    assert names(me(state).glory) == {"shooter", "active_player", "same"}
    assert (me(state).bellonium, me(state).threat_points) == (32, 1)


def test_on_hit_by_an_effect_has_no_shooter(bundle: dict) -> None:
    # R-FIR-6: the blaster's damage is no shot
    cells = {(4, 2): q("blaster"), (3, 2): q("probe_on_hit", energy=2)}
    state = game(bundle, cells, player={"position": (5, 2)})
    play(state, "battle", "move N")
    assert names(me(state).glory) == {"active_player", "same"}
    assert (me(state).bellonium, me(state).threat_points) == (32, 2)


def test_on_destroyed_by_a_shot_binds_the_shooter_and_no_rammer(bundle: dict) -> None:
    # R-FIR-6 R-FIR-7
    cells = {(3, 2): q("probe_on_destroyed", energy=1)}
    state = game(bundle, cells, player={"position": (5, 2)})
    play(state, "battle", "fire")
    assert names(me(state).glory) == {"shooter", "active_player", "same"}
    assert (me(state).bellonium, me(state).threat_points) == (32, 1)  # its printed energy


def test_on_destroyed_by_a_ram_binds_the_rammer_and_no_shooter(bundle: dict) -> None:
    # R-OBJ-ENEMY-2 R-MOV-5: moving onto it destroys it; no shot was fired
    cells = {(4, 2): q("probe_on_destroyed", energy=1)}
    state = game(bundle, cells, player={"position": (5, 2)})
    play(state, "battle", "move N")
    assert names(me(state).glory) == {"rammer", "active_player", "same"}
    assert (me(state).bellonium, me(state).threat_points) == (42, 1)


def test_on_destroyed_by_a_push_binds_the_rammer_between_turns(bundle: dict) -> None:
    # R-SCR-1 R-OBJ-ENEMY-2: scrolling pushes the ship onto it, in nobody's turn
    cells = {(4, 2): q("probe_on_destroyed", energy=1)}
    state = game(bundle, cells, deck=[[E, E, E, E]], player={"position": (5, 2)}, round=2)
    play(state, "powerdown", "end")
    assert names(me(state).glory) == {"rammer", "same"}


def test_on_destroyed_by_an_effect_has_neither_shooter_nor_rammer(bundle: dict) -> None:
    # R-TRN-1: the demolisher destroys it at the start of the turn
    cells = {(1, 1): q("demolisher"), (2, 3): q("probe_on_destroyed", energy=1)}
    state = game(bundle, cells, player={"position": (5, 2)})
    play(state, "battle")
    assert names(me(state).glory) == {"active_player", "same"}
    assert (me(state).bellonium, me(state).threat_points) == (23, 1)


def test_a_destroyed_objects_printed_energy_is_what_its_effect_reads(bundle: dict) -> None:
    # Issue 20: "if its energy is at least 2, the shooter gains half its energy": 4 damage in
    # one turn destroys it (R-FIR-6, R-UPG-LAS-1, R-OVL-1), then the shooter gains 4 / 2
    state = game(
        bundle,
        {(3, 2): q("bounty", energy=4)},
        player={"position": (5, 2), "energy": 2, "upgrades": {"laser": 1}},
    )
    play(state, "battle", "fire laser", "fire laser", "fire", "overload fire")
    assert ("R3-01", 1) in view(state).covered
    assert me(state).energy == 2 - 1 + 2


def test_a_bare_selector_in_an_expression_takes_its_defaults(bundle: dict) -> None:
    # R-GEO-3: the ships adjacent to this quadrant (p2, diagonally), not a crash
    state = game(bundle, {(4, 2): q("census")})
    with_players(state, captain((5, 2)), captain((3, 3)))
    play(state, "battle", "move N")
    assert [p.glory for p in view(state).players] == [1, 0]


def test_a_mission_reads_the_object_destroyed_and_the_quadrant_entered(bundle: dict) -> None:
    # R-MIS-1: on a card a player owns, event_quadrant is the event's quadrant
    cells = {(3, 2): q("probe_on_destroyed", energy=1), (4, 1): q("probe_on_enter")}
    state = game(bundle, cells, player={"position": (5, 2)})
    edit_player(state, mission="probe_mission")
    play(state, "battle", "fire")
    assert me(state).mission_progress == 1
    play(state, "move NW")
    assert me(state).mission_progress == 1 + 2


def test_on_revealed_binds_the_quadrant_of_the_card_dealt(bundle: dict) -> None:
    # R-SCR-5
    state = game(
        bundle,
        {},
        deck=[[E, E, q("probe_on_revealed"), E]],
        player={"position": (3, 2)},
        round=2,
    )
    play(state, "powerdown", "end")
    assert names(me(state).glory) == {"same"}
    assert me(state).bellonium == 13


@pytest.mark.parametrize(("deck", "heard"), [([[E, E, E, E]], 2), ([], 1)])
def test_a_card_leaving_is_heard_by_its_own_quadrant(bundle: dict, deck: list, heard: int) -> None:
    # R-SCR-3 R-SCR-5 R-SCR-8 D-OBJ-2: only a new row pushes a card out
    cells = {(5, 3): q("probe_on_scroll_out"), (5, 4): q("probe_on_pushed_out")}
    state = game(bundle, cells, deck=deck, player={"position": (3, 2)}, round=2)
    play(state, "powerdown", "end")
    assert me(state).glory == heard * WEIGHTS["same"]


def test_a_card_leaving_is_read_as_it_showed_when_it_left(bundle: dict) -> None:
    # R-SYM-12 R-SCR-3: shot over to its back, then scrolled out; its effect reads the back
    fighter = q("fighter", energy=1)
    state = game(
        bundle,
        {(5, 1): fighter},
        flips={(5, 1): [q("probe_on_scroll_out", energy=3), E]},
        deck=[[E, E, E, E]],
        player={"position": (4, 1), "facing": "S"},
    )
    play(state, "battle", "fire", "end")
    assert me(state).glory == WEIGHTS["same"]
    assert (me(state).bellonium, me(state).threat_points) == (0, 3)  # gone: row 0


def test_on_round_start_is_heard_by_each_quadrant_in_play(bundle: dict) -> None:
    # R-RND-1: after the rows moved down one row
    state = game(
        bundle,
        {(2, 3): q("probe_on_round_start")},
        deck=[[E, E, E, E]],
        player={"position": (3, 2)},
        round=2,
    )
    play(state, "powerdown", "end")
    assert me(state).bellonium == 33


@pytest.mark.parametrize("trigger", ["on_turn_start", "on_turn_end"])
def test_turn_events_bind_the_player_whose_turn_it_is(bundle: dict, trigger: str) -> None:
    # R-TRN-1 R-BAT-1 R-PWD-1
    state = game(bundle, {(1, 1): q(f"probe_{trigger}")}, round=2)
    with_players(state, captain((5, 1)), captain((5, 3)))
    play(state, "powerdown", "end")
    assert glories(state) == [{"player", "active_player"}, set()]
    play(state, "powerdown", "end")
    assert glories(state) == [{"player", "active_player"}] * 2


def test_on_game_end_runs_before_the_game_is_over(bundle: dict) -> None:
    # R-END-1 D-SOLO-1: the black hole ends the game; it is still lost
    cells = {(4, 2): q("black_hole"), (1, 4): q("probe_on_game_end")}
    state = game(bundle, cells, player={"position": (5, 2)})
    play(state, "battle", "move N")
    assert view(state).outcome == "lost" and me(state).glory == 1


# --- cards a player owns -------------------------------------------------------------------------


def test_a_sensor_cards_player_is_the_one_who_played_it(bundle: dict) -> None:
    # R-SEN-1 R-SEN-4: sensor 10 says "you take 1 Bellonium"
    state = game(bundle, {}, sensor_hand=[])
    with_players(state, captain((5, 1), hand_sensors=(20,)), captain((5, 3), hand_sensors=(10,)))
    set_phase(state, "sensor")
    play(state, "sensor 20", "sensor 10")
    assert [p.bellonium for p in view(state).players] == [0, 1]


def test_on_bought_binds_the_buyer(bundle: dict) -> None:
    # R-BUY-2 R-PWD-1
    state = game(bundle, {}, round=2)
    with_players(state, captain((5, 1)), captain((5, 3)))
    play(state, "powerdown", "buy probe_gear")
    assert glories(state) == [{"player", "active_player"}, set()]


def test_on_played_binds_the_player_who_played_it(bundle: dict) -> None:
    # R-BUY-5
    state = game(bundle, {})
    with_players(state, captain((5, 1), hand=("probe_played",)), captain((5, 3)))
    play(state, "battle", "play probe_played")
    assert glories(state) == [{"player", "active_player"}, set()]


def test_on_drawn_binds_the_player_who_drew_it(bundle: dict) -> None:
    # R-OBJ-PWR-1 R-PWD-2
    state = game(bundle, {(4, 1): q("power_up")}, powerups=["probe_drawn"])
    with_players(state, captain((5, 1)), captain((5, 3)))
    play(state, "battle", "move N")
    assert glories(state) == [{"player"}, set()]


def test_passive_changes_only_the_owner(bundle: dict) -> None:
    # R-UPG-ENG-1: the engine's "moves +1" is its owner's
    state = game(bundle, {})
    with_players(state, captain((5, 1), upgrades={"engine": 1}), captain((5, 3)))
    moves = [player.stats[STAT["moves"]] for player in state.players]
    assert moves == [2, 1]


# --- every trigger is played above ---------------------------------------------------------------

PLAYED = {
    "on_enter": test_on_enter_binds_the_ship_that_moved_and_the_active_player,
    "on_pushed_onto": test_on_pushed_onto_binds_the_pushed_ship_between_turns,
    "on_hit": test_on_hit_binds_the_shooter_and_reads_the_object_it_hit,
    "on_destroyed": test_on_destroyed_by_a_ram_binds_the_rammer_and_no_shooter,
    "on_revealed": test_on_revealed_binds_the_quadrant_of_the_card_dealt,
    "on_scroll_out": test_a_card_leaving_is_heard_by_its_own_quadrant,
    "on_pushed_out": test_a_card_leaving_is_heard_by_its_own_quadrant,
    "on_round_start": test_on_round_start_is_heard_by_each_quadrant_in_play,
    "on_turn_start": test_turn_events_bind_the_player_whose_turn_it_is,
    "on_turn_end": test_turn_events_bind_the_player_whose_turn_it_is,
    "on_sensor_played": test_a_sensor_cards_player_is_the_one_who_played_it,
    "on_bought": test_on_bought_binds_the_buyer,
    "on_drawn": test_on_drawn_binds_the_player_who_drew_it,
    "on_played": test_on_played_binds_the_player_who_played_it,
    "on_game_end": test_on_game_end_runs_before_the_game_is_over,
    "passive": test_passive_changes_only_the_owner,
}


def test_every_trigger_is_played_through_the_engine() -> None:
    assert set(PLAYED) == set(VOCABULARY.triggers)


def test_every_name_of_every_trigger_has_a_meaning() -> None:
    for trigger in VOCABULARY.triggers.values():
        assert all(meaning.strip() for meaning in trigger.names.values()), trigger.name


# --- names that cannot mean what their text says are refused -------------------------------------

HEAD = "kind: objects\nobjects:\n  - {id: test_object, name: Test, blocks_shots: false,\n"
HEAD += "     enterable: true, enemy: false, effects: [\n"
INDENT = "       "  # the effect's line: its column 1 is at len(INDENT) + 1


def _diagnostics(tmp_path: Path, effect: str, kind: str = "objects") -> list[Any]:
    text = HEAD + f"{INDENT}{effect}]}}\n"
    if kind != "objects":
        text = f"kind: {kind}\n{kind}:\n  - {{id: test_card, name: Test, effects: [\n"
        text += f"{INDENT}{effect}]}}\n"
    path = tmp_path / f"{kind}.yaml"
    path.write_text(text, encoding="utf-8")
    return _errors(path)


def _errors(path: Path) -> list[Any]:
    diagnostics = compile_validated(validate_paths([path])).diagnostics
    return [d for d in diagnostics if d.severity == "error"]


def _at(effect: str, token: str) -> int:
    """The column of `token` on the effect's line."""
    return len(INDENT) + effect.index(token) + 1


@pytest.mark.parametrize(
    ("effect", "name", "given"),
    [
        ("{on: on_enter, do: [gain_glory: {player: shooter}]}", "shooter", "on_hit, on_destroyed"),
        ("{on: on_hit, do: [gain_glory: {player: rammer}]}", "rammer", "on_destroyed"),
        (
            "{on: on_pushed_onto, if: 'count(active_player) > 0', do: [gain_glory: 1]}",
            "active_player",
            "on_enter, on_hit",
        ),
    ],
)
def test_a_name_a_trigger_does_not_give_is_refused_with_where_it_is_given(
    tmp_path: Path, effect: str, name: str, given: str
) -> None:
    (diagnostic,) = _diagnostics(tmp_path, effect)
    where = (diagnostic.code, diagnostic.line, diagnostic.column)
    assert where == ("dsl.unavailable", 5, _at(effect, name))
    assert diagnostic.hint is not None and f"'{name}' is given by {given}" in diagnostic.hint


def test_a_choice_at_the_end_of_the_game_is_refused(tmp_path: Path) -> None:
    effect = "{on: on_game_end, do: [choose: {option: {a: [gain_glory: 1]}}]}"
    (diagnostic,) = _diagnostics(tmp_path, effect)
    where = (diagnostic.code, diagnostic.line, diagnostic.column)
    assert where == ("dsl.not_in_trigger", 5, _at(effect, "choose"))
    assert "choose" in (diagnostic.hint or "")


@pytest.mark.parametrize(
    ("kind", "code"), [("objects", "dsl.trigger_not_here"), ("missions", "dsl.passive")]
)
def test_passive_effects_on_anything_but_an_upgrade_are_refused(
    tmp_path: Path, kind: str, code: str
) -> None:
    effect = "{on: passive, do: [modify: {stat: moves, by: 1, scope: while_owned}]}"
    (diagnostic,) = _diagnostics(tmp_path, effect, kind)
    assert (diagnostic.code, diagnostic.column) == (code, _at(effect, "passive"))


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ("gain_energy: 1", "only 'modify'"),
        ("modify: {player: all_players, stat: moves, by: 1, scope: while_owned}", "owner"),
        ("modify: {stat: moves, by: 1, scope: turn}", "while_owned"),
        ("modify: {stat: moves, by: round, scope: while_owned}", "a number"),
    ],
)
def test_passive_changes_the_engine_would_not_make_are_refused(
    tmp_path: Path, action: str, why: str
) -> None:
    # R-UPG-*: an upgrade level's passive changes are its owner's statistics while owned
    line = f"     levels: [{{level: 1, price: 1, effects: [{{on: passive, do: [{action}]}}]}}]}}"
    path = tmp_path / "upgrades.yaml"
    head = "kind: upgrades\nupgrades:\n  - {id: test_gear, name: Test, type: ship_mod,\n"
    path.write_text(f"{head}{line}\n", encoding="utf-8")
    (diagnostic,) = _errors(path)
    assert (diagnostic.code, diagnostic.line) == ("dsl.passive", 4)
    assert diagnostic.column == line.index(action) + 1 and why in diagnostic.message


def test_a_bare_selector_whose_default_is_unavailable_is_refused(tmp_path: Path) -> None:
    effect = "{on: on_turn_end, if: 'count(players_adjacent) > 0', do: [advance_mission: 1]}"
    (diagnostic,) = _diagnostics(tmp_path, effect, "missions")
    where = (diagnostic.code, diagnostic.line, diagnostic.column)
    assert where == ("dsl.unavailable", 4, _at(effect, "players_adjacent"))
    assert "to: this_quadrant" in diagnostic.message


def test_an_owned_card_cannot_take_a_quadrants_reward(tmp_path: Path) -> None:
    effect = "{on: on_enter, do: [gain_reward: {}]}"
    (diagnostic,) = _diagnostics(tmp_path, effect, "missions")
    where = (diagnostic.code, diagnostic.line, diagnostic.column)
    assert where == ("dsl.unavailable", 4, _at(effect, "gain_reward"))
    assert "this_quadrant" in diagnostic.message
