"""`kemble site` as written, read without a browser: what every picture says to who cannot see
it, the reference cards' own filter value, and the solver's figures shown for what they are (a
lower bound as "≥ N", nothing about a win where there is none). tests/test_site.py drives the
same pages in Chromium."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from kemble_tools.export.sheets import print_cards
from kemble_tools.games.kembles_cascade.site import quadrant_text
from kemble_tools.site import build_site
from kemble_tools.site.verdict import BOUND

from engine_helpers import base_bundle

BOUNDED = {  # an analysis that stopped at its budget: its counts are lower bounds
    "scenario": "solo-01",
    "verdict": "solvable",
    "witness": [],
    "states": 212_992,
    "winning_lines": 7,
    "critical_rounds": [3],
    "analysis": {"complete": False, "winning_lines": 7, "winning_first_turns": 2,
                 "critical_rounds": [3], "effort": 12_960, "difficulty": "easy",
                 "energy_margin": 1, "shortest_win_rounds": 5, "longest_win_rounds": 6},
}  # fmt: skip
EXACT = {
    "scenario": "solo-06",
    "verdict": "solvable",
    "witness": [],
    "states": 40_658,
    "winning_lines": 2,
    "critical_rounds": [3, 4],
    "analysis": {"complete": True, "winning_lines": 2, "winning_first_turns": 1,
                 "effort": 40_658, "difficulty": "perfection", "shortest_win_rounds": 3,
                 "longest_win_rounds": 3},
}  # fmt: skip
UNSOLVABLE = {  # the search proved no line wins; it still counted its effort
    "scenario": "solo-07",
    "verdict": "unsolvable",
    "witness": [],
    "states": 495,
    "winning_lines": 0,
    "critical_rounds": [],
    "analysis": {"complete": False, "winning_lines": 0, "winning_first_turns": 0,
                 "critical_rounds": [], "effort": 495, "difficulty": "unwinnable"},
}  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    build_site(base_bundle(), folder, [BOUNDED, EXACT, UNSOLVABLE])
    return folder


class _Tags(HTMLParser):
    """Every tag of a page, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {key: value or "" for key, value in attrs}))


def _tags(path: Path, name: str) -> list[dict[str, str]]:
    parser = _Tags()
    parser.feed(path.read_text(encoding="utf-8"))
    return [attrs for tag, attrs in parser.tags if tag == name]


def _images(site: Path) -> dict[str, list[str]]:
    """Each card picture's alt texts, by card id, over the catalogue and every card page."""
    found: dict[str, list[str]] = {}
    for page in [site / "index.html", *sorted((site / "cards").glob("*.html"))]:
        for image in _tags(page, "img"):
            card_id = Path(image["src"]).stem
            found.setdefault(card_id, []).append(image.get("alt", ""))
    return found


def test_every_card_picture_describes_the_card(site: Path) -> None:
    bundle = base_bundle()
    cards = {card.id: card for card in print_cards(bundle)}
    images = _images(site)
    assert set(images) == set(cards) and all(len(alts) == 2 for alts in images.values())
    for card_id, alts in images.items():
        assert len(set(alts)) == 1, card_id  # the same words in the catalogue and on its page
        alt = alts[0]
        assert alt.startswith(f"{card_id}, ") and len(alt) > len(card_id) + 12, alt
        card = bundle["cards"].get(card_id)
        if card is not None:  # its quadrants, side by side, as the page lists them
            where = f"boss {card['deck']}" if card["deck"] in bundle["bosses"] else "deck"
            assert f", {where}" in alt and "; right: " in alt, alt  # named or not
            for quadrant in card["quadrants"]:
                assert quadrant_text(quadrant, bundle) in alt
        else:  # a text card's rules text, as generated
            assert " ".join(cards[card_id].text.split()) in alt


