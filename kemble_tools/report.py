"""Printing diagnostics: text like a compiler, JSON, SARIF 2.1.0 and GitHub workflow commands."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from enum import StrEnum
from functools import lru_cache

from kemble_tools import __version__
from kemble_tools.diagnostics import SOURCES, Diagnostic

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_TOKEN_END = " \t,]}#"


class Format(StrEnum):
    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"


def render(diagnostics: list[Diagnostic], fmt: Format, files_checked: int) -> str:
    renderers: dict[Format, Callable[[list[Diagnostic], int], str]] = {
        Format.TEXT: render_text,
        Format.JSON: render_json,
        Format.SARIF: render_sarif,
        Format.GITHUB: render_github,
    }
    return renderers[fmt](diagnostics, files_checked)


def _source_lines(file: str) -> list[str]:
    return _split(SOURCES.get(file, ""))


@lru_cache(maxsize=8)
def _split(text: str) -> list[str]:
    return text.splitlines()


def _excerpt(d: Diagnostic) -> list[str]:
    lines = _source_lines(d.file)
    if not 1 <= d.line <= len(lines):
        return []
    source = lines[d.line - 1].replace("\t", " ")
    start = min(d.column - 1, len(source))
    end = start
    while end < len(source) and source[end] not in _TOKEN_END:
        end += 1
    gutter = " " * len(str(d.line))
    marker = " " * start + "^" + "~" * max(0, end - start - 1)
    return [f" {d.line} | {source}", f" {gutter} | {marker}"]


def render_text(diagnostics: list[Diagnostic], files_checked: int) -> str:
    out: list[str] = []
    for d in diagnostics:
        out.append(f"{d.file}:{d.line}:{d.column}: {d.severity}: {d.message} [{d.code}]")
        out.extend(_excerpt(d))
        if d.hint:
            out.append(f"  = hint: {d.hint}")
    out.append(summary(diagnostics, files_checked))
    return "\n".join(out) + "\n"


def summary(diagnostics: list[Diagnostic], files_checked: int) -> str:
    counts = Counter(str(d.severity) for d in diagnostics)
    files = f"{files_checked} file{'s' if files_checked != 1 else ''}"
    if not diagnostics:
        return f"{files} checked: no problems"
    parts = [f"{n} {sev}{'s' if n != 1 else ''}" for sev, n in sorted(counts.items())]
    return f"{files} checked: {', '.join(parts)}"


def render_json(diagnostics: list[Diagnostic], files_checked: int) -> str:
    return json.dumps([d.to_json() for d in diagnostics], indent=2, ensure_ascii=False) + "\n"


def render_sarif(diagnostics: list[Diagnostic], files_checked: int) -> str:
    codes = sorted({d.code for d in diagnostics})
    results = []
    for d in diagnostics:
        text = d.message + (f" (hint: {d.hint})" if d.hint else "")
        results.append(
            {
                "ruleId": d.code,
                "ruleIndex": codes.index(d.code),
                "level": str(d.severity),
                "message": {"text": text},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": d.file},
                            "region": {"startLine": d.line, "startColumn": d.column},
                        }
                    }
                ],
                "properties": {"pointer": d.pointer},
            }
        )
    sarif = {
        "version": "2.1.0",
        "$schema": SARIF_SCHEMA,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "kemble",
                        "version": __version__,
                        "rules": [{"id": c, "shortDescription": {"text": c}} for c in codes],
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(sarif, indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(diagnostics: list[Diagnostic], files_checked: int) -> str:
    out = []
    for d in diagnostics:
        text = d.message + (f" (hint: {d.hint})" if d.hint else "")
        out.append(
            f"::{d.severity} file={_escape_property(d.file)},line={d.line},col={d.column},"
            f"title={_escape_property(d.code)}::{_escape_data(text)}"
        )
    out.append(summary(diagnostics, files_checked))
    return "\n".join(out) + "\n"
