"""`kemble site`: a static catalogue of the content that works offline from the file system.

Every card with its picture (the SVG the sheets' routines draw) and its generated text, with
filters by deck, object kind, symbol and boss and a full-text search; a page per card; a page
per scenario with its board, the solver's verdict and metrics, and a replay viewer that steps
through the solver's witness (or any scripted line) action by action and turn by turn. No
server and no network: relative links, scripts and data beside the pages (browsers refuse
`fetch` from file:// pages, so the data is in the pages themselves).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from kemble_tools.dsl.text import effects_text
from kemble_tools.export.images import card_svg
from kemble_tools.export.sheets import print_cards
from kemble_tools.fileio import write_atomic
from kemble_tools.site import verdict
from kemble_tools.site.replay import ReplayError, replay_frames

PILE_NAMES = {
    "WARN": "Boss Warning cards",
    "PU": "Power-ups",
    "MIS": "Missions",
    "ACH": "Achievements",
    "SEN": "Sensors",
    "UPG": "Upgrades",
    "REF": "Reference cards",
}
SYMBOLS = {  # quadrant keys, as the filter names them
    "threat": "threat",
    "distant_threat": "distant threat",
    "gamma_distant_threat": "gamma distant threat",
    "omni_threat": "omni threat",
    "immune": "immunity",
    "move_cost": "-M / -MM",
    "global_bellonium": "Global Bellonium",
    "special": "boss special effect",
    "reward": "reward",
}


@dataclass
class CardEntry:
    """One card as the catalogue shows and filters it."""

    id: str
    title: str
    pile: str
    pile_name: str
    kind: str
    boss: str | None
    objects: list[str]
    symbols: list[str]
    text: str
    quadrants: list[dict[str, Any]] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)
    words: str = ""  # a card not drawn from quadrants, in words (PrintCard.words)

    @property
    def alt(self) -> str:
        """The picture in words, for who cannot see it: 'S1-07, deck S1: left: Fighter,
        energy 2, threat 1; right: Empty space', or a text card's title, kind and rules."""
        if not self.quadrants:
            return f"{self.id}, {self.words or self.text}"
        name = f"\u201c{self.title}\u201d, " if self.title != self.id else ""
        where = f"boss {self.boss}" if self.boss else f"deck {self.pile}"
        sides = "; ".join(f"{q['side']}: {q['text']}" for q in self.quadrants)
        return f"{self.id}, {name}{where}: {sides}"

    @property
    def search(self) -> str:
        words = [self.id, self.title, self.pile_name, self.kind, self.text, *self.objects,
                 *self.symbols, self.boss or ""]  # fmt: skip
        return " ".join(words).lower()


@dataclass
class ScenarioEntry:
    id: str
    title: str
    description: str
    solution: dict[str, Any] | None
    frames: list[dict[str, Any]]
    line: str  # where the replayed line comes from
    problem: str | None = None

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

    @property
    def legend(self) -> list[tuple[str, str]]:
        """The marks on this scenario's boards, for the key under the board."""
        seen = {
            (cell["mark"], cell["object"].replace("_", " "))
            for frame in self.frames
            for row in frame["cells"]
            for cell in row
        }
        return sorted(seen)


