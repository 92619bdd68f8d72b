"""Diagnostics: the one shape every stage uses to report a problem in the user's input."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from difflib import get_close_matches
from enum import StrEnum


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


def sort_diagnostics(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted by file, line and column; exact duplicates removed."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def has_errors(diagnostics: list[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def json_pointer(path: tuple[str | int, ...] | list[str | int]) -> str:
    """RFC 6901 pointer for a path of keys and indexes."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def did_you_mean(word: str, choices: list[str] | tuple[str, ...]) -> str | None:
    """A "did you mean" hint when one of the choices is close to what was written."""
    match = get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{match[0]}'?" if match else None
