"""A Bossin' Space scenario's checks (its semantic checks): its ids exist and lie
in the right piles, once each; its grid, Ship, XP, upgrades, Boss and players are a position
the rules can reach; its local cards add and never replace."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity, did_you_mean
from kemble_tools.games.bossins_space.validate.entries import CARD_TABLES, LISTS, add_entries
from kemble_tools.games.bossins_space.validate.shapes import DATA_KINDS
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog, Path_, mappings_in

ROWS = ("A", "B", "C")
PILE_TABLES = {
    "enemy_deck": "enemies",
    "enemy_discard": "enemies",
    "threat_deck": "threats",
    "threat_used": "threats",
    "command_deck": "commands",
    "command_discard": "commands",
    "advanced_deck": "commands",
}
UPGRADE_CUBES = 8  # R-BS-UPG-8


def with_local_cards(doc: Document, catalog: Catalog) -> tuple[Catalog, list[Diagnostic]]:
    """The catalogue this scenario reads: the shipped ids and its own `cards`, which add and
    never replace (`bs.card.id_clash`); a data kind there is `bs.scenario.cards_kind`."""
    merged = Catalog({name: dict(table) for name, table in catalog.items.items()})
    found: list[Diagnostic] = []
    for path, local in mappings_in(doc.data.get("cards"), ("cards",)):
        kind = local.get("kind")
        if kind in DATA_KINDS:
            found.append(
                doc.diagnostic(
                    (*path, "kind"),
                    "bs.scenario.cards_kind",
                    f"a scenario cannot hold a '{kind}' document",
                    hint="a scenario changes data only through `rules`",
                )
            )
        elif kind in LISTS:
            own = Catalog()
            add_entries(own, doc, kind, path)
            for table, items in own.items.items():
                for item_id, item in items.items():
                    if any(item_id in merged.table(t) for t in CARD_TABLES):
                        found.append(
                            doc.diagnostic(
                                (*item.path, "id"),
                                "bs.card.id_clash",
                                f"id '{item_id}' is already defined",
                                hint="scenario cards add, never replace",
                            )
                        )
                    else:
                        merged.table(table)[item_id] = item
            found.extend(replace(d, code="bs.card.id_clash") for d in own.diagnostics)
    return merged, found


def check_scenario(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    data = doc.data
    places: dict[str, Path_] = {}
    yield from _grid(doc, catalog, places)
    for pile, table in PILE_TABLES.items():
        value = data.get(pile)
        ids = value.get("shuffle") if isinstance(value, YMap) else value
        base = (pile, "shuffle") if isinstance(value, YMap) else (pile,)
        for i, card in enumerate(ids if isinstance(ids, YList) else []):
            yield from _ref(doc, (*base, i), card, table, catalog, places, pile == "advanced_deck")
    for path, player in mappings_in(data.get("players"), ("players",)):
        for i, card in enumerate(player.get("hand") or []):
            yield from _ref(doc, (*path, "hand", i), card, "commands", catalog, places)
    yield from _boss(doc, catalog)
    yield from _ship_and_xp(doc)
    yield from _players(doc)
    yield from _level_set(doc, catalog)


def _ref(
    doc: Document,
    path: Path_,
    card: Any,
    table: str,
    catalog: Catalog,
    places: dict[str, Path_],
    advanced: bool = False,
) -> Iterator[Diagnostic]:
    """`bs.ref.unknown`, `bs.card.wrong_pile`, `bs.card.twice`."""
    if not isinstance(card, str):
        return
    if card in places:
        line, _ = doc.position(places[card])
        yield doc.diagnostic(
            path,
            "bs.card.twice",
            f"'{card}' is already placed at line {line}",
            hint="a card lies in one place",
        )
    places.setdefault(card, path)
    item = catalog.table(table).get(card)
    if item is None:
        other = next((t for t in CARD_TABLES if card in catalog.table(t)), None)
        if other is not None:
            yield doc.diagnostic(
                path,
                "bs.card.wrong_pile",
                f"'{card}' is one of the {other.replace('_', ' ')}, not of the {table}",
                hint="put it in a pile of its own kind",
            )
        else:
            yield doc.diagnostic(
                path,
                "bs.ref.unknown",
                f"no card of the {table} is '{card}'",
                hint=did_you_mean(card, tuple(catalog.table(table))),
            )
    elif advanced and not item.data.get("advanced"):
        yield doc.diagnostic(
            path,
            "bs.card.wrong_pile",
            f"'{card}' is not an Advanced card",
            hint="advanced_deck holds the Advanced cards (R-BS-SET-6)",
        )


def _closed_rows(data: YMap) -> tuple[str, ...]:
    """D-BS-BOSS-7: every row at or above the Boss marker's row is closed."""
    boss = data.get("boss")
    row = boss.get("row") if isinstance(boss, YMap) else None
    return ROWS[: ROWS.index(row) + 1] if row in ROWS else ()


