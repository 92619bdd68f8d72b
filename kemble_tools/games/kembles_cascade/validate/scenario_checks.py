"""Checks of Kemble's Cascade's single-player scenarios beyond the schema: their cards, the
board, the boss's place, and what the player starts with."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate.card_checks import check_card, check_card_id
from kemble_tools.games.kembles_cascade.validate.player import check_energy
from kemble_tools.games.kembles_cascade.validate.refs import (
    check_rule_refs,
    reference,
    unresolved,
    whole,
)
from kemble_tools.games.kembles_cascade.validate.shapes import RULE_SWITCHES
from kemble_tools.games.kembles_cascade.validate.shuffle_checks import check_shuffled
from kemble_tools.games.kembles_cascade.validate.variant_checks import setups_of
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog, Item, Path_, mappings_in

BOARD_ROWS = 5  # R-GEO-1
SOLO_VARIANT = "solo"


def _card_refs(data: YMap) -> Iterator[tuple[Path_, str, YMap | None]]:
    """Every card reference in rows and deck: path, card id, the reference mapping if any."""
    for r, row in enumerate(data.get("rows") or []):
        if isinstance(row, YList):
            for c, ref in enumerate(row):
                yield from _one_ref(("rows", r, c), ref)
    for i, ref in enumerate(data.get("deck") or [] if isinstance(data.get("deck"), YList) else []):
        yield from _one_ref(("deck", i), ref)


def _one_ref(path: Path_, ref: Any) -> Iterator[tuple[Path_, str, YMap | None]]:
    if isinstance(ref, str):
        yield path, ref, None
    elif isinstance(ref, YMap) and isinstance(ref.get("card"), str):
        yield (*path, "card"), ref["card"], ref


def check_scenario(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    data = doc.data
    if isinstance(data.get("deck"), YMap):  # a whole game (shuffle_checks.py)
        yield from check_shuffled(doc, catalog, _solo_width(catalog))
    local = _local_cards(doc, catalog)
    yield from local[1]
    cards = {**catalog.table("card"), **local[0]}
    seen: dict[str, Path_] = {}
    for path, card_id, ref in _card_refs(data):
        if card_id not in cards:
            yield unresolved(doc, path, "card", card_id, cards)
            continue
        if card_id in seen:
            yield doc.diagnostic(
                path,
                "scenario.duplicate_card",
                f"card '{card_id}' is used twice (first at line {doc.position(seen[card_id])[0]})",
                hint="every physical card exists once",
            )
        seen[card_id] = path
        if (
            ref is not None
            and (ref.get("side") == "back" or ref.get("flipped") is True)
            and cards[card_id].data.get("flip") is not True
        ):
            yield doc.diagnostic(
                path[:-1], "scenario.not_flip", f"card '{card_id}' has no back to show"
            )
    yield from _check_board(doc, catalog)
    yield from _check_boss_placement(doc, catalog)
    yield from _check_scenario_refs(doc, catalog)


def _local_cards(doc: Document, catalog: Catalog) -> tuple[dict[str, Item], list[Diagnostic]]:
    local: dict[str, Item] = {}
    problems: list[Diagnostic] = []
    for path, card in mappings_in(doc.data.get("cards"), ("cards",)):
        card_id = card.get("id")
        if not isinstance(card_id, str):
            continue
        if card_id in catalog.table("card") or card_id in local:
            problems.append(
                doc.diagnostic(
                    (*path, "id"),
                    "id.duplicate",
                    f"card id '{card_id}' is already defined"
                    + (
                        f" at {catalog.table('card')[card_id].where()}"
                        if card_id in catalog.table("card")
                        else ""
                    ),
                    hint="give the scenario's own card a new id",
                )
            )
            continue
        local[card_id] = Item("card", card_id, doc, path, card, deck=card.get("deck"))
        problems.extend(check_card_id(doc, path, card, None))
        problems.extend(check_card(doc, path, card, catalog, None))
    return local, problems


def _solo_width(catalog: Catalog) -> int | None:
    solo = catalog.table("variants").get(SOLO_VARIANT)
    if solo is None:
        return None
    setups = setups_of(solo.data, catalog.table("variants"))
    return whole(setups[0][1].get("row_width")) if setups else None


def _check_board(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    rows = doc.data.get("rows")
    if not isinstance(rows, YList):
        return
    if len(rows) != BOARD_ROWS:
        yield doc.diagnostic(
            ("rows",),
            "scenario.rows",
            f"the board has {BOARD_ROWS} rows; 'rows' lists {len(rows)}",
            hint="R-GEO-1: list rows 1 (top) to 5 (bottom)",
        )
    width = _solo_width(catalog)
    for r, row in enumerate(rows):
        if width is not None and isinstance(row, YList) and len(row) != width:
            yield doc.diagnostic(
                ("rows", r),
                "scenario.row_width",
                f"row {r + 1} has {len(row)} cards; a single-player row has {width}",
                hint="R-VAR-SOLO-1",
            )
    position = (
        doc.data.get("player", {}).get("position")
        if isinstance(doc.data.get("player"), YMap)
        else None
    )
    if isinstance(position, YList) and len(position) == 2 and width is not None:
        row, column = position
        if whole(column) is not None and column > 2 * width:
            yield doc.diagnostic(
                ("player", "position", 1),
                "scenario.position",
                f"column {column} is off the board (columns 1–{2 * width})",
            )
        if whole(row) is not None and row > len(rows):
            yield doc.diagnostic(
                ("player", "position", 0),
                "scenario.position",
                f"row {row} is off the board (rows 1–{len(rows)})",
            )


def _check_boss_placement(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    """A Boss Warning card comes last in the deck, after whole rows; a scenario with `expect`
    needs one."""
    deck = doc.data.get("deck")
    if not isinstance(deck, YList):
        return
    bosses = {f"BOSS-{b}" for b in catalog.table("boss")}
    ids = [
        ref if isinstance(ref, str) else ref.get("card") if isinstance(ref, YMap) else None
        for ref in deck
    ]
    for i, card_id in enumerate(ids):
        if card_id in bosses and i != len(ids) - 1:
            yield doc.diagnostic(
                ("deck", i),
                "scenario.boss_not_last",
                f"the Boss Warning card {card_id} must be the last card of the deck",
                hint="R-SET-4: the boss goes to the bottom",
            )
    width = _solo_width(catalog)
    before = next((i for i, card_id in enumerate(ids) if card_id in bosses), len(ids))
    if width and before % width:
        yield doc.diagnostic(
            ("deck",),
            "scenario.deck_rows",
            f"the deck has {before} space card{'s' if before != 1 else ''}"
            f"{' before the boss' if before < len(ids) else ''}; rows are {width} cards wide, so "
            "its last row would be incomplete",
            hint=f"give the deck a multiple of {width} cards before the Boss Warning card",
        )
    boss_cards = {
        item.id
        for item in catalog.table("card").values()
        if item.deck in {b for b in catalog.table("boss")}
    }
    rows = doc.data.get("rows")
    on_board = any(
        (ref if isinstance(ref, str) else ref.get("card") if isinstance(ref, YMap) else None)
        in boss_cards
        for row in (rows if isinstance(rows, YList) else [])
        for ref in (row if isinstance(row, YList) else [])
    )
    if "expect" in doc.data and (not ids or ids[-1] not in bosses) and not on_board:
        yield doc.diagnostic(
            ("expect",),
            "scenario.no_boss",
            "a scenario with an expected verdict needs a boss: the Boss Warning card last in "
            "its deck, or the boss's cards on the board",
            hint="R-VAR-SOLO-1: the player wins by "
            "defeating the boss; add e.g. BOSS-CANNONRAM last",
        )


def _check_scenario_refs(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    data = doc.data
    for key in ("sensors", "sensor_hand"):
        for i, number in enumerate(data.get(key) or [] if isinstance(data.get(key), YList) else []):
            if whole(number) is not None and str(number) not in catalog.table("sensor"):
                yield doc.diagnostic((key, i), "ref.unknown", f"unknown sensor card {number}")
    for i, name in enumerate(
        data.get("powerups") if isinstance(data.get("powerups"), YList) else []
    ):
        yield from reference(doc, ("powerups", i), name, catalog, "powerups", "power-up")
    player = data.get("player")
    if isinstance(player, YMap):
        yield from _check_player(doc, player, catalog)
    rules = data.get("rules")
    if isinstance(rules, YMap):
        for name, value in rules.items():
            if name not in RULE_SWITCHES and isinstance(value, bool):
                yield from reference(doc, ("rules", name), name, catalog, "variants", "variant")
        yield from check_rule_refs(doc, ("rules",), rules, catalog)


def _check_player(doc: Document, player: YMap, catalog: Catalog) -> Iterator[Diagnostic]:
    upgrades = catalog.table("upgrades")
    levels = player.get("upgrades")
    for name, level in levels.items() if isinstance(levels, YMap) else []:
        if name not in upgrades:
            yield unresolved(doc, ("player", "upgrades", name), "upgrade", name, upgrades)
        elif whole(level) is not None:
            have = upgrades[name].data.get("levels")
            top = len(have) if isinstance(have, YList) else 0
            if level > top:
                yield doc.diagnostic(
                    ("player", "upgrades", name),
                    "ref.level",
                    f"upgrade '{name}' has {top} level{'s' if top != 1 else ''}; "
                    f"level {level} does not exist",
                )
    hand = player.get("powerup_hand")
    for i, name in enumerate(hand if isinstance(hand, YList) else []):
        yield from reference(
            doc, ("player", "powerup_hand", i), name, catalog, "powerups", "power-up"
        )
    yield from check_energy(doc, player, catalog)
