"""Bossin' Space's printable cards (CardHooks.print_cards): every card of the bundle at the size
its setup data gives (`setup.card_sizes`, G-BS-9), each kind with its back, the Boss cards as
duplex pairs (the back of each is its other side), then the Upgrade board and the two halves of
the Timeline mat.

Each card is played from a pile, which `--deck` names and Tabletop Simulator makes a deck of:
EN (Enemy; EN1-EN3 by XP), CMD (Command), ADV (Advanced Command), THR (Threat; THR-N, THR-E,
THR-H, THR-X by level), BT (Boss Threat), each Boss by its id (its card and its Boss Threat
cards), CREW, BOARD (the Upgrade board) and MAT (the Timeline mat).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from kemble_tools.export.cards import PrintCard
from kemble_tools.export.layout import Rect
from kemble_tools.export.painter import Painter
from kemble_tools.games.bossins_space.export import boards, fronts, rules
from kemble_tools.games.bossins_space.export.faces import Back, draw_back
from kemble_tools.games.bossins_space.export.fronts import Text
from kemble_tools.games.bossins_space.export.palette import COLOURS

Bundle = Mapping[str, Any]
Card = Mapping[str, Any]
Draw = Callable[[Painter, Rect, float], None]

# The setup data's key for each kind's size (cards/bossins-space/setup.yaml).
SIZE_KEYS = {
    "enemy": "bs_enemies",
    "command": "bs_commands",
    "threat": "bs_threats",
    "boss_threat": "boss_threats",
    "crew": "bs_crew",
    "boss": "bs_bosses",
}
# One back a kind (the Advanced Command cards share the Command back: they are shuffled into
# the Command deck, R-BS-UPG-6, setup.yaml); a Boss has none, its back is its other side.
BACKS = {
    "EN": Back("EN", "Enemy", "tier3", "burst"),
    "CMD": Back("CMD", "Command", "move", "chevron"),
    "THR": Back("THR", "Threat", "threat", "triangle"),
    "BT": Back("BT", "Boss Threat", "boss", "star"),
    "CREW": Back("CREW", "Crew", "crew", "heart"),
    "BOARD": Back("BS", "Bossin' Space", "board", "ring"),
}
CREW_REMINDER = "Usable only while you are Round Captain."  # R-BS-CREW-1
LEVEL_CODES = {"normal": "N", "easy": "E", "hard": "H", "extreme": "X"}


class Sized:
    """The card sizes of a bundle's setup data, in mm (width, height)."""

    def __init__(self, bundle: Bundle) -> None:
        self.sizes = bundle["setup"].get("card_sizes") or {}

    def __call__(self, kind: str) -> tuple[float, float]:
        found = self.sizes.get(SIZE_KEYS[kind])
        if found is None:
            raise KeyError(f"setup.card_sizes gives no size for {SIZE_KEYS[kind]} (G-BS-9)")
        return float(found["width_mm"]), float(found["height_mm"])


def card(
    card_id: str,
    size: tuple[float, float],
    front: Draw,
    back: Draw,
    pile: str,
    text: str = "",
    words: str = "",
) -> PrintCard:
    return PrintCard(card_id, size, front, back, COLOURS, text, True, pile, words)


def kind_back(code: str) -> Draw:
    def draw(p: Painter, trim: Rect, bleed: float) -> None:
        draw_back(p, trim, bleed, BACKS[code])

    return draw


def card_texts(bundle: Bundle) -> Iterator[tuple[str, str, Card, Text]]:
    """Every text card's id, kind, data and rules text in print order, a Boss once a side
    (`BOSS-1:back`): what the faces draw and what the overflow check measures (check.py)."""

    def ink(panel: float, texts: list[str]) -> Text:
        return Text(panel, tuple((text, "ink") for text in texts))

    for item in bundle["enemies"].values():
        text = fronts.enemy_text(item, rules.activation_texts(bundle, item))
        yield item["id"], "enemy", item, text
    for item in bundle["commands"].values():
        text = ink(fronts.COMMAND_PANEL, [rules.command_text(bundle, item)])
        yield item["id"], "command", item, text
    for item in bundle["threats"].values():
        text = ink(fronts.THREAT_PANEL, [rules.threat_text(bundle, item)])
        yield item["id"], "threat", item, text
    for item in bundle["boss_threats"].values():
        said = rules.boss_threat_texts(bundle, item)
        yield item["id"], "boss_threat", item, ink(fronts.BOSS_THREAT_PANEL, said)
    for item in bundle["crew"].values():
        said = ((str(item["ability"]), "ink"), (CREW_REMINDER, "muted"))
        yield item["id"], "crew", item, Text(fronts.CREW_PANEL, said)
    for item in bundle["bosses"].values():
        for side in ("front", "back"):
            said = rules.boss_side_words(item, side)
            yield f"{item['id']}:{side}", "boss", item, ink(fronts.BOSS_PANEL, said)


def all_cards(bundle: Bundle) -> list[PrintCard]:
    """Every printable card, in print order: the text cards, the Bosses, the boards."""
    sized, found, sides = Sized(bundle), [], {}
    for card_id, kind, item, text in card_texts(bundle):
        if kind == "boss":
            sides[card_id] = text
        else:
            found.append(_text_card(bundle, kind, item, text, sized(kind)))
    for boss in bundle["bosses"].values():
        texts = {side: sides[f"{boss['id']}:{side}"] for side in ("front", "back")}
        found.append(_boss_card(boss, texts, sized("boss")))
    return found + board_cards(bundle, sized("threat"))


