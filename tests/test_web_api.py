"""The web server without a browser (FastAPI's TestClient): pages, the lobby API, the WebSocket
protocol's refusals, rate limits, persistence and replays."""

from __future__ import annotations

import json
import random
import warnings

import pytest
import yaml

warnings.filterwarnings("ignore", category=DeprecationWarning)
pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from tcgjudge.games import registry  # noqa: E402
from tcgjudge.interfaces.web.server import Settings, create_app  # noqa: E402
from tcgjudge.interfaces.web.store import Store  # noqa: E402
from web_util import check_messages  # noqa: E402

FAST = dict(ws_rate=10_000.0, ws_burst=10_000, http_rate=1000.0, http_burst=1000)


def client(db: str = ":memory:", **kw) -> TestClient:
    return TestClient(create_app(Settings(db=db, **{**FAST, **kw})))


def new_game(c: TestClient, game: str = "caster", **kw) -> dict:
    pkg = registry.get(game)
    decks = pkg.shipped_decks()
    body = {"game": game, "deck": {"shipped": decks[0]}, "opponent": {"agent": "random", "deck": {"shipped": decks[1]}}}
    body.update(kw)
    r = c.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def hello(ws, token=None) -> dict:
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return json.loads(ws.receive_text())


def my_turn(ws, log: list | None = None) -> dict:
    """The next state where this seat decides or the game is over (the agent's moves come on the way)."""
    while True:
        raw = ws.receive_text()
        if log is not None:
            log.append(raw)
        state = json.loads(raw)
        assert state["type"] == "state", state
        if "decision" in state["view"] or state["view"].get("result") is not None:
            return state


def play_out(ws, state: dict, rnd: random.Random, limit: int = 5000, log: list | None = None) -> dict:
    """Answer at random until the game is over."""
    for _ in range(limit):
        if state["view"].get("result") is not None:
            return state
        d = state["view"]["decision"]
        ws.send_text(json.dumps({"type": "decide", "index": rnd.randrange(len(d["options"])), "seq": state["seq"]}))
        state = my_turn(ws, log)
    raise AssertionError("the game did not end")


def test_pages_and_static_files():
    with client() as c:
        for path in ("/", "/play/abc", "/replay"):
            r = c.get(path)
            assert r.status_code == 200 and "<script src=\"/static/app.js\">" in r.text
        assert c.get("/static/app.js").headers["content-type"].startswith("text/javascript")
        assert c.get("/static/style.css").status_code == 200
        for bad in ("/static/..%2Fserver.py", "/static/server.py", "/static/%2e%2e", "/static/__init__.py"):
            assert c.get(bad).status_code == 404
        meta = c.get("/api/meta").json()
        assert {g["id"] for g in meta["games"]} == set(registry.available())
        assert "random" in meta["agents"]


def test_lobby_refuses_bad_requests():
    with client() as c:
        bad = [
            {"game": "chess", "deck": {"shipped": "x"}, "opponent": {"person": True}},
            {"game": "caster", "deck": {"shipped": "../../etc/passwd"}, "opponent": {"person": True}},
            {"game": "caster", "deck": {"shipped": "cinder-blitz"}, "opponent": {"agent": "nobody"}},
            {"game": "caster", "deck": {"text": "main: {Nothing Such: 50}"}, "opponent": {"person": True}},
            {"game": "caster", "deck": {"text": "- just\n- a list"}, "opponent": {"person": True}},
            {"game": "caster", "deck": {"text": "{{{"}, "opponent": {"person": True}},
            {"game": "caster", "deck": {"shipped": "cinder-blitz"}, "opponent": {"person": True}, "seat": "p3"},
            {"game": "caster", "deck": {"shipped": "cinder-blitz"}, "opponent": {"person": True}, "extra": 1},
        ]
        for body in bad:
            r = c.post("/api/games", json=body)
            assert r.status_code == 400, (body, r.text)
            assert r.json()["error"]
        r = c.post("/api/games", content=b"not json", headers={"content-type": "application/json"})
        assert r.status_code == 400
        # a legal deck file pasted as text
        pkg = registry.get("caster")
        text = yaml.safe_dump(pkg.load_deck("tidal-oracle").to_json())
        r = c.post("/api/games", json={"game": "caster", "deck": {"text": text}, "opponent": {"person": True}})
        assert r.status_code == 200, r.text
        gid = r.json()["id"]
        assert c.app.state.store.get(gid).decks[0]["name"] == "Tidal Oracle"
        # a deck's name is told only to its own seat
        assert c.get(f"/api/games/{gid}").json()["seats"][0]["deck"] is None
        with c.websocket_connect(f"/ws/{gid}") as ws:
            assert hello(ws, r.json()["token"])["table"]["seats"][0]["deck"] == "Tidal Oracle"
        # an illegal deck (CR 402.2: 50 cards) is refused with the rule
        short = pkg.load_deck("tidal-oracle").to_json()
        k = next(iter(short["main"]))
        short["main"][k] -= 1
        r = c.post("/api/games", json={"game": "caster", "deck": {"text": yaml.safe_dump(short)}, "opponent": {"person": True}})
        assert r.status_code == 400 and "402.2" in r.json()["error"]