def _grid(doc: Document, catalog: Catalog, places: dict[str, Path_]) -> Iterator[Diagnostic]:
    grid = doc.data.get("grid")
    if not isinstance(grid, YMap):
        return
    closed = _closed_rows(doc.data)
    filled: dict[tuple[str, int], bool] = {}
    for row in ROWS:
        cells = grid.get(row)
        if cells is None:
            continue
        if not isinstance(cells, YList) or len(cells) != 4:
            yield doc.diagnostic(
                ("grid", row),
                "bs.grid.shape",
                f"row {row} has {len(cells) if isinstance(cells, list) else 0} entries, not 4",
                hint="one entry per column, null if empty",
            )
        for col, cell in enumerate(cells if isinstance(cells, YList) else []):
            card = cell.get("card") if isinstance(cell, YMap) else cell
            filled[(row, col)] = card is not None
            path = ("grid", row, col, "card") if isinstance(cell, YMap) else ("grid", row, col)
            if card is None:
                continue
            yield from _ref(doc, path, card, "enemies", catalog, places)
            if row in closed:
                yield doc.diagnostic(
                    path, "bs.grid.closed_row", f"row {row} is closed by the Boss (D-BS-BOSS-7)"
                )
            item = catalog.table("enemies").get(card)
            damage = cell.get("damage", 0) if isinstance(cell, YMap) else 0
            if item is not None and isinstance(damage, int) and damage >= item.data.get("life", 99):
                yield doc.diagnostic(
                    ("grid", row, col, "damage"),
                    "bs.grid.damage",
                    f"{damage} damage would have defeated '{card}' (life {item.data.get('life')})",
                    hint="R-BS-DMG-1",
                )
    for (row, col), full in filled.items():
        above = ROWS[: ROWS.index(row)]
        if full and any(not filled.get((r, col), False) and r not in closed for r in above):
            yield doc.diagnostic(
                ("grid", row, col),
                "bs.grid.gap",
                f"an empty open space above the card in {row}{col + 1}",
                severity=Severity.WARNING,
                hint="columns pack upward (R-BS-GEO-5)",
            )


