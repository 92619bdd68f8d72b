"""What a printed selection explains, and how decks are told apart.

`export sheets --deck CODE` (and `--cards`, images, TTS: one selection) brings the reference
cards of what the chosen cards show: the symbols, the key to their decks' back colours, and what
their object kinds do (an expansion's new kind above all), so that a printed expansion deck
explains itself. Deck backs take distinct colours (CIE76 ΔE ≥ 30, the base game's as printed)
and the key names each deck's code with its colour.
"""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from cli_helpers import kemble
from PIL import Image
from pypdf import PdfReader
from test_expansion import FILES, ROCK

from kemble_tools.export.images import card_svg
from kemble_tools.export.painter import SvgPainter
from kemble_tools.export.sheets import print_cards
from kemble_tools.games.kembles_cascade.export.decks import deck_colours
from kemble_tools.games.kembles_cascade.export.faces import COLOUR_WORDS, DECK_PALETTE
from kemble_tools.games.kembles_cascade.export.symbols import COLOURS
from kemble_tools.games.kembles_cascade.stats import deck_order

from engine_helpers import base_bundle

SVG = "{http://www.w3.org/2000/svg}"
LEAST_DELTA_E = 30.0  # CIE76: about what tells two colours apart at a glance, across a table
SPACE_BACKS = ("threat", "shield")  # the Warning and Reference backs, also space-card sized


