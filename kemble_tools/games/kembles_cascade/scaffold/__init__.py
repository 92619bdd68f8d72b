"""Kemble's Cascade's skeletons for `kemble new` (kemble_tools/scaffold `ScaffoldHooks`):
commented skeletons of every content kind, valid as written, and a whole expansion folder.

Each kind has a file template (header comments, the kind, the list key) and, for the kinds
whose files hold a list, an item template. A new item goes into the kind's file when it
exists (appended to its block list), else a new file is made. Every `$schema=` line is the
relative path from the written file to the shipped schema, so an editor finds it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from kemble_tools.games.kembles_cascade.validate import shapes
from kemble_tools.scaffold import ScaffoldError, append_item, display_name, fill, modeline
from kemble_tools.validate.pipeline import validate_paths

GAME = shapes.GAME["const"]  # the id its files name


@dataclass(frozen=True)
class Template:
    kind: str  # the content kind (GamePlugin.content_kinds)
    namespace: str  # its ids' table in the catalogue
    file: str  # where it goes inside --in, `{slug}` is the id in lower case
    pattern: str  # what a valid id looks like
    list_key: str | None = None  # the list an item is appended to
    item: str | None = None  # the item template, for kinds whose files hold a list

    @property
    def whole(self) -> str:
        return {"space_cards": "deck", "scenario": "scenario", "boss": "boss"}.get(
            self.kind, self.kind
        )


def _listed(kind: str, item: str, pattern: str = shapes.SNAKE_ID, namespace: str = "") -> Template:
    return Template(kind, namespace or kind, f"{kind}.yaml", pattern, kind, item)


TEMPLATES: dict[str, Template] = {
    "deck": Template("space_cards", "deck", "decks/{slug}.yaml", shapes.DECK_CODE),
    "space-card": Template(
        "space_cards", "card", "decks/{slug}.yaml", shapes.SPACE_CARD_ID, "cards", "space-card"
    ),
    "boss": Template("boss", "boss", "bosses/{slug}.yaml", shapes.DECK_CODE),
    "object": _listed("objects", "object"),
    "upgrade": _listed("upgrades", "upgrade"),
    "powerup": _listed("powerups", "powerup"),
    "sensor": _listed("sensors", "sensor", r"^([1-9][0-9]|[1-3][0-9]{2}|400)$", "sensor"),
    "mission": _listed("missions", "mission"),
    "achievement": _listed("achievements", "achievement"),
    "variant": _listed("variants", "variant"),
    "scenario": Template("scenario", "scenario", "scenarios/{slug}.yaml", shapes.SCENARIO_ID),
}
KINDS = (*TEMPLATES, "expansion")
EXPANSION_PATTERN = r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$"


def _text(name: str, suffix: str = ".yaml") -> str:
    return (resources.files(__package__) / "templates" / f"{name}{suffix}").read_text("utf-8")


ID_RULES = {  # what a valid id looks like, in words, by its pattern
    shapes.SNAKE_ID: "lower-case letters, digits and underscores, such as shield_drone",
    shapes.DECK_CODE: "upper-case letters and digits, such as N1 or KRAKEN",
    shapes.SPACE_CARD_ID: "a deck code, a dash and two digits, such as N1-07",
    shapes.SCENARIO_ID: "lower-case words joined by dashes, such as nebula-01",
}


def _check_id(what: str, item_id: str, pattern: str) -> None:
    if not re.fullmatch(pattern.strip("^$"), item_id):
        rule = ID_RULES.get(pattern, "a number from 10 to 400" if what == "sensor" else pattern)
        raise ScaffoldError(f"'{item_id}' is not a valid {what} id: {rule}")


def _taken(namespace: str, item_id: str, folder: Path) -> str | None:
    """Where the id is already defined, in the base game or the folder, if it is."""
    catalog = validate_paths([folder] if folder.is_dir() else []).catalog
    item = catalog.table(namespace).get(item_id)
    return None if item is None else item.where()


def plan(kind: str, item_id: str, folder: Path, **extra: str) -> tuple[Path, str]:
    """The file to write and its whole new text (an existing file with the item appended)."""
    template = TEMPLATES[kind]
    _check_id(kind, item_id, template.pattern)
    if (where := _taken(template.namespace, item_id, folder)) is not None:
        raise ScaffoldError(f"'{item_id}' is already defined at {where}")
    slug = item_id.split("-")[0] if kind == "space-card" else item_id
    target = folder / template.file.format(slug=slug.lower())
    values = {"ID": item_id, "NAME": display_name(item_id), "OBJECT": "fighter", **extra}
    item = fill(_text(f"{template.item}.item"), **values) if template.item else ""
    if target.exists():
        if not template.item:
            raise ScaffoldError(f"{target} already exists: choose another id or --in folder")
        key = template.list_key or ""
        return target, append_item(target, template.kind, key, item_id, item, ("id", "number"))
    whole_id = slug if kind == "space-card" else item_id
    if kind == "space-card" and (where := _taken("deck", slug, folder)) is not None:
        raise ScaffoldError(f"deck '{slug}' is already defined at {where}: add '{item_id}' there")
    header = {**values, "ID": whole_id, "NAME": display_name(whole_id)}
    body = fill(_text(template.whole), **header, ITEMS=item.rstrip("\n"))
    if kind == "deck":
        cards = [
            fill(_text("space-card.item"), **{**values, "ID": f"{item_id}-0{n}"}) for n in (1, 2)
        ]
        body = fill(_text("deck"), **header, ITEMS="".join(cards).rstrip("\n"))
    return target, fill(body, SCHEMA=modeline(target, GAME, template.kind).split("=", 1)[1])


def expansion(name: str, folder: Path) -> list[tuple[Path, str]]:
    """A whole expansion folder: a deck whose cards show a new object kind, a power-up, and a
    scenario on the new cards, with a README of the commands to run."""
    _check_id("expansion", name, EXPANSION_PATTERN)
    root = folder / name
    if root.exists():
        raise ScaffoldError(f"{root} already exists")
    code = re.sub(r"[^A-Z0-9]", "", name.upper())[:3] + "X"
    slug = name.replace("-", "_")
    raider = f"{slug}_raider"
    planned = [
        plan("deck", code, root, OBJECT=raider),
        plan("object", raider, root),
        plan("powerup", f"{slug}_boost", root),
        plan("scenario", f"{name}-01", root),
    ]
    scenario_path, scenario = planned[-1]
    planned[-1] = (scenario_path, scenario.replace("[S1-09, S1-02]", f"[{code}-01, {code}-02]"))
    readme = fill(_text("README", ".md"), NAME=name, DIR=root.as_posix())  # as `--in` was given
    return [*planned, (root / "README.md", readme)]


@dataclass(frozen=True)
class KembleScaffold:
    kinds: Sequence[str] = KINDS
    folder_kinds: Collection[str] = ("expansion",)

    def plan(self, kind: str, item_id: str, folder: Path) -> list[tuple[Path, str]]:
        return expansion(item_id, folder) if kind == "expansion" else [plan(kind, item_id, folder)]


SCAFFOLD = KembleScaffold()
