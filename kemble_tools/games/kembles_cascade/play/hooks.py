"""Kemble's Cascade's play hooks (kemble_tools.engine.edges.PlayHooks), set on its plugin as
`play`: `kemble run`, the interactive loop, the event log and the site's replays reach the
modules beside this one through them."""

from __future__ import annotations

from collections.abc import Sequence

from kemble_tools.engine import edges
from kemble_tools.engine.edges import Played
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.state import State
from kemble_tools.games.kembles_cascade.play import board_text, log, scenario, snapshot, words


class KemblePlay:
    """The play hooks: most are the functions of the modules beside this one as they are."""

    board_help = "the board again, with the energy lost and threat received this turn"
    turn_words = log.TURN_WORDS

    load_scenario = staticmethod(scenario.load_scenario)
    new_state = staticmethod(scenario.new_state)
    implied_action = staticmethod(words.implied_action)
    suggest = staticmethod(words.suggest)
    action_help = staticmethod(words.action_help)
    state_json = staticmethod(snapshot.state_json)
    log_entry = staticmethod(log.log_entry)
    view = staticmethod(board_text.view)

    def split_line(self, text: str) -> list[str]:
        return [text]  # one action a line

    def render_board(self, state: State, played: Sequence[Played]) -> str:
        """The board, each player's line with the energy lost and threat received this turn."""
        return board_text.render_board(state, log.turn_damage(played))


PLAY = KemblePlay()


def run_script(state: State, text: str, observer: Observer | None = None) -> State:
    """Play a script's every line on `state` in place (ScriptError at the first refused)."""
    return edges.run_script(PLAY, state, text, observer)
