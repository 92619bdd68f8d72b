"""Rules text generated from compiled effects, so a printed card says what the engine does.

`effects_text(effects)` gives short English sentences such as
"When a ship moves here: deal 2 damage to that player, then destroy this (no reward)."
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from kemble_tools.dsl import spec
from kemble_tools.dsl.ir import Act, Attr, Call, Effect, Global, Lit, Op, Select

_COMPARE = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_ARITH = {"+": "plus", "-": "minus", "*": "times", "//": "divided by"}
_STAT_LABELS = {
    "moves": "moves",
    "turret_shots": "turret shots",
    "overload_cost_1": "first overload cost",
    "overload_cost_2": "second overload cost",
    "max_overloads": "overloads allowed",
    "max_energy": "maximum energy",
    "recharge": "Power Down recharge",
    "shield": "shield",
    "rotate_cost": "Rotary Cage turning cost",
    "buy_fee": "buying fee",
    "turret_turns": "turret turning",
}
# Statistics that are a yes or a no read as a sentence: (when 0, when 1).
_SWITCH_TEXTS = {"turret_turns": ("cannot turn the turret", "can turn the turret")}
_SCOPES = {"turn": " this turn", "round": " this round", "while_owned": ""}


# On a card a player owns, "the player" of these events is the owner: the card says "you".
_OWNER_EVENTS = frozenset({"on_sensor_played", "on_bought", "on_drawn", "on_played", "passive"})
_player_is_you: ContextVar[bool] = ContextVar("player_is_you", default=False)


def effects_text(effects: list[Effect] | tuple[Effect, ...], host: str = spec.QUADRANT_HOST) -> str:
    """All of a card's effects, one sentence each. `host` is what carries them (spec hosts)."""
    return " ".join(effect_text(effect, host) for effect in effects)


def effect_text(effect: Effect, host: str = spec.QUADRANT_HOST) -> str:
    token = _player_is_you.set(host == spec.OWNED_HOST and effect.trigger in _OWNER_EVENTS)
    try:
        joiner = "; " if effect.trigger == "passive" else ", then "
        body = actions_text(effect.actions, joiner)
        if effect.condition is not None:
            body = f"if {expression_text(effect.condition)}, {body}"
        phrase = spec.TRIGGERS[effect.trigger].phrase_for(host)
        prefix = "" if effect.trigger == "passive" else f"{phrase}: "
        return _sentence(prefix + body)
    finally:
        _player_is_you.reset(token)


def actions_text(actions: list[Act] | tuple[Act, ...], joiner: str = ", then ") -> str:
    return joiner.join(action_text(act) for act in actions)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


# --- selectors and expressions -------------------------------------------------------------------


def selector_text(select: Select) -> str:
    selector = spec.SELECTORS[select.name]
    if select.name == "player" and _player_is_you.get():
        return "you"
    words = {name: _arg_text(value) for name, value in select.args.items()}
    if select.name == "quadrants_of":
        near = f" next to {words['near']}" if "near" in words else ""
        free = " with no ship" if words.get("unoccupied") == "True" else ""
        return f"{_article(words['object'])}{free}{near}"
    phrase = selector.phrase or select.name.replace("_", " ")
    try:
        return phrase.format(**words)
    except KeyError:  # pragma: no cover - every phrase names only its own parameters
        return phrase


def _arg_text(value: Any) -> str:
    if isinstance(value, Select):
        return selector_text(value)
    if isinstance(value, Lit):
        return str(value.value).replace("_", " ")
    return expression_text(value)


def _possessive(select: Select) -> str:
    phrase = selector_text(select)
    return "your" if phrase == "you" else "its" if phrase == "this" else f"{phrase}'s"


def expression_text(node: Any) -> str:
    if isinstance(node, Lit):
        return str(node.value).lower() if isinstance(node.value, bool) else str(node.value)
    if isinstance(node, Global):
        return {"round": "the round number", "players_count": "the number of players"}[node.name]
    if isinstance(node, Select):
        return selector_text(node)
    if isinstance(node, Attr):
        return f"{_possessive(node.target)} {_word(node.name)}"
    if isinstance(node, Call):
        return _call_text(node)
    return _op_text(node)


