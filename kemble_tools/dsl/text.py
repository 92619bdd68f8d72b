"""Rules text generated from compiled effects, so a printed card says what the engine does.

`effects_text(effects)` gives short English sentences such as
"When a ship moves here: deal 2 damage to that player, then destroy this (no reward)."

Wording rules (tests/test_dsl_text.py holds a row for every construct of the spec):
- a set of players, quadrants or cards reads "each ..." where every one is meant, "a ..." where
  one is chosen, "any ..." where it is a place to be near, and "...s" where it is counted;
- "adjacent" is the rulebook's 8 neighbours, "orthogonally adjacent" its 4 (R-GEO-3);
- a number carries its unit ("2 energy"); an expression that already names the unit is not
  followed by it again ("half its energy (rounded down)"), any other reads "Bellonium equal
  to ..."; whole-number division says "(rounded down)", and `x / 2` reads "half x";
- a verb agrees with its subject ("you gain", "that player gains");
- effects of two triggers that would print the same words print once, with both triggers
  ("When a ship moves or is pushed here: ...").
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
_NEGATED = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
_ARITHMETIC = ("+", "-", "*", "//")
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
_PLURAL_ATTRIBUTES = frozenset({"threat_points", "moves_left"})  # "its threat points are 0"
_PLURAL_STATS = frozenset({"moves", "turret_shots", "max_overloads"})  # "your moves are 3"
# Statistics that are a yes or a no read as a sentence: (when 0, when 1).
_SWITCH_TEXTS = {"turret_turns": ("cannot turn the turret", "can turn the turret")}
_SCOPES = {"turn": " this turn", "round": " this round", "while_owned": ""}
_DIRECTIONS = {
    "N": "north",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "S": "south",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}
# Object kinds whose id is not an English noun as it stands.
_OBJECT_NOUNS = {"empty": "empty quadrant", "power_up": "power-up"}
# {p}: the player's possessive ("your", "that player's").
_PLAYER_ATTRIBUTES = {
    "energy": "{p} energy",
    "max_energy": "{p} maximum energy",
    "threat_points": "{p} threat points",
    "threat_level": "{p} threat level",
    "glory": "{p} glory",
    "bellonium": "{p} Bellonium",
    "powerups": "the number of power-up cards in {p} hand",
    "moves_left": "{p} moves left this turn",
    "row": "{p} row",
    "column": "{p} column",
}
_QUADRANT_ATTRIBUTES = {
    "energy": "{p} energy",
    "threat": "{p} threat",
    "damage_taken": "{p} damage taken this turn",
    "row": "{p} row",
    "column": "{p} column",
    "glory_reward": "{p} glory reward",
    "bellonium_reward": "{p} Bellonium reward",
}
# {s}: the player as a subject ("you", "that player").
_COUNTERS = {
    "enemies_destroyed": "the number of enemies {s} destroyed",
    "objects_destroyed": "the number of objects {s} destroyed",
    "bellonium_earned": "the Bellonium {s} received",
    "wormhole_jumps": "the number of wormhole jumps {s} made",
    "overloads": "the number of overloads {s} used",
    "power_downs": "the number of Power Down turns {s} took",
    "upgrades_bought": "the number of upgrade levels {s} bought",
    "powerups_played": "the number of power-up cards {s} played",
    "damage_dealt": "the damage {s} dealt with shots",
    "rounds_in_row_1": "the number of rounds {s} ended in row 1",
}
# Two triggers whose effects print the same words, as one phrase: (quadrant, owned card).
_TOGETHER = {
    frozenset({"on_enter", "on_pushed_onto"}): (
        "When a ship moves or is pushed here",
        "When a ship moves or is pushed onto a quadrant",
    ),
}

# Selector forms: every one meant, one chosen, any one as a place, all of them counted.
EACH, ONE, ANY, PLURAL = "each", "one", "any", "plural"

# On a card a player owns, "the player" of these events is the owner: the card says "you".
_OWNER_EVENTS = frozenset({"on_sensor_played", "on_bought", "on_drawn", "on_played", "passive"})
_player_is_you: ContextVar[bool] = ContextVar("player_is_you", default=False)
_chosen_kind: ContextVar[str] = ContextVar("chosen_kind", default="one")
# Events about an object (its quadrant's attributes read that object): "that object".
_OBJECT_EVENTS = frozenset({"on_hit", "on_destroyed"})
_trigger: ContextVar[str] = ContextVar("trigger", default="")


def effects_text(effects: list[Effect] | tuple[Effect, ...], host: str = spec.QUADRANT_HOST) -> str:
    """All of a card's effects, one sentence each. `host` is what carries them (spec hosts).
    Effects of different triggers that say the same are printed once, with both triggers."""
    groups: list[tuple[list[str], str]] = []  # triggers, and the words after the trigger
    for effect in effects:
        body = _body(effect, host)
        same = next(
            (
                triggers
                for triggers, words in groups
                if words == body
                and "passive" not in (*triggers, effect.trigger)
                and effect.trigger not in triggers  # the same trigger twice happens twice
            ),
            None,
        )
        if same is not None:
            same.append(effect.trigger)
        else:
            groups.append(([effect.trigger], body))
    return " ".join(_sentence(_prefix(triggers, host) + body) for triggers, body in groups)


def effect_text(effect: Effect, host: str = spec.QUADRANT_HOST) -> str:
    return _sentence(_prefix([effect.trigger], host) + _body(effect, host))


def _prefix(triggers: list[str], host: str) -> str:
    if triggers == ["passive"]:
        return ""
    owned = host == spec.OWNED_HOST
    together = _TOGETHER.get(frozenset(triggers))
    if together is not None:
        return f"{together[owned]}: "
    phrases = [spec.TRIGGERS[t].phrase_for(host) for t in triggers]
    return " or ".join([phrases[0], *(p[:1].lower() + p[1:] for p in phrases[1:])]) + ": "


def _body(effect: Effect, host: str) -> str:
    token = _player_is_you.set(host == spec.OWNED_HOST and effect.trigger in _OWNER_EVENTS)
    trigger = _trigger.set(effect.trigger)
    try:
        joiner = "; " if effect.trigger == "passive" else ", then "
        body = actions_text(effect.actions, joiner)
        if effect.condition is not None:
            body = f"if {expression_text(effect.condition)}, {body}"
        return body
    finally:
        _trigger.reset(trigger)
        _player_is_you.reset(token)


def actions_text(actions: list[Act] | tuple[Act, ...], joiner: str = ", then ") -> str:
    return joiner.join(action_text(act) for act in actions)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


# --- selectors -----------------------------------------------------------------------------------


def selector_text(select: Select, form: str = EACH) -> str:
    """A selector in words: `form` is EACH ("each ship adjacent to this"), ONE ("a ship ..."),
    ANY ("any ship ...") or PLURAL ("ships ..."). A single thing reads the same in each form
    but the plural."""
    name = select.name
    selector = spec.SELECTORS[name]
    special = _SELECTOR_TEXTS.get(name)
    if special is not None:
        return special(select, form)
    template = selector.plural if form == PLURAL else selector.phrase
    text = template.format(**{key: _arg_text(value, ANY) for key, value in select.args.items()})
    return _determiner(text, form)


def _determiner(text: str, form: str) -> str:
    """Turn an "each ..."/"every ..." phrase into the form wanted."""
    for word in ("each other ", "each ", "every "):
        if text.startswith(word):
            rest = text[len(word) :]
            other = "other " if word == "each other " else ""
            if form == ONE:
                return f"another {rest}" if other else _article(rest)
            if form == ANY:
                return f"any {other}{rest}"
    return text


def _player(select: Select, form: str) -> str:
    if _player_is_you.get():
        return "you"
    return spec.SELECTORS["player"].plural if form == PLURAL else "that player"


def _player_quadrant(select: Select, form: str) -> str:
    owner = _possessive(Select("player"))
    return f"quadrants under {owner} ship" if form == PLURAL else f"{owner} quadrant"


def _event_quadrant(select: Select, form: str) -> str:
    """On a hit or a destruction the event is about the object there (docs/dsl.md)."""
    if _trigger.get() in _OBJECT_EVENTS:
        return "objects the event is about" if form == PLURAL else "that object"
    return spec.SELECTORS["event_quadrant"].plural if form == PLURAL else "that quadrant"


def _chosen(select: Select, form: str) -> str:
    kind = _chosen_kind.get()
    return f"chosen {kind}s" if form == PLURAL else f"the chosen {kind}"


def _adjacent_quadrants(select: Select, form: str) -> str:
    orthogonal, when = _flag(select.args.get("orthogonal"))
    words = {"to": _arg_text(select.args["to"], ANY), "orthogonally": ""}
    if orthogonal:
        words["orthogonally"] = "orthogonally "
    template = spec.SELECTORS["adjacent_quadrants"]
    text = (template.plural if form == PLURAL else template.phrase).format(**words)
    if when:
        text += f" (only orthogonally adjacent if {when})"
    return _determiner(text, form)


def _players_in_line(select: Select, form: str) -> str:
    """R-THR-5: a clear line (enemies do not block enemy fire); R-THR-8: through everything."""
    start = _arg_text(select.args["from"], ANY)
    direction = select.args["direction"]
    where = (
        f"from {start} in the chosen direction"
        if isinstance(direction, Select)
        else f"{_DIRECTIONS[direction.value]} of {start}"
    )
    through, when = _flag(select.args.get("through_all"))
    line = "a straight line" if through else "a clear line"
    rest = f"in {line} {where}" + (" (through everything)" if through else "")
    rest += f" (or in any straight line, through everything, if {when})" if when else ""
    return f"ships {rest}" if form == PLURAL else _determiner(f"each ship {rest}", form)


def _quadrants_of(select: Select, form: str) -> str:
    args = select.args
    noun = _object_noun(args["object"].value)
    other, other_when = _flag(args.get("except_this"))
    free, free_when = _flag(args.get("unoccupied"))
    noun = f"{'other ' if other else ''}{'unoccupied ' if free else ''}{noun}"
    details = f" adjacent to {_arg_text(args['near'], ANY)}" if "near" in args else ""
    details += f" (only unoccupied ones if {free_when})" if free_when else ""
    details += f" (not this one if {other_when})" if other_when else ""
    if form == PLURAL:
        return f"{_plural_noun(noun)}{details}"
    return _determiner(f"each {noun}{details}", form)


def _first_of(select: Select) -> str:
    """Where an action takes only the first of a set (in board order)."""
    if spec.SELECTORS[select.name].single:
        return selector_text(select)
    return f"the first of the {selector_text(select, PLURAL)} (in board order)"


_SELECTOR_TEXTS: dict[str, Callable[[Select, str], str]] = {
    "player": _player,
    "player_quadrant": _player_quadrant,
    "event_quadrant": _event_quadrant,
    "chosen": _chosen,
    "adjacent_quadrants": _adjacent_quadrants,
    "players_in_line": _players_in_line,
    "quadrants_of": _quadrants_of,
}


def _flag(value: Any) -> tuple[bool, str]:
    """A yes-or-no argument: its value when written as true or false, else False and the
    condition under which it holds, in words."""
    if value is None:
        return False, ""
    if isinstance(value, Lit):
        return bool(value.value), ""
    return False, expression_text(value)


def _arg_text(value: Any, form: str = EACH) -> str:
    if isinstance(value, Select):
        return selector_text(value, form)
    if isinstance(value, Lit):
        return str(value.value).replace("_", " ")
    return expression_text(value)


def _possessive(select: Select) -> str:
    phrase = selector_text(select)
    return "your" if phrase == "you" else "its" if phrase == "this" else f"{phrase}'s"


def _of(select: Select, noun: str) -> str:
    """'your moves', 'that player's moves', 'the moves of each ship adjacent to this'."""
    if spec.SELECTORS[select.name].single:
        return f"{_possessive(select)} {noun}"
    return f"the {noun} of {selector_text(select)}"


