"""`kemble site`: a static catalogue of the content that works offline from the file system.

Every card with its picture (the SVG the sheets' routines draw) and its generated text, with
the game's filters (SiteHooks.facets) and a full-text search; a page per card; a page per
scenario with its board, the solver's verdict and metrics, and a replay viewer that steps
through the solver's witness (or any scripted line) action by action and turn by turn. No
server and no network: relative links, scripts and data beside the pages (browsers refuse
`fetch` from file:// pages, so the data is in the pages themselves).

Games import this package for their hooks (hooks.py), so what only writing a site needs (the
PDF stack behind the pictures, the engine behind the replays) is imported when one is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from markupsafe import Markup

from kemble_tools.export.sheets import print_cards
from kemble_tools.fileio import write_atomic
from kemble_tools.site import verdict
from kemble_tools.site.hooks import CatalogueCard, SiteHooks, site_hooks


@dataclass(frozen=True)
class Facet:
    """One filter of the catalogue: its key and label, the values it offers with their names,
    and how a card's values are joined in its data attribute (by "|" when a value holds a
    space, as the page's script splits them)."""

    name: str
    label: str
    options: list[tuple[str, str]]
    separator: str

    def of(self, card: CatalogueCard) -> str:
        """The card's values of this facet, as its data attribute holds them."""
        return self.separator.join(value for value, _ in card.facets.get(self.name, []))


@dataclass
class ScenarioEntry:
    id: str
    title: str
    description: str
    solution: dict[str, Any] | None
    frames: list[dict[str, Any]]
    line: str  # where the replayed line comes from
    problem: str | None = None
    legend: list[tuple[str, str]] = field(default_factory=list)  # the key under the board

    @property
    def metrics(self) -> list[verdict.Metric]:
        return verdict.metrics(self.solution) if self.solution else []

    @property
    def bounded(self) -> bool:
        """Whether some of the counts shown are lower bounds (explained under them)."""
        return bool(self.solution) and verdict.bounded(self.solution or {})

    @property
    def winning_lines(self) -> verdict.Metric | None:
        return (
            verdict.count(self.solution, self.solution.get("winning_lines"))
            if self.solution
            else None
        )


def build_site(
    bundle: Mapping[str, Any],
    out: Path,
    solutions: list[dict[str, Any]] | None = None,
    scripts: dict[str, str] | None = None,
    progress: Callable[[str], None] | None = None,
    sections: Sequence[tuple[str, str]] = (),
    top: str = "",
) -> dict[str, int]:
    """Write the site into `out` (which the caller makes atomic); returns what was written.
    `scripts` maps a scenario id to a line to replay instead of its witness. `sections` are
    the other games' catalogues in the same site, each (name, path from the site's top);
    `top` leads from `out` to the site's top ("../" for a game in a folder of its own)."""
    from kemble_tools.export.images import card_svg

    env = _environment()
    game = site_hooks(bundle)
    cards = print_cards(bundle)
    entries = game.entries(bundle, cards)
    by_solution = {s["scenario"]: s for s in solutions or []}
    scenarios = [
        _scenario_entry(game, bundle, sid, by_solution.get(sid), (scripts or {}).get(sid))
        for sid in sorted(bundle["scenarios"])
    ]
    _link_scenarios(game, bundle, entries, scenarios)
    for card in cards:
        write_atomic(out / "img" / f"{card.id}.svg", card_svg(card))
        if progress:
            progress(card.id)
    shell = {
        "name": Markup(escape(game.name, quote=False)),  # its apostrophe stays as it is
        "sections": sections,
        "top": top,
    }
    pages = {
        "index.html": env.get_template("index.html").render(
            root="", cards=entries, facets=facets(game, entries), scenarios=scenarios, **shell
        ),
        "scenarios.html": env.get_template("scenarios.html").render(
            root="", scenarios=scenarios, **shell
        ),
    }
    for entry in entries:
        pages[f"cards/{entry.id}.html"] = env.get_template("card.html").render(
            root="../", card=entry, **shell
        )
    for scenario in scenarios:
        pages[f"scenarios/{scenario.id}.html"] = env.get_template("scenario.html").render(
            root="../", scenario=scenario, replay=_json_for_html(scenario.frames), **shell
        )
    for name, text in pages.items():
        write_atomic(out / name, text)
    for asset in ("site.css", "catalogue.js", "replay.js"):
        source = resources.files(__package__) / "assets" / asset
        write_atomic(out / "assets" / asset, source.read_text("utf-8"))
    return {"cards": len(entries), "scenarios": len(scenarios), "pages": len(pages)}


def _link_scenarios(
    game: SiteHooks,
    bundle: Mapping[str, Any],
    entries: list[CatalogueCard],
    scenarios: list[ScenarioEntry],
) -> None:
    """Each card lists the scenarios that lay it out, in scenario order."""
    by_id = {entry.id: entry for entry in entries}
    for scenario in scenarios:
        for card_id in game.scenario_cards(bundle, scenario.id):
            entry = by_id.get(card_id)
            if entry is not None and scenario.id not in entry.scenarios:
                entry.scenarios.append(scenario.id)


def facets(game: SiteHooks, entries: list[CatalogueCard]) -> list[Facet]:
    """The game's filters with the values its cards have, sorted."""
    found = []
    for name, label in game.facets:
        options = sorted({pair for entry in entries for pair in entry.facets.get(name, [])})
        spaced = any(" " in value for value, _ in options)
        found.append(Facet(name, label, options, "|" if spaced else " "))
    return found


def _environment() -> Any:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    return Environment(
        loader=PackageLoader("kemble_tools.site", "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _json_for_html(value: Any) -> str:
    """JSON inside a <script type="application/json">: `</` may not appear there."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")


def _scenario_entry(
    game: SiteHooks,
    bundle: Mapping[str, Any],
    sid: str,
    solution: dict[str, Any] | None,
    script: str | None,
) -> ScenarioEntry:
    from kemble_tools.site.replay import ReplayError, replay_frames

    data = bundle["scenarios"][sid]
    if script is not None:
        text, line = script, "a scripted line"
    elif solution and solution.get("witness"):
        text, line = "\n".join(solution["witness"]), "the solver's winning line"
    else:
        text, line = "", "no line to replay: the start of the scenario"
    problem = None
    try:
        frames = replay_frames(bundle, sid, text)
    except ReplayError as exc:
        frames, problem = replay_frames(bundle, sid, ""), str(exc)
    return ScenarioEntry(
        sid, str(data.get("title") or sid), str(data.get("description") or ""), solution,
        frames, line, problem, game.legend(frames),
    )  # fmt: skip
