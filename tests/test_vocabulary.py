"""Two games' effect DSLs live in one process: the generic machinery (expressions, the effect
compiler, the schema, the reference, card text, the language server's words) reads the
vocabulary it is given, so a tiny second game's effects compile where Kemble's Cascade's would be
refused, and the other way round."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from kemble_tools.compile.effects import EffectCompiler
from kemble_tools.core.registry import COMMANDS, GameInfo, register_game, unregister_game
from kemble_tools.dsl import docs, english
from kemble_tools.dsl.expr import ExprError, Scope, parse
from kemble_tools.dsl.ir import Act, Effect, Lit
from kemble_tools.dsl.schema import effect_defs
from kemble_tools.dsl.vocabulary import (
    BOOL,
    INT,
    Action,
    Function,
    Host,
    Param,
    Prose,
    Selector,
    SetType,
    Trigger,
    Vocabulary,
    Words,
    vocabulary_of,
)
from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY as KEMBLE
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.validate.catalog import Catalog
from kemble_tools.workbench.lsp import complete, file_game

SHIP, SHIPS = "ship", "ships"


def _tiny_text(vocabulary: Vocabulary, effects: Sequence[Effect], host: str) -> str:
    """Tiny Orbit's card text: 'When launched: heat 2, then turn to port.'"""

    def action(act: Act) -> str:
        value = act.args.get("amount", act.args.get("side"))
        words = {"heat": "heat {}", "turn": "turn to {}"}[act.action]
        return words.format(value.value if isinstance(value, Lit) else "?")

    return " ".join(
        english.sentence(
            vocabulary.triggers[e.trigger].phrase_for(host)
            + ": "
            + ", then ".join(action(act) for act in e.actions)
        )
        for e in effects
    )


TINY = Vocabulary(
    game="tiny-orbit",
    version=3,
    hosts={
        SHIP: Host(
            SHIP,
            "ship cards",
            frozenset({"this_ship"}),
            "on a ship",
            {"this_ship": "the ship that carries the effect"},
        )
    },
    set_types={
        SHIPS: SetType(
            SHIPS,
            "ship",
            {"heat": "its heat"},
            "attributes belong to a ship: write this_ship.{name}",
            ("heat", "ship"),
        )
    },
    unions={},
    words={"side": Words("side", "side", {"port": "left", "starboard": "right"}, "dsl.side")},
    triggers={
        "on_launch": Trigger(
            "on_launch",
            "The ship is launched.",
            {},
            frozenset({SHIP}),
            "When launched",
            example="[heat: 1]",
        )
    },
    actions={
        "heat": Action(
            "heat",
            "The ship heats up.",
            (Param("ship", SHIPS, "Which ship.", "this_ship"), Param("amount", INT, "Heat.", 1)),
            "- heat: 2",
            "amount",
        ),
        "turn": Action(
            "turn",
            "The ship turns.",
            (Param("side", "side", "Where to.", required=True),),
            "- turn: port",
            "side",
        ),
    },
    selectors={
        "this_ship": Selector(
            "this_ship",
            SHIPS,
            "The ship that carries the effect.",
            "this_ship",
            True,
            phrase="this ship",
        )
    },
    choices={},
    functions={
        "hot": Function("hot", (SHIPS,), BOOL, "The ship has 5 heat or more.", "hot(this_ship)")
    },
    globals={"turn": (INT, "the turn number")},
    renderer=_tiny_text,
    prose=Prose(
        "# Tiny Orbit's effects\n\nDSL version {version}.\n", "this_ship.heat", "hot(this_ship)"
    ),
)

TINY_EFFECT = (
    "[{on: on_launch, if: 'this_ship.heat < 3 and not hot(this_ship)', do: [heat: 2, turn: port]}]"
)
KEMBLE_EFFECT = "[{on: on_enter, if: 'player.energy <= 2', do: [gain_energy: 1]}]"


def _compile(vocabulary: Vocabulary, effects: str, host: str) -> tuple[list[Effect], list[str]]:
    doc, problems = load_text(f"things:\n  - effects: {effects}\n", "test.yaml")
    assert doc is not None and not problems, problems
    compiler = EffectCompiler(vocabulary, doc, Catalog(), "test.yaml")
    found = compiler.effects(("things", 0, "effects"), host)
    return found, [d.code for d in compiler.diagnostics]


