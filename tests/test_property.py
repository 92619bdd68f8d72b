"""Property tests: whatever YAML the validator is fed, it answers with diagnostics, not a crash."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kemble_tools.cli import app
from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate.schemas import KINDS
from kemble_tools.games.kembles_cascade.validate.shapes import DEFS, RULE_SWITCHES
from kemble_tools.games.kembles_cascade.vocabulary import SCOPES, STATS, VOCABULARY
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "cards").rglob("*.yaml")) + sorted((ROOT / "scenarios").rglob("*.yaml"))
# Keys the schemas know, so random documents reach deep into the checks, not only the top level.
KNOWN_KEYS = sorted(
    {key for d in DEFS.values() for key in d.get("properties", {})}
    | set(RULE_SWITCHES)
    | {
        "kind",
        "deck",
        "cards",
        "rows",
        "id",
        "number",
        "setups",
        "space_deck",
        "special_rules",
        "player",
    }
)
runner = CliRunner()

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 500),
    st.floats(allow_nan=False),
    st.sampled_from(["S1-01", "BOSS-BANSHEE-2", "fighter", "N", "solo", "laser", "", "x" * 3]),
    st.text(max_size=8),
)
data = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(KNOWN_KEYS) | st.text(min_size=1, max_size=6), inner, max_size=5
        )
    ),
    max_leaves=30,
)


def _dump(value: object) -> str:
    from io import StringIO

    from ruamel.yaml import YAML

    out = StringIO()
    YAML(typ="safe", pure=True).dump(value, out)
    return out.getvalue()


def _validate(tmp: Path, text: str) -> tuple[int, str]:
    path = tmp / "fuzz.yaml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from([*KINDS, None]),
    body=st.dictionaries(st.sampled_from(KNOWN_KEYS), data, min_size=1, max_size=6),
)
def test_random_documents_only_produce_diagnostics(
    tmp_path: Path, kind: str | None, body: dict[str, object]
) -> None:
    document = {**body, **({"kind": kind} if kind else {})}
    code, output = _validate(tmp_path, _dump(document))
    assert code in (0, 1)
    if code == 0:
        assert '"severity": "error"' not in output


@st.composite
def mutated_sample(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SAMPLES)).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 40)))
        insert = draw(st.text(alphabet=" \t\n:-[]{},&*!?|>'\"#%@`0123456789abcNSEW", max_size=6))
        text = text[:start] + insert + text[end:]
    return text


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=mutated_sample())
def test_mutated_content_only_produces_diagnostics(tmp_path: Path, text: str) -> None:
    code, _ = _validate(tmp_path, text)
    assert code in (0, 1)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_loads_or_gives_positioned_diagnostics(text: str) -> None:
    doc, problems = load_text(text, "t.yaml")
    assert (doc is None) == bool(problems)
    lines = max(1, text.count("\n") + 2)
    for problem in problems:
        assert isinstance(problem, Diagnostic)
        assert 1 <= problem.line <= lines and problem.column >= 1


@settings(max_examples=200, deadline=None)
@given(value=data)
def test_c_and_python_parsers_agree(value: object) -> None:
    """On valid YAML, libyaml's events and ruamel's give the same data and the same positions."""
    text = _dump(value)
    fast, _ = load_text(text, "t.yaml", fast=True)
    pure, _ = load_text(text, "t.yaml", fast=False)
    assert (fast is None) == (pure is None)
    if fast is not None and pure is not None:
        assert fast.data == pure.data or fast.data != fast.data  # NaN never equals itself
        assert _positions(fast.data) == _positions(pure.data)


def _positions(node: object) -> list[object]:
    """Every position a document records, in document order."""
    if isinstance(node, YMap):
        return [node.pos, node.key_pos, node.value_pos, *(_positions(v) for v in node.values())]
    if isinstance(node, YList):
        return [node.pos, node.item_pos, *(_positions(v) for v in node)]
    return []


# --- random effects through the compiler ---------------------------------------------------------

EXPRESSION_WORDS = [
    *VOCABULARY.selectors,
    *VOCABULARY.globals,
    *VOCABULARY.functions,
    "player.energy",
    "this_quadrant.threat",
    "owner.glory",
    "1",
    "2",
    "'laser'",
    "'kills'",
    "and",
    "or",
    "not",
    "==",
    "<=",
    ">",
    "+",
    "*",
    "(",
    ")",
    ",",
]
expressions = st.lists(st.sampled_from(EXPRESSION_WORDS), min_size=1, max_size=7).map(" ".join)
selector_values = st.sampled_from(list(VOCABULARY.selectors)) | st.builds(
    lambda name, arg: {name: arg},
    st.sampled_from(list(VOCABULARY.selectors)),
    st.dictionaries(
        st.sampled_from(["to", "of", "from", "direction", "object", "orthogonal", "unoccupied"]),
        st.sampled_from(["S", "UP", "wormhole", True, "this_quadrant", 3]),
        max_size=2,
    ),
)
argument_values = st.one_of(
    st.integers(-1, 5),
    st.booleans(),
    expressions,
    selector_values,
    st.sampled_from(list(STATS) + list(SCOPES) + ["N", "W"]),
)


def _action(children: st.SearchStrategy) -> st.SearchStrategy:
    names = st.sampled_from(list(VOCABULARY.actions))
    params = st.sampled_from(
        sorted({p.name for a in VOCABULARY.actions.values() for p in a.params})
    )
    return st.builds(
        lambda name, args: {name: args},
        names,
        st.one_of(
            st.none(),
            st.integers(0, 3),
            st.dictionaries(
                params, st.one_of(argument_values, st.lists(children, max_size=2)), max_size=3
            ),
        ),
    )


actions = st.recursive(_action(st.just({"cover": None})), _action, max_leaves=6)
effects = st.lists(
    st.fixed_dictionaries(
        {
            "on": st.sampled_from(list(VOCABULARY.triggers)),
            "do": st.lists(actions, min_size=1, max_size=3),
        },
        optional={"if": expressions},
    ),
    min_size=1,
    max_size=2,
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(effects=effects, owned=st.booleans())
def test_random_effects_compile_or_give_diagnostics(
    tmp_path: Path, effects: list, owned: bool
) -> None:
    item = {"id": "fuzz_item", "name": "Fuzz", "effects": effects}
    document = (
        {"kind": "powerups", "powerups": [item]}
        if owned
        else {
            "kind": "objects",
            "objects": [{**item, "blocks_shots": False, "enterable": True, "enemy": False}],
        }
    )
    path = tmp_path / "fuzz.yaml"
    path.write_text(_dump(document), encoding="utf-8")
    result = compile_validated(validate_paths([path], with_base=True))
    assert result.bundle is not None or any(d.severity == "error" for d in result.diagnostics)
    for diagnostic in result.diagnostics:
        assert diagnostic.line >= 1 and diagnostic.column >= 1
