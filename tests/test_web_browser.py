"""The browser client in a real browser: Playwright with Debian's Chromium, headless.

A whole game of every available game against the random agent, played by
clicking the page (cards and buttons, some by keyboard); two people in two
browser contexts with a spectator in a third; every WebSocket message each
page received checked against the engine's own views (no hidden card
identity); the server stopped mid-game and started again, the page
reconnecting and the game going on.

Set TCGJUDGE_SCREENSHOTS=FOLDER to save a screenshot of each game's board there.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

from tcgjudge.games import registry
from web_util import check_messages

sync_api = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed")

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
                 if p and Path(p).exists()), None)
if CHROMIUM is None:
    pytest.skip("Chromium is not installed (/usr/bin/chromium): apt-get install -y chromium", allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = os.environ.get("TCGJUDGE_SCREENSHOTS")


class Server:
    """``tcgjudge serve`` in its own process."""

    def __init__(self, db: Path, port: int = 0, seed: int = 1000, extra: tuple[str, ...] = ()) -> None:
        self.db = db
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tcgjudge.interfaces.cli.main", "serve", "--port", str(port), "--db", str(db),
             "--rate", "500", "--seed", str(seed), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://[^/\s]+/", line)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"tcgjudge serve printed {line!r}; stderr: {self.proc.stderr.read()[:2000]}")
        self.url = m.group(0)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url + "api/meta", timeout=2).read()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError("the server does not answer")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.proc.stderr.close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("web") / "games.sqlite3")
    yield s
    s.stop()


def watch(page, seat_of, out: list) -> None:
    """Keep every WebSocket message the page receives, with the seat it was for."""
    def on_ws(ws):
        ws.on("framereceived", lambda payload: out.append((seat_of(), payload if isinstance(payload, str)
                                                            else payload.decode())))
    page.on("websocket", on_ws)


def page_errors(page, errors: list) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))


WAIT_TURN = """last => {
  if (document.querySelector('#result')) return true;
  const d = document.querySelector('#decision.mine');
  return !!(d && d.dataset.seq !== last && document.querySelector('.options button:not([disabled])'));
}"""

HITTABLE = """id => {
  const e = document.querySelector(`.board .card[data-id="${id}"]`);
  if (!e) return false;
  e.scrollIntoView({block: 'center', inline: 'center'});
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && hit.closest('.card') === e;
}"""


def take_turn(page, rnd: random.Random) -> str:
    """Answer the page's pending decision: by clicking the card an option concerns, by a key, or
    by its button.  Returns how."""
    info = page.evaluate("() => ({seq: window.tcgjudge.seq, opts: window.tcgjudge.view.decision.options})")
    opts = info["opts"]
    # a player who attacks and plays more often than they pass: shorter games, every kind of option
    weights = [4 if o["label"].startswith("attack") else 1 if o["label"] in ("pass", "done") or
               o["label"].startswith("end") else 2 for o in opts]
    o = rnd.choices(opts, weights)[0]
    if o["refs"] and rnd.random() < 0.8 and page.evaluate(HITTABLE, o["refs"][0]):
        page.click(f'.board .card[data-id="{o["refs"][0]}"]')
        if page.evaluate("() => window.tcgjudge.sel") is not None:  # the card begins several options
            rest = o["refs"][1:]
            if rest and page.evaluate(HITTABLE, rest[0]):
                page.click(f'.board .card[data-id="{rest[0]}"]')
                return "card+target"
            page.click(f'.options button[data-index="{o["index"]}"]')
            return "card+button"
        return "card"
    pos = opts.index(o)
    if pos < 9 and rnd.random() < 0.3:
        page.keyboard.press(str(pos + 1))
        return "key"
    page.click(f'.options button[data-index="{o["index"]}"]')
    return "button"


def play_to_end(pages: dict, rnd: random.Random, limit: int = 4000, stop_after: int | None = None,
                shot: str | None = None) -> dict[str, int]:
    """Play on the pages (seat -> page) until the result shows (or ``stop_after`` answers)."""
    ways: dict[str, int] = {}
    last = {s: "" for s in pages}
    n = 0
    while n < limit:
        acted = False
        for seat, page in pages.items():
            if page.query_selector("#result"):
                return ways
            if page.evaluate(WAIT_TURN, last[seat]):
                if page.query_selector("#result"):
                    return ways
                last[seat] = str(page.evaluate("() => window.tcgjudge.seq"))
                how = take_turn(page, rnd)
                ways[how] = ways.get(how, 0) + 1
                n += 1
                acted = True
                if shot and n == 25:
                    page.mouse.move(1, 1)
                    page.evaluate("() => window.scrollTo(0, 0)")
                    page.wait_for_timeout(200)
                    page.screenshot(path=shot, full_page=True)
                if stop_after is not None and n >= stop_after:
                    return ways
        if not acted:
            if len(pages) == 1:
                (seat, page), = pages.items()
                page.wait_for_function(WAIT_TURN, arg=last[seat], timeout=30_000)
            else:
                time.sleep(0.02)
    raise AssertionError(f"no result after {limit} answers")


def start_from_lobby(page, url: str, game: str, opponent: str = "agent:random") -> str:
    page.goto(url)
    page.select_option("#game", game)
    decks = registry.get(game).shipped_decks()
    page.select_option("#deck", decks[0])
    page.select_option("#opponent", opponent)
    if opponent.startswith("agent:"):
        page.select_option("#opponent-deck", decks[1])
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/"))
    return page.url.split("/play/")[1].split("#")[0]


@pytest.mark.parametrize("game", registry.available())
def test_whole_game_against_the_random_agent(browser, server, game):
    ctx = browser.new_context(viewport={"width": 1200, "height": 800}, accept_downloads=True)
    page = ctx.new_page()
    frames: list = []
    errors: list = []
    watch(page, lambda: "p1", frames)
    page_errors(page, errors)
    gid = start_from_lobby(page, server.url, game)
    page.wait_for_selector("#decision")
    # the full text of a card on hover
    page.hover(".player.me .card[data-id]")
    tip = page.inner_text("#tip")
    assert tip.strip() and page.is_visible("#tip")
    rnd = random.Random(hash(game) & 0xFFFF)
    shot = str(Path(SHOTS) / f"{game}-board.png") if SHOTS else None
    ways = play_to_end({"p1": page}, rnd, shot=shot)
    assert ways.get("card", 0) + ways.get("card+button", 0) + ways.get("card+target", 0) > 0, ways
    result = page.inner_text("#result h2")
    assert result in ("You win", "You lose", "Draw")
    assert "game over" in page.inner_text("#result")
    # every message was what p1 may know
    assert check_messages(str(server.db), gid, frames) > 5
    # the replay downloads, and the viewer steps through it as p2
    with page.expect_download() as dl:
        page.click("#download")
    data = json.loads(Path(dl.value.path()).read_text())
    assert data["format"] == "tcgjudge-replay/1" and data["game"] == game and data["decisions"]
    page.click("#watch")
    page.wait_for_url(re.compile(r"/replay#id="))
    page.wait_for_selector("#replay-pos")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent.startsWith('decision 0 of')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#replay-pos').textContent.startsWith('decision 1 of')")
    # the file itself, opened in the viewer
    page.goto(server.url + "replay")
    page.set_input_files("#replay-file", dl.value.path())
    page.wait_for_function(f"() => document.querySelector('#replay-pos').textContent === "
                           f"'decision 0 of {len(data['decisions'])}'")
    page.select_option("#replay-seat", "p2")
    page.keyboard.press("End")
    page.wait_for_function("() => /decision (\\d+) of \\1$/.test(document.querySelector('#replay-pos').textContent)")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#replay-answer")
    assert page.query_selector_all(".board .card")
    assert not errors, errors
    ctx.close()


def test_two_people_and_a_spectator(browser, server):
    game = "sve" if "sve" in registry.available() else registry.available()[0]
    a_ctx, b_ctx, c_ctx = (browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(3))
    a, b, c = a_ctx.new_page(), b_ctx.new_page(), c_ctx.new_page()
    frames: list = []
    errors: list = []
    watch(a, lambda: "p1", frames)
    watch(b, lambda: "p2", frames)
    watch(c, lambda: None, frames)
    for pg in (a, b, c):
        page_errors(pg, errors)
    gid = start_from_lobby(a, server.url, game, opponent="person")
    a.wait_for_selector("#join-link")
    join = a.input_value("#join-link")
    assert gid in join and "#token=" in join
    b.goto(join)
    b.wait_for_selector("#join")
    # the person who joins pastes a deck file
    pkg = registry.get(game)
    b.select_option("#deck", "")
    b.fill("#deck-text", yaml.safe_dump(pkg.load_deck(pkg.shipped_decks()[1]).to_json(), sort_keys=False))
    c.goto(server.url + f"play/{gid}")  # a spectator: no token
    b.click("#start")
    for pg in (a, b, c):
        pg.wait_for_selector("#decision")
    rnd = random.Random(11)
    play_to_end({"p1": a, "p2": b}, rnd)
    for pg in (a, b):
        pg.wait_for_selector("#result")
    res = {a.inner_text("#result h2"), b.inner_text("#result h2")}
    assert res in ({"You win", "You lose"}, {"Draw"})
    c.wait_for_selector("#result")
    assert re.match(r"(p1|p2) wins|Draw", c.inner_text("#result h2"))
    # the spectator never had options, and no message showed anyone more than they may know
    assert not c.query_selector(".options button")
    assert check_messages(str(server.db), gid, frames) > 10
    assert any(s is None for s, _ in frames)
    assert not errors, errors
    for x in (a_ctx, b_ctx, c_ctx):
        x.close()


def test_the_server_restarts_mid_game(browser, tmp_path):
    game = "sve" if "sve" in registry.available() else registry.available()[0]
    db = tmp_path / "games.sqlite3"
    srv = Server(db)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    page = ctx.new_page()
    frames: list = []
    watch(page, lambda: "p1", frames)
    try:
        gid = start_from_lobby(page, srv.url, game)
        page.wait_for_selector("#decision")
        rnd = random.Random(5)
        play_to_end({"p1": page}, rnd, stop_after=6)
        page.wait_for_function("() => !document.querySelector('.options button[disabled]')")
        seq = page.evaluate("() => window.tcgjudge.seq")
        port = srv.port
        srv.stop()
        page.wait_for_function("() => document.querySelector('#conn').textContent.startsWith('reconnecting')")
        srv = Server(db, port)  # the same address and file
        page.wait_for_function("() => document.querySelector('#conn').textContent === 'connected'", timeout=20_000)
        page.wait_for_function(f"() => window.tcgjudge.seq === {seq}")
        play_to_end({"p1": page}, rnd)
        assert page.inner_text("#result h2") in ("You win", "You lose", "Draw")
        assert page.evaluate("() => window.tcgjudge.seq") > seq
        # the page fits a phone's width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390 + 1
    finally:
        srv.stop()
    assert check_messages(str(db), gid, frames) > 5
    ctx.close()


SVE_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "sve" / "cockatrice"


@pytest.mark.skipif(not (SVE_DATA / "ShadowverseEvolveTCG.dev.xml").exists(),
                    reason="the real card data (../shared/data/sve/cockatrice) is absent")
def test_an_imported_starter_deck_against_the_random_agent(browser, tmp_path):
    """``serve --cards`` with the SVE card database and ``--deck-dir`` with the starter decks: a
    pasted decklist with a typo shows its error in the lobby, then a pasted starter deck (.cod)
    plays a whole game against the agent playing a listed starter deck."""
    db = tmp_path / "games.sqlite3"
    srv = Server(db, seed=31, extra=("--cards", str(SVE_DATA / "ShadowverseEvolveTCG.dev.xml"),
                                     "--deck-dir", str(SVE_DATA)))
    ctx = browser.new_context(viewport={"width": 1200, "height": 800})
    page = ctx.new_page()
    frames: list = []
    errors: list = []
    watch(page, lambda: "p1", frames)
    page_errors(page, errors)
    try:
        page.goto(srv.url)
        page.select_option("#game", "sve")
        listed = page.eval_on_selector_all("#opponent-deck option", "os => os.map(o => o.value)")
        assert {p.name for p in SVE_DATA.glob("*.cod")} <= set(listed)
        page.select_option("#deck", "")
        page.fill("#deck-text", "Leader:\n1 Arisa\nMain deck:\n3 Rose Gardner\n")
        page.select_option("#opponent", "agent:random")
        page.select_option("#opponent-deck", "sd04-wrathofthegreatwyrm-dragon.cod")
        page.click("#start")
        page.wait_for_selector("#deck-error:not([hidden])")
        assert "pasted deck:4: unknown card 'Rose Gardner'; nearest: Rose Gardener" in page.inner_text("#deck-error")
        assert page.url == srv.url  # still the lobby, the form as it was
        page.fill("#deck-text", (SVE_DATA / "sd02-bladeofresentment-sword.cod").read_text())
        page.click("#start")
        page.wait_for_url(re.compile(r"/play/"))
        gid = page.url.split("/play/")[1].split("#")[0]
        page.wait_for_selector("#decision")
        play_to_end({"p1": page}, random.Random(8))
        assert page.inner_text("#result h2") in ("You win", "You lose", "Draw")
    finally:
        srv.stop()
    assert check_messages(str(db), gid, frames) > 5
    assert not errors, errors
    ctx.close()
