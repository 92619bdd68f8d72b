"""The build: pyproject.toml says everything but the compiled hot path, which is here.

The game-free kernel, Kemble's Cascade's engine and its solver's arithmetic bounds (the modules
in HOT_PATH) are compiled by
mypyc into C extensions that sit beside their sources, so `pip install -e .` and `pip install .`
build them with the machine's C compiler. The Python sources stay the reference: the compiled
modules are the same code, and `kemble_tools/hot_path.py` runs the sources instead whenever
an extension is missing, a source changed since the build, or KEMBLE_PURE_PYTHON is set.

The build never fails for want of the compiled path: with KEMBLE_PURE_PYTHON set, or when mypyc
or the compiler fail, it installs the sources alone and says so. Where KEMBLE_REQUIRE_COMPILED
is set (CI, .ci/run), tests/test_hot_path.py fails unless the compiled path is what runs.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
ENGINE = "kemble_tools/games/kembles_cascade/engine"
RULES = ["turn", "movement", "fire", "events", "queries", "players"]
RULES += ["scroll", "boss", "shop", "scoring", "effects"]
MODULES = ["state", "game", "actions", "battle_actions", "board", "threat", "key", "dsl"]
MODULES += ["dsl_builtins", *(f"rules/{name}" for name in RULES)]
# the solver's canonical keys and the bounds that are plain arithmetic over tuples (prune.py
# stays Python: its tests put other rules in its place to see what each bound adds)
SOLVER = "kemble_tools/games/kembles_cascade/solve"
SOLVING = [f"{SOLVER}/{name}.py" for name in ("canonical", "bounds/relaxed", "bounds/position")]
HOT_PATH = ["kemble_tools/engine/kernel/machine.py", *(f"{ENGINE}/{name}.py" for name in MODULES)]
HOT_PATH += SOLVING
GROUP = "kemble_tools.hot_path"  # its shared library: kemble_tools/hot_path__mypyc.*.so
MANIFEST = "kemble_tools/hot_path.json"


def manifest(compiled: bool) -> str:
    """What the build compiled, with each source's digest: kemble_tools/hot_path.py runs the
    extensions only while every source is the one they were compiled from."""
    modules = {
        path.removesuffix(".py").replace("/", "."): hashlib.sha256(
            (ROOT / path).read_bytes()
        ).hexdigest()
        for path in HOT_PATH
    }
    content = {"compiled": compiled, "group": GROUP, "modules": modules}
    return json.dumps(content, indent=1, sort_keys=True) + "\n"


def mypyc_extensions(target_dir: str) -> list[Any]:
    """The group's library and one small extension per module, or none when mypyc fails."""
    if os.environ.get("KEMBLE_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify

        # mypy checks the compiled modules; what they import is read for its types only. Its
        # cache is new on every build: with a cache that finds nothing changed, mypyc generates
        # no C for the group and the library would be built empty.
        with tempfile.TemporaryDirectory() as cache:
            options = ["--follow-imports=silent", "--ignore-missing-imports", "--cache-dir", cache]
            built = mypycify(
                [*options, *HOT_PATH],
                only_compile_paths=HOT_PATH,
                separate=[(HOT_PATH, GROUP)],
                target_dir=target_dir,
            )
    except (Exception, SystemExit) as error:  # mypyc's type errors exit
        print(f"kemble_tools: mypyc failed ({error}); the engine runs as Python", file=sys.stderr)
        return []
    for extension in built:
        extension.optional = True  # a compiler failure leaves the sources (hot_path.py checks)
    return built


def remove_extensions() -> None:
    """Deletes the hot path's extensions beside their sources."""
    for stem in [path.removesuffix(".py") for path in HOT_PATH] + ["kemble_tools/hot_path__mypyc"]:
        folder, name = (ROOT / stem).parent, Path(stem).name
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            (folder / (name + suffix)).unlink(missing_ok=True)


class BuildHotPath(build_ext):
    """Runs mypyc only when extensions are built (pip runs setup.py several times an install),
    then writes the manifest next to what it built."""

    def finalize_options(self) -> None:
        self.set_undefined_options("build", ("build_temp", "build_temp"))
        compiled = mypyc_extensions(os.path.join(self.build_temp, "mypyc"))
        if compiled:  # else the placeholder stays, so that the build still runs this command
            self.distribution.ext_modules = compiled
        super().finalize_options()
        self.extensions = compiled

    def run(self) -> None:
        if self.inplace:
            remove_extensions()  # of an earlier build: they would run beside a new manifest
        if self.extensions:
            super().run()
        outputs = [self.get_ext_fullpath(ext.name) for ext in self.extensions]
        compiled = bool(outputs) and all(os.path.exists(path) for path in outputs)
        if outputs and not compiled:
            print("kemble_tools: the compiler failed; the engine runs as Python", file=sys.stderr)
        where = (ROOT if self.inplace else Path(self.build_lib)) / MANIFEST
        where.parent.mkdir(parents=True, exist_ok=True)
        where.write_text(manifest(compiled), encoding="utf-8")


# The placeholder makes the wheel a platform one; BuildHotPath replaces it with mypyc's list.
setup(
    ext_modules=[Extension(f"{GROUP}__mypyc", sources=[])],
    cmdclass={"build_ext": BuildHotPath},
)
