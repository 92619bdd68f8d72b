"""What one scenario's game can reach in a bundle: the solver's whole input for that scenario.

`kemble build` solves each scenario on its reach, a bundle cut down to the parts its game can
read (the game cuts it: `SolverHooks.reach`), so that its answer depends on nothing else and can
be cached under a hash of the reach (cache.py): a card no scenario uses can change without
re-solving anything, and an expansion's new cards leave the shipped scenarios alone.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from kemble_tools.dsl.ir import to_json
from kemble_tools.solve.hooks import solver_of


def reach(bundle: dict[str, Any], name: str) -> dict[str, Any]:
    """The bundle cut down to what scenario `name`'s game can read, by the bundle's game."""
    return solver_of(bundle).reach(bundle, name)


def key(bundle: dict[str, Any], name: str, extra: dict[str, Any]) -> str:
    """A hash of the scenario's reach and of `extra` (the solver's version and limits).
    Source positions (`span`) are left out: they only point back at the YAML, so a comment
    added above a card does not re-solve the scenarios that use it."""
    data = {"scenario": name, "reach": _without_spans(to_json(reach(bundle, name))), **extra}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _without_spans(value: Any) -> Any:
    if isinstance(value, dict):
        if value.get("tag") == "span":
            return None
        return {k: _without_spans(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value
