"""Files whose content is lost, and the diagnostics that only follow from that.

A file that cannot be read or parsed, or whose kind is unknown, defines nothing: every card
that names an object kind it held would get "unknown object kind", and its deck would run
short. Those are not new mistakes, only echoes of the one already reported (which fails the run
by itself), so they are left out.

The rule, sound and simple: a diagnostic that a missing definition can cause (an unknown
reference, a deck that runs short, an unused object kind, …) is left out when the name it is
about (what its game's `lost_names` says) is written in the text of a lost file, so that the
lost file could define it. A name no lost file mentions is a real mistake and is still reported.
A lost file whose text is not known (unreadable, too large, not UTF-8) could define anything:
every such diagnostic is left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from kemble_tools.diagnostics import SOURCES, Diagnostic, Severity
from kemble_tools.load.yaml_loader import Document

_WORD = re.compile(r"\w+(?:-\w+)*")  # ids as written: a word, words joined by dashes, a number
NOT_LOST = {"file.empty"}  # an empty file defines nothing, and nothing is lost

# What a diagnostic of a file is about, as the file's game tells (GameValidation.lost_names)
Names = Callable[[Diagnostic, Document | None], Iterable[str]]


@dataclass
class LostFiles:
    """The texts of the files whose content is lost (None when the text is not known), and for
    each file that was checked, what its game says a diagnostic is about."""

    texts: dict[str, str | None] = field(default_factory=dict)
    names: dict[str, Names] = field(default_factory=dict)
    _words: set[str] | None = None

    @classmethod
    def of(cls, loading: list[Diagnostic], unknown_kind: list[Document]) -> LostFiles:
        lost = cls()
        for diagnostic in loading:
            if diagnostic.severity is Severity.ERROR and diagnostic.code not in NOT_LOST:
                parsed = diagnostic.code.startswith("yaml.")  # the loader read its text
                lost.texts[diagnostic.file] = SOURCES.get(diagnostic.file) if parsed else None
        for doc in unknown_kind:
            lost.texts[doc.file] = "\n".join(doc.lines)
        return lost

    def __bool__(self) -> bool:
        return bool(self.texts)

    def could_define(self, name: str) -> bool:
        if any(text is None for text in self.texts.values()):
            return True
        if self._words is None:
            self._words = {w for text in self.texts.values() for w in _WORD.findall(text or "")}
        return name in self._words

    def explains(self, diagnostic: Diagnostic, doc: Document | None) -> bool:
        """Whether the diagnostic may only follow from a lost file."""
        names = self.names.get(diagnostic.file)
        if not self.texts or names is None:
            return False
        return any(self.could_define(name) for name in names(diagnostic, doc))
