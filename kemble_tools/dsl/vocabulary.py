"""A game's effect DSL vocabulary, as one object handed to the generic DSL machinery.

A game declares its words once, in a `Vocabulary`: the hosts that carry effects, the triggers
with the names each binds, the actions, selectors, choices, functions and game-wide names, the
kinds of things selectors give (with their attributes), the closed word lists and content
references its arguments take, and the renderer of its card text. The expression checker
(`dsl/expr.py`), the effect compiler (`compile/effects.py`), the JSON Schema of effects
(`dsl/schema.py`), the reference (`dsl/docs.py`) and the language server all read the vocabulary
they are given, so two games live side by side in one process. A game's plugin sets it as its
`vocabulary` hook (`core/registry.py`); `vocabulary_of(game)` finds it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from kemble_tools.core.registry import hooks, registry
from kemble_tools.dsl.ir import Act, Effect

# --- value types every game has ------------------------------------------------------------------
INT, BOOL, TEXT = "int", "bool", "text"
ANY_SET = "set"  # a function argument taking a set of any type (`count`)
ACTIONS = "actions"  # a parameter holding a nested list of actions (`then`, `else`)
CHOICE = "choice"  # a parameter of `choose` naming what is chosen
OPTION = "option"  # the type of a choice among named options, each a list of actions
CHOOSE, CHOSEN = "choose", "chosen"  # the action that asks for a choice, and what it binds


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    doc: str
    default: object = None
    required: bool = False

    @property
    def optional(self) -> bool:
        return not self.required


class Problem(NamedTuple):
    """What a trigger's own check found wrong in an effect, at `path` in its file."""

    path: tuple[Any, ...]
    code: str
    message: str
    hint: str | None = None


class EffectCheck(Protocol):
    """A trigger's own rule about the effects it runs (Kemble's `passive`: only a number added
    to the owner's statistic): `path` is the effect's, `item` its mapping as written."""

    def __call__(
        self, path: tuple[Any, ...], item: Mapping[str, Any], actions: Sequence[Act]
    ) -> list[Problem]: ...


@dataclass(frozen=True)
class Host:
    """What carries effects (a quadrant, a card a player owns, a Timeline card)."""

    name: str
    doc: str  # what it is, in messages: "cards a player owns (power-ups, sensors, …)"
    binds: frozenset[str]  # the context names every effect it carries has
    where: str = ""  # how the reference says where its names exist: "on a quadrant"
    names: Mapping[str, str] = field(default_factory=dict, compare=False)  # name -> meaning
    # a host name that is the event's name too, when the trigger binds that one
    same_as: Mapping[str, str] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class SetType:
    """A kind of game thing that selectors give sets of (players, quadrants, ships, zones)."""

    name: str  # plural, as types are written: "players"
    noun: str  # "player"
    attributes: Mapping[str, str] = field(default_factory=dict, compare=False)  # of a single one
    attribute_hint: str = ""  # how to write an attribute, `{name}` standing for it
    example: tuple[str, str] = ("", "")  # the action and argument the reference shows it in

    @property
    def description(self) -> str:
        return f"a set of {self.name}"


@dataclass(frozen=True)
class Words:
    """An argument kind that is one word of a closed list (a statistic, a direction) or the id
    of some content (an object kind): the compiler checks it, the schema lists what it can."""

    name: str  # the parameter type: "stat"
    what: str  # how messages name it: "statistic"
    values: Mapping[str, str] = field(default_factory=dict, compare=False)  # word -> meaning
    code: str = "schema.enum"  # the diagnostic of a word outside the list
    # content: the catalogue table whose ids are the words; a name ending in ':' is one table
    # per owner (a boss's special rules), its own owner's while compiling the owner's file
    table: str = ""
    sample: str = ""  # a value the reference's examples use
    heading: str = ""  # the reference lists the words under this heading ("" lists them nowhere)


@dataclass(frozen=True)
class Trigger:
    name: str
    doc: str
    names: Mapping[str, str] = field(compare=False)  # context name -> what it means here
    hosts: frozenset[str]
    phrase: str = ""  # on a card: "When a ship moves here"
    phrases: Mapping[str, str] = field(default_factory=dict, compare=False)  # by host, if other
    refuses: frozenset[str] = frozenset()  # actions that cannot do here what their text says
    refused_because: str = ""
    example: str = ""  # the reference's example actions
    check: EffectCheck | None = field(default=None, compare=False)

    @property
    def binds(self) -> frozenset[str]:
        """The context names the event provides."""
        return frozenset(self.names)

    def phrase_for(self, host: str) -> str:
        return self.phrases.get(host) or self.phrase


