"""Reference cards printed with the decks: a symbol key, a key to the decks' back colours, and
what every object kind does, written from its compiled effects (so an expansion's new kinds
appear there too). A selection of cards gets the reference cards of what it shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kemble_tools.export.cards import PrintCard
from kemble_tools.export.layout import Rect
from kemble_tools.export.metrics import MM, split_lines, string_width
from kemble_tools.export.painter import Painter
from kemble_tools.games.kembles_cascade.export import symbols
from kemble_tools.games.kembles_cascade.export.decks import deck_colours
from kemble_tools.games.kembles_cascade.export.faces import (
    COLOUR_WORDS,
    SPACE_CARD,
    Back,
    draw_back,
    draw_text_card,
    fit_text,
    text_box,
)
from kemble_tools.games.kembles_cascade.export.symbols import COLOURS, DESCENT, SAFE
from kemble_tools.games.kembles_cascade.stats import deck_order
from kemble_tools.games.kembles_cascade.vocabulary import QUADRANT_HOST, VOCABULARY

REFERENCE_BACK = Back("?", "Reference", "shield", "circle")
WARNING_COLOUR = "threat"  # the Warning cards' back (cards.WARNING_BACK), shuffled into space

# The symbol key: each row a drawing, its shape in words (alt text) and what it means (R-SYM-*).
Symbol = Callable[[Painter, float, float], None]
SYMBOLS: list[tuple[str, str, Symbol]] = [
    ("green dot", "Object Energy: damage that destroys it",
     lambda p, x, y: p.circle(x, y, 1.15, "energy")),
    ("red triangle", "Threat, to a ship next to it",
     lambda p, x, y: symbols.triangle(p, x - 1.3, y + 1.3, "threat")),
    ("orange arrow", "Distant threat along a line",
     lambda p, x, y: symbols.arrow(p, x, y, "E", "distant")),
    ("violet double arrow", "Gamma distant threat: through everything",
     lambda p, x, y: symbols.arrow(p, x, y, "E", "gamma", double=True)),
    ("red star", "Omni threat: every player", lambda p, x, y: symbols.star(p, x, y, 1.7, "threat")),
    ("gold hexagon", "Bellonium reward",
     lambda p, x, y: symbols.hexagon(p, x, y, 1.8, "bellonium")),
    ("pale yellow crown", "Glory reward",
     lambda p, x, y: symbols.crown(p, x - 2, y - 1.3, "glory")),
    ("green bolt", "+1 energy reward",
     lambda p, x, y: symbols.bolt(p, x - 1.1, y - 1.6, "energy")),
    ("grey shield with a letter", "Immune to that weapon",
     lambda p, x, y: symbols.shield(p, x - 1.8, y - 1.8, "missile")),
    ("cyan diamond", "Special effect (a boss rule)", lambda p, x, y: symbols.diamond(p, x, y)),
    ("two circling arrows", "The card turns over (flip)",
     lambda p, x, y: symbols.flip_icon(p, x, y)),
]  # fmt: skip


@dataclass(frozen=True)
class KeyRow:
    """One back in the deck key: its colour, the mark on its band, its code and what it is."""

    colour: str
    mark: str
    code: str
    name: str

    @property
    def words(self) -> str:
        return f"{self.code} ({self.name}): {COLOUR_WORDS.get(self.colour, self.colour)}"


def reference_cards(bundle: dict[str, Any], shown: list[Any] | None = None) -> list[Any]:
    """The reference cards of the whole game, or (`shown`) of the cards being printed: the
    symbols and the key of their decks' backs, and what the object kinds on them do."""
    if shown is None:
        kinds, decks, warning = None, deck_order(bundle), bool(bundle["bosses"])
    else:
        ids = {card.id for card in shown}
        space = [card for card_id, card in bundle["cards"].items() if card_id in ids]
        if not space:
            return []
        kinds = {q["object"] for card in space for q in [*card["quadrants"], *(card["back"] or [])]}
        chosen = {card["deck"] for card in space}
        decks = [code for code in deck_order(bundle) if code in chosen]
        warning = any(boss["warning_card"] in ids for boss in bundle["bosses"].values())
    keys = _deck_key_cards(bundle, decks, warning)
    return [_symbols_card(), *keys, *_object_cards(bundle, kinds)]


def _reference_card(card_id: str, front: Any, text: str = "", words: str = "") -> PrintCard:
    return PrintCard(card_id, SPACE_CARD, front, _draw_reference_back, COLOURS, text,
                     pile="REF", words=words)  # fmt: skip


def _draw_reference_back(p: Painter, trim: Rect, bleed: float) -> None:
    draw_back(p, trim, bleed, REFERENCE_BACK)


def _symbols_card() -> Any:
    words = "Symbols: " + "; ".join(f"{shape}: {meaning}" for shape, meaning, _ in SYMBOLS)
    return _reference_card("reference-symbols", _draw_symbols, words=words)


def _draw_symbols(p: Painter, trim: Rect, bleed: float) -> None:
    _heading(p, trim, bleed, "Symbols")
    per_column = (len(SYMBOLS) + 1) // 2
    for i, (_, meaning, draw) in enumerate(SYMBOLS):
        x, y = _cell(trim, *divmod(i, per_column))
        draw(p, x + 2.5, y)
        for k, line in enumerate(_wrap(meaning, trim.width / 2 - SAFE - 7)):
            p.text(x + 6.5, y - 1 - k * 2.6, line, 6)
    _card_id(p, trim, "reference-symbols")