def _word(name: str) -> str:
    """An id as a word of the rules: Bellonium is a proper noun in the rulebook."""
    words = name.replace("_", " ")
    return words.replace("bellonium", "Bellonium")


def _article(noun: str) -> str:
    """'an asteroid', 'a wall': English articles for object kinds (by their first letter)."""
    noun = _word(noun)
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _op_text(node: Op) -> str:
    args = [expression_text(arg) for arg in node.args]
    if node.op in ("and", "or"):
        return f" {node.op} ".join(args)
    if node.op == "not":
        inner = node.args[0]
        if isinstance(inner, Call) and inner.function == "marked":
            return f"{_arg_text(inner.args[0])} has no marker on {_arg_text(inner.args[1])}"
        return f"not {args[0]}"
    if node.op == "neg":
        return f"minus {args[0]}"
    if node.op in _COMPARE:
        return f"{args[0]} {_COMPARE[node.op]} {args[1]}"
    return f"{args[0]} {_ARITH[node.op]} {args[1]}"


def _call_text(node: Call) -> str:
    args = [_arg_text(arg) for arg in node.args]
    texts: dict[str, Callable[[], str]] = {
        "count": lambda: f"the number of {args[0]}",
        "marked": lambda: f"{args[0]} has a marker on {args[1]}",
        "occupied": lambda: f"a ship is on {args[0]}",
        "standing_on": lambda: f"{args[0]} is on {args[1]}",
        "is_astral": lambda: f"{args[0]} is astral",
        "is_enemy": lambda: f"{args[0]} is an enemy",
        "shows": lambda: f"{args[0]} is {_article(args[1])}",
        "counter": lambda: f"{args[0]}'s {args[1]}",
        "upgrade_level": lambda: f"{args[0]}'s {args[1]} level",
        "min": lambda: f"the smaller of {args[0]} and {args[1]}",
        "max": lambda: f"the larger of {args[0]} and {args[1]}",
        "parts_left": lambda: f"the number of {args[0]} parts left",
    }
    return texts[node.function]()


# --- actions -------------------------------------------------------------------------------------


def _who(act: Act, name: str = "player") -> str:
    return selector_text(act.args[name])


def _verb(subject: str, third: str, base: str) -> str:
    """'you gain' but 'that player gains'."""
    return f"{subject} {base}" if subject == "you" else f"{subject} {third}"


def _amount(act: Act, name: str = "amount") -> str:
    return expression_text(act.args[name])


def _plural(count: str, word: str) -> str:
    return f"{count} {word}" + ("" if count == "1" else "s")


def action_text(act: Act) -> str:
    return _ACTION_TEXTS[act.action](act)


def _damage(act: Act) -> str:
    amount = act.args["amount"]
    how_much = (
        f"{_amount(act)} damage" if isinstance(amount, Lit) else f"damage equal to {_amount(act)}"
    )
    return f"deal {how_much} to {selector_text(act.args['to'])}"


def _destroy(act: Act) -> str:
    target = act.args["target"]
    if spec.SELECTORS[target.name].type == spec.PLAYERS:
        return f"{selector_text(target)} is destroyed"
    reward = act.args.get("reward")
    no_reward = " (no reward)" if isinstance(reward, Lit) and reward.value is False else ""
    return f"destroy {selector_text(target)}{no_reward}"


def _modify(act: Act) -> str:
    stat = _STAT_LABELS[act.args["stat"].value]
    scope = _SCOPES[act.args["scope"].value]
    owner = _possessive(act.args["player"])
    switch = _SWITCH_TEXTS.get(act.args["stat"].value)
    value = act.args.get("set")
    if switch and isinstance(value, Lit):
        return f"{selector_text(act.args['player'])} {switch[bool(value.value)]}{scope}"
    if "set" in act.args:
        return f"{owner} {stat} is {_amount(act, 'set')}{scope}"
    by = act.args["by"]
    sign = "+" if not (isinstance(by, Lit) and int(by.value) < 0) else ""
    return f"{owner} {stat} {sign}{_amount(act, 'by')}{scope}"


