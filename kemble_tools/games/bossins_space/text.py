"""Bossin' Space's card text, generated from compiled effects, so a printed card says what the
engine does: the renderer its vocabulary carries (`VOCABULARY.text(effects, host)`).

It gives short English sentences such as
"When used: 1 plus the Missiles level times: choose a column, then deal 1 damage to the nearest
enemy in the chosen column." Numbers carry their unit ("2 damage"); an expression reads "damage
equal to ..."; a set reads "each ..." where every one is meant and "a ..." where one is chosen;
on a Boss Threat card or a Boss, "this card" is the Boss (D-BS-BOSS-9). The English every game
shares is kemble_tools/dsl/english.py; tests/test_bossins_space_content.py holds a row for every
action and selector.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from kemble_tools.dsl import english
from kemble_tools.dsl.ir import Act, Attr, Call, Effect, Global, Lit, Op, Select
from kemble_tools.dsl.vocabulary import Vocabulary

BOSS_HOSTS = ("boss_threat", "boss")
GLOBALS = {
    "round": "the round number",
    "players_count": "the number of players",
    "ship_life": "the Ship's life",
    "heat": "the temperature",
    "xp": "your XP",
}
ATTRIBUTES = {"damage_taken": "damage tokens", "xp": "XP", "number": "number"}
MOVES = {
    "left": "one column left",
    "right": "one column right",
    "toward": "one column toward the Ship",
    "away": "one column away from the Ship",
    "printed": "one column as printed",
}
PLACES = {
    "below": "directly below {card}",
    "first_available": "on the first free space of {column}",
    "top_open_row": "in the top open row of {column}",
}
SKIPS = {
    "next_threat": "skip this column's Threat and Boss Threat cards",
    "next_command": "skip the next column's Command card",
}
DECKS = {
    "enemy": "the Enemy deck",
    "command": "the Command deck",
    "threat": "the Threat deck",
    "advanced": "the Advanced Command deck",
}
EACH, ONE, PLURAL = "each", "one", "plural"


def effects_text(vocabulary: Vocabulary, effects: Sequence[Effect], host: str) -> str:
    """All of a card's effects, one sentence each, as carried by `host`."""
    say = Say(vocabulary, host)
    return " ".join(english.sentence(say.effect(effect)) for effect in effects)


@dataclass(frozen=True)
class Say:
    """The words for one card's effects: its vocabulary, its host, and what `chosen` is."""

    vocabulary: Vocabulary
    host: str
    chosen: str = "choice"

    # --- effects and actions ---------------------------------------------------------------------

    def effect(self, effect: Effect) -> str:
        phrase = self.vocabulary.triggers[effect.trigger].phrase_for(self.host)
        body = self.actions(effect.actions)
        if effect.condition is not None:
            body = f"if {self.expr(effect.condition)}, {body}"
        return f"{phrase}: {body}"

    def actions(self, acts: Sequence[Act]) -> str:
        return ", then ".join(self.action(act) for act in acts)

    def action(self, act: Act) -> str:
        return ACTION_TEXTS[act.action](self, act.args)

    def amount(self, value: Any, unit: str) -> str:
        """'2 damage', or 'damage equal to ...' for an expression."""
        if isinstance(value, Lit):
            return f"{english.literal(value)} {unit}"
        return f"{unit} equal to {self.expr(value)}"

    # --- selectors -------------------------------------------------------------------------------

    def select(self, select: Any, form: str = EACH) -> str:
        if not isinstance(select, Select):
            return self.expr(select)
        special = SELECTOR_TEXTS.get(select.name)
        if special is not None:
            return special(self, select, form)
        found = self.vocabulary.selectors[select.name]
        template = found.plural if form == PLURAL else found.phrase
        args = {key: self.select(value) for key, value in select.args.items()}
        text = template.format(**args)
        if form == ONE and text.startswith("each "):
            return english.article(text.removeprefix("each "))
        return text

    # --- expressions -----------------------------------------------------------------------------

    def expr(self, node: Any) -> str:
        if isinstance(node, Lit):
            return english.literal(node)
        if isinstance(node, Global):
            return GLOBALS.get(node.name, english.word(node.name))
        if isinstance(node, Select):
            return self.select(node)
        if isinstance(node, Attr):
            name = ATTRIBUTES.get(node.name, english.word(node.name))
            return f"{self.select(node.target)}'s {name}"
        if isinstance(node, Call):
            return self.call(node)
        return self.operator(node)

    def call(self, node: Call) -> str:
        args = node.args
        if node.function == "count":
            return f"the number of {self.select(args[0], PLURAL)}"
        if node.function == "upgrade_level":
            return f"the {str(args[0].value).capitalize()} level"
        if node.function == "ship_in":
            return f"the Ship is in {self.select(args[0], ONE)}"
        if node.function == "enemies_in":
            return f"the number of Enemy cards in {self.select(args[0], ONE)}"
        if node.function == "printed":
            return f"the printed {english.word(str(args[0].value))}"
        size = "smaller" if node.function == "min" else "larger"
        return f"the {size} of {self.expr(args[0])} and {self.expr(args[1])}"

    def operator(self, node: Op) -> str:
        if node.op in english.LOGIC:
            return english.logic_text(node, self.expr)
        if node.op == "not":
            return english.negation(node.args[0], self.expr, self.compare)
        if node.op == "neg":
            return english.minus(node, self.expr)
        if node.op in english.ARITHMETIC:
            return english.arithmetic_text(node, self.expr)
        return self.compare(node.op, *node.args)

    def compare(self, op: str, left: Any, right: Any) -> str:
        return english.comparison(op, self.expr(left), self.expr(right))


