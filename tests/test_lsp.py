"""`kemble lsp`, spoken to over stdio as an editor does: JSON-RPC with Content-Length frames."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from queue import Empty, Queue
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60


class Editor:
    """A minimal LSP client: requests wait for their answer; notifications are queued."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kemble_tools.cli", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=root,
        )
        self.messages: Queue[dict[str, Any]] = Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            headers = {}
            while (line := stream.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("ascii").partition(":")
                headers[name.strip().lower()] = value.strip()
            if not headers:
                return
            body = stream.read(int(headers["content-length"]))
            self.messages.put(json.loads(body))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        self.process.stdin.flush()

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=TIMEOUT)
            if message.get("id") == self.next_id and "method" not in message:
                assert "error" not in message, message
                return message["result"]
            self.messages.put(message) if message.get("method") else None

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def diagnostics_for(self, uri: str) -> list[dict[str, Any]]:
        """The next diagnostics published for a file (other files' are skipped)."""
        while True:
            try:
                message = self.messages.get(timeout=TIMEOUT)
            except Empty:
                raise AssertionError(f"no diagnostics for {uri}") from None
            published = message.get("method") == "textDocument/publishDiagnostics"
            if published and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def close(self) -> None:
        self.request("shutdown", None)
        self.notify("exit", None)
        self.process.wait(timeout=TIMEOUT)


@pytest.fixture
def expansion(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    folder = tmp_path / "exp"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "kemble_tools.cli",
            "new",
            "expansion",
            "exp",
            "--in",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert run.returncode == 0, run.stderr
    return folder


@pytest.fixture
def editor(expansion: Path) -> Any:
    editor = Editor(expansion)
    result = editor.request(
        "initialize",
        {"processId": None, "rootUri": expansion.as_uri(), "capabilities": {}},
    )
    capabilities = result["capabilities"]
    assert capabilities["hoverProvider"] and capabilities["definitionProvider"]
    assert "completionProvider" in capabilities
    editor.notify("initialized", {})
    yield editor
    editor.close()


def _open(editor: Editor, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8") if text is None else text
    editor.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
    )
    return uri


def _position(text: str, needle: str, offset: int = 0) -> dict[str, int]:
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return {"line": line, "character": index - (text.rfind("\n", 0, index) + 1)}


def test_diagnostics_as_you_type_without_saving(editor: Editor, expansion: Path) -> None:
    path = expansion / "powerups.yaml"
    uri = _open(editor, path)
    assert editor.diagnostics_for(uri) == []
    text = path.read_text(encoding="utf-8")
    typed = text.replace("extra_moves: 1", "extra_moves: x", 1)
    editor.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": typed}]},
    )
    (diagnostic,) = editor.diagnostics_for(uri)
    assert diagnostic["code"] == "dsl.unknown_selector" and diagnostic["severity"] == 1
    assert diagnostic["range"]["start"] == _position(typed, "x, gain")
    assert diagnostic["range"]["end"]["character"] == diagnostic["range"]["start"]["character"] + 1
    assert path.read_text(encoding="utf-8") == text, "the file on disk is not touched"
    editor.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": text}]},
    )
    assert editor.diagnostics_for(uri) == [], "fixed: the diagnostics are cleared"
    editor.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": typed}]},
    )
    assert len(editor.diagnostics_for(uri)) == 1
    editor.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert editor.diagnostics_for(uri) == [], "closed unsaved: the file on disk counts again"


def test_hover_shows_rules_text_and_a_picture(editor: Editor, expansion: Path) -> None:
    scenario = expansion / "scenarios" / "exp-01.yaml"
    text = scenario.read_text(encoding="utf-8")
    uri = _open(editor, scenario)
    card = editor.request(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": _position(text, "repair_kit", 2)},
    )
    value = card["contents"]["value"]
    assert card["contents"]["kind"] == "markdown"
    assert "**repair_kit** (power-up" in value and "you gain 2 energy" in value
    picture = value.split("data:image/png;base64,")[1].rstrip(")")
    assert base64.b64decode(picture).startswith(b"\x89PNG")
    deck = expansion / "decks" / "expx.yaml"
    deck_text = deck.read_text(encoding="utf-8")
    deck_uri = _open(editor, deck)
    kind = editor.request(
        "textDocument/hover",
        {"textDocument": {"uri": deck_uri}, "position": _position(deck_text, "exp_raider", 3)},
    )["contents"]["value"]
    assert "**exp_raider** (object kind" in kind and "Exp raider" in kind
    assert "you lose" in kind.lower() or "damage" in kind.lower()


def test_completion_by_the_key_being_written(editor: Editor, expansion: Path) -> None:
    deck = expansion / "decks" / "expx.yaml"
    text = deck.read_text(encoding="utf-8")
    typed = text.replace("{object: empty}", "{object: bl}")
    uri = _open(editor, deck, typed)
    result = editor.request(
        "textDocument/completion",
        {"textDocument": {"uri": uri}, "position": _position(typed, "bl}", 2)},
    )
    labels = {item["label"] for item in result["items"]}
    assert {"black_hole", "fighter", "exp_raider"} <= labels
    assert not labels & {"on_enter", "damage"}, "only object kinds after 'object:'"
    objects = expansion / "objects.yaml"
    otext = objects.read_text(encoding="utf-8")
    ouri = _open(editor, objects)
    triggers = editor.request(
        "textDocument/completion",
        {"textDocument": {"uri": ouri}, "position": _position(otext, "on: on_enter", 4)},
    )
    assert {"on_enter", "on_hit", "on_round_start"} <= {i["label"] for i in triggers["items"]}
    actions = editor.request(
        "textDocument/completion",
        {"textDocument": {"uri": ouri}, "position": _position(otext, "- damage", 2)},
    )
    assert {"damage", "destroy", "gain_energy"} <= {i["label"] for i in actions["items"]}


def test_definition_of_a_reference(editor: Editor, expansion: Path) -> None:
    scenario = expansion / "scenarios" / "exp-01.yaml"
    text = scenario.read_text(encoding="utf-8")
    uri = _open(editor, scenario)
    location = editor.request(
        "textDocument/definition",
        {"textDocument": {"uri": uri}, "position": _position(text, "EXPX-02", 1)},
    )
    assert location["uri"] == (expansion / "decks" / "expx.yaml").as_uri()
    deck_lines = (expansion / "decks" / "expx.yaml").read_text(encoding="utf-8").splitlines()
    assert "id: EXPX-02" in deck_lines[location["range"]["start"]["line"]]
    base = editor.request(
        "textDocument/definition",
        {"textDocument": {"uri": uri}, "position": _position(text, "BOSS-CANNONRAM", 0)},
    )
    assert (
        base["uri"] == (ROOT / "cards" / "kembles-cascade" / "bosses" / "cannonram.yaml").as_uri()
    )
    fighter = editor.request(
        "textDocument/definition",
        {"textDocument": {"uri": uri}, "position": _position(text, "S1-19", 1)},
    )
    assert fighter["uri"] == (ROOT / "cards" / "kembles-cascade" / "decks" / "s1.yaml").as_uri()