def _choose(act: Act) -> str:
    who = selector_text(act.args["who"])
    optional = act.args.get("optional", Lit(False)).value
    verb = "may choose" if optional else "choose" if who == "you" else "chooses"
    if "direction" in act.args:
        what = "a direction (" + " or ".join(d.value for d in act.args["direction"]) + ")"
    elif "option" in act.args:
        options = [actions_text(actions) for actions in act.args["option"].values()]
        return f"{who} {verb} one: " + "; or ".join(options)
    else:
        kind = "quadrant" if "quadrant" in act.args else "card"
        what = f"a {kind} ({selector_text(act.args[kind])})"
    return f"{who} {verb} {what}: {actions_text(act.args['then'])}"


def _if(act: Act) -> str:
    text = f"if {expression_text(act.args['condition'])}, {actions_text(act.args['then'])}"
    if "else" in act.args:
        text += f"; otherwise {actions_text(act.args['else'])}"
    return text


_ACTION_TEXTS: dict[str, Callable[[Act], str]] = {
    "damage": _damage,
    "gain_energy": lambda a: _verb(_who(a), "gains", "gain") + f" {_amount(a)} energy",
    "lose_energy": lambda a: _verb(_who(a), "loses", "lose") + f" {_amount(a)} energy",
    "add_threat": lambda a: _verb(_who(a), "adds", "add") + f" {_amount(a)} threat",
    "remove_threat": lambda a: _verb(_who(a), "removes", "remove") + f" {_amount(a)} threat",
    "gain_bellonium": lambda a: _verb(_who(a), "takes", "take") + f" {_amount(a)} Bellonium",
    "gain_glory": lambda a: _verb(_who(a), "gains", "gain") + f" {_amount(a)} glory",
    "gain_reward": lambda a: _verb(_who(a), "takes", "take") + " its reward",
    "draw_powerup": lambda a: (
        _verb(_who(a), "draws", "draw") + " " + _plural(_amount(a, "count"), "power-up card")
    ),
    "cover": lambda a: f"cover {selector_text(a.args['quadrant'])}",
    "destroy": _destroy,
    "flip_card": lambda a: f"flip {selector_text(a.args['card'])}",
    "swap_card": lambda a: (
        f"swap {selector_text(a.args['card'])} with {selector_text(a.args['with'])}"
    ),
    "shift_player": lambda a: _verb(_who(a), "shifts", "shift") + " one quadrant left or right",
    "teleport": lambda a: _verb(_who(a), "jumps", "jump") + f" to {selector_text(a.args['to'])}",
    "reveal_sensors": lambda a: (
        f"reveal {_plural(_amount(a, 'count'), 'sensor card')}: " + actions_text(a.args["then"])
    ),
    "extra_moves": lambda a: (
        _verb(_who(a), "gets", "get") + " " + _plural(_amount(a), "extra move") + " this turn"
    ),
    "extra_shots": lambda a: (
        _verb(_who(a), "gets", "get")
        + " "
        + _plural(_amount(a), "extra turret shot")
        + " this turn"
    ),
    "modify": _modify,
    "mark": lambda a: (
        _verb(_who(a), "puts", "put") + " a marker on " + selector_text(a.args["quadrant"])
    ),
    "end_turn": lambda a: f"{_possessive(a.args['player'])} turn ends",
    "buy": lambda a: (
        _verb(_who(a), "may buy", "may buy")
        + " upgrades and power-ups"
        + (f" for a fee of {_amount(a, 'fee')} Bellonium" if _amount(a, "fee") != "0" else "")
    ),
    "advance_mission": lambda a: f"advance your mission by {_amount(a)}",
    "claim_achievement": lambda a: _verb(_who(a), "claims", "claim") + " this achievement",
    "spawn": lambda a: (
        f"put a {_arg_text(a.args['object'])} ({_amount(a, 'energy')} energy, "
        f"{_amount(a, 'threat')} threat) on {selector_text(a.args['quadrant'])}"
    ),
    "choose": _choose,
    "if": _if,
}