# --- the text of each selector with words of its own ---------------------------------------------


def _this_card(say: Say, select: Select, form: str) -> str:
    return "the Boss" if say.host in BOSS_HOSTS else "this card"


def _this_column(say: Say, select: Select, form: str) -> str:
    return "the Boss's column" if say.host in BOSS_HOSTS else "this card's column"


def _chosen(say: Say, select: Select, form: str) -> str:
    return f"chosen {say.chosen}s" if form == PLURAL else f"the chosen {say.chosen}"


def _column_offset(say: Say, select: Select, form: str) -> str:
    start, by = say.select(select.args["from"]), select.args["by"]
    if isinstance(by, Lit) and by.value in (1, -1):
        return f"the column {'right' if by.value == 1 else 'left'} of {start}"
    if isinstance(by, Lit):
        side = "right" if by.value > 0 else "left"
        return f"the column {abs(int(by.value))} {side} of {start}"
    return f"the column {say.expr(by)} to the right of {start}"


SelectorText = Callable[[Say, Select, str], str]
SELECTOR_TEXTS: dict[str, SelectorText] = {
    "this_card": _this_card,
    "this_column": _this_column,
    "chosen": _chosen,
    "column_offset": _column_offset,
}


# --- the text of each action ---------------------------------------------------------------------

Args = dict[str, Any]


def _damage(say: Say, args: Args) -> str:
    text = f"deal {say.amount(args['amount'], 'damage')} to {say.select(args['to'])}"
    overflow = args.get("overflow", Lit(False))
    if overflow != Lit(False):
        when = "" if overflow == Lit(True) else f" if {say.expr(overflow)}"
        text += f", the excess going on to the next target in its column{when}"
    return text


def _destroy(say: Say, args: Args) -> str:
    reward = args.get("reward", Lit(True))
    note = " (gaining its XP)" if reward == Lit(True) else " (no XP)"
    if reward not in (Lit(True), Lit(False)):
        note = f" (gaining its XP if {say.expr(reward)})"
    return f"destroy {say.select(args['target'])}{note}"


def _repeat(say: Say, args: Args) -> str:
    count = args["count"]
    times = "twice" if count == Lit(2) else f"{say.expr(count)} times"
    return f"{times}: {say.actions(args['do'])}"


def _attack_ship(say: Say, args: Args) -> str:
    where = say.select(args["columns"], ONE)
    if args.get("wide", Lit(False)) != Lit(False):
        where += " or next to it"
    hit = (
        say.amount(args["amount"], "life")
        if "amount" in args
        else "life equal to the damage of the strongest enemy in its column"
    )
    return f"if the Ship is in {where}, it loses {hit}"


