"""Benchmark: every command on hostile inputs, for time, peak memory and internal errors.

Run from the project root:

    python benchmarks/hostile.py [--timeout 30] [--json FILE]

Builds a set of hostile inputs in a temporary folder (a file with as many effects as the node
limit allows, each with its own condition; files near the 4 MiB limit, a syntax
error at the end of one, alias amplification, expressions nested and long, numbers no game can
mean, a U+2028 that used to force the slow parser, symbolic links out of the folder) plus every
`tests/corpus/hostile_*.yaml`, and runs `validate` (text, JSON and SARIF), `compile` and `solve`
(on the scenarios) on each as a user would, each in a fresh process. For every run it records the
wall time, the process's peak resident memory (`ru_maxrss`, read in the process as it exits),
the exit code, and whether it printed "internal error" or a traceback. The goal (issue "Hostile
input"): every run within 5 s and 300 MB, exit code 0 or 1, no internal error.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# Runs the command line in this process and writes its peak memory (KiB) to stderr at exit.
WRAPPER = (
    "import atexit, resource, sys\n"
    "atexit.register(lambda: sys.__stderr__.write("
    "f'\\nMAXRSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n'))\n"
    "from kemble_tools.cli import main\n"
    "sys.argv = ['kemble', *sys.argv[1:]]\n"
    "main()\n"
)
CARD = (
    "  - id: X1-{n:02d}\n    quadrants:\n"
    "      - {{object: empty}}\n      - {{object: fighter, energy: 1}}\n"
)
HEAD = "kind: space_cards\ndeck: {code: X1, name: X}\ncards:\n"
OBJECT = (
    "kind: objects\nobjects:\n  - id: o\n    name: O\n    blocks_shots: false\n"
    "    enterable: true\n    enemy: false\n    effects:\n      - on: on_enter\n"
)


def _big(size: int = 3_900_000) -> str:
    cards, n = [], 1
    while sum(map(len, cards)) < size:
        cards.append(CARD.format(n=n))
        n += 1
    return HEAD + "".join(cards)


def _objects(count: int) -> str:
    """Objects with effects whose conditions all differ (no cache helps): the most work a
    file under the node limit can ask of the compiler."""
    items = []
    for i in range(count):
        condition = (
            f"player.energy <= {i % 999} and player.bellonium >= {i * 7 % 999} "
            f"or player.glory > {i * 13 % 999}"
        )
        items.append(
            f"  - id: o{i}\n    name: O {i}\n    blocks_shots: false\n    enterable: true\n"
            f"    enemy: false\n    effects:\n      - on: on_enter\n"
            f'        if: "{condition}"\n        do: [gain_energy: 1]\n'
        )
    return "kind: objects\nobjects:\n" + "".join(items)


def _long_texts(size: int = 3_900_000) -> str:
    """Few values, each long: a file near 4 MiB that stays under the node limit."""
    text = "word " * 20_000
    items = [
        f"  - {{id: o{i}, name: O, description: '{text}', blocks_shots: false,"
        " enterable: true, enemy: false}\n"
        for i in range(size // len(text))
    ]
    return "kind: objects\nobjects:\n" + "".join(items)


def make_inputs(folder: Path) -> dict[str, Path]:
    big = _big()
    bad = ", ".join(["{object: nope, energy: x}"] * 60)
    aliased = "".join(f"  - {{id: X1-{i:02d}, quadrants: *b}}\n" for i in range(1, 1000))
    texts = {
        "objects-at-the-node-limit": _objects(4347),
        "objects-past-the-node-limit": _objects(4348),
        "big": big,
        "big-syntax-error-at-end": big + "  - [x, y\n",
        "big-flow-error-at-end": big + "  - [x?, y\n",
        "big-line-separator": big + "# \u2028\n",
        "long-texts-syntax-error-at-end": _long_texts() + "  - [x?, y\n",
        "alias-amplification": f"kind: space_cards\ndeck: {{code: X1, name: X}}\nbad: &b [{bad}]\n"
        f"cards:\n{aliased}",
        "expression-nested": OBJECT + '        if: "' + "not " * 330 + 'true"\n'
        "        do: [gain_energy: 1]\n",
        "expression-long": OBJECT + '        do: [gain_energy: "' + "1+" * 5000 + '1"]\n',
        "expression-megabyte": OBJECT + '        do: [gain_energy: "' + "1" * 1_000_000 + '"]\n',
        "number-4300-digits": HEAD
        + "  - id: X1-01\n    quadrants:\n      - {object: fighter, energy: "
        + "9" * 4300
        + "}\n      - {object: empty}\n",
        "omni-threat-300-million": HEAD + "  - id: X1-01\n    quadrants:\n"
        "      - {object: fighter, energy: 1, omni_threat: 300000000}\n      - {object: empty}\n",
    }
    cases = {}
    for name, text in texts.items():
        case = folder / name
        case.mkdir()
        (case / f"{name}.yaml").write_text(text, encoding="utf-8")
        cases[name] = case
    links = folder / "links-out"
    links.mkdir()
    (links / "environ.yaml").symlink_to("/proc/self/environ")
    (links / "root.yaml").symlink_to("/")
    cases["links-out"] = links
    for corpus in sorted((ROOT / "tests" / "corpus").glob("hostile_*.yaml")):
        cases[corpus.stem] = corpus
    return cases


COMMANDS = {
    "validate": ["validate"],
    "validate-json": ["validate", "--format", "json"],
    "validate-sarif": ["validate", "--format", "sarif"],
    "compile": ["compile", "--out"],
    "solve": ["solve", "--limit-seconds", "2", "--json"],
}


def run(command: str, case: Path, out: Path, timeout: float) -> dict[str, Any]:
    args = [*COMMANDS[command]]
    if command == "compile":
        args.append(str(out))
    args.append(str(case))
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER, *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return {"seconds": timeout, "hang": True, "exit": None, "mb": None, "internal": False}
    seconds = time.perf_counter() - started
    rss = [line for line in done.stderr.splitlines() if line.startswith("MAXRSS ")]
    internal = "internal error" in done.stderr or "Traceback" in done.stderr
    return {
        "seconds": round(seconds, 2),
        "hang": False,
        "exit": done.returncode,
        "mb": round(int(rss[-1].split()[1]) / 1024, 1) if rss else None,
        "internal": internal or done.returncode not in (0, 1),
        "output_bytes": len(done.stdout),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        cases = make_inputs(Path(tmp))
        print("| input | command | exit | s | MB | output bytes |")
        print("|---|---|---|---|---|---|")
        for name, case in cases.items():
            for command in COMMANDS:
                if command == "solve" and not name.startswith(("hostile_float_pos", "links")):
                    continue  # solve needs a scenario; the others are checked by validate
                result = run(command, case, Path(tmp) / "out", args.timeout)
                rows.append({"input": name, "command": command, **result})
                print(
                    f"| {name} | {command} | {result['exit']} | {result['seconds']} "
                    f"| {result['mb']} | {result.get('output_bytes', '')} |",
                    flush=True,
                )
    slowest = max(rows, key=lambda r: r["seconds"])
    heaviest = max(rows, key=lambda r: r["mb"] or 0)
    internal = [r for r in rows if r["internal"]]
    hangs = [r for r in rows if r["hang"]]
    print(
        f"\n{len(cases)} inputs, {len(rows)} runs: {len(internal)} internal errors, "
        f"{len(hangs)} hangs; slowest {slowest['seconds']} s ({slowest['input']}, "
        f"{slowest['command']}), peak {heaviest['mb']} MB ({heaviest['input']}, "
        f"{heaviest['command']}); goal: every run under 5 s and 300 MB: "
        f"{'met' if slowest['seconds'] < 5 and (heaviest['mb'] or 0) < 300 else 'NOT met'}"
    )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
