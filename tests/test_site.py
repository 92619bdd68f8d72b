"""`kemble site` in a real browser: Debian's Chromium driven by Playwright, from file:// pages.

The browser is the system's (`/usr/bin/chromium`, installed by `.ci/run`); Playwright's own
download cannot be reached here. Without it these tests are skipped, unless
KEMBLE_REQUIRE_BROWSER=1 (set by CI), where a missing browser is a failure.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import kemble

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",  # the closed network refuses Chromium's own calls
    "--disable-component-update",
    "--disable-sync",
    "--font-render-hinting=none",  # the same glyph shapes from run to run
]
WITNESS_SCENARIOS = ("solo-01", "solo-06")

if not Path(CHROMIUM).is_file():
    if os.environ.get("KEMBLE_REQUIRE_BROWSER"):
        raise RuntimeError(f"no Chromium at {CHROMIUM}: .ci/run installs Debian's package")
    pytest.skip("no system Chromium (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, shipped_bundle: dict[str, Any]) -> Path:
    """The shipped content's site, with the solver's results for two scenarios."""
    from kemble_tools.solve.cli import BUILD_LIMITS, solve_named

    folder = tmp_path_factory.mktemp("site")
    solutions = solve_named(shipped_bundle, list(WITNESS_SCENARIOS), BUILD_LIMITS, 20_000, None)
    data = [solution.to_json(timings=False) for solution in solutions]
    (folder / "solutions.json").write_text(json.dumps(data), encoding="utf-8")
    run = kemble(
        "site", "--out", str(folder / "site"), "--solutions", str(folder / "solutions.json")
    )
    assert run.returncode == 0, run.stdout + run.stderr
    for solution in data:
        (folder / f"{solution['scenario']}.txt").write_text("\n".join(solution["witness"]) + "\n")
    return folder


@pytest.fixture(scope="module")
def browser() -> Any:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1200, "height": 860}, device_scale_factor=1)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    # a lazy picture still loading when the test moves on is aborted: not a missing file
    page.on(
        "requestfailed",
        lambda r: None if r.failure == "net::ERR_ABORTED" else page.errors.append(r.url),
    )
    yield page
    context.close()


def _url(site: Path, name: str) -> str:
    return (site / "site" / name).as_uri()


def test_every_page_loads_offline_without_errors(site: Path, page: Any) -> None:
    pages = sorted((site / "site").rglob("*.html"))
    assert len(pages) > 250
    for path in pages:
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        assert page.title().endswith(("Kemble's Cascade catalogue", "Bossin' Space catalogue"))
        broken = page.evaluate(
            "Array.from(document.images).filter(i => i.complete && i.naturalWidth === 0)"
            ".map(i => i.src)"
        )
        assert broken == [], path
    assert page.errors == []
    text = "".join(p.read_text(encoding="utf-8") for p in pages[:20])
    assert "http://" not in text and "https://" not in text, "nothing from the network"


def _visible(page: Any) -> set[str]:
    return set(
        page.eval_on_selector_all("#cards .card:not([hidden])", "e => e.map(c => c.dataset.id)")
    )


def _everything(bundle: dict[str, Any]) -> set[str]:
    from kemble_tools.export.sheets import print_cards

    return {card.id for card in print_cards(bundle)}


def test_search_and_filters_return_the_right_cards(
    site: Path, page: Any, shipped_bundle: dict[str, Any]
) -> None:
    bundle = shipped_bundle
    page.goto(_url(site, "index.html"))
    everything = _visible(page)
    assert everything == _everything(bundle)
    with_black_holes = {
        card_id
        for card_id, card in bundle["cards"].items()
        if any(q["object"] == "black_hole" for q in card["quadrants"] + (card["back"] or []))
    }
    page.select_option("#filter-object", "black_hole")
    assert _visible(page) == with_black_holes and with_black_holes
    page.select_option("#filter-pile", "W1")
    assert _visible(page) == {c for c in with_black_holes if c.startswith("W1-")}
    page.click("#reset")
    page.wait_for_function(
        f"document.querySelectorAll('#cards .card:not([hidden])').length === {len(everything)}"
    )
    page.select_option("#filter-boss", "CANNONRAM")
    cannonram = set(bundle["bosses"]["CANNONRAM"]["cards"]) | {"BOSS-CANNONRAM"}
    assert _visible(page) == cannonram
    page.click("#reset")
    page.fill("#search", "repair")
    assert _visible(page) == {"repair_kit"}
    page.fill("#search", "gain 2 energy")
    found = _visible(page)
    assert "repair_kit" in found and all(  # the search takes words, in any order
        all(word in page.get_attribute(f"#card-{c}", "data-search") for word in ("gain", "2"))
        for c in found
    )
    page.fill("#search", "no card says this")
    assert _visible(page) == set() and page.is_visible("#empty")
    page.fill("#search", "")
    page.select_option("#filter-symbol", "immunity")
    immune = {
        card_id
        for card_id, card in bundle["cards"].items()
        if any(q.get("immune") for q in card["quadrants"] + (card["back"] or []))
    }
    assert _visible(page) == immune and immune
    assert page.errors == []


def test_the_reference_filter_shows_only_the_reference_cards(
    site: Path, page: Any, shipped_bundle: dict[str, Any]
) -> None:
    page.goto(_url(site, "index.html"))
    page.select_option("#filter-pile", label="Reference cards")
    shown = _visible(page)
    everything = _everything(shipped_bundle)
    assert shown == {c for c in everything if c.startswith("reference-")}
    assert {"reference-symbols", "reference-decks-1"} <= shown
    assert page.text_content("#count") == f"{len(shown)} of {len(everything)}"
    page.reload()  # and it survives in the address, as every filter does
    assert _visible(page) == shown


def test_the_verdict_shows_a_lower_bound_as_a_bound(site: Path, page: Any) -> None:
    solutions = json.loads((site / "solutions.json").read_text(encoding="utf-8"))
    for solution in solutions:
        page.goto(_url(site, f"scenarios/{solution['scenario']}.html"))
        shown = page.text_content("#winning-lines")
        lines = solution["winning_lines"]
        if solution["analysis"]["complete"]:
            assert shown == str(lines) and not page.is_visible("#bound-note")
        else:
            assert shown == f"≥ {lines}" and page.is_visible("#bound-note")
            title = page.get_attribute("#winning-lines abbr", "title")
            assert title == f"at least {lines}: the analysis stopped at its budget"
    assert page.errors == []


def test_filters_survive_a_reload_through_the_address(site: Path, page: Any) -> None:
    page.goto(_url(site, "index.html"))
    page.select_option("#filter-object", "wormhole")
    shown = _visible(page)
    page.reload()
    assert page.input_value("#filter-object") == "wormhole" and _visible(page) == shown


def _board(page: Any) -> dict[str, Any]:
    """What the viewer's board shows: the cards per row and the ships' positions."""
    rows = page.eval_on_selector_all(
        "#board tr",
        "rows => rows.map(r => Array.from(r.querySelectorAll('td')).map(c => c.dataset.card))",
    )
    ships = page.eval_on_selector_all(
        "#board [data-ship]",
        "s => s.map(e => [e.dataset.ship, e.parentElement.dataset.position])",
    )
    return {"rows": [row[::2] for row in rows], "ships": dict(ships)}


@pytest.mark.parametrize("scenario", WITNESS_SCENARIOS)
def test_replay_reaches_the_final_state_of_the_witness(
    site: Path, page: Any, scenario: str
) -> None:
    run = kemble(
        "run",
        f"scenarios/kembles-cascade/{scenario}.yaml",
        "--actions",
        str(site / f"{scenario}.txt"),
        "--json",
    )
    assert run.returncode == 0, run.stderr
    final = json.loads(run.stdout)
    assert final["outcome"] == "won"
    page.goto(_url(site, f"scenarios/{scenario}.html"))
    assert page.get_attribute("#position", "data-step") == "0"
    page.keyboard.press("End")
    steps = len(Path(site / f"{scenario}.txt").read_text().split())  # at least one per action
    assert int(page.get_attribute("#position", "data-step")) > 0 and steps
    assert page.get_attribute("#position", "data-outcome") == "won"
    shown = json.loads(page.text_content("#state-json"))
    assert shown == final, "the viewer's state is what `kemble run --json` prints"
    board = _board(page)
    assert board["rows"] == final["rows"]
    ships = {p["id"]: ",".join(map(str, p["position"])) for p in final["players"] if p["position"]}
    assert board["ships"] == ships
    assert page.text_content("#verdict-value") == "solvable"
    assert page.errors == []


def test_keyboard_steps_actions_and_turns(site: Path, page: Any) -> None:
    page.goto(_url(site, "scenarios/solo-01.html"))
    step = lambda: int(page.get_attribute("#position", "data-step"))  # noqa: E731
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert step() == 2
    page.keyboard.press("ArrowLeft")
    assert step() == 1
    page.keyboard.press("PageDown")
    turn = step()
    assert turn > 1 and "battle" in page.text_content("#position")
    page.keyboard.press("PageUp")
    assert step() < turn
    page.keyboard.press("End")
    last = step()
    page.keyboard.press("ArrowRight")
    assert step() == last, "the end stays the end"
    page.keyboard.press("Home")
    assert step() == 0
    page.click("#next")
    assert step() == 1
    page.goto(_url(site, "scenarios/solo-01.html") + "#step-5")
    assert step() == 5, "a step can be linked to"


def _differs(shot: bytes, golden: Path) -> float:
    """The share of the page that looks different: both images averaged over 4 × 4 pixel
    blocks (so that anti-aliasing noise cancels out), then the blocks whose grey differs by
    more than 16 of 255."""
    from PIL import Image, ImageChops

    got = Image.open(io.BytesIO(shot)).convert("L")
    want = Image.open(golden).convert("L")
    if got.size != want.size:
        return 1.0
    size = (got.width // 4, got.height // 4)
    diff = ImageChops.difference(got.resize(size, Image.BOX), want.resize(size, Image.BOX))
    return sum(diff.point(lambda v: 255 if v > 16 else 0).histogram()[255:]) / (size[0] * size[1])


# Measured with the golden images' Chromium: the page of another card differs by 5–11 %, the
# next replay step by 0.4 %, the same page by 0 %. Another Chromium may draw text a little
# differently: then only a change the size of another card's picture is caught.
STRICT, LOOSE = 0.0025, 0.02
VERSION_FILE = GOLDEN / "site-chromium-version.txt"


@pytest.mark.parametrize(
    ("name", "address", "keys", "other"),
    [
        ("site-card-S1-06.png", "cards/S1-06.html", [], ("cards/S1-05.html", [])),
        (
            "site-replay-solo-01-step-9.png",
            "scenarios/solo-01.html",
            ["PageDown", "PageDown", "ArrowRight"],
            ("scenarios/solo-01.html", ["End"]),
        ),
    ],
)
def test_screenshots_match_the_golden_images(
    site: Path, browser: Any, page: Any, name: str, address: str, keys: list[str], other: tuple
) -> None:
    """KEMBLE_UPDATE_GOLDEN=1 rewrites them after a deliberate change (then look at them).
    Another card's page, or the last step, must not pass: the comparison can fail."""

    def shot(where: str, presses: list[str]) -> bytes:
        page.goto(_url(site, where))
        for key in presses:
            page.keyboard.press(key)
        return page.screenshot(full_page=False)

    golden = GOLDEN / name
    mine = shot(address, keys)
    if os.environ.get("KEMBLE_UPDATE_GOLDEN"):
        golden.write_bytes(mine)
        VERSION_FILE.write_text(browser.version + "\n", encoding="utf-8")
    same = VERSION_FILE.read_text(encoding="utf-8").strip() == browser.version
    tolerance = STRICT if same else LOOSE
    share = _differs(mine, golden)
    assert share < tolerance, f"{share:.2%} of the page differs from {golden.name}"
    assert _differs(shot(*other), golden) > LOOSE, "the comparison tells pages apart"
