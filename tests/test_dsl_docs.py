"""docs/dsl.md documents exactly the DSL that exists, with examples that parse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kemble_tools.dsl import docs
from kemble_tools.dsl.expr import Scope, parse
from kemble_tools.dsl.vocabulary import BOOL, INT
from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY
from kemble_tools.load.yaml_loader import load_text

DOC = Path(__file__).resolve().parents[1] / "docs" / "dsl.md"
SECTIONS = {
    "Triggers": VOCABULARY.triggers,
    "Actions": VOCABULARY.actions,
    "Selectors": VOCABULARY.selectors,
    "Choices": VOCABULARY.choices,
    "Conditions and functions": VOCABULARY.functions,
}


def _documented() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    section = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        elif line.startswith("### "):
            found.setdefault(section, set()).add(line[4:].strip("` "))
    return found


def test_docs_are_generated_from_the_vocabulary() -> None:
    assert DOC.read_text(encoding="utf-8") == docs.render(VOCABULARY), "run `kemble generate`"


@pytest.mark.parametrize("section", SECTIONS)
def test_every_element_is_documented_and_nothing_else(section: str) -> None:
    assert _documented().get(section, set()) == set(SECTIONS[section])


def test_yaml_examples_parse_and_name_their_element() -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"### `(\w+)`.*?```yaml\n(.*?)```", text, re.S)
    assert len(blocks) >= len(VOCABULARY.actions) + len(VOCABULARY.triggers)
    for name, example in blocks:
        doc, problems = load_text(example, f"example {name}")
        assert problems == [] and doc is not None, (name, example)
        assert name in example, name


def test_function_examples_are_valid_expressions() -> None:
    needs = frozenset(s.needs for s in VOCABULARY.selectors.values() if s.needs)
    everything = Scope(VOCABULARY, needs, {})
    comparison = re.compile(r"==|!=|<|>|\bnot\b")
    for function in VOCABULARY.functions.values():
        is_condition = function.returns == BOOL or comparison.search(function.example)
        parse(function.example, everything, BOOL if is_condition else INT)
