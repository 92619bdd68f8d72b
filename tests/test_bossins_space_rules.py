"""Bossin' Space's rules (docs/bossins-space/rules.md), each test naming the IDs it checks:
components, setup, the round, the Timeline and the solo draft. The other areas are in
test_bossins_space_rules_play.py (heat, life, the end, chance, variants, the rulebook's example
round), _board.py (the board, Command cards, damage), _foes.py (Threat cards, Enemies) and
_boss.py (XP, upgrades, the Boss); their positions come from bossins_space_helpers.py. Crew play
(2-5 players) is tested on its own."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from bossins_space_helpers import (
    FILLERS,
    QUIET,
    SHOTS,
    cards_of,
    compiled,
    game,
    play,
    refused,
    row,
    start,
    trace,
)

from kemble_tools.games.bossins_space.engine import State, full_game
from kemble_tools.games.bossins_space.engine.model import pile_count
from kemble_tools.games.bossins_space.play.snapshot import state_json


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled()


def tiers(state: State) -> list[tuple[int, int, int]]:
    """Each segment of the Enemy deck as (its XP, its cards, how many it deals)."""
    found = []
    for segment in state.piles["enemy_deck"]:
        xp = {state.card(c)["xp"] for c in cards_of(segment)}
        assert len(xp) == 1
        found.append((xp.pop(), len(cards_of(segment)), pile_count([segment])))
    return found


# --- components ----------------------------------------------------------------------------------
def test_the_decks_hold_the_rulebooks_counts(bundle: dict[str, Any]) -> None:
    # R-BS-COMP-1, D-BS-COMP-2, R-BS-CMD-9, R-BS-BOSS-1, R-BS-BOSS-5
    commands = bundle["commands"].values()
    assert sum(1 for c in commands if not c.get("advanced")) == 34
    advanced = sorted(c["kind"] for c in commands if c.get("advanced"))
    kinds = ["chain_explosion", "double_shot", "extra_move", "laser", "missile", "teleport"]
    assert advanced == kinds
    assert len(bundle["enemies"]) == 34
    assert {c["xp"] for c in bundle["enemies"].values()} == {1, 2, 3}
    levels = Counter(c["level"] for c in bundle["threats"].values())
    assert levels == {"normal": 12, "easy": 4, "hard": 4, "extreme": 4}
    bosses = bundle["bosses"].values()
    assert (
        sorted(b["number"] for b in bosses) == [1, 2, 3, 4, 5] and len(bundle["boss_threats"]) == 20
    )
    assert all(sorted(t["position"] for t in b["threats"]) == [1, 2, 3, 4] for b in bosses)
    roles = {c["role"] for c in bundle["crew"].values()}
    assert roles == {"pilot", "mechanic", "gunner", "scientist", "hacker"}


def test_heat_symbols_follow_the_card_kinds(bundle: dict[str, Any]) -> None:
    # D-BS-COMP-3, R-BS-CMD-1: Missile, EMP, Laser and Chain Explosion carry +1
    hot = {"missile", "emp", "laser", "chain_explosion"}
    for card in bundle["commands"].values():
        assert card.get("heat", 0) == (1 if card["kind"] in hot else 0), card["id"]


def test_the_upgrade_board_holds_the_tokens_and_cubes(bundle: dict[str, Any]) -> None:
    # R-BS-COMP-2, D-BS-COMP-1, R-BS-UPG-8, R-BS-SET-3, D-BS-HEAT-1: 8 yellow cubes on the XP
    # track, one blue (the XP cube), red for heat and the Boss's life; 3 + 2 life tokens
    board = bundle["upgrade_board"]
    assert board["xp_track"]["cubes"] == 8 and board["heat_limit"] == 4
    slots = sum(p["levels"] for p in board["paths"])
    structural = next(p["levels"] for p in board["paths"] if p.get("structural"))
    assert slots == 11 > 8 and board["start_life"] + structural == 5
    shown = state_json(full_game(bundle, "normal", "BOSS-1"))
    assert shown["xp"] == {"cube": 0, "next_cost": 3, "yellow_left": 8}
    assert shown["ship"]["heat"] == 0 and shown["boss"]["max_life"] == 8


def test_damage_on_enemies_is_not_bounded_by_the_tokens(bundle: dict[str, Any]) -> None:
    # D-BS-COMP-4: 7 damage on the board before the Shot, 6 tokens in the box
    damaged = [{"card": "EN3-11", "damage": 3}, {"card": "EN3-01", "damage": 3}]
    grid = {"A": row(*damaged, {"card": "EN2-02", "damage": 1})}
    state = play(game(bundle, grid=grid, ship={"column": 1}, threats=QUIET), "use CMD-01")
    assert sum(c[1] for row in state.grid for c in row if c) == 8


# --- setup ---------------------------------------------------------------------------------------
def test_a_whole_solo_game_is_set_up_as_the_rules_say(bundle: dict[str, Any]) -> None:
    # R-BS-SET-2, R-BS-SET-3, R-BS-SET-4, R-BS-SET-5, R-BS-SET-6, R-BS-SET-7, R-BS-SET-9,
    # R-BS-SET-11, D-BS-SET-1, D-BS-SET-2, D-BS-SET-3, D-BS-SET-4, R-BS-SOLO-1, R-BS-GEO-7,
    # R-BS-HEAT-1, R-BS-LIFE-1, R-BS-BOSS-1
    state = full_game(bundle, "normal", "BOSS-1", seed=3)
    assert (state.ship, state.life, state.max_life, state.heat, state.xp) == (2, 3, 3, 0, 0)
    assert state.next_cost() == 3 and state.yellow_left() == 8  # 2 empty spaces solo
    assert all(cell and state.card(cell[0])["xp"] == 1 for cell in state.grid[0])
    assert state.grid[1:] == [[None] * 4, [None] * 4]
    assert tiers(state) == [(1, 6, 6), (2, 10, 10), (3, 14, 8)]  # 6 of 14 stay in the box
    assert pile_count(state.piles["enemy_deck"]) == 24 and not state.piles["enemy_discard"]
    assert state.boss_status == "hidden" and state.rules.boss_id == "BOSS-1"
    assert sorted(cards_of(state.piles["advanced_deck"][0])) == [f"ADV-0{n}" for n in range(1, 7)]
    command = [c for s in state.piles["command_deck"] for c in cards_of(s)] + state.drawn
    assert sorted(command) == sorted(
        c for c, d in bundle["commands"].items() if not d.get("advanced")
    )
    assert state.kept == [] and state.phase == "draft1" and len(state.drawn) == 3
    threats = [*state.threats, *cards_of(state.piles["threat_deck"][0])]
    assert sorted(threats) == sorted(
        c for c, d in bundle["threats"].items() if d["level"] == "normal"
    )


def test_levels_add_their_own_four_threat_cards(bundle: dict[str, Any]) -> None:
    # R-BS-VAR-1, D-BS-SET-5, R-BS-SET-11, R-BS-THR-6: Help cards only in Easy
    for level in ("easy", "hard", "extreme"):
        state = full_game(bundle, level, "BOSS-1")
        cards = [*state.threats, *cards_of(state.piles["threat_deck"][0])]
        assert Counter(state.card(c)["level"] for c in cards) == {"normal": 12, level: 4}
        helps = [c for c in cards if state.card(c)["effect"]["kind"] == "help"]
        assert bool(helps) == (level == "easy")


def test_the_setup_tables_follow_the_player_count(bundle: dict[str, Any]) -> None:
    # R-BS-VAR-2, R-BS-SET-4, R-BS-SET-7, R-BS-RND-2, D-BS-SET-1: the player counts' numbers
    # are data; with 3-5 players the deck's XP pays the whole track
    setup, track = bundle["setup"], bundle["upgrade_board"]["xp_track"]
    assert [(r["xp1"], r["xp2"], r["xp3"]) for r in setup["enemy_deck"]] == [
        (10, 10, 8),
        (10, 8, 6),
    ]
    assert [p["hand"] for p in setup["players"]] == [0, 5, 5, 4, 4]
    assert track["empty_spaces"] == [2, 2, 1, 1, 1]
    assert 6 * 3 + 8 * 2 + 10 == sum(range(2, 10)) == 44  # 3-5 players: E = 1


def test_solo_has_one_seat_no_crew_and_no_exchange(bundle: dict[str, Any]) -> None:
    # R-BS-SET-8, R-BS-SET-12, D-BS-SET-6, R-BS-SOLO-2 (no exchange), R-BS-END-5,
    # R-BS-VAR-4: one seat decides everything, so "the Captain arranges alone" changes nothing
    state = start(bundle, command_deck=list(SHOTS) + list(FILLERS))
    shown = state_json(state)
    assert shown["players"] == [{"id": "p1", "crew": None, "hand": 0, "ability_used": False}]
    assert shown["captain"] == "p1" and state.current_player() == 0
    assert refused(state, "exchange")  # no hand to exchange
    assert all(state.action_to_string(a).startswith("keep") for a in state.legal_actions())


def test_the_board_the_upgrade_board_and_the_timeline(bundle: dict[str, Any]) -> None:
    # R-BS-SET-1, R-BS-SET-10, R-BS-TML-1: the board (3 enemy rows, the Ship's row D), the
    # Upgrade board and a Timeline of 4 columns, 2 cards each before the Boss, 3 with it
    shown = state_json(full_game(bundle, "normal", "BOSS-1"))
    assert list(shown["grid"]) == ["A", "B", "C"] and shown["ship"]["column"] == 2
    assert set(shown["upgrades"]) == {"missiles", "lasers", "deck", "structural"}
    assert [t["column"] for t in shown["timeline"]] == [1, 2, 3, 4]
    assert all(t["threat"] and t["boss_threat"] is None for t in shown["timeline"])
    boss = {"card": "BOSS-1", "status": "in_play", "column": 2}
    assert all(start(bundle, boss=boss, command_deck=list(SHOTS) + list(FILLERS)).boss_threats)


# --- the round and the Timeline ------------------------------------------------------------------
def test_a_round_reveals_threats_before_the_draft(bundle: dict[str, Any]) -> None:
    # R-BS-RND-1, R-BS-RND-2, D-BS-RND-4, R-BS-TML-2, D-BS-TML-1, D-BS-SOLO-4
    deck = ["THR-N-12", "THR-N-03", "THR-N-04", "THR-N-01", "THR-N-02"]
    state = start(bundle, threat_deck=deck, command_deck=list(SHOTS) + list(FILLERS))
    assert state.threats == deck[:4] and state.piles["threat_deck"] == ["THR-N-02"]
    assert state.phase == "draft1" and state.drawn == ["CMD-01", "CMD-02", "CMD-03"]


def test_a_column_resolves_command_then_threat_then_boss_threat(bundle: dict[str, Any]) -> None:
    # R-BS-RND-5, D-BS-RND-4, R-BS-RND-9: the pawn (the column) moves on after all three
    boss = {"card": "BOSS-1", "status": "in_play", "column": 3}
    state = game(bundle, boss=boss, threats=("THR-N-12", None, None, None))
    parts = trace(state, "cool CMD-01", lambda s: (s.part, s.column))
    assert parts == [("command", 1), ("threat", 1), ("boss_threat", 1), (None, 2)]
    assert state_json(state)["step"] == {"phase": "timeline", "column": 2, "part": None}


def test_each_column_is_laid_after_the_last_one_resolved(bundle: dict[str, Any]) -> None:
    # R-BS-RND-7, D-BS-RND-3, R-BS-VAR-5, R-BS-RND-4, R-BS-SOLO-4: the kept cards are known,
    # each column's card is picked once the one before has resolved, and none is taken back
    state = play(game(bundle, threats=("THR-N-12", None, None, None)), "use CMD-01")
    assert state.column == 2 and state.threat_done[0] == "resolved"
    assert sorted(map(state.action_to_string, state.legal_actions())) == sorted(
        f"{word} {card}" for word in ("use", "cool") for card in SHOTS[1:]
    )
    assert refused(state, "use CMD-01") == "R-BS-SOLO-4"
    assert refused(state, "use CMD-07") == "R-BS-SOLO-4"  # drawn, not kept


def test_four_cards_a_round_then_the_discards(bundle: dict[str, Any]) -> None:
    # R-BS-RND-8, R-BS-RND-6, R-BS-SOLO-4: all four used, then discarded; the put-backs wait
    # under the deck and come back next round
    state = play(game(bundle, threats=QUIET), "cool CMD-01", "cool CMD-02", "cool CMD-03")
    assert refused(state, "end") == "R-BS-RND-8"
    play(state, "cool CMD-04")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["end"]
    play(state, "end")
    assert state.round == 2 and state.piles["command_discard"] == list(SHOTS)
    assert state.drawn == ["CMD-07", "CMD-08", "CMD-09"] and state.phase == "draft1"


def test_an_empty_command_deck_is_drawn_out_then_reshuffled(bundle: dict[str, Any]) -> None:
    # R-BS-RND-3, D-BS-RND-2, D-BS-SOLO-6: the discards become one bag
    discards = ["CMD-02", "CMD-03", "CMD-10", "CMD-14", "CMD-33"]
    state = start(bundle, command_deck=["CMD-01"], command_discard=discards)
    assert state.drawn[0] == "CMD-01" and set(state.drawn[1:]) < set(discards)
    assert state.piles["command_discard"] == [] and pile_count(state.piles["command_deck"]) == 3
    chance = start(
        bundle, True, command_deck=["CMD-01"], command_discard=discards, rules={}
    )  # chance left open: the reshuffled pile is a chance node
    assert chance.is_chance_node() and chance.chance == "command_deck"
    assert sum(p for _, p in chance.chance_outcomes()) == pytest.approx(1)


def test_the_solo_draft(bundle: dict[str, Any]) -> None:
    # R-BS-SOLO-3, D-BS-SOLO-1, D-BS-SOLO-2, D-BS-SOLO-3: keep 2 of 3, then 2 of 4; a put-back
    # is drawn again only from a short deck
    short = start(bundle, command_deck=["CMD-01", "CMD-02", "CMD-10", "CMD-03", "CMD-04", "CMD-14"])
    assert refused(short, "keep CMD-01") == "R-BS-SOLO-3"
    assert refused(short, "keep CMD-01 CMD-03") == "R-BS-SOLO-3"  # CMD-03 is not drawn
    play(short, "keep CMD-01 CMD-02")
    assert short.drawn == ["CMD-03", "CMD-04", "CMD-14", "CMD-10"]
    assert refused(short, "keep CMD-03 CMD-04 bottom CMD-01 CMD-14") == "R-BS-SOLO-3"
    play(short, "keep CMD-03 CMD-04 bottom CMD-10 CMD-14")
    assert short.kept == ["CMD-01", "CMD-02", "CMD-03", "CMD-04"]
    assert short.piles["command_deck"] == ["CMD-10", "CMD-14"]  # the last named lowest
    full = start(bundle, command_deck=[*SHOTS[:2], "CMD-10", *SHOTS[2:], "CMD-14", "CMD-15"])
    assert play(full, "keep CMD-01 CMD-02").drawn == ["CMD-03", "CMD-04", "CMD-14", "CMD-15"]


def test_an_exhausted_threat_deck_reshuffles_the_used_cards(bundle: dict[str, Any]) -> None:
    # R-BS-TML-3, D-BS-TML-2: the deck's last 2, then the used cards but those 2 reshuffled
    used = ["THR-N-01", "THR-N-02", "THR-N-03"]
    state = start(bundle, threat_deck=["THR-N-12", "THR-N-04"], threat_used=used)
    assert state.threats[:2] == ["THR-N-12", "THR-N-04"] and set(state.threats[2:]) < set(used)
    assert pile_count(state.piles["threat_deck"]) == 1
    assert sorted(state.piles["threat_used"]) == sorted(state.threats)


def test_threat_cards_stop_once_every_enemy_is_defeated(bundle: dict[str, Any]) -> None:
    # R-BS-TML-4, D-BS-TML-3, D-BS-SOLO-4: no reveal, but still a draft; a Threat card after
    # the last kill is skipped; an empty board with a stocked deck does not stop them
    boss = {"card": "BOSS-1", "status": "in_play", "column": 3}
    deck = ["THR-N-01", "THR-N-02", "THR-N-03", "THR-N-04"]
    none_left = start(bundle, boss=boss, enemy_deck=[], threat_deck=deck, command_deck=list(SHOTS))
    assert none_left.threats == [None] * 4 and none_left.phase == "draft1"
    one = {"grid": {"A": row("EN1-01")}, "ship": {"column": 1}, "enemy_deck": []}
    last = game(bundle, threats=("THR-N-01", *QUIET[1:]), **one)
    play(last, "use CMD-01")
    assert last.threat_done[0] == "no_enemies" and last.life == 3
    stocked = game(bundle, enemy_deck=["EN1-01", "EN1-02"], threats=("THR-N-05", *QUIET[1:]))
    play(stocked, "cool CMD-01")
    assert stocked.threat_done[0] == "resolved" and stocked.grid[0][:2] == [
        ("EN1-01", 0),
        ("EN1-02", 0),
    ]


def test_enemies_brought_back_restart_the_threat_cards(bundle: dict[str, Any]) -> None:
    # D-BS-TML-3, D-BS-BOSS-9, D-BS-ENE-3: the Boss's Reinforcement reshuffles the discards, and
    # the next Threat card resolves again
    boss = {"card": "BOSS-2", "status": "in_play", "column": 2}
    state = game(
        bundle,
        boss=boss,
        grid={"A": row("EN1-01")},
        ship={"column": 1},
        enemy_deck=[],
        enemy_discard=["EN1-02"],
        threats=("THR-N-12", "THR-N-12", None, None),
        boss_threats=("BT2-1", None, None, None),
    )
    play(state, "use CMD-01")
    assert state.threat_done[0] == "no_enemies" and state.grid[0][1] is not None
    assert play(state, "cool CMD-02").threat_done[1] == "resolved"