def _boss(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    boss = doc.data.get("boss")
    state = boss if isinstance(boss, YMap) else {"card": boss}
    card = state.get("card")
    if isinstance(card, str) and card not in catalog.table("bosses"):
        path = ("boss", "card") if isinstance(boss, YMap) else ("boss",)
        yield doc.diagnostic(
            path,
            "bs.ref.unknown",
            f"no Boss is '{card}'",
            hint=did_you_mean(card, tuple(catalog.table("bosses"))),
        )
    status = state.get("status", "hidden")
    at = ("boss",)
    problems = []
    if status == "hidden" and doc.data.get("enemy_deck") == []:
        problems.append("a hidden Boss under an empty Enemy deck would be revealed (D-BS-ENE-4)")
    if status == "hidden" and "row" in state:
        problems.append("a hidden Boss has no row yet: `row` is for revealed and in_play")
    if status == "in_play" and "column" not in state:
        problems.append("a Boss in play needs its `column`")
    if status != "in_play" and ("column" in state or "life" in state):
        problems.append("`column` and `life` are for a Boss in play")
    item = catalog.table("bosses").get(card) if isinstance(card, str) else None
    life = state.get("life")
    if item is not None and isinstance(life, int) and life > item.data.get("life", life):
        problems.append(f"life {life} is above the Boss's maximum {item.data.get('life')}")
    for problem in problems:
        yield doc.diagnostic(at, "bs.boss.state", problem)


def _ship_and_xp(doc: Document) -> Iterator[Diagnostic]:
    data = doc.data
    upgrades = data.get("upgrades") if isinstance(data.get("upgrades"), YMap) else {}
    levels = {p: upgrades.get(p, 0) for p in ("missiles", "lasers", "deck", "structural")}
    rules = data.get("rules") if isinstance(data.get("rules"), YMap) else {}
    ship = data.get("ship") if isinstance(data.get("ship"), YMap) else {}
    max_life, heat_limit = 3 + levels["structural"], rules.get("heat_limit", 4)
    if not 1 <= ship.get("life", max_life) <= max_life:
        yield doc.diagnostic(
            ("ship", "life"),
            "bs.ship.range",
            f"life must be 1 to {max_life} (3 + structural, D-BS-LIFE-1)",
        )
    if ship.get("heat", 0) >= heat_limit:
        yield doc.diagnostic(
            ("ship", "heat"),
            "bs.ship.range",
            f"heat must be below the limit {heat_limit} (R-BS-HEAT-3)",
        )
    placed = sum(levels.values())
    for k in range(1, levels["structural"] + 1):
        if any(levels[p] < k for p in ("missiles", "lasers", "deck")):
            yield doc.diagnostic(
                ("upgrades", "structural"),
                "bs.upgrades.order",
                f"structural level {k} needs level {k} on all three paths",
                hint="D-BS-UPG-5",
            )
    if placed > UPGRADE_CUBES:
        yield doc.diagnostic(
            ("upgrades",),
            "bs.upgrades.order",
            f"{placed} levels, but there are {UPGRADE_CUBES} cubes (R-BS-UPG-8)",
        )
    players = len(data.get("players") or []) or 1
    gap = rules.get("xp_gap", 2 if players <= 2 else 1)
    cost = gap + placed + 1  # D-BS-SET-1
    xp = data.get("xp", 0)
    if isinstance(xp, int) and (xp >= cost or (placed >= UPGRADE_CUBES and xp)):
        yield doc.diagnostic(
            ("xp",),
            "bs.xp.range",
            f"xp {xp} would already have bought the next upgrade (cost {cost})",
            hint="D-BS-SET-1, R-BS-UPG-2",
        )


def _players(doc: Document) -> Iterator[Diagnostic]:
    players = doc.data.get("players")
    count = len(players) if isinstance(players, YList) else 0
    crew = doc.data.get("variant") == "crew"
    if (crew and not 2 <= count <= 5) or (not crew and count):
        wanted = "2 to 5 players" if crew else "no players (R-BS-SOLO-2)"
        yield doc.diagnostic(
            ("players",) if count else ("variant",),
            "bs.players.count",
            f"a {'crew' if crew else 'solo'} scenario has {wanted}",
        )


def _level_set(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    """A warning when a Threat card listed is not of the level's set (D-BS-SET-5)."""
    level = doc.data.get("level")
    for pile in ("threat_deck", "threat_used"):
        value = doc.data.get(pile)
        ids = value.get("shuffle") if isinstance(value, YMap) else value
        for i, card in enumerate(ids if isinstance(ids, YList) else []):
            item = catalog.table("threats").get(card) if isinstance(card, str) else None
            if item is not None and item.data.get("level") not in ("normal", level):
                yield doc.diagnostic(
                    (pile, i),
                    "bs.threat.level_set",
                    f"'{card}' is a {item.data.get('level')} card in a {level} scenario",
                    severity=Severity.WARNING,
                    hint="R-BS-VAR-1, D-BS-SET-5",
                )
