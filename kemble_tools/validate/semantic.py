"""Checks beyond the schema: forms of ids, references, deck counts, numbering, boards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity, did_you_mean
from kemble_tools.load.yaml_loader import Document, YList, YMap
from kemble_tools.validate.catalog import Catalog, Item, Path_, mappings_in
from kemble_tools.validate.object_kinds import check_marks, check_unused
from kemble_tools.validate.player import check_energy
from kemble_tools.validate.schemas import RULE_SWITCHES

BOARD_ROWS = 5  # R-GEO-1
SOLO_VARIANT = "solo"


def check_all(files: list[tuple[Document, str]], catalog: Catalog) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    checks = {
        "space_cards": _check_deck_file,
        "boss": _check_boss,
        "variants": _check_variants,
        "scenario": _check_scenario,
    }
    for doc, kind in files:
        if kind in checks:
            found.extend(checks[kind](doc, catalog))
    found.extend(_check_deck_counts(catalog))
    found.extend(_check_vacant_kind(catalog))
    found.extend(check_marks(catalog))
    found.extend(check_unused(files, catalog))
    return found


# --- helpers ---------------------------------------------------------------------------------


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _unresolved(
    doc: Document,
    path: Path_,
    what: str,
    name: str,
    known: dict[str, Item],
) -> Diagnostic:
    hint = did_you_mean(name, tuple(known)) or (
        f"known: {', '.join(sorted(known))}" if 0 < len(known) <= 12 else None
    )
    return doc.diagnostic(path, "ref.unknown", f"unknown {what} '{name}'", hint=hint)


def _ref(
    doc: Document, path: Path_, value: Any, catalog: Catalog, namespace: str, what: str
) -> Iterator[Diagnostic]:
    """A reference by id to something in the catalogue."""
    known = catalog.table(namespace)
    if isinstance(value, str) and value not in known:
        yield _unresolved(doc, path, what, value, known)


# --- cards -----------------------------------------------------------------------------------


def _check_card(
    doc: Document, path: Path_, card: YMap, catalog: Catalog, boss: str | None
) -> Iterator[Diagnostic]:
    """Object kinds, special rules and flip backs of one card (space or boss card)."""
    flip, back = card.get("flip") is True, card.get("back")
    if flip and back is None:
        yield doc.diagnostic(
            (*path, "flip"),
            "card.flip_without_back",
            "a flip card needs a 'back' with the quadrants of its other side",
            hint="add 'back: {quadrants: [...]}' (R-SYM-12)",
        )
    if back is not None and not flip:
        yield doc.diagnostic(
            (*path, "back"),
            "card.back_without_flip",
            "this card has a 'back' but is not marked 'flip: true'",
            hint="add 'flip: true' or remove 'back'",
        )
    sides = [((*path, "quadrants"), card.get("quadrants"))]
    if isinstance(back, YMap):
        sides.append(((*path, "back", "quadrants"), back.get("quadrants")))
    for side_path, quadrants in sides:
        for q_path, quadrant in mappings_in(quadrants, side_path):
            yield from _ref(
                doc, (*q_path, "object"), quadrant.get("object"), catalog, "objects", "object kind"
            )
            yield from _check_special(doc, q_path, quadrant, catalog, boss)
            if isinstance(quadrant.get("art"), str):
                yield from _check_art(doc, (*q_path, "art"), quadrant["art"])


ART_SUFFIXES, MAX_ART_BYTES = (".png", ".svg"), 2 * 1024 * 1024


def art_file(doc: Document, art: str) -> Path | None:
    """The picture a quadrant names, if it is a PNG or SVG file inside the card file's folder
    (nothing outside the content is ever read: see load/content.py)."""
    folder = Path(doc.file).parent.resolve()
    try:
        target = (folder / art).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    inside = target.is_relative_to(folder) and target.is_file()
    return target if inside and target.suffix.lower() in ART_SUFFIXES else None


def _check_art(doc: Document, path: Path_, art: str) -> Iterator[Diagnostic]:
    target = art_file(doc, art)
    if target is None:
        yield doc.diagnostic(
            path,
            "card.art",
            f"no PNG or SVG file '{art}' inside the folder of this card file",
            hint="give a path relative to this file, to a .png or .svg beside it or below it",
        )
    elif target.stat().st_size > MAX_ART_BYTES:
        yield doc.diagnostic(
            path, "card.art", f"'{art}' is larger than {MAX_ART_BYTES // 1024 // 1024} MiB"
        )


def _check_special(
    doc: Document, path: Path_, quadrant: YMap, catalog: Catalog, boss: str | None
) -> Iterator[Diagnostic]:
    special = quadrant.get("special")
    if not isinstance(special, str):
        return
    if boss is None:
        yield doc.diagnostic(
            (*path, "special"),
            "ref.special_outside_boss",
            "only a boss's cards can carry a Special Effect (R-SYM-13)",
        )
    else:
        yield from _ref(
            doc, (*path, "special"), special, catalog, f"special:{boss}", f"special rule of {boss}"
        )


def _check_deck_file(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    deck = doc.data.get("deck")
    code = deck.get("code") if isinstance(deck, YMap) else None
    if isinstance(code, str) and code in catalog.table("boss"):
        yield doc.diagnostic(
            ("deck", "code"), "id.deck_is_boss", f"deck code '{code}' is already a boss id"
        )
    for path, card in mappings_in(doc.data.get("cards"), ("cards",)):
        yield from _check_card_id(doc, path, card, code)
        yield from _check_card(doc, path, card, catalog, None)


def _check_card_id(doc: Document, path: Path_, card: YMap, deck: Any) -> Iterator[Diagnostic]:
    card_id, own_deck = card.get("id"), card.get("deck")
    if isinstance(own_deck, str) and isinstance(deck, str) and own_deck != deck:
        yield doc.diagnostic(
            (*path, "deck"),
            "id.deck_mismatch",
            f"card says deck '{own_deck}' but the file is deck '{deck}'",
            hint="leave 'deck' out: cards belong to their file's deck",
        )
        return
    expected_deck = own_deck if isinstance(own_deck, str) else deck
    if isinstance(card_id, str) and isinstance(expected_deck, str):
        prefix = card_id.rsplit("-", 1)[0]
        if prefix != expected_deck:
            yield doc.diagnostic(
                (*path, "id"),
                "id.form",
                f"card id '{card_id}' does not start with its deck code '{expected_deck}'",
                hint=f"name it {expected_deck}-NN",
            )


# --- bosses ----------------------------------------------------------------------------------


def _check_boss(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    data, boss = doc.data, doc.data.get("id")
    if not isinstance(boss, str):
        return
    rows = _int(data.get("rows"))
    numbers = []
    for path, card in mappings_in(data.get("cards"), ("cards",)):
        yield from _check_card(doc, path, card, catalog, boss)
        if (number := _int(card.get("number"))) is not None:
            numbers.append(number)
    if rows in (1, 2) and numbers:
        expected = set(range(1, 4 * rows + 1))
        missing, extra = sorted(expected - set(numbers)), sorted(set(numbers) - expected)
        if missing or extra:
            parts = ([f"missing {', '.join(map(str, missing))}"] if missing else []) + (
                [f"unexpected {', '.join(map(str, extra))}"] if extra else []
            )
            yield doc.diagnostic(
                ("cards",),
                "boss.numbering",
                f"a {rows}-row boss has cards numbered 1–{4 * rows}: {'; '.join(parts)}",
                hint="R-COMP-2",
            )
    used = _special_refs(data)
    for path, rule in mappings_in(data.get("special_rules"), ("special_rules",)):
        if isinstance(rule.get("id"), str) and rule["id"] not in used:
            yield doc.diagnostic(
                (*path, "id"),
                "boss.unused_rule",
                f"special rule '{rule['id']}' is not used by any card of the boss",
                severity=Severity.WARNING,
                hint="boss-wide rules are fine; check for a typo on the cards",
            )


def _special_refs(boss: YMap) -> set[str]:
    refs: set[str] = set()
    for _, card in mappings_in(boss.get("cards"), ()):
        back = card.get("back")
        for quadrants in (
            card.get("quadrants"),
            back.get("quadrants") if isinstance(back, YMap) else None,
        ):
            refs.update(q.get("special") for _, q in mappings_in(quadrants, ()) if q.get("special"))
    return refs


# --- variants and deck counts ----------------------------------------------------------------


def _check_variants(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    variants = catalog.table("variants")
    for path, variant in mappings_in(doc.data.get("variants"), ("variants",)):
        yield from _ref(
            doc, (*path, "extends"), variant.get("extends"), catalog, "variants", "variant"
        )
        for s_path, setup in mappings_in(variant.get("setups"), (*path, "setups")):
            for p_path, part in mappings_in(setup.get("space_deck"), (*s_path, "space_deck")):
                for key in ("deck", "top_up"):
                    yield from _ref(doc, (*p_path, key), part.get(key), catalog, "deck", "deck")
        if isinstance(variant.get("rules"), YMap):
            yield from _check_rule_refs(doc, (*path, "rules"), variant["rules"], catalog)
        if variant.get("extends") == variant.get("id") and variant.get("id") in variants:
            yield doc.diagnostic((*path, "extends"), "ref.cycle", "a variant cannot extend itself")


def _check_rule_refs(
    doc: Document, path: Path_, rules: YMap, catalog: Catalog
) -> Iterator[Diagnostic]:
    """Rule switches that name upgrades or decks name ones that exist."""
    upgrades = catalog.table("upgrades")
    for key in ("upgrade_prices", "start_upgrades"):
        table = rules.get(key)
        for name in table if isinstance(table, YMap) else ():
            if name not in upgrades:
                yield _unresolved(doc, (*path, key, name), "upgrade", name, upgrades)
    listed = (("not_for_sale", "upgrades", "upgrade"), ("insert_decks", "deck", "deck"))
    for key, namespace, what in listed:
        items = rules.get(key)
        for i, name in enumerate(items if isinstance(items, YList) else ()):
            yield from _ref(doc, (*path, key, i), name, catalog, namespace, what)


def _check_vacant_kind(catalog: Catalog) -> Iterator[Diagnostic]:
    """Exactly one object kind is what a covered quadrant shows (`vacant`)."""
    kinds = list(catalog.table("objects").values())
    vacant = [item for item in kinds if item.data.get("vacant") is True]
    for item in vacant[1:]:
        yield item.doc.diagnostic(
            (*item.path, "vacant"),
            "object.vacant",
            f"object kind '{item.id}' is vacant, but so is '{vacant[0].id}' ({vacant[0].where()})",
            hint="one kind shows a covered quadrant; keep `vacant: true` on one of them",
        )
    if kinds and not vacant:
        first = kinds[0]
        yield first.doc.diagnostic(
            first.path,
            "object.vacant",
            "no object kind is vacant: nothing says what a covered quadrant shows",
            hint="mark the empty-space kind with `vacant: true`",
        )


def setups_of(variant: YMap, variants: dict[str, Item]) -> list[tuple[Path_, YMap, Item]]:
    """A variant's own setups, or those of the variant it extends (following the chain)."""
    seen: set[str] = set()
    current: YMap | None = variant
    while current is not None:
        if isinstance(current.get("setups"), YList):
            owner = variants.get(str(current.get("id")))
            setups = mappings_in(current["setups"], ("setups",))
            return [(path, setup, owner) for path, setup in setups] if owner else []
        parent = current.get("extends")
        if not isinstance(parent, str) or parent in seen or parent not in variants:
            return []
        seen.add(parent)
        current = variants[parent].data
    return []


