"""Kemble's Cascade's checks beyond the schema, across its files: forms of ids, references,
deck counts, numbering, boards (its validation hooks' `check`)."""

from __future__ import annotations

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate.card_checks import check_boss, check_deck_file
from kemble_tools.games.kembles_cascade.validate.object_kinds import check_marks, check_unused
from kemble_tools.games.kembles_cascade.validate.scenario_checks import check_scenario
from kemble_tools.games.kembles_cascade.validate.variant_checks import (
    check_deck_counts,
    check_vacant_kind,
    check_variants,
)
from kemble_tools.validate.catalog import Catalog
from kemble_tools.validate.hooks import Files


def check_all(files: Files, catalog: Catalog) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    checks = {
        "space_cards": check_deck_file,
        "boss": check_boss,
        "variants": check_variants,
        "scenario": check_scenario,
    }
    for doc, kind in files:
        if kind in checks:
            found.extend(checks[kind](doc, catalog))
    found.extend(check_deck_counts(catalog))
    found.extend(check_vacant_kind(catalog))
    found.extend(check_marks(catalog))
    found.extend(check_unused(files, catalog))
    return found
