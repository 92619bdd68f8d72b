"""docs/rules.md (with docs/decisions.md and each game's docs/*/rules.md) documents every rule ID
the code and the tests name.

The engineers' rules catalogue is not shipped with the project, so a `# R-THR-6` in a test must be
explained by the project's own documents: an entry `- **R-THR-6** …` in docs/rules.md or in a
game's rules page such as docs/bossins-space/rules.md, or a decision heading `## D-TUN-1: …` in
docs/decisions.md.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"
DECISIONS_DOC = ROOT / "docs" / "decisions.md"
# The other games' rules pages (docs/bossins-space/rules.md, …), with entries as in docs/rules.md.
GAME_RULES_DOCS = sorted((ROOT / "docs").glob("*/rules.md"))
# The toy game of the tests (tests/toy_game) keeps its short rules list in its rules module.
TOY_RULES = ROOT / "tests" / "toy_game" / "rules.py"
TOY_RULE = re.compile(r"^(R-CR-\d+)  ", re.MULTILINE)

# R-THR-6, D-SYM-4, R-OBJ-BOMB-2, R-VAR-TUN-1, D-SCEN-1: kind, one or more topic parts, number.
RULE_ID = re.compile(r"\b[RDG]-[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-\d+\b")
# An entry of docs/rules.md: a list item that starts with the bold ID.
RULES_ENTRY = re.compile(rf"^- \*\*({RULE_ID.pattern})\*\*", re.MULTILINE)
# A decision of docs/decisions.md: a heading that starts with the ID.
DECISION_HEADING = re.compile(rf"^#+ ({RULE_ID.pattern})\b", re.MULTILINE)
# A link into docs/decisions.md from docs/rules.md.
DECISIONS_LINK = re.compile(r"\]\(decisions\.md#([^)\s]+)\)")


def _sources() -> list[Path]:
    return sorted([*(ROOT / "tests").glob("*.py"), *(ROOT / "kemble_tools").rglob("*.py")])


def _named_in_sources() -> dict[str, list[str]]:
    """Every rule ID named in the code and the tests, with the files that name it."""
    named: dict[str, list[str]] = {}
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        for rule_id in sorted(set(RULE_ID.findall(text))):
            named.setdefault(rule_id, []).append(path.relative_to(ROOT).as_posix())
    return named


def _rules_entries() -> list[str]:
    return RULES_ENTRY.findall(RULES_DOC.read_text(encoding="utf-8"))


def _github_anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    anchor = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return anchor.replace(" ", "-")


def test_the_id_pattern_matches_the_catalogue_shapes() -> None:
    text = "# R-THR-6 R-VAR-TUN-1 D-SYM-4 R-OBJ-BOMB-2 (R-THR-4..7) R-UPG-* R-SET-8. XR-GEO-1"
    found = ["R-THR-6", "R-VAR-TUN-1", "D-SYM-4", "R-OBJ-BOMB-2", "R-THR-4", "R-SET-8"]
    assert RULE_ID.findall(text) == found


def test_the_sources_name_rule_ids() -> None:
    # guards the check below against a pattern or a path that silently finds nothing
    assert len(_named_in_sources()) > 50


def test_every_id_named_in_code_or_tests_is_documented() -> None:
    documented = set(_rules_entries())
    for doc in GAME_RULES_DOCS:
        documented |= set(RULES_ENTRY.findall(doc.read_text(encoding="utf-8")))
    documented |= set(DECISION_HEADING.findall(DECISIONS_DOC.read_text(encoding="utf-8")))
    documented |= set(TOY_RULE.findall(TOY_RULES.read_text(encoding="utf-8")))
    missing = {
        rule_id: files
        for rule_id, files in sorted(_named_in_sources().items())
        if rule_id not in documented
    }
    assert not missing, (
        "rule IDs named in the code or the tests but documented neither in docs/rules.md, "
        f"nor in docs/decisions.md, nor in any docs/*/rules.md: {missing}"
    )


def test_rules_doc_has_no_duplicate_ids() -> None:
    entries = _rules_entries()
    assert len(entries) > 100
    duplicates = sorted(rule_id for rule_id, count in Counter(entries).items() if count > 1)
    assert not duplicates, f"docs/rules.md documents these IDs more than once: {duplicates}"


def test_rules_doc_links_into_decisions_resolve() -> None:
    headings = re.findall(r"^#+ (.+)$", DECISIONS_DOC.read_text(encoding="utf-8"), re.MULTILINE)
    anchors = {_github_anchor(heading) for heading in headings}
    links = DECISIONS_LINK.findall(RULES_DOC.read_text(encoding="utf-8"))
    assert links
    broken = sorted(set(links) - anchors)
    assert not broken, f"docs/rules.md links to headings docs/decisions.md does not have: {broken}"