def _check_deck_counts(catalog: Catalog) -> Iterator[Diagnostic]:
    """Every setup of every variant can be dealt from the decks (R-SET-4, R-VAR-TUN-1)."""
    sizes = {code: len(cards) for code, cards in catalog.decks.items()}
    for item in catalog.table("variants").values():
        for s_path, setup, owner in setups_of(item.data, catalog.table("variants")):
            if owner.id != item.id:
                continue  # checked once, on the variant that defines it
            yield from _check_setup(owner, s_path, setup, sizes)


def _check_setup(
    owner: Item, s_path: Path_, setup: YMap, sizes: dict[str, int]
) -> Iterator[Diagnostic]:
    """Deal the setup's parts in order from what is left of each deck; report a part that runs
    out (a deck used by two parts, or as a top-up, is shared between them)."""
    width = _int(setup.get("row_width"))
    players = setup.get("players")
    if width is None or not isinstance(players, YList):
        return
    left = dict(sizes)
    for p_path, part in mappings_in(setup.get("space_deck"), (*s_path, "space_deck")):
        deck, top_up = part.get("deck"), part.get("top_up")
        if not isinstance(deck, str) or deck not in left:
            continue  # unknown decks are reported as references
        rows, cards = _int(part.get("rows")), _int(part.get("cards"))
        needed = cards if cards is not None else (rows or 0) * width
        sources = [deck] + ([top_up] if isinstance(top_up, str) and top_up in left else [])
        have = ", ".join(f"{source} has {left[source]}" for source in sources)
        missing = needed
        for source in sources:
            taken = min(missing, left[source])
            left[source] -= taken
            missing -= taken
        if missing:
            counts = ", ".join(str(p) for p in players)
            yield owner.doc.diagnostic(
                (*owner.path, *p_path),
                "count.deck_short",
                f"variant '{owner.id}' ({counts} players) needs {needed} {deck} cards here; "
                f"{have} left",
                hint="add cards to the deck, lower the count, or name a 'top_up' deck",
            )


