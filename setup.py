"""The build: pyproject.toml says everything but the compiled hot path, which is here.

The game-free kernel and Kemble's Cascade's engine (the modules in HOT_PATH) are compiled by
mypyc into C extensions that sit beside their sources, so `pip install -e .` and `pip install .`
build them with the machine's C compiler. The Python sources stay the reference: the compiled
modules are the same code, and `kemble_tools/hot_path.py` runs the sources instead whenever
the extensions are missing, older than a source, or KEMBLE_PURE_PYTHON is set.

The build never fails for want of the compiled path: with KEMBLE_PURE_PYTHON set, or when mypyc
or the compiler fail, it installs the sources alone and says so (the tests insist on the
compiled path where KEMBLE_REQUIRE_COMPILED is set, as in CI).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent
ENGINE = "kemble_tools/games/kembles_cascade/engine"
HOT_PATH = [
    "kemble_tools/engine/kernel/machine.py",
    *(
        f"{ENGINE}/{name}.py"
        for name in (
            "state game actions battle_actions board threat key dsl dsl_builtins".split()
            + [f"rules/{area}" for area in "turn movement fire events queries players".split()]
            + [f"rules/{area}" for area in "scroll boss shop scoring effects".split()]
        )
    ),
]
GROUP = "kemble_tools.hot_path"  # its shared library: kemble_tools/hot_path__mypyc.*.so
MANIFEST = ROOT / "kemble_tools" / "hot_path.json"


def write_manifest(compiled: bool) -> None:
    """What the build compiled, with each source's digest: kemble_tools/hot_path.py runs the
    extensions only while every source is the one they were compiled from."""
    modules = {
        path.removesuffix(".py").replace("/", "."): hashlib.sha256(
            (ROOT / path).read_bytes()
        ).hexdigest()
        for path in HOT_PATH
    }
    content = {"compiled": compiled, "group": GROUP, "modules": modules}
    MANIFEST.write_text(json.dumps(content, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def extensions() -> list[Any]:
    if os.environ.get("KEMBLE_PURE_PYTHON"):
        write_manifest(compiled=False)
        return []
    try:
        from mypyc.build import mypycify

        # mypy checks the compiled modules; what they import is read for its types only
        options = ["--follow-imports=silent", "--ignore-missing-imports"]
        built = mypycify(
            [*options, *HOT_PATH],
            only_compile_paths=HOT_PATH,
            separate=[(HOT_PATH, GROUP)],
            target_dir=str(ROOT / "build" / "mypyc"),
        )
    except (Exception, SystemExit) as error:  # mypyc's type errors exit
        print(f"kemble_tools: the engine is not compiled ({error}); pure Python", file=sys.stderr)
        write_manifest(compiled=False)
        return []
    for extension in built:
        extension.optional = True  # a compiler failure leaves the sources (hot_path.py checks)
    write_manifest(compiled=True)
    return built


setup(ext_modules=extensions())
