"""A Kemble's Cascade scenario set up as a game: from a scenario file with the content it uses,
or from a compiled bundle.

The validator and the compiler are imported when a scenario file is loaded: what plays a compiled
bundle (the solver's processes, `kemble run --bundle`, the site's replays) never needs them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.state import State


def new_state(bundle: dict[str, Any], scenario: str) -> State:
    """The start of a scenario of a compiled bundle."""
    return Game.from_scenario(bundle, bundle["scenarios"][scenario]).new_initial_state()


def load_scenario(
    path: Path, content: list[Path] | None = None, with_base: bool = True
) -> tuple[State | None, list[Any]]:
    """Compile the content (the base game unless `with_base` is False, and the `content`
    folders: an expansion's cards) with the scenario file beside it, and set the game up."""
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.diagnostics import Diagnostic
    from kemble_tools.load.content import display_name
    from kemble_tools.load.yaml_loader import load_file
    from kemble_tools.validate.pipeline import validate_paths

    result = compile_validated(validate_paths([*(content or []), path], with_base=with_base))
    if result.bundle is None:
        return None, result.diagnostics
    doc, _ = load_file(path)
    data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    scenario = result.bundle["scenarios"].get(data.get("id"))
    if scenario is None or data.get("kind", "scenario") != "scenario":
        kind = data.get("kind", "not a content file")
        return None, [
            Diagnostic(
                display_name(path),
                1,
                1,
                "",
                "scenario.not_a_scenario",
                f"this file is not a scenario (kind: {kind})",
                hint=(
                    "give `kemble run` a scenario file, such as "
                    "scenarios/kembles-cascade/solo-01.yaml"
                ),
            )
        ]
    return Game.from_scenario(result.bundle, scenario).new_initial_state(), result.diagnostics