@pytest.fixture(scope="module")
def expansion(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("designer") / "nebula"
    (folder / "art").mkdir(parents=True)
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    Image.new("RGB", (40, 30), (90, 40, 160)).save(folder / "art" / "nebula.png")
    (folder / "art" / "rock.svg").write_text(ROCK, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def bundle(expansion: Path) -> dict[str, Any]:
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.validate.pipeline import validate_paths

    result = compile_validated(validate_paths([expansion]))
    assert result.bundle is not None, result.diagnostics
    return result.bundle


def _ids(cards: list) -> list[str]:
    return [card.id for card in cards]


def _objects_text(cards: list) -> str:
    return "\n".join(c.text for c in cards if c.id.startswith("reference-objects-"))


# --- the reference cards of a selection ----------------------------------------------------------


def test_a_deck_prints_with_the_reference_cards_of_what_it_shows(bundle: dict) -> None:
    chosen = print_cards(bundle, ["N1"])
    assert _ids(chosen)[:4] == ["N1-01", "N1-02", "N1-03", "N1-04"]
    references = [c for c in chosen if c.pile == "REF"]
    assert _ids(references)[:2] == ["reference-symbols", "reference-decks-1"]
    described = _objects_text(references)
    # N1 shows a nebula (the expansion's new kind), fighters and an asteroid: each explained
    assert all(f"{name}:" in described for name in ("Nebula", "Fighter", "Asteroid"))
    assert "Black hole" not in described and "Cruiser" not in described  # not on these cards
    key = next(c for c in references if c.id == "reference-decks-1")
    assert key.words.count("(") == 1 and "N1 (Nebula deck)" in key.words  # only the deck printed


def test_a_boss_prints_with_its_kinds_its_key_and_the_warning_colour(bundle: dict) -> None:
    chosen = print_cards(bundle, ["WARDEN"])
    assert "BOSS-WARDEN" in _ids(chosen)
    assert "Boss part:" in _objects_text(chosen)
    key = next(c for c in chosen if c.id == "reference-decks-1")
    assert "WARDEN (boss Warden" in key.words and "Warning (" in key.words


def test_chosen_cards_bring_only_their_own_references(bundle: dict) -> None:
    one = print_cards(bundle, None, ["N1-01"])
    assert _ids(one) == ["N1-01", "reference-symbols", "reference-decks-1", "reference-objects-1"]
    assert _objects_text(one).startswith("Nebula:") and "Fighter" not in _objects_text(one)
    assert _ids(print_cards(bundle, None, ["repair_kit"])) == ["repair_kit"]  # says it all
    asked = print_cards(bundle, None, ["reference-symbols"])  # a reference card on its own
    assert _ids(asked) == ["reference-symbols"]
    assert print_cards(bundle, ["NOPE"]) == []  # nothing chosen: nothing to explain


def test_the_whole_game_describes_every_kind_and_every_deck(bundle: dict) -> None:
    everything = print_cards(bundle)
    names = [o["name"] for o in bundle["objects"].values() if not o.get("vacant")]
    assert all(f"{name}" in _objects_text(everything) for name in names)
    keys = " ".join(c.words for c in everything if c.id.startswith("reference-decks-"))
    assert all(f"{code} (" in keys for code in deck_order(bundle))
    assert len(_ids(everything)) == len(set(_ids(everything)))


def test_the_printed_expansion_deck_is_self_explaining(expansion: Path, tmp_path: Path) -> None:
    run = kemble(
        "export", "sheets", "nebula", "--deck", "N1", "--deck", "WARDEN", "--out", str(tmp_path),
        cwd=expansion.parent,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    # 4 space cards, 4 boss cards, the Warning card; the symbols, the deck key, the kinds
    assert "sheets: 12 cards" in run.stdout
    pdf = PdfReader(io.BytesIO((tmp_path / "kemble-sheets.pdf").read_bytes()))
    text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    assert "Nebula: When a ship moves here" in text and "Boss part:" in text
    assert "reference-decks-1" in text and "Nebula deck" in text and "WARDEN" in text
    images = kemble(
        "export", "images", "nebula", "--cards", "N1-01", "--out", str(tmp_path),
        cwd=expansion.parent,
    )  # fmt: skip
    assert images.returncode == 0, images.stdout + images.stderr
    assert sorted(p.stem for p in (tmp_path / "images").iterdir()) == [
        "N1-01", "reference-decks-1", "reference-objects-1", "reference-symbols",
    ]  # fmt: skip


# --- deck colours --------------------------------------------------------------------------------


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """sRGB (0-1) to CIE L*a*b* (D65)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = map(linear, rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _delta_e(first: str, second: str) -> float:
    return math.dist(_lab(COLOURS[first][0]), _lab(COLOURS[second][0]))


def _closest(names: list[str]) -> tuple[float, str, str]:
    return min((_delta_e(a, b), a, b) for a, b in itertools.combinations(names, 2))


@pytest.mark.parametrize("content", ["base", "expansion"])
def test_deck_backs_are_far_apart_in_colour(bundle: dict, content: str) -> None:
    chosen = base_bundle() if content == "base" else bundle
    colours = deck_colours(chosen)
    assert list(colours) == deck_order(chosen)  # every space deck and boss
    # also apart from the Warning card's back, shuffled in among them, and the Reference back
    closest = _closest([*colours.values(), *SPACE_BACKS])
    assert closest[0] >= LEAST_DELTA_E, closest


def test_the_palette_is_far_apart_and_legible_under_the_code() -> None:
    closest = _closest([*DECK_PALETTE, *SPACE_BACKS])
    assert closest[0] >= LEAST_DELTA_E, closest

    def luminance(name: str) -> float:
        return _lab(COLOURS[name][0])[0]

    # the code is printed in the dark space colour on the band (draw_back)
    assert all(luminance(name) - luminance("space") >= 30 for name in DECK_PALETTE)
    assert all(name in COLOUR_WORDS for name in DECK_PALETTE)


def test_an_expansion_never_repaints_the_base_game(bundle: dict) -> None:
    base, both = deck_colours(base_bundle()), deck_colours(bundle)
    assert {code: both[code] for code in base} == base
    assert deck_colours(bundle) == both  # deterministic


def test_each_back_shows_its_decks_colour(bundle: dict) -> None:
    colours = deck_colours(bundle)
    painter = SvgPainter(1, 1, COLOURS)
    for card in print_cards(bundle, ["N1", "WARDEN", "S1"]):
        if card.id in bundle["cards"]:
            fill = painter.colour(colours[bundle["cards"][card.id]["deck"]])
            assert f'fill="{fill}"' in card_svg(card, back=True), card.id


def test_the_key_names_every_deck_with_its_colour(bundle: dict) -> None:
    colours = deck_colours(bundle)
    keys = [c for c in print_cards(bundle) if c.id.startswith("reference-decks-")]
    assert len(keys) == 2  # 12 decks and the Warning row: 12 rows a card
    painter = SvgPainter(1, 1, COLOURS)
    drawn = " ".join(card_svg(card) for card in keys)
    texts = {
        t.text for card in keys for t in ElementTree.fromstring(card_svg(card)).iter(f"{SVG}text")
    }
    words = " ".join(card.words for card in keys)
    for code, colour in colours.items():
        assert code in texts and f'fill="{painter.colour(colour)}"' in drawn
        assert f"{code} (" in words and f"): {COLOUR_WORDS[colour]}" in words