def _word(name: str) -> str:
    """An id as a word of the rules: Bellonium is a proper noun in the rulebook."""
    words = name.replace("_", " ")
    return words.replace("bellonium", "Bellonium")


def _object_noun(kind: str) -> str:
    return _OBJECT_NOUNS.get(kind, _word(kind))


def _plural_noun(noun: str) -> str:
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh", "o")) else "s")


def _article(noun: str) -> str:
    """'an asteroid', 'a wall': English articles (by the first letter)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _verb(subject: str, third: str, base: str) -> str:
    """'you gain' but 'that player gains'."""
    return f"{subject} {base}" if subject == "you" else f"{subject} {third}"


def _be(subject: str) -> str:
    return "are" if subject == "you" else "is"


def _or_list(words: list[str]) -> str:
    """'west', 'west or east', 'north, east or south'."""
    return " or ".join(filter(None, [", ".join(words[:-1]), words[-1]]))


# --- expressions ---------------------------------------------------------------------------------


def expression_text(node: Any) -> str:
    if isinstance(node, Lit):
        return str(node.value).lower() if isinstance(node.value, bool) else str(node.value)
    if isinstance(node, Global):
        return {"round": "the round number", "players_count": "the number of players"}[node.name]
    if isinstance(node, Select):
        return selector_text(node)
    if isinstance(node, Attr):
        table = _PLAYER_ATTRIBUTES if _selects_players(node.target) else _QUADRANT_ATTRIBUTES
        return table[node.name].format(p=_possessive(node.target))
    if isinstance(node, Call):
        return _call_text(node)
    return _op_text(node)


def _selects_players(select: Select) -> bool:
    return spec.SELECTORS[select.name].type == spec.PLAYERS


def _op_text(node: Op) -> str:
    if node.op in ("and", "or"):
        mixed = any(isinstance(a, Op) and a.op in ("and", "or") for a in node.args)
        joiner = ", or " if node.op == "or" and mixed else f" {node.op} "  # "both a and b, or c"
        return joiner.join(_junct(arg, node.op) for arg in node.args)
    if node.op == "not":
        return _not_text(node.args[0])
    if node.op == "neg":
        return f"minus {_operand(node.args[0], 'neg', False, prefix=True)}"
    if node.op in _COMPARE:
        return _compare_text(node.op, *node.args)
    return _arithmetic_text(node)


def _junct(arg: Any, op: str) -> str:
    """'a and b or c' is ambiguous: an inner and/or reads 'both ... and' / 'either ... or'."""
    text = expression_text(arg)
    if isinstance(arg, Op) and arg.op in ("and", "or") and arg.op != op:
        lead = {"and": "both", "or": "either"}[arg.op] if len(arg.args) == 2 else "all of"
        return f"{lead} {text}"
    return text


def _compare_text(op: str, left: Any, right: Any) -> str:
    axis = _same_axis(left, right)
    if axis and op in ("==", "!="):
        subject = expression_text(left.target)
        verb = _be(subject) + (" not" if op == "!=" else "")
        return f"{subject} {verb} in the same {axis} as {expression_text(right.target)}"
    subject = expression_text(left)
    plural = isinstance(left, Attr) and left.name in _PLURAL_ATTRIBUTES
    relation = _COMPARE[op].replace("is", "are" if plural else _be(subject), 1)
    return f"{subject} {relation} {expression_text(right)}"


def _same_axis(left: Any, right: Any) -> str:
    """`player.row == this_quadrant.row` reads 'that player is in the same row as this'."""
    if isinstance(left, Attr) and isinstance(right, Attr) and left.name == right.name:
        return left.name if left.name in ("row", "column") else ""
    return ""


def _not_text(inner: Any) -> str:
    if isinstance(inner, Call):
        args = [_arg_text(arg) for arg in inner.args]
        negated: dict[str, Callable[[], str]] = {
            "marked": lambda: _verb(args[0], "has", "have") + f" no marker on {args[1]}",
            "occupied": lambda: f"no ship is on {args[0]}",
            "standing_on": lambda: f"{args[0]} {_be(args[0])} not on {args[1]}",
            "is_astral": lambda: f"{args[0]} {_be(args[0])} not astral",
            "is_enemy": lambda: f"{args[0]} is not an enemy",
            "shows": lambda: f"{args[0]} is not {_shows_what(inner.args[1].value)}",
        }
        if inner.function in negated:
            return negated[inner.function]()
    if isinstance(inner, Op) and inner.op in _NEGATED:
        return _compare_text(_NEGATED[inner.op], *inner.args)
    if isinstance(inner, Op) and inner.op == "or" and len(inner.args) == 2:
        first, second = (_junct(arg, "or") for arg in inner.args)
        return f"neither {first} nor {second}"
    if isinstance(inner, Op) and inner.op == "and":
        return f"it is not true that {_junct(inner, 'or')}"  # "... that both a and b"
    return f"it is not true that {expression_text(inner)}"


def _arithmetic_text(node: Op) -> str:
    left, right = node.args
    if node.op == "//" and _is_number(right, 2):
        return f"half {_operand(left, '//', False, prefix=True)} (rounded down)"
    if node.op == "*" and (_is_number(right, 2) or _is_number(left, 2)):
        doubled = left if _is_number(right, 2) else right
        return f"twice {_operand(doubled, '*', False, prefix=True)}"
    a = _operand(left, node.op, False)
    if node.op == "//":
        return f"{a} divided by {_operand(right, node.op, True)} (rounded down)"
    word = {"+": "plus", "-": "minus", "*": "times"}[node.op]
    return f"{a} {word} {_operand(right, node.op, True)}"


def _operand(node: Any, parent: str, right: bool, prefix: bool = False) -> str:
    """An operand of arithmetic, grouped where reading left to right would mislead: after
    'half', 'twice' or 'minus' as a noun phrase ('half the sum of a and b'), elsewhere in
    parentheses ('(a minus 1) times b')."""
    text = expression_text(node)
    if not (isinstance(node, Op) and node.op in _ARITHMETIC):
        return text
    grouped = prefix or parent in ("*", "//") or (parent == "-" and right)
    if not grouped or node.op == "//" or _is_twice(node):
        return text
    if not prefix:
        return f"({text})"
    a, b = (expression_text(arg) for arg in node.args)
    noun = {"+": "the sum of", "-": "the difference between", "*": "the product of"}[node.op]
    return f"{noun} {a} and {b}"


def _is_number(node: Any, value: int) -> bool:
    return isinstance(node, Lit) and not isinstance(node.value, bool) and node.value == value


def _is_twice(node: Op) -> bool:
    return node.op == "*" and any(_is_number(arg, 2) for arg in node.args)


def _shows_what(kind: str) -> str:
    return "empty" if kind == "empty" else _article(_object_noun(kind))


def _call_text(node: Call) -> str:
    args = [_arg_text(arg) for arg in node.args]
    texts: dict[str, Callable[[], str]] = {
        "count": lambda: f"the number of {_arg_text(node.args[0], PLURAL)}",
        "marked": lambda: _verb(args[0], "has", "have") + f" a marker on {args[1]}",
        "occupied": lambda: f"a ship is on {args[0]}",
        "standing_on": lambda: f"{args[0]} {_be(args[0])} on {args[1]}",
        "is_astral": lambda: f"{args[0]} {_be(args[0])} astral",
        "is_enemy": lambda: f"{args[0]} is an enemy",
        "shows": lambda: f"{args[0]} is {_shows_what(node.args[1].value)}",
        "counter": lambda: _COUNTERS[node.args[1].value].format(s=args[0]),
        "upgrade_level": lambda: f"{_possessive(node.args[0])} {args[1]} level",
        "min": lambda: f"the smaller of {args[0]} and {args[1]}",
        "max": lambda: f"the larger of {args[0]} and {args[1]}",
        "parts_left": lambda: f"the number of {args[0]} parts left",
    }
    return texts[node.function]()


# --- actions -------------------------------------------------------------------------------------


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


def _count(node: Any, word: str) -> str:
    """'1 power-up card', '2 power-up cards', 'a number of power-up cards equal to ...'."""
    text = expression_text(node)
    if isinstance(node, Lit):
        return f"{text} {word}" + ("" if text == "1" else "s")
    return f"a number of {word}s equal to {text}"


def _player_change(third: str, base: str, unit: str) -> Callable[[Act], str]:
    """'that player gains 2 energy': the actions that change each selected player."""
    return lambda a: _verb(_who(a), third, base) + " " + _quantity(a.args["amount"], unit)


def _damage(act: Act) -> str:
    return f"deal {_quantity(act.args['amount'], 'damage')} to {selector_text(act.args['to'])}"


def _destroy(act: Act) -> str:
    target = act.args["target"]
    if _selects_players(target):
        return f"{selector_text(target)} {_be(selector_text(target))} destroyed"
    reward, when = _flag(act.args.get("reward"))
    note = " (reward to the active player)" if reward else " (no reward)"
    if when:
        note = f" (reward to the active player if {when})"
    return f"destroy {selector_text(target)}{note}"


def _modify(act: Act) -> str:
    stat = act.args["stat"].value
    who = act.args["player"]
    scope = _SCOPES[act.args["scope"].value]
    switch = _SWITCH_TEXTS.get(stat)
    value = act.args.get("set")
    if switch and isinstance(value, Lit):
        return f"{selector_text(who)} {switch[bool(value.value)]}{scope}"
    owner = _of(who, _STAT_LABELS[stat])
    if "set" in act.args:
        verb = "are" if stat in _PLURAL_STATS else "is"
        return f"{owner} {verb} {expression_text(value)}{scope}"
    by = act.args["by"]
    if isinstance(by, Lit):
        return f"{owner} {'+' if int(by.value) >= 0 else ''}{by.value}{scope}"
    goes = "go" if stat in _PLURAL_STATS else "goes"
    return f"{owner} {goes} up by {expression_text(by)}{scope}"


def _end_turn(act: Act) -> str:
    who = act.args["player"]
    if spec.SELECTORS[who.name].single:
        return f"{_possessive(who)} turn ends"
    return f"the active player's turn ends if it is among the {selector_text(who, PLURAL)}"


def _buy(act: Act) -> str:
    fee = act.args["fee"]
    text = f"{_who(act)} may buy upgrades and power-ups"
    if _is_number(fee, 0):
        return text
    return f"{text} for a fee of {_quantity(fee, 'Bellonium')}"


def _spawn(act: Act) -> str:
    energy, threat = act.args["energy"], act.args["threat"]
    details = ["indestructible" if _is_number(energy, 0) else _quantity(energy, "energy")]
    if not _is_number(threat, 0):
        details.append(_quantity(threat, "threat"))
    noun = _article(_object_noun(act.args["object"].value))
    return f"put {noun} ({', '.join(details)}) on {selector_text(act.args['quadrant'])}"


def _choose(act: Act) -> str:
    who = _first_of(act.args["who"])
    optional, when = _flag(act.args.get("optional"))
    verb = "may choose" if optional else "choose" if who == "you" else "chooses"
    if "option" in act.args:
        options = [actions_text(actions) for actions in act.args["option"].values()]
        decline = f", or may decline if {when}" if when else ""
        return f"{who} {verb} one{decline}: " + "; or ".join(options)
    kind = next(k for k in spec.CHOICES if k in act.args)
    if kind == "direction":
        what = f"a direction ({_or_list([_DIRECTIONS[d.value] for d in act.args[kind]])})"
    else:
        what = selector_text(act.args[kind], ONE)
        if spec.SELECTORS[act.args[kind].name].single:
            what = f"{_article(kind)} ({what})"
    what += f", or may decline if {when}" if when else ""
    token = _chosen_kind.set(kind)
    try:
        return f"{who} {verb} {what}: {actions_text(act.args['then'])}"
    finally:
        _chosen_kind.reset(token)


def _if(act: Act) -> str:
    condition = act.args["condition"]
    if isinstance(condition, Lit):  # written as true or false: only one branch can run
        branch = act.args.get("then" if condition.value else "else")
        return actions_text(branch) if branch else "nothing happens"
    text = f"if {expression_text(condition)}, {actions_text(act.args['then'])}"
    if "else" in act.args:
        text += f"; otherwise {actions_text(act.args['else'])}"
    return text


_ACTION_TEXTS: dict[str, Callable[[Act], str]] = {
    "damage": _damage,
    "gain_energy": _player_change("gains", "gain", "energy"),
    "lose_energy": _player_change("loses", "lose", "energy"),
    "add_threat": _player_change("adds", "add", "threat"),
    "remove_threat": _player_change("removes", "remove", "threat"),
    "gain_bellonium": _player_change("takes", "take", "Bellonium"),
    "gain_glory": _player_change("gains", "gain", "glory"),
    "gain_reward": lambda a: _verb(_who(a), "takes", "take") + " its reward",
    "draw_powerup": lambda a: (
        _verb(_who(a), "draws", "draw") + " " + _count(a.args["count"], "power-up card")
    ),
    "cover": lambda a: f"cover {selector_text(a.args['quadrant'])}",
    "destroy": _destroy,
    "flip_card": lambda a: f"flip {selector_text(a.args['card'])}",
    "swap_card": lambda a: f"swap {_first_of(a.args['card'])} with {_first_of(a.args['with'])}",
    "shift_player": lambda a: _verb(_who(a), "shifts", "shift") + " one quadrant left or right",
    "teleport": lambda a: _verb(_who(a), "jumps", "jump") + f" to {_first_of(a.args['to'])}",
    "reveal_sensors": lambda a: (
        f"reveal {_count(a.args['count'], 'sensor card')}: " + actions_text(a.args["then"])
    ),
    "extra_moves": lambda a: (
        _verb(_who(a), "gets", "get") + f" {_count(a.args['amount'], 'extra move')} this turn"
    ),
    "extra_shots": lambda a: (
        _verb(_who(a), "gets", "get")
        + f" {_count(a.args['amount'], 'extra turret shot')} this turn"
    ),
    "modify": _modify,
    "mark": lambda a: (
        _verb(_who(a), "puts", "put") + " a marker on " + selector_text(a.args["quadrant"])
    ),
    "end_turn": _end_turn,
    "buy": _buy,
    "advance_mission": lambda a: f"advance your mission by {expression_text(a.args['amount'])}",
    "claim_achievement": lambda a: _verb(_who(a), "claims", "claim") + " this achievement",
    "spawn": _spawn,
    "choose": _choose,
    "if": _if,
}
