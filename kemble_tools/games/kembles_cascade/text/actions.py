"""Kemble's Cascade's effects and actions in words: a card's whole rules text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kemble_tools.dsl import english
from kemble_tools.dsl.ir import Act, Effect, Lit
from kemble_tools.dsl.vocabulary import Vocabulary
from kemble_tools.games.kembles_cascade.text.phrases import (
    expression_text,
    first_of,
    flag,
    object_noun,
    of,
    possessive,
    selector,
    selector_text,
    selects_players,
)
from kemble_tools.games.kembles_cascade.text.tables import (
    CHOSEN_KIND,
    DIRECTIONS,
    ONE,
    OWNER_EVENTS,
    PLAYER_IS_YOU,
    PLURAL,
    PLURAL_STATS,
    SCOPES,
    STAT_LABELS,
    SWITCH_TEXTS,
    TOGETHER,
    TRIGGER,
    WORDS,
)

OWNED = "owned"  # the host of cards a player owns (vocabulary/values.py)
PASSIVE = "passive"


def effects_text(vocabulary: Vocabulary, effects: Sequence[Effect], host: str) -> str:
    """All of a card's effects, one sentence each. `host` is what carries them (a vocabulary
    host). Effects of different triggers that say the same are printed once, with both."""
    token = WORDS.set(vocabulary)
    try:
        groups: list[tuple[list[str], str]] = []  # triggers, and the words after the trigger
        for effect in effects:
            body = _body(effect, host)
            same = next(
                (
                    triggers
                    for triggers, words in groups
                    if words == body
                    and PASSIVE not in (*triggers, effect.trigger)
                    and effect.trigger not in triggers  # the same trigger twice happens twice
                ),
                None,
            )
            if same is not None:
                same.append(effect.trigger)
            else:
                groups.append(([effect.trigger], body))
        return " ".join(english.sentence(_prefix(t, host) + body) for t, body in groups)
    finally:
        WORDS.reset(token)


def _prefix(triggers: list[str], host: str) -> str:
    if triggers == [PASSIVE]:
        return ""
    together = TOGETHER.get(frozenset(triggers))
    if together is not None:
        return f"{together[host == OWNED]}: "
    phrases = [WORDS.get().triggers[t].phrase_for(host) for t in triggers]
    return " or ".join([phrases[0], *map(english.lower_first, phrases[1:])]) + ": "


def _body(effect: Effect, host: str) -> str:
    token = PLAYER_IS_YOU.set(host == OWNED and effect.trigger in OWNER_EVENTS)
    trigger = TRIGGER.set(effect.trigger)
    try:
        joiner = "; " if effect.trigger == PASSIVE else ", then "
        body = actions_text(effect.actions, joiner)
        if effect.condition is not None:
            body = f"if {expression_text(effect.condition)}, {body}"
        return body
    finally:
        TRIGGER.reset(trigger)
        PLAYER_IS_YOU.reset(token)


def actions_text(actions: Sequence[Act], joiner: str = ", then ") -> str:
    return joiner.join(action_text(act) for act in actions)


def action_text(act: Act) -> str:
    return _ACTION_TEXTS[act.action](act)


def _who(act: Act, name: str = "player") -> str:
    return selector_text(act.args[name])


def _quantity(node: Any, unit: str) -> str:
    """'2 energy'; 'half its energy (rounded down)' names its unit already; else 'Bellonium
    equal to the round number'."""
    text = expression_text(node)
    if isinstance(node, Lit):
        return f"{text} {unit}"
    return text if unit.lower() in text.lower() else f"{unit} equal to {text}"


def _count(node: Any, noun: str) -> str:
    """'1 power-up card', '2 power-up cards', 'a number of power-up cards equal to ...'."""
    text = expression_text(node)
    if isinstance(node, Lit):
        return f"{text} {noun}" + ("" if text == "1" else "s")
    return f"a number of {noun}s equal to {text}"


def _player_change(third: str, base: str, unit: str) -> Callable[[Act], str]:
    """'that player gains 2 energy': the actions that change each selected player."""
    return lambda a: english.verb(_who(a), third, base) + " " + _quantity(a.args["amount"], unit)


def _damage(act: Act) -> str:
    return f"deal {_quantity(act.args['amount'], 'damage')} to {selector_text(act.args['to'])}"


def _destroy(act: Act) -> str:
    target = act.args["target"]
    if selects_players(target):
        return f"{selector_text(target)} {english.be(selector_text(target))} destroyed"
    reward, when = flag(act.args.get("reward"))
    note = " (reward to the active player)" if reward else " (no reward)"
    if when:
        note = f" (reward to the active player if {when})"
    return f"destroy {selector_text(target)}{note}"


def _modify(act: Act) -> str:
    stat = act.args["stat"].value
    who = act.args["player"]
    scope = SCOPES[act.args["scope"].value]
    switch = SWITCH_TEXTS.get(stat)
    value = act.args.get("set")
    if switch and isinstance(value, Lit):
        return f"{selector_text(who)} {switch[bool(value.value)]}{scope}"
    owner = of(who, STAT_LABELS[stat])
    if "set" in act.args:
        verb = "are" if stat in PLURAL_STATS else "is"
        return f"{owner} {verb} {expression_text(value)}{scope}"
    by = act.args["by"]
    if isinstance(by, Lit):
        return f"{owner} {'+' if int(by.value) >= 0 else ''}{by.value}{scope}"
    goes = "go" if stat in PLURAL_STATS else "goes"
    return f"{owner} {goes} up by {expression_text(by)}{scope}"


