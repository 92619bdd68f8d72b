"""The faces of Bossin' Space's cards, kind by kind, drawn from the bundle's data: what the
rulebook says each card prints (RULES.md, card anatomy) as symbols, and its rules text from
rules.py on a panel under them.

Enemy: name on its tier's band, XP star, life, damage, Shield and the activation icon, then its
activation effects left to right and its flavour. Command: the kind's glyph, the heat symbol and
the Advanced icon (R-BS-CMD-9). Threat: its level's symbol, the marked columns (a Move Threat's
column with its arrow). Boss: each side with its life, Shield and preferred side. Boss Threat:
its Timeline column. Crew: the role and its ability. The top of each card holds what a Timeline
leaves showing when the next card lies over its foot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kemble_tools.export.layout import Rect
from kemble_tools.export.painter import Painter
from kemble_tools.games.bossins_space.export import shapes
from kemble_tools.games.bossins_space.export.faces import (
    BAND,
    SAFE,
    Paragraph,
    badge,
    columns_row,
    disc,
    foot,
    ground,
    panel_box,
    text_box,
    text_panel,
    title,
)

Card = Mapping[str, Any]


@dataclass(frozen=True)
class Text:
    """A card's rules text: its paragraphs and how far under the trim's top its panel starts."""

    panel_top: float
    paragraphs: tuple[Paragraph, ...]

    def box(self, trim: Rect) -> Rect:
        """Where the text goes on a card of this trim (the overflow check measures it)."""
        return text_box(panel_box(trim, self.panel_top))

    def draw(self, p: Painter, trim: Rect) -> None:
        text_panel(p, panel_box(trim, self.panel_top), list(self.paragraphs))

    @property
    def words(self) -> str:
        return " ".join(text for text, _ in self.paragraphs if text)


def flavour(card: Card) -> Paragraph:
    return (f"\u201c{card['flavour']}\u201d" if card.get("flavour") else "", "muted")


def badges(p: Painter, trim: Rect, items: list[tuple[str, str, str, str]]) -> None:
    """A row of (shape, colour, value, label) under the band, spread evenly."""
    step = (trim.width - 2 * SAFE) / max(len(items), 1)
    y = trim.top - BAND - 7.5
    for index, (shape, colour, value, label) in enumerate(items):
        badge(p, trim.x + SAFE + step * (index + 0.5), y, shape, colour, value, label)


# --- Enemy ---------------------------------------------------------------------------------------

ENEMY_PANEL = BAND + 18


def enemy_text(card: Card, effects: list[str]) -> Text:
    return Text(ENEMY_PANEL, (*((e, "ink") for e in effects), flavour(card)))


def draw_enemy(p: Painter, trim: Rect, bleed: float, card: Card, text: Text) -> None:
    ground(p, trim, bleed, f"tier{card['xp']}")
    title(p, trim, str(card["name"]), f"Enemy \u00b7 {card['xp']} XP", room=10)
    x, y = disc(p, trim)
    with p.mark():
        shapes.star(p, x, y + 0.3, 4.4, "xp")
        p.text(x, y - 1.3, str(card["xp"]), 7, colour="dark", bold=True, align="centre")
    items = [("heart", "life", str(card["life"]), "life"),
             ("burst", "damage", str(card["damage"]), "damage")]  # fmt: skip
    if card.get("shield"):
        items.append(("shield", "shield", "", "shield"))
    if card.get("activation"):
        items.append(("bolt", "xp", "", "activates"))
    badges(p, trim, items)
    text.draw(p, trim)
    foot(p, trim, str(card["id"]), "ENEMY")


# --- Command -------------------------------------------------------------------------------------

COMMAND_PANEL = BAND + 27
FAMILIES = {
    "attack": ("shot", "missile", "laser", "double_shot", "chain_explosion"),
    "move": ("move", "extra_move", "teleport"),
}


def family(kind: str) -> str:
    return next((name for name, kinds in FAMILIES.items() if kind in kinds), "support")


def draw_command(
    p: Painter, trim: Rect, bleed: float, card: Card, kind_name: str, text: Text
) -> None:
    ground(p, trim, bleed, family(card["kind"]))
    subtitle = f"Command \u00b7 {kind_name}" + (" \u00b7 Advanced" if card.get("advanced") else "")
    title(p, trim, str(card["name"]), subtitle, room=10 if card.get("heat") else 0)
    if card.get("heat"):  # the heat symbol (D-BS-COMP-3)
        x, y = disc(p, trim)
        with p.mark():
            shapes.flame(p, x - 1.4, y + 0.3, 3.0, "heat")
            p.text(x + 2.6, y - 1.0, f"+{card['heat']}", 5.5, colour="ink", bold=True,
                   align="centre")  # fmt: skip
    glyph_y = trim.top - BAND - 12.5
    if card.get("advanced"):
        with p.mark():
            shapes.chevron(p, trim.x + SAFE + 4.5, glyph_y - 2, 3.6, "advanced")
    _command_glyph(p, trim.x + trim.width / 2, glyph_y, card)
    text.draw(p, trim)
    foot(p, trim, str(card["id"]), "ADVANCED" if card.get("advanced") else "COMMAND")


def _command_glyph(p: Painter, x: float, y: float, card: Card) -> None:
    """The kind at a glance: arrows for a Move (one a column), a rocket, a beam, a cross."""
    kind, colour = card["kind"], family(card["kind"])
    if kind == "move":
        distance = int(card.get("distance", 1))
        for step in range(distance):
            shift = (step - (distance - 1) / 2) * 17
            shapes.arrow(p, x + shift, y, 15, str(card["dir"]), colour)
    elif kind == "extra_move":
        shapes.arrow(p, x - 9, y, 15, "left", colour)
        shapes.arrow(p, x + 9, y, 15, "right", colour)
    elif kind in ("shot", "double_shot"):
        for step in range(1 if kind == "shot" else 2):
            p.circle(x + (step - (0.5 if kind == "double_shot" else 0)) * 10, y, 3.5, colour)
    elif kind == "missile":
        shapes.rocket(p, x, y, 8, colour)
    elif kind == "laser":
        p.rect(Rect(x - 2, y - 9, 4, 18), colour, radius=2)
    elif kind == "chain_explosion":
        for step in (-1, 0, 1):
            shapes.burst(p, x + step * 11, y, 5, colour)
    elif kind == "heal":
        shapes.cross(p, x, y, 8, colour)
    else:  # emp, portal, teleport: a ring
        shapes.ring(p, x, y, 8, colour, "space")


# --- Threat --------------------------------------------------------------------------------------

THREAT_PANEL = BAND + 18
LEVELS = {"easy": ("circle", "E"), "hard": ("triangle", "H"), "extreme": ("diamond", "X")}


def draw_threat(
    p: Painter, trim: Rect, bleed: float, card: Card, kind_name: str, text: Text
) -> None:
    effect, level = card["effect"], str(card["level"])
    ground(p, trim, bleed, "threat")
    words = f"Threat \u00b7 {kind_name}" + ("" if level == "normal" else f" \u00b7 {level}")
    title(p, trim, str(card["name"]), words, room=10 if level in LEVELS else 0)
    if level in LEVELS:  # R-BS-VAR-1: a normal card prints no symbol
        shape, letter = LEVELS[level]
        x, y = disc(p, trim)
        with p.mark():
            if shape == "circle":
                p.circle(x, y, 3.8, level)
            else:
                getattr(shapes, shape)(p, x, y, 4.0, level)
            p.text(x, y - (2.4 if shape == "triangle" else 1.8), letter, 5.5, colour="dark",
                   bold=True, align="centre")  # fmt: skip
    marked = set(effect.get("columns") or ([effect["column"]] if "column" in effect else []))
    if marked:
        arrows = {effect["column"]: effect["dir"]} if "dir" in effect else {}
        helps = effect["kind"] == "help"
        label = (
            "helps the Ship in" if helps else "moves an enemy in" if arrows else "hits the Ship in"
        )
        colour = "support" if helps else "threat"
        columns_row(p, trim, BAND + 1.5, marked, label, arrows, colour)
    else:
        glyph = {"activation": shapes.bolt, "new_enemy": shapes.down}.get(effect["kind"])
        if glyph is not None:
            glyph(p, trim.x + trim.width / 2, trim.top - BAND - 8.5, 6.0, "threat")
    text.draw(p, trim)
    foot(p, trim, str(card["id"]), "THREAT")


# --- Boss and Boss Threat ------------------------------------------------------------------------

BOSS_PANEL = BAND + 62


def draw_boss_side(p: Painter, trim: Rect, bleed: float, boss: Card, side: str, text: Text) -> None:
    """One side of a Boss card (D-BS-BOSS-6): the card prints both, front and back, each with
    its emblem (a shield on a shielded side), its life, Shield and preferred side."""
    data = boss["sides"].get(side) or {}
    ground(p, trim, bleed, "boss")
    title(p, trim, str(boss["name"]), f"Boss {boss['number']} \u00b7 {side} side", room=11)
    x, y = disc(p, trim)
    p.text(x, y - 1.9, str(boss["number"]), 9, colour="boss", bold=True, align="centre")
    items = [("heart", "life", str(boss["life"]), "most life")]
    if data.get("shield"):
        items.append(("shield", "shield", "", "shield"))
    prefer = data.get("prefer") or boss.get("prefer")  # a side's beats the card's (D-BS-BOSS-10)
    if prefer:
        items.append((f"arrow-{prefer}", "move", "", f"prefers {prefer}"))
    badges(p, trim, items)
    cx, cy = trim.x + trim.width / 2, trim.top - BAND - 38
    with p.mark():
        if data.get("shield"):
            shapes.shield(p, cx, cy + 1, 15, "shield")
        else:
            shapes.ring(p, cx, cy, 17, "boss", "space")
        p.text(cx, cy - 8, str(boss["number"]), 30, colour="boss" if data.get("shield") else "ink",
               bold=True, align="centre")  # fmt: skip
    text.draw(p, trim)
    foot(p, trim, f"{boss['id']} {side}", "BOSS")


BOSS_THREAT_PANEL = BAND + 18


def draw_boss_threat(
    p: Painter, trim: Rect, bleed: float, card: Card, boss: Card, text: Text
) -> None:
    ground(p, trim, bleed, "boss")
    title(p, trim, str(boss["name"]), f"Boss Threat \u00b7 Boss {boss['number']}", room=10)
    x, y = disc(p, trim)
    p.text(x, y - 1.9, str(boss["number"]), 9, colour="boss", bold=True, align="centre")
    position = {int(card["position"])}
    columns_row(p, trim, BAND + 1.5, position, "goes on this Timeline column", {}, "boss")
    text.draw(p, trim)
    foot(p, trim, str(card["id"]), "BOSS THREAT")


# --- Crew ----------------------------------------------------------------------------------------

CREW_PANEL = BAND + 17


def draw_crew(p: Painter, trim: Rect, bleed: float, card: Card, text: Text) -> None:
    role = str(card["role"]).capitalize()
    ground(p, trim, bleed, "crew")
    title(p, trim, str(card["name"]), f"Crew \u00b7 {role}")
    x, y = trim.x + trim.width / 2, trim.top - BAND - 8
    with p.mark():
        p.circle(x, y, 6, "crew")
        p.text(x, y - 2.5, role[0], 12, colour="dark", bold=True, align="centre")
    text.draw(p, trim)
    foot(p, trim, str(card["id"]), "CREW")