def build_site(
    bundle: dict[str, Any],
    out: Path,
    solutions: list[dict[str, Any]] | None = None,
    scripts: dict[str, str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, int]:
    """Write the site into `out` (which the caller makes atomic); returns what was written.
    `scripts` maps a scenario id to a line to replay instead of its witness."""
    env = _environment()
    cards = print_cards(bundle)
    entries = [_card_entry(card, bundle) for card in cards]
    by_solution = {s["scenario"]: s for s in solutions or []}
    scenarios = [
        _scenario_entry(bundle, sid, by_solution.get(sid), (scripts or {}).get(sid))
        for sid in sorted(bundle["scenarios"])
    ]
    for scenario in scenarios:
        for row in bundle["scenarios"][scenario.id]["rows"]:
            for card_id in row:
                entry = next((e for e in entries if e.id == card_id), None)
                if entry is not None and scenario.id not in entry.scenarios:
                    entry.scenarios.append(scenario.id)
    for card in cards:
        write_atomic(out / "img" / f"{card.id}.svg", card_svg(card))
        if progress:
            progress(card.id)
    facets = _facets(entries, bundle)
    pages = {
        "index.html": env.get_template("index.html").render(
            root="", cards=entries, facets=facets, scenarios=scenarios
        ),
        "scenarios.html": env.get_template("scenarios.html").render(root="", scenarios=scenarios),
    }
    for entry in entries:
        pages[f"cards/{entry.id}.html"] = env.get_template("card.html").render(
            root="../", card=entry, objects=bundle["objects"]
        )
    for scenario in scenarios:
        pages[f"scenarios/{scenario.id}.html"] = env.get_template("scenario.html").render(
            root="../", scenario=scenario, replay=_json_for_html(scenario.frames)
        )
    for name, text in pages.items():
        write_atomic(out / name, text)
    for asset in ("site.css", "catalogue.js", "replay.js"):
        source = resources.files(__package__) / "assets" / asset
        write_atomic(out / "assets" / asset, source.read_text("utf-8"))
    return {"cards": len(entries), "scenarios": len(scenarios), "pages": len(pages)}


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


def _card_entry(card: Any, bundle: dict[str, Any]) -> CardEntry:
    data = bundle["cards"].get(card.id)
    pile = card.pile
    boss = pile if pile in bundle["bosses"] else None
    if boss is None and pile == "WARN":
        boss = next((b for b, v in bundle["bosses"].items() if v["warning_card"] == card.id), None)
    quadrants = [*(data["quadrants"] if data else []), *((data or {}).get("back") or [])]
    objects = sorted({q["object"] for q in quadrants})
    symbols = sorted({SYMBOLS[key] for q in quadrants for key in q if key in SYMBOLS})
    if data and data.get("flip"):
        symbols.append("flip")
    described = [
        {
            "side": ("back " if i >= len(data["quadrants"]) else "") + ("left", "right")[i % 2],
            "text": quadrant_text(q, bundle),
            "rules": effects_text(bundle["objects"][q["object"]]["effects"])
            if bundle["objects"][q["object"]]["effects"]
            else "",
        }
        for i, q in enumerate(quadrants)
    ] if data else []  # fmt: skip
    text = card.text or card.words or " · ".join(q["text"] for q in described)
    return CardEntry(
        id=card.id,
        title=_title(card.id, data, bundle),
        pile=pile,
        pile_name=_pile_name(pile, bundle),
        kind=_kind(card.id, pile, data, bundle),
        boss=boss,
        objects=objects,
        symbols=symbols,
        text=text,
        quadrants=described,
        words=card.words,
    )


def quadrant_text(quadrant: dict[str, Any], bundle: dict[str, Any]) -> str:
    """A quadrant in words: 'Fighter, energy 1, threat 1, reward 1 Bellonium'."""
    kind = bundle["objects"][quadrant["object"]]
    parts = [str(kind.get("name") or quadrant["object"])]
    if "energy" in quadrant:
        parts.append(f"energy {quadrant['energy']}")
    if quadrant.get("threat"):
        parts.append(f"threat {quadrant['threat']}")
    for key, what in (("distant_threat", "distant threat"), ("gamma_distant_threat", "gamma")):
        if key in quadrant:
            parts.append(f"{what} {quadrant[key]['count']} to {quadrant[key]['direction']}")
    if quadrant.get("omni_threat"):
        parts.append(f"omni threat {quadrant['omni_threat']}")
    if quadrant.get("immune"):
        parts.append("immune to " + ", ".join(quadrant["immune"]))
    if quadrant.get("move_cost"):
        parts.append(f"-{'M' * int(quadrant['move_cost'])}")
    if quadrant.get("global_bellonium"):
        parts.append("Global Bellonium")
    if quadrant.get("special"):
        parts.append(f"special: {quadrant['special']}")
    reward = quadrant.get("reward") or {}
    gains = [f"{n} {'glory' if what == 'glory' else 'Bellonium'}" for what, n in reward.items()]
    if gains:
        parts.append("reward " + " and ".join(gains))
    return ", ".join(parts)


def _title(card_id: str, data: dict[str, Any] | None, bundle: dict[str, Any]) -> str:
    if data and data.get("name"):
        return str(data["name"])
    for section in ("powerups", "missions", "achievements"):
        if card_id in bundle[section]:
            return str(bundle[section][card_id]["name"])
    upgrade, _, level = card_id.rpartition("-")
    if upgrade in bundle["upgrades"]:
        return f"{bundle['upgrades'][upgrade]['name']} {level}"
    for boss in bundle["bosses"].values():
        if boss["warning_card"] == card_id:
            return f"{boss['name']}: Warning"
    return card_id


def _pile_name(pile: str, bundle: dict[str, Any]) -> str:
    if pile in bundle["decks"]:
        return str(bundle["decks"][pile]["name"])
    return PILE_NAMES.get(pile, pile)


def _kind(card_id: str, pile: str, data: dict[str, Any] | None, bundle: dict[str, Any]) -> str:
    if data is not None:
        return "boss card" if pile in bundle["bosses"] else "space card"
    return {"WARN": "Warning card", "PU": "power-up", "MIS": "mission", "ACH": "achievement",
            "SEN": "sensor", "UPG": "upgrade"}.get(pile, "reference")  # fmt: skip


def _facets(entries: list[CardEntry], bundle: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    piles = {e.pile: e.pile_name for e in entries}
    objects = {o for e in entries for o in e.objects}
    return {
        "pile": sorted(piles.items()),
        "object": sorted((o, str(bundle["objects"][o].get("name") or o)) for o in objects),
        "symbol": sorted({(s, s) for e in entries for s in e.symbols}),
        "boss": sorted((b, str(v["name"])) for b, v in bundle["bosses"].items()),
    }


def _scenario_entry(
    bundle: dict[str, Any], sid: str, solution: dict[str, Any] | None, script: str | None
) -> ScenarioEntry:
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
        frames, line, problem,
    )  # fmt: skip