@dataclass(frozen=True)
class Action:
    name: str
    doc: str
    params: tuple[Param, ...]
    example: str
    primary: str | None = None  # the parameter a bare scalar stands for: `- damage: 2`
    binds: frozenset[str] = frozenset()  # names available inside its `then` block
    needs: str | None = None  # the context name it reads; None when always available
    one_of: tuple[str, ...] = ()  # arguments of which exactly one must be given

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


@dataclass(frozen=True)
class Selector:
    name: str
    type: str
    doc: str
    needs: str | None = None  # the context name it reads; None when always available
    single: bool = False  # at most one thing (so `player.energy` makes sense)
    params: tuple[Param, ...] = ()
    phrase: str = ""  # on a card: "each ship adjacent to {to}"
    plural: str = ""  # "ships adjacent to {to}": what `count` counts


@dataclass(frozen=True)
class Function:
    name: str
    args: tuple[str, ...]
    returns: str
    doc: str
    example: str
    text: str | None = None  # the Words its last, text argument is one of


@dataclass(frozen=True)
class ChoiceKind:
    name: str
    type: str  # what is chosen: a set type, a Words kind (a direction) or OPTION
    doc: str
    example: str


@dataclass(frozen=True)
class Prose:
    """The vocabulary's own words in the reference and in hints."""

    intro: str  # the reference's opening, in Markdown; `{version}` is the DSL version
    attribute_example: str  # "player.energy"
    call_example: str  # "count(boss_parts)"


class TextRenderer(Protocol):
    """A game's card text: its effects in its own words, as carried by `host`."""

    def __call__(self, vocabulary: Vocabulary, effects: Sequence[Effect], host: str) -> str: ...


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """One game's DSL. Tables keep their declaration order, which the reference follows."""

    game: str  # the game's id
    version: int  # recorded in bundles; raised when compiled effects change meaning
    hosts: Mapping[str, Host]
    set_types: Mapping[str, SetType]
    unions: Mapping[str, tuple[str, ...]]  # a parameter type taking several set types
    words: Mapping[str, Words]
    triggers: Mapping[str, Trigger]
    actions: Mapping[str, Action]
    selectors: Mapping[str, Selector]
    choices: Mapping[str, ChoiceKind]
    functions: Mapping[str, Function]
    globals: Mapping[str, tuple[str, str]]  # game-wide names: type and meaning
    renderer: TextRenderer
    prose: Prose

    @property
    def default_host(self) -> str:
        """The host of effects whose host is not said (the first declared)."""
        return next(iter(self.hosts))

    def host_triggers(self, host: str) -> list[str]:
        return [name for name, t in self.triggers.items() if host in t.hosts]

    def text(self, effects: Sequence[Effect], host: str | None = None) -> str:
        """The card text of `effects` carried by `host` (default: the default host)."""
        return self.renderer(self, effects, host or self.default_host)

    def is_selection(self, kind: str) -> bool:
        """Whether a parameter of this type is written as a selector."""
        return kind in self.set_types or kind in self.unions

    def selection_types(self, kind: str) -> tuple[str, ...]:
        """The set types a selection parameter of this type accepts."""
        return self.unions.get(kind, (kind,))

    def every_bind(self) -> frozenset[str]:
        """Every name some trigger binds."""
        return frozenset().union(*(trigger.binds for trigger in self.triggers.values()))

    def attributes(self, kind: str) -> Mapping[str, str]:
        found = self.set_types.get(kind)
        return found.attributes if found is not None else {}

    def word_list(self, kind: str) -> tuple[str, ...]:
        found = self.words.get(kind)
        return tuple(found.values) if found is not None else ()


def vocabulary_of(game: str | None) -> Vocabulary:
    """The vocabulary of the game with this id (None: the game of the files that name none);
    raises registry.UnknownGame, or LookupError for a game without an effect DSL."""
    plugin = registry().game(game)
    found = hooks(plugin, "vocabulary")
    if not isinstance(found, Vocabulary):
        raise LookupError(f"{plugin.info.title} has no effect DSL")
    return found
