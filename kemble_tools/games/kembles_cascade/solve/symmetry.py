"""Plays that commute: held power-ups that are as good played first as later.

A power-up in hand may be played at any point of its owner's turn (R-BUY-5), so a round with
cards in hand has many orders of the same plays, and most of them reach the same positions. A
card whose only effect is to give the turn more (extra moves or shots, Bellonium, a statistic
raised for the turn or an overload made free) gives the same whether played before the turn's
first action or after any of them: nothing it gives is lost by coming early, and nothing that
happens in the turn makes it give more. The search therefore plays such cards only before the
turn's first other action, in every combination, and never later (`Commuting.late`).

That holds only while nothing reads what the card changes (`Canon.monotone`: no effect in play
reads moves left, the statistics or Bellonium), while the ship is in play (an astral ship may
buy only before its first move or play, R-AST-4) and while no card can join the hand during the
turn (a power-up object entered, a card that draws, a buy), since a card drawn mid-turn was not
there to be played first.
"""

from __future__ import annotations

from kemble_tools.dsl.ir import Act, Lit
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine.state import BATTLE
from kemble_tools.games.kembles_cascade.solve.bounds.sources import Sources

# statistics a turn-long change raises to the player's good, and costs it may set to nothing
RAISED = frozenset({"moves", "turret_shots", "shield", "max_overloads"})
FREED = frozenset({"overload_cost_1", "overload_cost_2"})


class Commuting:
    """Which held power-ups a state need not play any more this turn."""

    def __init__(self, game: Game, sources: Sources, monotone: frozenset[str]) -> None:
        self.sources = sources
        self.early = (
            frozenset(
                index
                for index, spec in enumerate(game.tables.powerups)
                if spec.playable and _gives_only_more(game, spec.id, monotone)
            )
            if sources.off is None
            else frozenset()
        )  # content it cannot read: every order
        # cards that can bring a power-up into the hand mid-turn
        self._drawing = frozenset(
            index for index, gives in enumerate(sources.powerups) if gives.powerups or gives.buy
        )

    def late(self, state: State) -> frozenset[int]:
        """The early cards a state must not play now: its turn has begun, and no card can
        have joined the hand since it began."""
        turn = state.turn
        if not self.early or turn is None or turn.kind != BATTLE:
            return frozenset()
        player = state.players[turn.player]
        begun = turn.moves_used or turn.overloads or turn.turret_shots or any(turn.weapon_shots)
        if not begun or player.astral or self._may_draw(state):
            return frozenset()
        return self.early

    def _may_draw(self, state: State) -> bool:
        player = state.players[0]
        if any(card in self._drawing for card in player.hand):
            return True
        return not self.sources.drawing.isdisjoint(state.cells)


def _gives_only_more(game: Game, powerup: str, monotone: frozenset[str]) -> bool:
    effects = game.bundle["powerups"][powerup]["effects"]
    return bool(effects) and all(
        effect.trigger == "on_played"
        and effect.condition is None
        and all(_more(act, monotone) for act in effect.actions)
        for effect in effects
    )


def _more(act: Act, monotone: frozenset[str]) -> bool:
    """The action only gives the turn more, by a printed amount."""
    args = act.args
    if act.action in ("extra_moves", "extra_shots"):
        return _literal(args.get("amount", Lit(1))) >= 0 and "upgrades" in monotone
    if act.action == "gain_bellonium":
        return _literal(args.get("amount", Lit(1))) >= 0 and "bellonium" in monotone
    if act.action != "modify" or "upgrades" not in monotone:
        return False
    scope, stat = _text(args.get("scope")), _text(args.get("stat"))
    if scope != "turn":
        return False
    if stat in RAISED and "by" in args:
        return _literal(args["by"]) >= 0
    return stat in FREED and "set" in args and _literal(args["set"]) == 0


def _literal(node: object) -> float:
    value = node.value if isinstance(node, Lit) else None
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else -1.0


def _text(node: object) -> str | None:
    return str(node.value) if isinstance(node, Lit) else None
