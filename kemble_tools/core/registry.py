"""The game registry: every game the pipeline serves is a plugin that the core discovers, never
imports by name. A game registers one object, its `GamePlugin`, through the entry-point group
`kemble_tools.games` (so it can live in a distribution of its own, as pytest's plugins do), or at
run time with `register_game` (as OpenSpiel's games do). docs/games.md describes the protocol."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

ENTRY_POINT_GROUP = "kemble_tools.games"
COMMANDS = ("validate", "compile", "run", "solve", "export", "site", "sweep", "new", "fmt", "lsp")


@dataclass(frozen=True)
class GameInfo:
    """Who made the game and how it is played: what `kemble games` and the site show."""

    id: str  # lower-case words joined by hyphens: what a file's `game:` key says
    title: str
    designers: tuple[str, ...]
    publisher: str
    year: int | None
    players: tuple[int, int]  # the fewest and the most
    solo_forms: tuple[str, ...]  # how one player plays it (a variant, a mode), if at all
    licence_note: str  # whose the game and its texts are, and what the project's content is


@runtime_checkable
class GamePlugin(Protocol):
    """What the core needs from a game. `implicit` marks the one game whose files need not say
    `game:` (files written before there were several games).

    Beyond these, each stage's hooks are one optional attribute (STAGES), typed by a protocol
    that the stage itself defines (docs/games.md lists them); a stage reads them with
    `hooks(plugin, name)`, and a game without them does not take part in that stage, which
    the stage says instead of failing."""

    info: GameInfo
    implicit: bool

    def content_kinds(self) -> Mapping[str, str]:
        """Each content kind (a file's `kind:`) and the name of its schema file."""
        ...

    def commands(self) -> frozenset[str]:
        """The commands (of COMMANDS) that handle this game's files."""
        ...

    def content_counts(self, paths: list[Any]) -> Mapping[str, int]:
        """How much content the shipped files (or `paths`) hold, by kind of card or scenario."""
        ...


# The optional stage attributes of a plugin: the DSL's words (kemble_tools.dsl), validate and
# compile, run (scenarios as states, action words, the state as text and JSON), solve, export,
# site, sweep with simulate, the skeletons `kemble new` writes, and the ids `kemble lsp` knows.
STAGES = (
    "vocabulary",
    "validation",
    "compiler",
    "play",
    "solver",
    "cards",
    "site",
    "sweep",
    "scaffold",
    "editor",
)


def hooks(plugin: GamePlugin, stage: str) -> Any:
    """The plugin's hooks for `stage` (one of STAGES), or None if it has none."""
    if stage not in STAGES:
        raise ValueError(f"no stage named {stage!r}")
    return getattr(plugin, stage, None)


@dataclass
class Registry:
    """The registered games by id, and the plugins that could not be loaded (a broken plugin
    is reported, never fatal: the other games keep working)."""

    games: dict[str, GamePlugin] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)  # entry-point name -> why

    def add(self, plugin: object, source: str) -> None:
        if not isinstance(plugin, GamePlugin):
            self.broken[source] = "it is not a GamePlugin (see docs/games.md)"
            return
        game_id = plugin.info.id
        if game_id in self.games and self.games[game_id] is not plugin:
            self.broken[source] = f"a second game with the id '{game_id}'"
            return
        if plugin.implicit and any(g.implicit for g in self.games.values() if g is not plugin):
            self.broken[source] = "a second game claiming the files that name no game"
            return
        self.games[game_id] = plugin

    def ids(self) -> list[str]:
        return sorted(self.games)

    def implicit_game(self) -> GamePlugin | None:
        """The game of the files that name none."""
        return next((game for game in self.games.values() if game.implicit), None)

    def game(self, game_id: str | None) -> GamePlugin:
        """The game a file or bundle names (None: the game of files that name none); raises
        UnknownGame with the known ids, for the caller to report at the file's position."""
        found = self.implicit_game() if game_id is None else self.games.get(game_id)
        if found is None:
            raise UnknownGame(game_id, self.ids())
        return found


class UnknownGame(LookupError):
    def __init__(self, game_id: str | None, known: list[str]) -> None:
        named = (
            f"no registered game is '{game_id}'"
            if game_id
            else "no game claims files without `game:`"
        )
        super().__init__(f"{named}; the registered games are: {', '.join(known) or 'none'}")
        self.game_id, self.known = game_id, known


_RUNTIME: list[GamePlugin] = []  # games registered with register_game, in order
_DISCOVERED: list[Registry] = []  # the entry points, read once per process


def register_game(plugin: GamePlugin) -> None:
    """Register a game at run time (tests, notebooks); entry points are the usual way."""
    if plugin not in _RUNTIME:
        _RUNTIME.append(plugin)


def unregister_game(plugin: GamePlugin) -> None:
    if plugin in _RUNTIME:
        _RUNTIME.remove(plugin)


def registry(load: Callable[[], Iterable[Any]] | None = None) -> Registry:
    """Every game: those the installed distributions declare, then those registered at run
    time. `load` replaces the entry-point lookup (tests)."""
    if load is not None:
        found = _from_entry_points(load())
    else:
        if not _DISCOVERED:
            # importlib.metadata costs 12 ms to import: only what looks a game up pays it
            from importlib.metadata import entry_points

            _DISCOVERED.append(_from_entry_points(entry_points(group=ENTRY_POINT_GROUP)))
        found = _DISCOVERED[0]
    result = Registry(dict(found.games), dict(found.broken))
    for plugin in _RUNTIME:
        result.add(plugin, f"register_game({plugin.info.id})")
    return result


def _from_entry_points(points: Iterable[Any]) -> Registry:
    result = Registry()
    for point in sorted(points, key=lambda p: p.name):
        try:
            plugin = point.load()
        except Exception as exc:  # a third party's broken package must not stop the others
            result.broken[point.name] = f"{type(exc).__name__}: {exc}"
            continue
        result.add(plugin, point.name)
    return result