def _text_card(
    bundle: Bundle, kind: str, item: Card, text: Text, size: tuple[float, float]
) -> PrintCard:
    draw = _front(bundle, kind, item, text)
    pile = pile_of(kind, item)
    back = kind_back({"ADV": "CMD"}.get(pile, pile))
    return card(str(item["id"]), size, draw, back, pile, text.words, _words(kind, item, text))


def _front(bundle: Bundle, kind: str, item: Card, text: Text) -> Draw:
    def draw(p: Painter, trim: Rect, bleed: float) -> None:
        if kind == "enemy":
            fronts.draw_enemy(p, trim, bleed, item, text)
        elif kind == "command":
            name = rules.kind_of(bundle, "command", item["kind"])["name"]
            fronts.draw_command(p, trim, bleed, item, str(name), text)
        elif kind == "threat":
            name = rules.kind_of(bundle, "threat", item["effect"]["kind"])["name"]
            fronts.draw_threat(p, trim, bleed, item, str(name), text)
        elif kind == "boss_threat":
            fronts.draw_boss_threat(p, trim, bleed, item, bundle["bosses"][item["boss"]], text)
        else:
            fronts.draw_crew(p, trim, bleed, item, text)

    return draw


def pile_of(kind: str, item: Card) -> str:
    if kind == "command":
        return "ADV" if item.get("advanced") else "CMD"
    return {"enemy": "EN", "threat": "THR", "boss_threat": "BT", "crew": "CREW"}[kind]


def _words(kind: str, item: Card, text: Text) -> str:
    """The card in words where its picture shows it as symbols (the site's alt text)."""
    if kind == "enemy":
        shield = ", Shield" if item.get("shield") else ""
        head = (
            f"Enemy \u201c{item['name']}\u201d, {item['xp']} XP: life {item['life']}, "
            f"damage {item['damage']}{shield}"
        )
    elif kind == "threat":
        effect = item["effect"]
        columns = effect.get("columns") or ([effect["column"]] if "column" in effect else [])
        marked = f", columns {', '.join(map(str, columns))}" if columns else ""
        head = f"Threat \u201c{item['name']}\u201d ({item['level']}{marked})"
    elif kind == "boss_threat":
        head = f"Boss Threat of {item['boss']}, Timeline column {item['position']}"
    else:
        head = f"{kind.replace('_', ' ').capitalize()} \u201c{item['name']}\u201d"
        if item.get("heat"):
            head += f", heat +{item['heat']}"
    return f"{head}. {text.words}".strip()


def _boss_card(boss: Card, sides: dict[str, Text], size: tuple[float, float]) -> PrintCard:
    """A Boss card is a duplex pair: its back is its other side (D-BS-BOSS-6)."""

    def side(name: str) -> Draw:
        def draw(p: Painter, trim: Rect, bleed: float) -> None:
            fronts.draw_boss_side(p, trim, bleed, boss, name, sides[name])

        return draw

    words = (
        f"Boss {boss['number']} \u201c{boss['name']}\u201d, life {boss['life']}. "
        f"Front: {sides['front'].words} Back: {sides['back'].words}"
    )
    text = f"{sides['front'].words} / {sides['back'].words}"
    return card(str(boss["id"]), size, side("front"), side("back"), str(boss["id"]), text, words)


def board_cards(bundle: Bundle, slot: tuple[float, float]) -> list[PrintCard]:
    """The Upgrade board and the Timeline mat's two halves, its slots the Threat cards' size."""
    board = bundle["upgrade_board"]

    def upgrade(p: Painter, trim: Rect, bleed: float) -> None:
        boards.draw_upgrade_board(p, trim, bleed, board)

    def half(first: int) -> Draw:
        def draw(p: Painter, trim: Rect, bleed: float) -> None:
            boards.draw_mat_half(p, trim, bleed, first, slot)

        return draw

    paths = ", ".join(
        f"{path['name']} ({len(path['level_text'])} levels)" for path in board["paths"]
    )
    found = [card("UPGRADE-BOARD", boards.BOARD, upgrade, kind_back("BOARD"), "BOARD", "",
                  f"The Upgrade board: XP track of {board['xp_track']['length']} spaces; paths "
                  f"{paths}; Temperature track 0-{board['heat_limit']}.")]  # fmt: skip
    for first in (1, 3):
        words = f"Timeline mat, columns {first}-{first + 1}: rows Boss Threat, Threat and Command."
        found.append(card(f"TIMELINE-{first}-{first + 1}", boards.MAT, half(first),
                          kind_back("BOARD"), "MAT", "", words))  # fmt: skip
    return found


def names_of(bundle: Bundle, printed: PrintCard) -> set[str]:
    """The names `--deck` knows a card by: its pile, its tier or level (EN2, THR-H), a Boss's
    id for its card and its Boss Threat cards."""
    names = {printed.pile}
    enemy = bundle["enemies"].get(printed.id)
    if enemy is not None:
        names.add(f"EN{enemy['xp']}")
    threat = bundle["threats"].get(printed.id)
    if threat is not None:
        names.add(f"THR-{LEVEL_CODES.get(threat['level'], threat['level'])}")
    boss_threat = bundle["boss_threats"].get(printed.id)
    if boss_threat is not None:
        names.add(str(boss_threat["boss"]))
    return names


def print_cards(
    bundle: Bundle, piles: list[str] | None = None, ids: list[str] | None = None
) -> list[PrintCard]:
    """Every printable card, or those of the given piles (`--deck`) and ids (`--cards`). The
    game prints no reference cards: its boards explain themselves."""
    cards = all_cards(bundle)
    if piles:
        cards = [c for c in cards if names_of(bundle, c) & set(piles)]
    if ids:
        cards = [c for c in cards if c.id in ids]
    return cards