def _end_turn(act: Act) -> str:
    who = act.args["player"]
    if selector(who.name).single:
        return f"{possessive(who)} turn ends"
    return f"the active player's turn ends if it is among the {selector_text(who, PLURAL)}"


def _buy(act: Act) -> str:
    fee = act.args["fee"]
    text = f"{_who(act)} may buy upgrades and power-ups"
    if english.is_number(fee, 0):
        return text
    return f"{text} for a fee of {_quantity(fee, 'Bellonium')}"


def _spawn(act: Act) -> str:
    energy, threat = act.args["energy"], act.args["threat"]
    details = ["indestructible" if english.is_number(energy, 0) else _quantity(energy, "energy")]
    if not english.is_number(threat, 0):
        details.append(_quantity(threat, "threat"))
    noun = english.article(object_noun(act.args["object"].value))
    return f"put {noun} ({', '.join(details)}) on {selector_text(act.args['quadrant'])}"


def _choose(act: Act) -> str:
    who = first_of(act.args["who"])
    optional, when = flag(act.args.get("optional"))
    verb = "may choose" if optional else "choose" if who == "you" else "chooses"
    if "option" in act.args:
        options = [actions_text(actions) for actions in act.args["option"].values()]
        decline = f", or may decline if {when}" if when else ""
        return f"{who} {verb} one{decline}: " + "; or ".join(options)
    kind = next(k for k in WORDS.get().choices if k in act.args)
    if kind == "direction":
        what = f"a direction ({english.or_list([DIRECTIONS[d.value] for d in act.args[kind]])})"
    else:
        what = selector_text(act.args[kind], ONE)
        if selector(act.args[kind].name).single:
            what = f"{english.article(kind)} ({what})"
    what += f", or may decline if {when}" if when else ""
    token = CHOSEN_KIND.set(kind)
    try:
        return f"{who} {verb} {what}: {actions_text(act.args['then'])}"
    finally:
        CHOSEN_KIND.reset(token)


def _if(act: Act) -> str:
    condition = act.args["condition"]
    if isinstance(condition, Lit):  # written as true or false: only one branch can run
        branch = act.args.get("then" if condition.value else "else")
        return actions_text(branch) if branch else "nothing happens"
    text = f"if {expression_text(condition)}, {actions_text(act.args['then'])}"
    if "else" in act.args:
        text += f"; otherwise {actions_text(act.args['else'])}"
    return text


def _says(third: str, base: str, rest: Callable[[Act], str]) -> Callable[[Act], str]:
    """'that player draws ...': the verb agrees with the player the action is about."""
    return lambda a: english.verb(_who(a), third, base) + rest(a)


_ACTION_TEXTS: dict[str, Callable[[Act], str]] = {
    "damage": _damage,
    "gain_energy": _player_change("gains", "gain", "energy"),
    "lose_energy": _player_change("loses", "lose", "energy"),
    "add_threat": _player_change("adds", "add", "threat"),
    "remove_threat": _player_change("removes", "remove", "threat"),
    "gain_bellonium": _player_change("takes", "take", "Bellonium"),
    "gain_glory": _player_change("gains", "gain", "glory"),
    "gain_reward": _says("takes", "take", lambda a: " its reward"),
    "draw_powerup": _says(
        "draws", "draw", lambda a: " " + _count(a.args["count"], "power-up card")
    ),
    "cover": lambda a: f"cover {selector_text(a.args['quadrant'])}",
    "destroy": _destroy,
    "flip_card": lambda a: f"flip {selector_text(a.args['card'])}",
    "swap_card": lambda a: f"swap {first_of(a.args['card'])} with {first_of(a.args['with'])}",
    "shift_player": _says("shifts", "shift", lambda a: " one quadrant left or right"),
    "teleport": _says("jumps", "jump", lambda a: f" to {first_of(a.args['to'])}"),
    "reveal_sensors": lambda a: (
        f"reveal {_count(a.args['count'], 'sensor card')}: " + actions_text(a.args["then"])
    ),
    "extra_moves": _says(
        "gets", "get", lambda a: f" {_count(a.args['amount'], 'extra move')} this turn"
    ),
    "extra_shots": _says(
        "gets", "get", lambda a: f" {_count(a.args['amount'], 'extra turret shot')} this turn"
    ),
    "modify": _modify,
    "mark": _says("puts", "put", lambda a: " a marker on " + selector_text(a.args["quadrant"])),
    "end_turn": _end_turn,
    "buy": _buy,
    "advance_mission": lambda a: f"advance your mission by {expression_text(a.args['amount'])}",
    "claim_achievement": _says("claims", "claim", lambda a: " this achievement"),
    "spawn": _spawn,
    "choose": _choose,
    "if": _if,
}
