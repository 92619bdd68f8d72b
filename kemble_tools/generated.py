"""Files generated from the code and committed: the JSON Schemas and the DSL reference."""

from __future__ import annotations

from pathlib import Path

from kemble_tools.dsl import docs
from kemble_tools.validate import schemas


def generated_files(root: Path) -> dict[Path, str]:
    """Every generated file under the project folder `root`, with the text it must have."""
    files = {
        root / "schema" / schemas.schema_file_name(kind): schemas.render(kind)
        for kind in (*schemas.KINDS, *schemas.TOOL_KINDS)
    }
    files[root / "docs" / "dsl.md"] = docs.render()
    return files