def _move_ship(say: Say, args: Args) -> str:
    distance = args["distance"]
    far = "1 column" if distance == Lit(1) else f"{say.amount(distance, 'columns')}"
    side = args["dir"]
    if side == Lit("printed"):
        return f"move the Ship {far} in the printed direction"
    if isinstance(side, Select):
        return f"move the Ship {far} to the chosen side"
    return f"move the Ship {far} {side.value}"


def _move_card(say: Say, args: Args) -> str:
    text = f"move {say.select(args['card'])} {MOVES[args['to'].value]}"
    prefer = args.get("prefer")
    if isinstance(prefer, Lit):
        text += f" (to the {prefer.value} when either way is away)"
    return text


def _place_enemy(say: Say, args: Args) -> str:
    at = args["at"].value
    card = _this_card(say, Select("this_card"), EACH)
    where = PLACES[at].format(card=card, column=say.select(args["column"]))
    text = f"put the top Enemy card {where}"
    if args.get("reshuffle", Lit(False)) == Lit(True):
        text += " (reshuffling the Enemy discards if the deck is empty)"
    return text


def _shift_down(say: Say, args: Args) -> str:
    text = "every enemy moves down a row (crossing the line from row C)"
    if args.get("refill", Lit(True)) == Lit(True):
        text += (
            ", then a new Enemy card fills each column's top open row (with the Enemy deck "
            "empty, the Boss moves down a row instead)"
        )
    return text


def _choose(say: Say, args: Args) -> str:
    if "option" in args:
        options = [say.actions(acts) for acts in args["option"].values()]
        return f"choose one: {english.or_list(options)}"
    kind = next(k for k in ("column", "target", "side") if k in args)
    inner = replace(say, chosen=kind)
    if kind == "side":
        what = english.or_list([str(s.value) for s in args["side"] if isinstance(s, Lit)])
    else:
        what = say.select(args[kind], ONE)
    return f"choose {what}, then {inner.actions(args.get('then', []))}"


def _if(say: Say, args: Args) -> str:
    text = f"if {say.expr(args['condition'])}, {say.actions(args['then'])}"
    if args.get("else"):
        text += f"; otherwise, {say.actions(args['else'])}"
    return text


ActionText = Callable[[Say, Args], str]
ACTION_TEXTS: dict[str, ActionText] = {
    "damage": _damage,
    "destroy": _destroy,
    "repeat": _repeat,
    "damage_ship": lambda say, a: f"the Ship loses {say.amount(a['amount'], 'life')}",
    "attack_ship": _attack_ship,
    "repair_ship": lambda say, a: f"the Ship regains {say.amount(a['amount'], 'life')}",
    "heat": lambda say, a: f"the temperature rises by {say.expr(a['amount'])}",
    "cool": lambda say, a: f"the temperature falls by {say.expr(a['amount'])}",
    "move_ship": _move_ship,
    "teleport": lambda say, a: f"move the Ship to {say.select(a['to'], ONE)}",
    "move_card": _move_card,
    "place_enemy": _place_enemy,
    "shift_down": _shift_down,
    "activate_enemies": lambda say, a: (
        "every Enemy card that has on-activation effects activates, left to right and top to bottom"
    ),
    "gain_xp": lambda say, a: f"gain {say.amount(a['amount'], 'XP')}",
    "lose_xp": lambda say, a: f"lose {say.amount(a['amount'], 'XP')}",
    "skip": lambda say, a: SKIPS[a["what"].value],
    "heal_boss": lambda say, a: f"the Boss regains {say.amount(a['amount'], 'life')}",
    "flip_card": lambda say, a: f"flip {say.select(a['card'])}",
    "peek": lambda say, a: (
        f"look at the top {say.expr(a['count'])} cards of {DECKS[a['deck'].value]} and put "
        "them back in order"
    ),
    "add_cards": lambda say, a: (
        f"shuffle the top {say.expr(a['count'])} cards of {DECKS[a['from'].value]} with the "
        f"top {say.expr(a['mix'])} of {DECKS[a['to'].value]} and put them on top of it"
    ),
    "choose": _choose,
    "if": _if,
}