def test_websocket_refusals_change_nothing():
    with client() as c:
        g = new_game(c)
        gid = g["id"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": "wrong"}))
            m = json.loads(ws.receive_text())
            assert m["type"] == "error" and "token" in m["message"] and m["fatal"]
        with c.websocket_connect("/ws/nosuchgame") as ws:
            assert json.loads(ws.receive_text())["message"] == "no such game"
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_text("{}")
            assert json.loads(ws.receive_text())["type"] == "error"
        with c.websocket_connect(f"/ws/{gid}") as ws:
            s = hello(ws, g["token"])
            seq = s["seq"]
            stored = c.app.state.store.get(gid).decisions
            assert len(stored) == seq
            n = len(s["view"]["decision"]["options"])
            bad = ["not json", "[1, 2]", json.dumps({"type": "decide", "index": n, "seq": seq}),
                   json.dumps({"type": "decide", "index": -1, "seq": seq}),
                   json.dumps({"type": "decide", "index": "0", "seq": seq}),
                   json.dumps({"type": "decide", "index": True, "seq": seq}),
                   json.dumps({"type": "decide", "index": 0, "seq": seq + 1}),
                   json.dumps({"type": "decide", "index": 0, "seq": seq, "more": 1}),
                   json.dumps({"type": "deck", "deck": {"shipped": "cinder-blitz"}}),
                   json.dumps({"type": "launch"}), json.dumps({"type": "ping", "x": 1}),
                   json.dumps({"type": "hello", "token": g["token"]}), "x" * 80_000]
            for raw in bad:
                ws.send_text(raw)
                m = json.loads(ws.receive_text())
                assert m["type"] == "error", (raw[:40], m)
            ws.send_bytes(b"\x00\x01")
            assert json.loads(ws.receive_text())["type"] == "error"
            # nothing changed: the same decision is pending, nothing stored
            assert c.app.state.store.get(gid).decisions == stored
            ws.send_text(json.dumps({"type": "ping"}))
            assert json.loads(ws.receive_text()) == {"type": "pong"}
            ws.send_text(json.dumps({"type": "decide", "index": 0, "seq": seq}))
            s2 = my_turn(ws)
            assert s2["seq"] > seq
        # a spectator sees the game but cannot act
        with c.websocket_connect(f"/ws/{gid}") as ws:
            s = hello(ws)
            assert s["seat"] is None and "decision" not in s["view"]
            ws.send_text(json.dumps({"type": "decide", "index": 0, "seq": s["seq"]}))
            assert "spectators" in json.loads(ws.receive_text())["message"]


def test_not_your_decision_and_two_people():
    with client() as c:
        r = c.post("/api/games", json={"game": "sve", "deck": {"shipped": "blade-vanguard"},
                                       "opponent": {"person": True}, "seat": "p2"})
        g = r.json()
        assert g["seat"] == "p2" and "join_url" in g
        other = g["join_url"].split("#token=")[1]
        with c.websocket_connect(f"/ws/{g['id']}") as a, c.websocket_connect(f"/ws/{g['id']}") as b:
            sa = hello(a, g["token"])
            assert sa["table"]["status"] == "waiting" and not sa["needs_deck"]
            sb = hello(b, other)
            assert sb["needs_deck"] and sb["seat"] == "p1"
            a.send_text(json.dumps({"type": "deck", "deck": {"shipped": "dawn-sanctum"}}))
            assert "already" in json.loads(a.receive_text())["message"]
            b.send_text(json.dumps({"type": "deck", "deck": {"shipped": "no-such-deck"}}))
            assert json.loads(b.receive_text())["type"] == "error"
            b.send_text(json.dumps({"type": "deck", "deck": {"shipped": "dawn-sanctum"}}))
            sa, sb = json.loads(a.receive_text()), json.loads(b.receive_text())
            assert sa["table"]["status"] == "playing"
            mover, waiter = (a, b) if "decision" in sa["view"] else (b, a)
            sm, sw = (sa, sb) if mover is a else (sb, sa)
            assert "waiting_for" in sw["view"]
            waiter.send_text(json.dumps({"type": "decide", "index": 0, "seq": sw["seq"]}))
            assert json.loads(waiter.receive_text())["message"] == "it is not your decision"
            mover.send_text(json.dumps({"type": "decide", "index": 0, "seq": sm["seq"]}))
            assert json.loads(mover.receive_text())["seq"] == json.loads(waiter.receive_text())["seq"] == sm["seq"] + 1


def test_rate_limit_per_connection():
    with client(ws_rate=1.0, ws_burst=5, max_refused=20) as c:
        g = new_game(c)
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            hello(ws, g["token"])
            replies = []
            for _ in range(12):
                ws.send_text(json.dumps({"type": "ping"}))
                replies.append(json.loads(ws.receive_text()))
            assert replies[0] == {"type": "pong"}
            assert any(r.get("message", "").startswith("rate limit") for r in replies)
            assert len([r for r in replies if r == {"type": "pong"}]) <= 6


def test_rate_limit_of_game_creation():
    with client(http_rate=0.001, http_burst=3) as c:
        codes = [c.post("/api/games", json={"game": "caster"}).status_code for _ in range(5)]
        assert codes[:3] == [400, 400, 400] and codes[3:] == [429, 429]


def test_restarted_server_resumes_games(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    rnd = random.Random(4)
    with client(db) as c:
        g = new_game(c, "sve")
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            s = hello(ws, g["token"])
            log = list(s["log"]["lines"])
            for _ in range(15):
                ws.send_text(json.dumps({"type": "decide", "index": rnd.randrange(len(s["view"]["decision"]["options"])),
                                         "seq": s["seq"]}))
                raws: list = []
                s = my_turn(ws, raws)
                for raw in raws:
                    m = json.loads(raw)
                    del log[m["log"]["from"]:]
                    log += m["log"]["lines"]
                if s["view"].get("result"):
                    break
    before = s
    with client(db) as c:  # a new server on the same file
        assert g["id"] in c.app.state.live  # resumed at start-up
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            s = hello(ws, g["token"])
            assert s["seq"] == before["seq"]
            assert s["view"]["players"] == before["view"]["players"]
            assert s["log"]["from"] == 0 and s["log"]["lines"] == log
            messages: list = []
            s = play_out(ws, s, rnd, log=messages)
            assert s["view"]["result"] in ("p1", "p2", "draw")
    assert check_messages(db, g["id"], [("p1", m) for m in messages]) == len(messages)
    assert Store(db).get(g["id"]).result == s["view"]["result"]


def test_replay_download_and_viewer():
    rnd = random.Random(9)
    with client() as c:
        g = new_game(c, "sve")
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            s = hello(ws, g["token"])
            assert c.get(f"/api/games/{g['id']}/replay", headers={"X-Token": g["token"]}).status_code == 409
            s = play_out(ws, s, rnd)
        assert c.get(f"/api/games/{g['id']}/replay").status_code == 403
        assert c.get(f"/api/games/{g['id']}/replay", headers={"X-Token": "nope"}).status_code == 403
        r = c.get(f"/api/games/{g['id']}/replay", headers={"X-Token": g["token"]})
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
        rep = r.json()
        assert rep["result"] == s["view"]["result"]
        up = c.post("/api/replays", content=r.content).json()
        assert up["steps"] == len(rep["decisions"])
        last = c.get(f"/api/replays/{up['id']}", params={"step": up["steps"], "seat": "p2"}).json()
        assert last["view"]["result"] == rep["result"] and last["answer"] is None
        first = c.get(f"/api/replays/{up['id']}", params={"step": 0, "seat": "p1"}).json()
        assert first["answer"]["player"] in ("p1", "p2")
        assert (first["answer"]["label"] is None) == (first["answer"]["player"] != "p1")
        for bad in ({"step": -1}, {"step": up["steps"] + 1}, {"seat": "p9"}):
            assert c.get(f"/api/replays/{up['id']}", params=bad).status_code in (400, 422)
        for junk in (b"{}", b"[]", b"nonsense", json.dumps({**rep, "decisions": [10**6]}).encode(),
                     json.dumps({**rep, "game": "../../x"}).encode()):
            assert c.post("/api/replays", content=junk).status_code == 400


def test_the_message_check_finds_what_a_seat_may_not_see(tmp_path):
    """The check the browser tests rely on can fail: p1's message shown to a spectator or to p2."""
    db = str(tmp_path / "games.sqlite3")
    with client(db) as c:
        g = new_game(c, "caster")
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            mine = json.dumps(hello(ws, g["token"]))
    assert check_messages(db, g["id"], [("p1", mine)]) == 1
    for seat in (None, "p2"):
        with pytest.raises(AssertionError):
            check_messages(db, g["id"], [(seat, mine)])


def test_a_concession_is_stored_and_survives_a_restart(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with client(db) as c:
        g = new_game(c, "caster", seat="p2")
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            hello(ws, g["token"])
            ws.send_text(json.dumps({"type": "concede"}))
            s = json.loads(ws.receive_text())
            assert s["view"]["result"] == "p1" and "concedes" in s["reason"]
            ws.send_text(json.dumps({"type": "concede"}))
            assert json.loads(ws.receive_text())["type"] == "error"
    with client(db) as c:
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            s = hello(ws, g["token"])
            assert s["table"]["status"] == "over" and s["view"]["result"] == "p1"
