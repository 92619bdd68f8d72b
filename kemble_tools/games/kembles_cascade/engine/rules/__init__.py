"""The rules of The Battle at Kemble's Cascade (RULES.md), by area.

turn (the round, sensor cards, Battle and Power Down), movement, fire, shop (buying and
power-ups), scroll, boss, scoring, players (the captain board), events (who hears what),
effects (the DSL's actions) and queries (what the play area shows). Every DSL action and every
internal step is registered in one registry, checked against the DSL's definition at import.
"""

from kemble_tools.games.kembles_cascade.engine.rules import effects, movement, scroll, shop, turn
from kemble_tools.games.kembles_cascade.engine.rules import fire as _fire
from kemble_tools.games.kembles_cascade.engine.rules.registry import RULES
from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY

for _name, _handler in {
    "next_turn": turn.next_turn,
    "force_end": turn.force_end,
    "push_up": movement.push_up,
    "shift": movement.shift,
    "shift_chosen": movement.shift_chosen,
    "scroll_rows": scroll.scroll_rows,
    "next_round": scroll.next_round,
    "draw": shop.draw_step,
    "draw_sensor": turn.draw_sensor,
    "take_sensor": turn.take_sensor,
    "sensor_played": turn.sensor_played,
    "draw_chosen": shop.draw_chosen,
    "splash": _fire.splash,
}.items():
    RULES.step(_name)(_handler)

RULES.check(VOCABULARY.actions)

__all__ = ["RULES", "effects"]