def test_each_vocabulary_compiles_its_own_effects_and_refuses_the_others() -> None:
    tiny, problems = _compile(TINY, TINY_EFFECT, SHIP)
    assert problems == [] and [a.action for a in tiny[0].actions] == ["heat", "turn"]
    assert TINY.text(tiny) == "When launched: heat 2, then turn to port."
    kemble, problems = _compile(KEMBLE, KEMBLE_EFFECT, "quadrant")
    assert problems == [] and KEMBLE.text(kemble) == (
        "When a ship moves here: if that player's energy is at most 2, that player gains 1 energy."
    )
    # the other game's names are unknown: no effect compiles
    assert _compile(KEMBLE, TINY_EFFECT, "quadrant") == ([], ["dsl.unknown_selector"])
    assert _compile(TINY, KEMBLE_EFFECT, SHIP) == ([], ["dsl.unknown_selector"])


def test_a_vocabularys_closed_words_are_its_own() -> None:
    assert _compile(TINY, "[{on: on_launch, do: [turn: north]}]", SHIP)[1] == ["dsl.side"]
    assert _compile(TINY, "[{on: on_launch, do: [turn: starboard]}]", SHIP)[1] == []


def test_expressions_are_checked_in_the_vocabulary_given() -> None:
    tiny = Scope(TINY, frozenset({"this_ship"}), {})
    kemble = Scope(KEMBLE, frozenset({"player"}), {})
    parse("this_ship.heat + turn > 2", tiny, BOOL)
    parse("player.energy + round > 2", kemble, BOOL)
    with pytest.raises(ExprError) as refused:
        parse("player.energy > 2", tiny, BOOL)
    assert refused.value.code == "dsl.unknown_selector"
    with pytest.raises(ExprError) as refused:
        parse("heat > 2", tiny, BOOL)
    assert refused.value.hint == "attributes belong to a ship: write this_ship.heat"
    with pytest.raises(ExprError) as refused:
        parse("hot(this_ship)", kemble, BOOL)
    assert refused.value.code == "dsl.unknown_function"


def test_schema_and_reference_are_generated_per_vocabulary() -> None:
    tiny, kemble = effect_defs(TINY), effect_defs(KEMBLE)
    assert tiny["effect"]["properties"]["on"]["enum"] == ["on_launch"]
    assert set(tiny["action"]["properties"]) == {"heat", "turn"}
    side = tiny["action"]["properties"]["turn"]["properties"]["side"]
    assert side["enum"] == ["port", "starboard"] and side["x-kemble-enum-code"] == "dsl.side"
    assert "on_launch" not in kemble["effect"]["properties"]["on"]["enum"]
    reference = docs.render(TINY)
    assert reference.startswith("# Tiny Orbit's effects\n\nDSL version 3.")
    assert "- `this_ship` (on a ship): the ship that carries the effect." in reference
    assert "Ship attributes:\n\n- `heat`: its heat" in reference
    assert "- heat: {ship: this_ship}" in reference  # the selector's example


TINY_INFO = GameInfo(
    "tiny-orbit", "Tiny Orbit", ("the tests",), "nobody", None, (1, 1), ("solo",), "a test"
)


@dataclass(frozen=True)
class TinyOrbit:
    info: GameInfo = TINY_INFO
    implicit: bool = False
    vocabulary: Vocabulary = TINY

    def content_kinds(self) -> Mapping[str, str]:
        return {}

    def commands(self) -> frozenset[str]:
        return frozenset(COMMANDS) & {"lsp"}

    def content_counts(self, paths: list[Any]) -> Mapping[str, int]:
        return {}


@pytest.fixture
def tiny_game() -> Iterator[TinyOrbit]:
    plugin = TinyOrbit()
    register_game(plugin)
    yield plugin
    unregister_game(plugin)


def test_the_registry_gives_each_game_its_vocabulary(tiny_game: TinyOrbit) -> None:
    assert vocabulary_of("tiny-orbit") is TINY
    assert vocabulary_of("kembles-cascade") is KEMBLE is vocabulary_of(None)


def test_the_language_server_offers_the_words_of_the_files_game(tiny_game: TinyOrbit) -> None:
    check: Any = SimpleNamespace(catalog=Catalog())
    text = "game: tiny-orbit\nthings:\n  - effects:\n      - on: \n"
    assert file_game(text) == "tiny-orbit"
    triggers = complete(check, text, 3, len("      - on: "))
    assert [c.label for c in triggers] == ["on_launch"]
    kemble = complete(check, text.removeprefix("game: tiny-orbit\n"), 2, len("      - on: "))
    assert "on_enter" in {c.label for c in kemble} and "on_launch" not in {c.label for c in kemble}
    unknown = complete(check, text.replace("tiny-orbit", "no-such-game"), 3, len("      - on: "))
    assert unknown == []
