"""What the site asks of a game (its registry stage `site`, docs/games.md).

The core writes the shell: the page templates, the style sheet, the filters and search, the
card pictures (drawn by the export stage's `PrintCard`s), the scenario pages with the solver's
verdict and the replay viewer. The game says what its catalogue calls itself, which filters it
offers, how each printable card reads in words, and which cards each scenario lays out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from kemble_tools.core.registry import hooks, registry
from kemble_tools.export.cards import PrintCard


@dataclass(frozen=True)
class Part:
    """A part of a card its picture shows (a quadrant, a side), in words."""

    side: str  # where it is on the card ("left", "back right")
    text: str  # what it shows
    rules: str = ""  # what it does, from its compiled effects


@dataclass
class CatalogueCard:
    """One printable card as the catalogue shows, filters and finds it."""

    id: str
    title: str
    pile_name: str  # the pile or deck it is played from, as people name it
    kind: str  # what kind of card it is, in words
    text: str  # its rules, or the card in words: the grid shows it
    alt: str  # its picture in words, for who cannot see it
    search: str  # the words search finds it by, in lower case
    # for each of the game's facets, the card's values with their names ("fighter", "Fighter")
    facets: dict[str, list[tuple[str, str]]]
    parts: list[Part] = field(default_factory=list)  # its card page lists them under parts_title
    parts_title: str = ""
    details: list[tuple[str, list[str]]] = field(default_factory=list)  # more lines on its page
    notes: list[str] = field(default_factory=list)  # said after its kind on its page
    scenarios: list[str] = field(default_factory=list)  # the scenarios that lay it out (the core)


class SiteHooks(Protocol):
    """A game's catalogue."""

    name: str  # what the catalogue is called: its header and every page's title
    facets: Sequence[tuple[str, str]]  # its filters, in order: each one's key and its label

    def entries(self, bundle: Mapping[str, Any], cards: list[PrintCard]) -> list[CatalogueCard]:
        """Each printable card (export stage, in print order) as the catalogue shows it."""
        ...

    def scenario_cards(self, bundle: Mapping[str, Any], scenario_id: str) -> Iterable[str]:
        """The ids of the cards a scenario lays out (its page and theirs link each other)."""
        ...

    def legend(self, frames: list[dict[str, Any]]) -> list[tuple[str, str]]:
        """The key under a scenario's board: each mark its replay's frames (PlayHooks.view)
        show, with what it stands for."""
        ...


class NoSite(LookupError):
    """The bundle's game has no catalogue."""


def site_hooks(bundle: Mapping[str, Any]) -> SiteHooks:
    """The site hooks of the game a bundle says it is (one that names none: the game of the
    files that name none)."""
    game = registry().game(bundle.get("game"))
    found = hooks(game, "site")
    if found is None:
        raise NoSite(f"{game.info.title} has no catalogue yet")
    return found  # type: ignore[no-any-return]