def test_a_space_cards_alt_text_reads_its_quadrants(site: Path) -> None:
    bundle = base_bundle()
    left, right = (quadrant_text(q, bundle) for q in bundle["cards"]["S1-07"]["quadrants"])
    assert _images(site)["S1-07"][0] == f"S1-07, deck S1: left: {left}; right: {right}"
    assert re.match(r"S1-07, deck S1: left: \w", _images(site)["S1-07"][0])
    flip = next(c for c, card in bundle["cards"].items() if card.get("flip") and card["back"])
    assert "; back left: " in _images(site)[flip][0]


def test_the_reference_filter_has_a_value_of_its_own(site: Path) -> None:
    index = site / "index.html"
    options = {o["value"] for o in _tags(index, "option") if o.get("value")}
    assert "REF" in options
    piles = {a["data-id"]: a["data-pile"] for a in _tags(index, "article") if "data-pile" in a}
    references = {card_id for card_id, pile in piles.items() if pile == "REF"}
    assert references == {c for c in piles if c.startswith("reference-")} and references
    assert "" not in piles.values()  # "" is the filter's "any": every card would match


def _verdict(site: Path, scenario: str) -> str:
    page = (site / "scenarios" / f"{scenario}.html").read_text(encoding="utf-8")
    return page[page.index('id="verdict"') : page.index('id="replay"')]


def _row(verdict: str, label: str) -> str | None:
    found = re.search(rf"<dt>{re.escape(label)}</dt><dd[^>]*>(.*?)</dd>", verdict)
    return found.group(1) if found else None


def test_a_lower_bound_is_shown_as_a_bound(site: Path) -> None:
    verdict = _verdict(site, "solo-01")
    title = BOUND.format(7)
    assert _row(verdict, "Winning lines") == f'<abbr class="bound" title="{title}">≥ 7</abbr>'
    assert "≥ 2" in (_row(verdict, "Winning first turns") or "")
    assert 'id="bound-note"' in verdict and "budget" in verdict
    listing = (site / "scenarios.html").read_text(encoding="utf-8")
    row = listing[listing.index('data-id="solo-01"') :].split("</tr>")[0]
    assert f'title="{title}">≥ 7</abbr>' in row


def test_exact_counts_are_shown_as_they_are(site: Path) -> None:
    verdict = _verdict(site, "solo-06")
    assert _row(verdict, "Winning lines") == "2" and _row(verdict, "Winning first turns") == "1"
    assert "≥" not in verdict and "bound-note" not in verdict
    listing = (site / "scenarios.html").read_text(encoding="utf-8")
    assert "<td>2</td>" in listing[listing.index('data-id="solo-06"') :].split("</tr>")[0]


@pytest.mark.parametrize(
    "label",
    [
        "Effort (states to the first win)",
        "Winning first turns",
        "Critical rounds",
        "Energy margin",
        "Rounds to win",
    ],
)
def test_an_unsolvable_scenario_shows_nothing_about_a_win(site: Path, label: str) -> None:
    verdict = _verdict(site, "solo-07")
    assert _row(verdict, "Verdict") == "unsolvable"
    assert _row(verdict, "Winning lines") == "0"  # exact: the search proved it
    assert _row(verdict, label) is None and "≥" not in verdict


def _metrics(solution: dict[str, Any]) -> dict[str, str]:
    from kemble_tools.site.verdict import metrics

    return {m.label: m.value for m in metrics(solution)}


def test_a_chance_of_winning_keeps_the_win_metrics() -> None:
    # a scenario with hidden draws may be "unsolvable" (no sure win) and still be won by luck
    analysis = {**UNSOLVABLE["analysis"], "winning_lines": 3, "difficulty": "easy"}
    lucky = {**UNSOLVABLE, "witness": ["battle"], "win_probability": 0.25, "winning_lines": 3,
             "analysis": analysis}  # fmt: skip
    shown = _metrics(lucky)
    assert shown["Winning lines"] == "≥ 3" and shown["Win probability"] == "0.250"
    assert shown["Effort (states to the first win)"] == "495"
    assert "Effort (states to the first win)" not in _metrics(UNSOLVABLE)
