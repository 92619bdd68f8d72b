"""Bossin' Space's checks across files beyond the schemas (codes `bs.…`): the kinds cards name
exist and may be printed there, each Boss's Boss Threat cards cover the columns once
(D-BS-BOSS-9), the shipped content keeps the rulebook's counts (R-BS-COMP-1, issue 22), and
scenarios are sound (scenario_checks.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from kemble_tools.diagnostics import Diagnostic, Severity, did_you_mean
from kemble_tools.games.bossins_space.validate.scenario_checks import (
    check_scenario,
    with_local_cards,
)
from kemble_tools.load.yaml_loader import Document
from kemble_tools.validate.catalog import Catalog, Path_, mappings_in
from kemble_tools.validate.hooks import Files

# The kinds of §3b-BS, used when no bs_kinds file defines them.
COMMAND_KINDS = (
    "move",
    "shot",
    "missile",
    "emp",
    "portal",
    "heal",
    "laser",
    "teleport",
    "double_shot",
    "chain_explosion",
    "extra_move",
)
THREAT_KINDS = ("attack", "move", "new_enemy", "activation", "help", "empty")
ENEMY_ONLY = ("attack", "discard_self")  # never on a Boss Threat card (D-BS-BOSS-9)
BOSS_ONLY = ("boss_emp", "boss_heal", "flip_boss", "boss_attack")  # R-BS-BOSS-6
EFFECT_KINDS = (
    "ship_damage",
    "ship_repair",
    "move",
    "move_relative",
    "heat",
    "reinforce",
    "xp",
    *ENEMY_ONLY,
    *BOSS_ONLY,
)
SHIPPED = "cards/bossins-space/"


def check_all(files: Files, catalog: Catalog) -> Iterator[Diagnostic]:
    for doc, kind in files:
        if kind == "scenario":
            merged, found = with_local_cards(doc, catalog)
            yield from found
            yield from check_scenario(doc, merged)
            for path, local in mappings_in(doc.data.get("cards"), ("cards",)):
                yield from check_cards(doc, str(local.get("kind")), path, merged)
        else:
            yield from check_cards(doc, kind, (), catalog)
    yield from check_counts([(doc, kind) for doc, kind in files if _shipped(doc)])


def check_cards(doc: Document, kind: str, at: Path_, catalog: Catalog) -> Iterator[Diagnostic]:
    """The kinds a card file (or a scenario's local document at `at`) names."""
    data = doc.resolve(at) if at else doc.data
    if kind == "bs_commands":
        for path, card in mappings_in(data.get("cards"), (*at, "cards")):
            yield from _kind(doc, (*path, "kind"), card.get("kind"), catalog, "command")
    elif kind == "bs_threats":
        for path, card in mappings_in(data.get("cards"), (*at, "cards")):
            effect = card.get("effect")
            if hasattr(effect, "get"):
                yield from _kind(
                    doc, (*path, "effect", "kind"), effect.get("kind"), catalog, "threat"
                )
    elif kind == "bs_enemies":
        for path, card in mappings_in(data.get("cards"), (*at, "cards")):
            for epath, effect in mappings_in(card.get("activation"), (*path, "activation")):
                yield from _kind(doc, (*epath, "kind"), effect.get("kind"), catalog, "enemy")
    elif kind == "bs_bosses":
        for path, boss in mappings_in(data.get("bosses"), (*at, "bosses")):
            yield from _boss(doc, path, boss, catalog)


def _boss(doc: Document, path: Path_, boss: dict, catalog: Catalog) -> Iterator[Diagnostic]:
    """D-BS-BOSS-9: the 4 cards print the positions 1–4 once each; their effects are Enemy
    effects other than Discard Self and Attack, or the Boss's own (R-BS-BOSS-6)."""
    cards = list(mappings_in(boss.get("threats"), (*path, "threats")))
    positions = [card.get("position") for _, card in cards]
    if sorted(p for p in positions if isinstance(p, int)) != [1, 2, 3, 4]:
        yield doc.diagnostic(
            (*path, "threats"),
            "bs.boss_threat.positions",
            f"Boss '{boss.get('id')}' has Boss Threat cards at positions "
            f"{sorted(p for p in positions if isinstance(p, int))}, not 1, 2, 3 and 4 once each",
            hint="each boss has 4 Boss Threat cards, one per Timeline column (D-BS-BOSS-9)",
        )
    for cpath, card in cards:
        for epath, effect in mappings_in(card.get("effects"), (*cpath, "effects")):
            yield from _kind(doc, (*epath, "kind"), effect.get("kind"), catalog, "boss_threat")


def _kind(
    doc: Document, path: Path_, name: object, catalog: Catalog, where: str
) -> Iterator[Diagnostic]:
    """A kind a card names exists (in bs_kinds, else among §3b-BS's) and may be printed
    `where` (`bs.kind.unknown`, `bs.kind.not_here`)."""
    if not isinstance(name, str):
        return
    known = known_kinds(catalog, where)
    if name not in known:
        what = {"command": "Command kind", "threat": "Threat effect"}.get(where, "Enemy effect")
        yield doc.diagnostic(
            path,
            "bs.kind.unknown",
            f"no {what} is '{name}'",
            hint=did_you_mean(name, tuple(known)) or f"one of: {', '.join(known)}",
        )
        return
    if where in ("enemy", "boss_threat") and not _allowed_on(catalog, name, where):
        yield doc.diagnostic(
            path,
            "bs.kind.not_here",
            f"'{name}' cannot be printed on {'an Enemy' if where == 'enemy' else 'a Boss Threat'}"
            " card",
            hint="D-BS-BOSS-9: Discard Self and Attack are the Enemies' own; "
            "boss_emp, boss_heal, flip_boss and boss_attack the Boss's (R-BS-BOSS-6)",
        )


def known_kinds(catalog: Catalog, where: str) -> tuple[str, ...]:
    namespace = {"command": "command_kinds", "threat": "threat_kinds"}.get(where, "effect_kinds")
    defined = tuple(catalog.table(namespace))
    if defined or catalog.table("command_kinds") or catalog.table("threat_kinds"):
        return defined
    return {"command": COMMAND_KINDS, "threat": THREAT_KINDS}.get(where, EFFECT_KINDS)


def _allowed_on(catalog: Catalog, name: str, where: str) -> bool:
    item = catalog.table("effect_kinds").get(name)
    if item is not None:
        hosts = item.data.get("hosts")
        return not isinstance(hosts, list) or where in hosts
    return name not in (BOSS_ONLY if where == "enemy" else ENEMY_ONLY)


# --- the rulebook's counts (R-BS-COMP-1; issue 22): warnings on the shipped content ---


def check_counts(files: Files) -> Iterator[Diagnostic]:
    cards: dict[str, list[dict]] = {}
    first: dict[str, tuple[Document, Path_]] = {}
    for doc, kind in files:
        key = "bosses" if kind == "bs_bosses" else "cards"
        for path, entry in mappings_in(doc.data.get(key), (key,)):
            cards.setdefault(kind, []).append(entry)
            first.setdefault(kind, (doc, path[:1]))
    for kind, problem in count_problems(cards):
        doc, path = first[kind]
        yield doc.diagnostic(
            path,
            "bs.count",
            problem,
            severity=Severity.WARNING,
            hint="the rulebook's counts (R-BS-COMP-1, R-BS-SET-4)",
        )


def count_problems(cards: dict[str, list[dict]]) -> Iterator[tuple[str, str]]:
    """What departs from 34 Command + 6 Advanced, 34 Enemies (10 × 1 XP, 10 × 2 XP, ≥ 8 × 3
    XP), 24 Threats (12 normal, 4 each of easy, hard, extreme), 5 Bosses with 20 Boss Threat
    cards, and 5 Crew."""
    if "bs_commands" in cards:
        advanced = sum(bool(c.get("advanced")) for c in cards["bs_commands"])
        yield from _expect("bs_commands", "Command cards", len(cards["bs_commands"]) - advanced, 34)
        yield from _expect("bs_commands", "Advanced Command cards", advanced, 6)
    if "bs_enemies" in cards:
        tiers = Counter(c.get("xp") for c in cards["bs_enemies"])
        yield from _expect("bs_enemies", "Enemy cards", len(cards["bs_enemies"]), 34)
        yield from _expect("bs_enemies", "1-XP Enemy cards", tiers[1], 10)
        yield from _expect("bs_enemies", "2-XP Enemy cards", tiers[2], 10)
        if tiers[3] < 8:
            yield "bs_enemies", f"{tiers[3]} 3-XP Enemy cards, fewer than the 8 solo needs"
    if "bs_threats" in cards:
        levels = Counter(c.get("level") for c in cards["bs_threats"])
        for level, wanted in (("normal", 12), ("easy", 4), ("hard", 4), ("extreme", 4)):
            yield from _expect("bs_threats", f"{level} Threat cards", levels[level], wanted)
    if "bs_bosses" in cards:
        bosses = cards["bs_bosses"]
        threats = sum(len(b.get("threats") or []) for b in bosses)
        yield from _expect("bs_bosses", "Bosses", len(bosses), 5)
        yield from _expect("bs_bosses", "Boss Threat cards", threats, 20)
    if "bs_crew" in cards:
        yield from _expect("bs_crew", "Crew cards", len(cards["bs_crew"]), 5)


def _expect(kind: str, what: str, found: int, wanted: int) -> Iterator[tuple[str, str]]:
    if found != wanted:
        yield kind, f"{found} {what}, where the game has {wanted}"


def _shipped(doc: Document) -> bool:
    return SHIPPED in doc.file.replace("\\", "/")
