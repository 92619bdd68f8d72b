"""What a compiled bundle's cards and kinds fix for every game played with them (`Content`):
the cards by id, their numbers and kinds, the names an answer may give, and the action lists of
their effects. Worked out once per bundle and shared by the Rules of all its games
(`content_of`), so that a whole game's setup and its first transitions derive nothing again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kemble_tools.dsl.ir import Act, Effect

PATHS = ("missiles", "lasers", "deck", "structural")
BASE_NAMES = ("left", "right", *PATHS, "xp", "repair", "pilot", "keep", "own", "mechanic", "take")
SECTIONS = ("commands", "threats", "enemies", "boss_threats")  # the cards, by kind of card
CACHED = 8  # bundles whose content is kept (the latest used)


@dataclass(frozen=True)
class Content:
    cards: dict[str, dict[str, Any]]  # every command, threat, enemy and boss threat by id
    ids: tuple[str, ...]  # sorted
    numbers: dict[str, int]  # card id -> its place in `ids` (chance outcomes)
    twin: dict[str, str]  # card id -> the first id of the cards with the same data
    names: tuple[str, ...]  # every name an answer may give (BASE_NAMES, then option names)
    actions: dict[Any, tuple[Act, ...]] = field(default_factory=dict)  # programs.py fills it


def content_of(bundle: dict[str, Any]) -> Content:
    """The bundle's content, from the latest bundles' (by the identity of what it reads: a
    compiled bundle is never changed in place, and a scenario's own cards make new sections;
    the cache holds those objects, so their identities are not reused meanwhile)."""
    parts = (bundle.get("kinds"), bundle.get("bosses"), *(bundle[s] for s in SECTIONS))
    key = tuple(map(id, parts))
    entry = CACHE.pop(key, None) or (parts, made(bundle))
    CACHE[key] = entry  # the latest used last
    while len(CACHE) > CACHED:
        del CACHE[next(iter(CACHE))]
    return entry[1]


CACHE: dict[tuple[int, ...], tuple[tuple[Any, ...], Content]] = {}


def made(bundle: dict[str, Any]) -> Content:
    cards: dict[str, dict[str, Any]] = {}
    for section in SECTIONS:
        cards.update(bundle[section])
    ids = tuple(sorted(cards))
    names = (*BASE_NAMES, *option_names(bundle))
    return Content(cards, ids, {card: n for n, card in enumerate(ids)}, twins(cards), names)


def twins(cards: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Cards whose data differ only in id, name and flavour play alike: a bag is a multiset of
    such classes (§6 of the rules' contract: the canonical key)."""
    first: dict[str, str] = {}
    found: dict[str, str] = {}
    for card_id in sorted(cards):
        data = {k: v for k, v in cards[card_id].items() if k not in ("id", "name", "flavour")}
        found[card_id] = first.setdefault(repr(sorted(data.items())), card_id)
    return found


def option_names(bundle: dict[str, Any]) -> list[str]:
    """The names of every `choose: {option: …}` in the kinds' programs, beyond BASE_NAMES."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, Act):
            if node.action == "choose" and isinstance(node.args.get("option"), dict):
                names.update(node.args["option"])
            walk(list(node.args.values()))
        elif isinstance(node, Effect):
            walk(list(node.actions))
        elif isinstance(node, dict):
            walk(list(node.values()))
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    walk(bundle.get("kinds", {}))
    return sorted(names - set(BASE_NAMES))