def _heading(p: Painter, trim: Rect, bleed: float, title: str) -> None:
    p.rect(trim.grow(bleed), "space")
    p.text(trim.x + SAFE, trim.top - SAFE - 3, title, 8, bold=True)


def _cell(trim: Rect, column: int, row: int) -> tuple[float, float]:
    """Where a key row starts: two columns of rows 7.6 mm apart under the heading."""
    return trim.x + SAFE + column * (trim.width / 2), trim.top - SAFE - 9 - row * 7.6


def _card_id(p: Painter, trim: Rect, card_id: str) -> None:
    p.text(trim.x + SAFE, trim.y + SAFE + DESCENT, card_id, 5)


def _wrap(text: str, width: float) -> list[str]:
    return split_lines(text, 6, width * MM)


# --- the deck key --------------------------------------------------------------------------------

KEY_ROWS = 12  # two columns of six: what fits under the heading


def _deck_key_cards(bundle: dict[str, Any], decks: list[str], warning: bool) -> list[Any]:
    """The key to the backs of the space deck's cards: each deck's code, name and colour, each
    boss's, and the Warning cards' (one card for every KEY_ROWS rows)."""
    rows = _key_rows(bundle, decks, warning)
    pages = [rows[i : i + KEY_ROWS] for i in range(0, len(rows), KEY_ROWS)]
    cards = []
    for number, page in enumerate(pages, start=1):
        card_id = f"reference-decks-{number}"
        title = "Decks" + (f" {number}/{len(pages)}" if len(pages) > 1 else "")

        def front(p: Painter, trim: Rect, bleed: float, page: list[KeyRow] = page,
                  title: str = title, card_id: str = card_id) -> None:  # fmt: skip
            _draw_key(p, trim, bleed, title, card_id, page)

        words = f"{title}, the colours of the backs: " + "; ".join(row.words for row in page)
        cards.append(_reference_card(card_id, front, words=words))
    return cards


def _key_rows(bundle: dict[str, Any], decks: list[str], warning: bool) -> list[KeyRow]:
    colours = deck_colours(bundle)
    rows = []
    for code in decks:
        if code in bundle["bosses"]:
            boss = bundle["bosses"][code]
            numbers = sorted(int(bundle["cards"][c].get("number", 0)) for c in boss["cards"])
            mark = f"{numbers[0]}-{numbers[-1]}" if numbers else "#"
            rows.append(KeyRow(colours[code], mark, code, f"boss {boss['name']}, by number"))
        else:
            name = (bundle["decks"].get(code) or {}).get("name") or code
            rows.append(KeyRow(colours[code], code, code, str(name)))
    if warning:
        rows.append(KeyRow(WARNING_COLOUR, "!", "Warning", "shuffled into the space deck"))
    return rows


def _draw_key(
    p: Painter, trim: Rect, bleed: float, title: str, card_id: str, rows: list[KeyRow]
) -> None:
    _heading(p, trim, bleed, title)
    half = KEY_ROWS // 2
    for i, row in enumerate(rows):
        x, y = _cell(trim, *divmod(i, half))
        p.rect(Rect(x, y - 2.6, 10, 5.2), row.colour, radius=0.8)
        size = _fitting(row.mark, 9.4, 6.5, bold=True)
        p.text(x + 5, y - size * 0.12, row.mark, size, colour="space", bold=True, align="centre")
        width = trim.width / 2 - SAFE - 12.5
        p.text(x + 11.5, y + 0.2, row.code, _fitting(row.code, width, 6, bold=True), bold=True)
        p.text(x + 11.5, y - 2.4, row.name, _fitting(row.name, width, 5))
    _card_id(p, trim, card_id)


def _fitting(text: str, width: float, size: float, bold: bool = False) -> float:
    """The largest size up to `size` at which `text` fits `width` mm (3.5 pt at the least)."""
    while size > 3.5 and string_width(text, size, bold) > width * MM:
        size -= 0.25
    return size


# --- what the object kinds do --------------------------------------------------------------------


def _object_cards(bundle: dict[str, Any], kinds: set[str] | None) -> list[Any]:
    cards = []
    for number, text in enumerate(_object_pages(bundle, kinds), start=1):

        def front(p: Painter, trim: Rect, bleed: float, text: str = text, n: int = number) -> None:
            draw_text_card(
                p, trim, bleed, "Objects", f"Reference {n}", "REF", f"reference-objects-{n}", text
            )

        words = f"Objects, reference {number}: " + " ".join(text.split())
        cards.append(_reference_card(f"reference-objects-{number}", front, text, words))
    return cards


def _object_pages(bundle: dict[str, Any], kinds: set[str] | None = None) -> list[str]:
    """What every object kind (or every one of `kinds`) does, in as few cards as fit at the
    smallest body size."""
    kinds_doing: dict[str, list[str]] = {}  # kinds that do the same are listed together
    for kind, data in bundle["objects"].items():
        if not data.get("vacant") and (kinds is None or kind in kinds):
            does = VOCABULARY.text(data["effects"], QUADRANT_HOST) or "no effect of its own"
            kinds_doing.setdefault(does, []).append(data["name"])
    entries = [f"{', '.join(names)}: {does}" for does, names in kinds_doing.items()]
    box = text_box(Rect(0, 0, *SPACE_CARD), False)
    pages: list[str] = []
    for entry in entries:
        if pages and fit_text(f"{pages[-1]}\n{entry}", box.width, box.height)[2]:
            pages[-1] = f"{pages[-1]}\n{entry}"
        else:
            pages.append(entry)
    return pages
