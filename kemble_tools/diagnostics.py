"""Diagnostics: the one shape every stage uses to report a problem in the user's input."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from difflib import get_close_matches
from enum import StrEnum
from functools import lru_cache
from itertools import groupby


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem, positioned at a YAML node (1-based line and column)."""

    file: str
    line: int
    column: int
    pointer: str
    code: str
    message: str
    severity: Severity = Severity.ERROR
    hint: str | None = None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line, self.column, self.code, self.message)

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["severity"] = str(self.severity)
        if self.hint is None:
            del data["hint"]
        return {key: data[key] for key in _JSON_ORDER if key in data}


_JSON_ORDER = ("file", "line", "column", "pointer", "code", "severity", "message", "hint")


# The text of every file the loader read, by the name its diagnostics carry: code frames quote
# from here, never from the file system, so they show exactly what was checked and never a file
# the loader refused to read (a link out of the content folder, say).
SOURCES: dict[str, str] = {}


MAX_REPEATS = 10  # diagnostics shown for one spot of a file before the rest is summed up
REPEATED = "report.repeated"


def sort_diagnostics(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted by file, line and column, exact duplicates removed, and repeats summed up: an
    alias used a thousand times repeats the problems of what it names a thousand times at the
    same line and column, which helps nobody and could fill a disk. Sorting again changes
    nothing (the summary has a code of its own)."""
    ordered = sorted(set(diagnostics), key=Diagnostic.sort_key)
    shown: list[Diagnostic] = []
    for spot, group in groupby(ordered, key=lambda d: (d.file, d.line, d.column, d.code)):
        items = list(group)
        shown.extend(items[:MAX_REPEATS])
        if len(items) > MAX_REPEATS:
            file, line, column, _ = spot
            shown.append(
                Diagnostic(
                    file,
                    line,
                    column,
                    items[0].pointer,
                    REPEATED,
                    f"{len(items) - MAX_REPEATS:,} more problems at this spot are not shown",
                    items[0].severity,
                    hint="an alias (*name) repeats every problem of what it names: fix it there",
                )
            )
    return shown


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def json_pointer(path: tuple[str | int, ...] | list[str | int]) -> str:
    """RFC 6901 pointer for a path of keys and indexes."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def did_you_mean(word: str, choices: list[str] | tuple[str, ...]) -> str | None:
    """A "did you mean" hint when one of the choices is close to what was written."""
    return _closest(word, tuple(choices))


@lru_cache(maxsize=4096)  # a mistake repeated (or aliased) a thousand times is looked up once
def _closest(word: str, choices: tuple[str, ...]) -> str | None:
    match = get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{match[0]}'?" if match else None