# --- scenarios -------------------------------------------------------------------------------


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


def _check_scenario(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    data = doc.data
    local = _local_cards(doc, catalog)
    yield from local[1]
    cards = {**catalog.table("card"), **local[0]}
    seen: dict[str, Path_] = {}
    for path, card_id, ref in _card_refs(data):
        if card_id not in cards:
            yield _unresolved(doc, path, "card", card_id, cards)
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
        problems.extend(_check_card_id(doc, path, card, None))
        problems.extend(_check_card(doc, path, card, catalog, None))
    return local, problems


def _solo_width(catalog: Catalog) -> int | None:
    solo = catalog.table("variants").get(SOLO_VARIANT)
    if solo is None:
        return None
    setups = setups_of(solo.data, catalog.table("variants"))
    return _int(setups[0][1].get("row_width")) if setups else None


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
        if _int(column) is not None and column > 2 * width:
            yield doc.diagnostic(
                ("player", "position", 1),
                "scenario.position",
                f"column {column} is off the board (columns 1–{2 * width})",
            )
        if _int(row) is not None and row > len(rows):
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
            if _int(number) is not None and str(number) not in catalog.table("sensor"):
                yield doc.diagnostic((key, i), "ref.unknown", f"unknown sensor card {number}")
    for i, name in enumerate(
        data.get("powerups") if isinstance(data.get("powerups"), YList) else []
    ):
        yield from _ref(doc, ("powerups", i), name, catalog, "powerups", "power-up")
    player = data.get("player")
    if isinstance(player, YMap):
        yield from _check_player(doc, player, catalog)
    rules = data.get("rules")
    if isinstance(rules, YMap):
        for name, value in rules.items():
            if name not in RULE_SWITCHES and isinstance(value, bool):
                yield from _ref(doc, ("rules", name), name, catalog, "variants", "variant")
        yield from _check_rule_refs(doc, ("rules",), rules, catalog)


def _check_player(doc: Document, player: YMap, catalog: Catalog) -> Iterator[Diagnostic]:
    upgrades = catalog.table("upgrades")
    levels = player.get("upgrades")
    for name, level in levels.items() if isinstance(levels, YMap) else []:
        if name not in upgrades:
            yield _unresolved(doc, ("player", "upgrades", name), "upgrade", name, upgrades)
        elif _int(level) is not None:
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
        yield from _ref(doc, ("player", "powerup_hand", i), name, catalog, "powerups", "power-up")
    yield from check_energy(doc, player, catalog)
