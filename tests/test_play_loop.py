"""Playing to debug a card: the session behind `kemble run` (undo, save), its event log, and
the interactive loop driven by scripted input (help, undo, save, suggestions, EOF, Ctrl-C)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from kemble_tools.core.registry import GameInfo, UnknownGame, register_game, unregister_game
from kemble_tools.engine.edges import NotPlayable, ScriptError, play_hooks
from kemble_tools.games.kembles_cascade.engine import Game, Observer, State
from kemble_tools.games.kembles_cascade.play import (
    ACTION_WORDS,
    PLAY,
    run_script,
    state_json,
    suggest,
)
from kemble_tools.interactive import COMMANDS, interact
from kemble_tools.playlog import log_json, log_lines
from kemble_tools.session import Session, open_bundle, open_scenario

from engine_helpers import base_bundle, empty_grid, make_game, q

ROOT = Path(__file__).resolve().parents[1]
CTRL_C = object()  # a line that is Ctrl-C at the prompt


def solo_01() -> State:
    bundle = base_bundle()
    return Game.from_scenario(bundle, bundle["scenarios"]["solo-01"]).new_initial_state()


def reader(lines: list[object]) -> Callable[[str], str]:
    """`input` for the loop: the lines, then the end of input."""
    pending = list(lines)

    def read(prompt: str) -> str:
        if not pending:
            raise EOFError
        line = pending.pop(0)
        if line is CTRL_C:
            raise KeyboardInterrupt
        return str(line)

    return read


def drive(*lines: object, session: Session | None = None) -> tuple[int, str, Session]:
    session = session or Session(solo_01(), PLAY)
    out = io.StringIO()
    code = interact(session, reader(list(lines)), out, "test")
    return code, out.getvalue(), session


def played(*actions: str) -> State:
    return solo_01().play(*actions)


# --- the interactive loop ------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["help", "?"])
def test_help_lists_the_action_words_and_the_commands(word: str) -> None:
    code, out, _ = drive(word)
    assert code == 0 and "unknown action" not in out
    listed = out.split("actions (formats.md §4):", 1)[1]
    for name in [*ACTION_WORDS, "undo", "save FILE", "legal", "log", "board", "quit"]:
        assert f"\n  {name}" in listed or f"| {name}" in listed, name
    assert "fire [WEAPON]" in listed and "laser" in listed


def test_undo_gives_back_the_state_before_the_action_again_and_again() -> None:
    code, out, session = drive("battle", "enter 2", "fire", "undo")
    assert code == 0 and "took back: fire" in out
    assert session.state.key() == played("battle", "enter 2").key()
    drive("undo", "undo", session=session)
    assert session.state.key() == solo_01().key() and not session.played
    _, out, _ = drive("undo", session=session)
    assert "nothing to undo" in out


def test_undo_takes_back_the_sensor_card_played_for_the_player() -> None:
    game = make_game(empty_grid(), sensors=[30], sensor_hand=[20, 10])
    start = game.key()
    _, out, session = drive("battle", session=Session(game, PLAY))
    assert [p.words for p in session.played] == ["sensor 20", "battle"]
    assert "sensor 20 (the sensor card in hand, played for you)" in out
    drive("undo", session=session)
    assert session.state.key() == start and not session.played


def test_undo_after_the_game_is_over() -> None:
    win = (ROOT / "tests" / "scripts" / "solo-01-win.txt").read_text(encoding="utf-8")
    session = Session(solo_01(), PLAY)
    session.play_script(win)
    _, out, _ = drive("undo", session=session)
    assert session.state.outcome == 0 and "took back: move W" in out


def test_a_saved_script_replays_to_the_same_state(tmp_path: Path) -> None:
    def game() -> State:
        return make_game(empty_grid(), sensors=[30], sensor_hand=[20, 10])

    path = tmp_path / "line.txt"
    actions = ["battle", "enter 2", "end", "battle", "move N"]
    code, out, session = drive(
        *actions, "undo", "move N", f"save {path}", session=Session(game(), PLAY)
    )
    assert code == 0 and f"saved {len(actions)} actions to {path}" in out
    assert path.read_text().startswith("# test\nsensor 20\nbattle\n")  # the sensors written
    replay = run_script(game(), path.read_text())
    assert replay.key() == session.state.key() and state_json(replay) == state_json(session.state)
    assert replay.round == 2 and replay.key() != game().key()


def test_save_to_a_refused_path_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, out, _ = drive("battle", f"save {blocker}/line.txt", "save", "battle")
    assert code == 0 and "Traceback" not in out
    assert f"cannot save to {blocker}/line.txt: " in out
    assert "save needs a file: save FILE" in out
    assert not (blocker.parent / "line.txt").exists()


def test_leaving_with_unsaved_actions_says_so(tmp_path: Path) -> None:
    _, out, _ = drive("battle")
    assert "not saved" in out
    _, out, _ = drive("battle", f"save {tmp_path / 'a.txt'}")
    assert "not saved" not in out


@pytest.mark.parametrize(
    ("typo", "meant"),
    [("fier", "fire"), ("hepl", "help"), ("mvoe N", "move N"), ("fire lazer", "fire laser")],
)
def test_a_typo_gets_a_did_you_mean(typo: str, meant: str) -> None:
    _, out, _ = drive("battle", "enter 2", typo)
    assert f"did you mean: '{meant}'" in out


def test_a_refused_action_names_its_rule_and_the_legal_actions() -> None:
    _, out, _ = drive("battle", "enter 2", "move N")
    refused = out.split("not allowed: no moves left this turn (R-MOV-1)\n", 1)[1]
    assert refused.startswith("legal now: overload move N,") and "fire" in refused
    assert "did you mean" not in refused  # every word is known: the rules refused it


def test_the_end_of_input_and_quit_end_cleanly() -> None:
    assert drive("battle")[0] == 0
    code, _, session = drive("battle", "quit", "enter 2")
    assert code == 0 and len(session.played) == 1


def test_ctrl_c_ends_cleanly() -> None:
    code, out, _ = drive("battle", CTRL_C, "enter 2")
    assert code == 130 and out.endswith("not saved: save FILE keeps them)\n")
    assert "interrupted" in out and "Traceback" not in out


def test_each_action_shows_what_it_did_and_the_board_the_damage_this_turn() -> None:
    _, out, _ = drive("battle", "enter 1", "legal", "log", "board")
    assert "effect: fighter at (5, 1) on S1-13, on_enter: damage, destroy" in out
    assert "p1: energy 5 → 4 (-1), at outside → (5, 1)" in out
    assert "this turn: lost 1 energy, received 0 threat" in out
    assert "round 1\n  action 1: battle\n  action 2: enter 1\n" in out  # the log command


# --- the event log -------------------------------------------------------------------------------


def log_of(game: State, *actions: str) -> list[str]:
    session = Session(game, PLAY)
    for action in actions:
        session.play(action)
    return log_lines(PLAY, session.played)


def test_the_log_shows_shots_hits_and_what_destroyed_an_object() -> None:
    log = log_of(solo_01(), "battle", "enter 2", "fire")
    assert log == [
        "round 1",
        "  line 1: battle",
        "  line 2: enter 2",
        "      p1: at outside → (5, 2)",
        "  line 3: fire",
        "      p1 fire turret",
        "      hit: fighter at (3, 2) on S1-20, 1 damage (1 of 1 this turn)",
        "      fighter at (3, 2) destroyed (shot by p1's turret)",
        "      p1: glory 0 → 1 (+1)",
    ]


def test_the_log_shows_a_ram_scrolling_and_the_turn_total() -> None:
    log = "\n".join(log_of(solo_01(), "battle", "enter 1", "end"))
    assert "fighter at (5, 1) destroyed (by the effect of fighter at (5, 1) on S1-13" in log
    assert "space scrolls: S1-13, A1-15 left, A1-07, A1-08 dealt (1 still in the deck)" in log
    # scrolling pushes the ship onto the next fighter: another ram (R-SCR-1)
    assert "fighter at (4, 1) on S1-05, on_pushed_onto: damage, destroy" in log
    assert "turn total: p1 lost 2 energy, received 1 threat" in log


def test_the_log_shows_a_choice_asked_and_the_splash() -> None:
    grid = empty_grid()
    grid[2][1], grid[2][2] = q("cruiser", energy=3, threat=1), q("fighter", energy=1, threat=1)
    game = make_game(grid, player={"position": [5, 2], "upgrades": {"missile": 1}})
    log = "\n".join(log_of(game, "battle", "fire missile", "choose E"))
    assert "p1 to choose (splash): N, E, S, W" in log
    assert "hit: fighter at (3, 3) on R3-02, 1 damage (1 of 1 this turn)" in log
    assert "fighter at (3, 3) destroyed (by the splash of p1's missile)" in log


def test_the_log_shows_a_sensor_card_and_its_effect() -> None:
    game = make_game(empty_grid(), sensors=[], sensor_hand=[10, 20])
    log = "\n".join(log_of(game, "battle"))
    assert "line 1: sensor 10 (the sensor card in hand, played for you)" in log
    assert "effect: p1's sensor card 10, on_sensor_played" in log
    assert "p1: Bellonium 0 → 1 (+1)" in log


def test_the_json_log_has_one_item_per_action() -> None:
    session = Session(solo_01(), PLAY)
    session.play_script("battle\n# in\nenter 2\n")
    assert log_json(PLAY, session.played) == [
        {"line": 1, "round": 1, "action": "battle", "auto": False, "happened": []},
        {
            "line": 3,
            "round": 1,
            "action": "enter 2",
            "auto": False,
            "happened": ["p1: at outside → (5, 2)"],
        },
    ]


def test_effect_notes_are_not_destructions_for_the_observer() -> None:
    observer = Observer()
    game = played("battle")
    game.play("enter 1", observer=observer)  # the fighter's effect fires and destroys it
    assert observer.destructions == [] and observer.events == [
        "r1: p1 enter 1",
        "r1: fighter at (5, 1) destroyed",
    ]


# --- refusals in scripts -------------------------------------------------------------------------


def test_a_refused_script_line_carries_the_legal_actions_and_guesses() -> None:
    with pytest.raises(ScriptError) as refused:
        run_script(solo_01(), "battle\nenter 2\nfier\n")
    assert refused.value.line == 3 and refused.value.suggestions == ["fire"]
    assert "fire" in refused.value.legal and "end" in refused.value.legal


def test_guesses_follow_the_action_words() -> None:
    game = played("battle", "enter 2")
    assert suggest(game, "move n") == ["move N"]
    assert suggest(game, "end now") == ["end"]
    assert suggest(game, "move N") == []  # a known action: the rules refuse it, no guess
    assert suggest(game, "qiut", COMMANDS) == ["quit"]


@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_log_and_undo_to_the_start(seed: int) -> None:
    """Every kind of note (missions, achievements, sensor cards, shops) renders; undoing every
    action gives back the first state."""
    rng = random.Random(seed)
    start = Game.from_variant(base_bundle(), "star_cards", 3).new_initial_state(seed)
    session = Session(start, PLAY)
    for _ in range(150):
        if session.state.is_terminal() or session.state.is_chance_node():
            break
        legal = [session.state.action_to_string(a) for a in session.state.legal_actions()]
        session.play(rng.choice(legal))
    assert any("effect: " in line for line in log_lines(PLAY, session.played))
    assert len(log_json(PLAY, session.played)) == len(session.played)
    while session.undo():
        pass
    assert session.state.key() == start.key()


# --- finding the game ----------------------------------------------------------------------------


UNPLAYABLE = GameInfo("unplayable", "Unplayable", ("nobody",), "none", None, (1, 1), (), "")


@dataclass(frozen=True)
class Unplayable:
    """A registered game that gives no play hooks."""

    info: GameInfo = UNPLAYABLE
    implicit: bool = False

    def content_kinds(self) -> dict[str, str]:
        return {}

    def commands(self) -> frozenset[str]:
        return frozenset()

    def content_counts(self, paths: list[Path]) -> dict[str, int]:
        return {}


def test_the_play_hooks_are_the_plugins_found_through_the_registry() -> None:
    assert play_hooks(None) is PLAY and play_hooks("kembles-cascade") is PLAY


def scenario_naming(tmp_path: Path, game: str) -> Path:
    path = tmp_path / "scenario.yaml"
    path.write_text(f"id: elsewhere\ngame: {game}\n")
    return path


def test_a_scenario_of_an_unknown_game_is_an_error_at_its_game_key(tmp_path: Path) -> None:
    session, [wrong] = open_scenario(scenario_naming(tmp_path, "kembles-casade"))
    assert session is None and wrong.code == "file.game" and (wrong.line, wrong.column) == (2, 7)
    assert wrong.hint == "did you mean 'kembles-cascade'?"
    with pytest.raises(UnknownGame):
        open_bundle({"game": "nope", "scenarios": {}}, "solo-01")


def test_a_game_without_play_hooks_is_named_not_played(tmp_path: Path) -> None:
    game = Unplayable()
    register_game(game)
    try:
        session, [wrong] = open_scenario(scenario_naming(tmp_path, "unplayable"))
        assert session is None and wrong.code == "file.game_unsupported" and wrong.line == 2
        assert "Unplayable is registered, but `kemble run` cannot play it yet" in wrong.message
        with pytest.raises(NotPlayable):
            open_bundle({"game": "unplayable", "scenarios": {}}, "solo-01")
    finally:
        unregister_game(game)
