"""``tcgjudge serve``: play in the browser (FastAPI, uvicorn, WebSockets).

Pages and their script come from the package's ``static/`` folder, read once
into memory: a request names a file only as a key of that table, never as a
path.  A game is played over one WebSocket per browser tab:

client -> server (JSON text messages, at most ``MAX_MESSAGE`` characters)
    ``{"type": "hello", "token": TOKEN}``   first message; without a token: a spectator
    ``{"type": "decide", "index": I, "seq": N}``  answer option I of decision number N
    ``{"type": "deck", "deck": {"shipped": NAME} | {"text": TEXT}}``  the deck of a person who joined
    ``{"type": "concede"}``, ``{"type": "ping"}``
server -> client
    ``{"type": "state", ...}`` (see ``table.Table.message``), ``{"type": "error", "message": ...}``,
    ``{"type": "pong"}``

A malformed or illegal message gets an error and changes nothing.  Each
connection is rate limited (a token bucket); so are game creation and replay
uploads, per client address.  Games live in SQLite (``store.py``) and are
resumed when the server starts again.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
import socket
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ...agents import AGENTS
from ...games import registry
from ...kernel.decisions import IllegalAction
from ...kernel.view import view
from .cardfiles import server_packages
from .decks import DeckInputError, DeckTable, deck_from_request
from .store import Store
from .table import SPECTATOR, ConnState, Table, TableError, package_for

MAX_MESSAGE = 70_000  # characters in one client message (a pasted deck fits)
MAX_CONNECTIONS = 64  # per game
MAX_REPLAY = 4_000_000  # bytes of an uploaded replay
MAX_REPLAY_DECISIONS = 50_000
HELLO_TIMEOUT = 15.0
#: the messages a client may send, with their keys besides "type"
MESSAGE_KEYS = {"decide": {"index", "seq"}, "deck": {"deck"}, "concede": set(), "ping": set(), "hello": {"token"}}

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}


def _static_files() -> dict[str, tuple[bytes, str]]:
    """The client's files by name, read once from package data."""
    out = {}
    root = resources.files("tcgjudge.interfaces.web") / "static"
    for f in root.iterdir():
        suffix = "." + f.name.rsplit(".", 1)[-1] if "." in f.name else ""
        if f.is_file() and suffix in CONTENT_TYPES:
            out[f.name] = (f.read_bytes(), CONTENT_TYPES[suffix])
    return out


class RateLimit:
    """A token bucket: ``burst`` actions at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.t = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.t) * self.rate)
        self.t = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    state: ConnState
    limit: RateLimit
    refused: int = 0


@dataclass
class Live:
    """A table with its lock and its open connections."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set = field(default_factory=set)


@dataclass
class ReplayView:
    game: str
    title: str
    snaps: list  # the game before each decision, and at the end
    answers: list[int]
    result: str | None = None  # as the file records it (a concession is not a decision)


@dataclass
class Settings:
    db: str = "tcgjudge-games.sqlite3"
    ws_rate: float = 20.0  # messages per second, per connection
    ws_burst: int = 40
    http_rate: float = 0.5  # game creations and replay uploads per second, per client address
    http_burst: int = 20
    max_refused: int = 200  # rate-limited messages before a connection is closed
    seed: int | None = None  # games get seeds seed, seed + 1, ... (None: unguessable random seeds)
    card_files: tuple[str, ...] = ()  # Cockatrice card databases and pool files (each goes to its game)
    deck_dirs: tuple[str, ...] = ()  # folders of deck files the lobby offers


def create_app(settings: Settings | None = None) -> FastAPI:
    st = settings or Settings()
    packages = server_packages(st.card_files)  # CardError names a file no game plays
    deck_table = DeckTable(packages, st.deck_dirs, warn=lambda m: print(f"tcgjudge serve: {m}", file=sys.stderr))
    store = Store(st.db)
    static = _static_files()
    live: dict[str, Live] = {}
    replays: OrderedDict[str, ReplayView] = OrderedDict()
    http_limits: dict[str, RateLimit] = {}
    deck_titles: dict[str, list[dict[str, str]]] = {}
    seeds = itertools.count(st.seed) if st.seed is not None else None
    stored_packages: dict[tuple[str, tuple[str, ...]], Any] = {}

    def package_of(sg: Any) -> Any:
        """The package a stored game plays with: its game's, with the card files it recorded."""
        key = (sg.game, tuple(sg.cards))
        if key not in stored_packages:
            cur = packages.get(sg.game)
            same = cur is not None and tuple(getattr(cur, "card_files", ())) == key[1]
            stored_packages[key] = cur if same else package_for(sg.game, sg.cards)
        return stored_packages[key]

    def open_table(sg: Any) -> Live:
        t = Table(sg, store, package_of(sg))
        if t.agent_drift:
            print(f"tcgjudge serve: game {sg.id}: a re-created agent chose otherwise than stored at decision "
                  f"{t.agent_drift[0]} ({len(t.agent_drift)} in all); it goes on from there", file=sys.stderr)
        return Live(t)

    def load_table(game_id: Any) -> Live | None:
        if not isinstance(game_id, str) or len(game_id) > 40:
            return None
        lv = live.get(game_id)
        if lv is None:
            sg = store.get(game_id)
            if sg is None:
                return None
            try:
                lv = live[game_id] = open_table(sg)
            except Exception as e:  # stored by another version of the engine, say: it stays stored
                print(f"tcgjudge serve: game {game_id} ({sg.game}) cannot be resumed: {e}", file=sys.stderr)
                return None
        return lv

    def resume_all() -> None:
        """Every stored game that is not over, where it was (its decisions replayed)."""
        for gid in store.ids():
            sg = store.get(gid)
            if sg is None or sg.result is not None or gid in live:
                continue
            try:
                live[gid] = open_table(sg)
            except Exception as e:  # a game this engine cannot replay stays stored, unplayed
                print(f"tcgjudge serve: game {gid} ({sg.game}) cannot be resumed: {e}", file=sys.stderr)

    async def lifespan(app: FastAPI):
        resume_all()
        yield
        store.close()

    app = FastAPI(title="tcgjudge", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = store
    app.state.live = live
    app.state.settings = st

    def client_limit(request: Request) -> bool:
        host = request.client.host if request.client else "?"
        lim = http_limits.get(host)
        if lim is None:
            if len(http_limits) > 10_000:
                http_limits.clear()
            lim = http_limits[host] = RateLimit(st.http_rate, st.http_burst)
        return lim.allow()

    def err(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    def page() -> Response:
        body, ctype = static["index.html"]
        return Response(body, media_type=ctype, headers={"Cache-Control": "no-cache"})

    # ------------------------------------------------------------------ pages
    @app.get("/", response_class=HTMLResponse)
    async def index() -> Response:
        return page()

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    async def play_page(game_id: str) -> Response:
        return page()

    @app.get("/replay", response_class=HTMLResponse)
    async def replay_page() -> Response:
        return page()

    @app.get("/static/{name}")
    async def static_file(name: str) -> Response:
        f = static.get(name)  # a key of a table read at start-up, never a path
        if f is None:
            return err(404, "no such file")
        return Response(f[0], media_type=f[1], headers={"Cache-Control": "no-cache"})

    # ------------------------------------------------------------------ the lobby
    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        games = []
        for gid in registry.available():
            pkg = packages[gid]
            if gid not in deck_titles:
                deck_titles[gid] = deck_table.listing(gid)
            games.append({"id": gid, "title": pkg.title, "decks": deck_titles[gid]})
        return {"games": games, "agents": sorted(AGENTS)}

    @app.post("/api/games")
    async def create_game(request: Request) -> Response:
        if not client_limit(request):
            return err(429, "too many requests: wait a moment")
        body = await _json_body(request, MAX_MESSAGE)
        if not isinstance(body, dict):
            return err(400, "expected a JSON object")
        unknown = set(body) - {"game", "deck", "opponent", "seat"}
        if unknown:
            return err(400, f"unknown keys: {', '.join(sorted(map(str, unknown)))[:200]}")
        gid = body.get("game")
        if gid not in registry.available():
            return err(400, f"game: expected one of {', '.join(registry.available())}")
        pkg = packages[gid]
        seat = body.get("seat", "p1")
        if seat not in ("p1", "p2"):
            return err(400, "seat: expected p1 or p2")
        opp = body.get("opponent")
        try:
            mine = deck_from_request(pkg, body.get("deck"), deck_table)
            if isinstance(opp, dict) and set(opp) <= {"agent", "deck"} and opp.get("agent") in AGENTS:
                theirs = deck_from_request(pkg, opp.get("deck") or {"shipped": deck_table.names(gid)[0]}, deck_table)
                other = {"kind": "agent", "agent": opp["agent"]}
            elif opp == {"person": True}:
                theirs = None
                other = {"kind": "person"}
            else:
                return err(400, 'opponent: expected {"agent": NAME, "deck": DECK} or {"person": true}; '
                                f"agents: {', '.join(sorted(AGENTS))}")
        except DeckInputError as e:
            return err(400, str(e))
        me = int(seat[1]) - 1
        decks: list[Any] = [None, None]
        seats: list[dict[str, Any]] = [{}, {}]
        decks[me], decks[1 - me] = mine, theirs
        seats[me], seats[1 - me] = {"kind": "person"}, other
        seed = None if seeds is None else next(seeds)
        table, tokens = await asyncio.to_thread(Table.create, store, gid, decks, seats, seed, pkg)
        live[table.sg.id] = Live(table)
        out = {"id": table.sg.id, "seat": seat, "token": tokens[me], "url": f"/play/{table.sg.id}#token={tokens[me]}",
               "watch_url": f"/play/{table.sg.id}"}
        if tokens[1 - me]:
            out["join_url"] = f"/play/{table.sg.id}#token={tokens[1 - me]}"
        return JSONResponse(out)

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str) -> Response:
        lv = load_table(game_id)
        if lv is None:
            return err(404, "no such game")
        return JSONResponse(lv.table.meta())

    @app.get("/api/games/{game_id}/replay")
    async def game_replay(game_id: str, request: Request) -> Response:
        lv = load_table(game_id)
        if lv is None:
            return err(404, "no such game")
        if lv.table.seat_of(request.headers.get("x-token")) is None:
            return err(403, "a seat's token is needed (header X-Token)")
        if lv.table.status != "over":
            return err(409, "the replay is available when the game is over")
        async with lv.lock:
            data = lv.table.replay()
        return Response(json.dumps(data, indent=1), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{lv.table.sg.game}-{game_id}.json"'})

    # ------------------------------------------------------------------ replays
    def replay_package(data: dict[str, Any]) -> Any:
        """The package an uploaded replay plays with.  The card files it records are matched by
        their file name against this server's own ``--cards`` files: a client's string is never
        opened as a path."""
        named = data.get("cards")
        if not named:
            return registry.get(data["game"])
        if not isinstance(named, list) or not all(isinstance(f, str) for f in named) or len(named) > 32:
            raise ValueError("cards: expected a list of card file names")
        mine = {Path(f).name: f for f in getattr(packages[data["game"]], "card_files", ())}
        missing = [Path(f).name for f in named if Path(f).name not in mine]
        if missing:
            raise ValueError(f"its cards come from {', '.join(n[:80] for n in missing)}, which this server does not "
                             f"have (tcgjudge serve --cards FILE)")
        return package_for(data["game"], [mine[Path(f).name] for f in named])

    @app.post("/api/replays")
    async def upload_replay(request: Request) -> Response:
        if not client_limit(request):
            return err(429, "too many requests: wait a moment")
        data = await _json_body(request, MAX_REPLAY)
        problem = _replay_problem(data)
        if problem:
            return err(400, f"not a tcgjudge replay: {problem}")
        try:
            rv = await asyncio.to_thread(_replay_view, data, replay_package(data))
        except (ValueError, IllegalAction, KeyError, TypeError) as e:
            return err(400, f"the replay does not fit this engine: {str(e)[:300]}")
        rid = secrets.token_urlsafe(9)
        replays[rid] = rv
        while len(replays) > 8:
            replays.popitem(last=False)
        return JSONResponse({"id": rid, "game": rv.game, "title": rv.title, "steps": len(rv.answers),
                             "result": rv.result})

    @app.get("/api/replays/{rid}")
    async def replay_step(rid: str, step: int = 0, seat: str = "p1") -> Response:
        rv = replays.get(rid)
        if rv is None:
            return err(404, "no such replay (upload it again)")
        if seat not in ("p1", "p2"):
            return err(400, "seat: expected p1 or p2")
        if not 0 <= step <= len(rv.answers):
            return err(400, f"step: expected 0..{len(rv.answers)}")
        p = int(seat[1]) - 1
        g = rv.snaps[step]
        v = view(g, p)
        v.pop("decision", None)
        v.pop("waiting_for", None)
        answer = None
        if step < len(rv.answers):
            d = g.pending
            answer = {"player": f"p{d.player + 1}", "kind": d.kind,
                      "label": d.labels[rv.answers[step]] if d.player == p else None}
        return JSONResponse({"view": v, "step": step, "steps": len(rv.answers), "answer": answer, "result": rv.result,
                             "cards": {x["card"]: g.objects[x["id"]].card.text for x in _shown(v)
                                       if x["id"] in g.objects}})

    # ------------------------------------------------------------------ playing
    async def send(conn: Conn, msg: dict[str, Any]) -> None:
        try:
            if conn.ws.application_state == WebSocketState.CONNECTED:
                await conn.ws.send_text(json.dumps(msg))
        except Exception:  # a closed connection: it is dropped below
            pass

    async def broadcast(lv: Live) -> None:
        for c in list(lv.conns):
            await send(c, lv.table.message(c.state))

    async def handle(lv: Live, conn: Conn, msg: dict[str, Any]) -> str | None:
        """Carry out one message; the error to send back, if any."""
        kind = msg.get("type")
        seat = conn.state.seat
        if kind not in MESSAGE_KEYS:
            return f"unknown message type {str(kind)[:40]!r}; types: {', '.join(MESSAGE_KEYS)}"
        extra = set(msg) - MESSAGE_KEYS[kind] - {"type"}
        if extra:
            return f"{kind}: unknown keys {', '.join(sorted(str(k)[:20] for k in extra))[:200]}"
        if kind == "ping":
            await send(conn, {"type": "pong"})
            return None
        if kind == "hello":
            return "hello: already said"
        if seat is None:
            return "spectators cannot act in the game"
        t = lv.table
        async with lv.lock:
            try:
                if kind == "decide":
                    await asyncio.to_thread(t.decide, seat, msg.get("index"), msg.get("seq"))
                elif kind == "concede":
                    t.concede(seat)
                else:
                    if t.game is not None or t.sg.decks[seat] is not None:
                        return "this seat has a deck already"
                    deck = deck_from_request(t.pkg, msg.get("deck"), deck_table if t.pkg is packages.get(t.sg.game)
                                             else None)
                    await asyncio.to_thread(t.choose_deck, seat, deck)
            except (TableError, DeckInputError) as e:
                return str(e)
            except Exception as e:  # an engine failure: the table went back to what is stored
                return f"the engine failed on this answer, which was not recorded: {type(e).__name__}: {e}"
            await broadcast(lv)
            # the agents answer theirs; the pages see the game move on at least every ~0.4 s
            while t.agents_to_move():
                await asyncio.to_thread(t.step_agents)
                await broadcast(lv)
        return None

    @app.websocket("/ws/{game_id}")
    async def ws_game(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        lv = load_table(game_id)
        if lv is None:
            await _refuse(ws, "no such game")
            return
        if len(lv.conns) >= MAX_CONNECTIONS:
            await _refuse(ws, "too many connections to this game")
            return
        try:
            first = await asyncio.wait_for(ws.receive(), HELLO_TIMEOUT)
        except (TimeoutError, WebSocketDisconnect):
            await _close(ws, 1008)
            return
        if first.get("type") == "websocket.disconnect":
            return
        hello = _parse(first)
        if not isinstance(hello, dict) or hello.get("type") != "hello" or set(hello) - {"type", "token"}:
            await _refuse(ws, 'the first message must be {"type": "hello"} or {"type": "hello", "token": TOKEN}')
            return
        seat: int | None = None
        if hello.get("token") is not None:
            seat = lv.table.seat_of(hello.get("token"))
            if seat is None:
                await _refuse(ws, "wrong token for this game")
                return
        conn = Conn(ws, ConnState(seat), RateLimit(st.ws_rate, st.ws_burst))
        async with lv.lock:
            lv.conns.add(conn)
            await send(conn, lv.table.message(conn.state))
        try:
            while True:
                m = await ws.receive()
                if m.get("type") == "websocket.disconnect":
                    break
                if not conn.limit.allow():
                    conn.refused += 1
                    await send(conn, {"type": "error", "message": "rate limit: too many messages, slow down"})
                    if conn.refused > st.max_refused:
                        await _close(ws, 1008)
                        break
                    continue
                msg = _parse(m)
                if isinstance(msg, str):
                    await send(conn, {"type": "error", "message": msg})
                    continue
                problem = await handle(lv, conn, msg)
                if problem:
                    await send(conn, {"type": "error", "message": problem})
        except WebSocketDisconnect:
            pass
        finally:
            lv.conns.discard(conn)

    return app


async def _refuse(ws: WebSocket, message: str) -> None:
    """Tell the client why, and close the connection."""
    try:
        await ws.send_text(json.dumps({"type": "error", "message": message, "fatal": True}))
    except Exception:
        pass
    await _close(ws, 1008)


async def _close(ws: WebSocket, code: int) -> None:
    try:
        await ws.close(code=code)
    except Exception:
        pass


def _parse(m: dict[str, Any]) -> dict[str, Any] | str:
    """A client message as a JSON object, or the reason it is not one."""
    text = m.get("text")
    if text is None:
        return "expected a JSON text message"
    if len(text) > MAX_MESSAGE:
        return f"message too long ({len(text)} characters; at most {MAX_MESSAGE})"
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return "not JSON"
    if not isinstance(msg, dict):
        return "expected a JSON object"
    return msg


async def _json_body(request: Request, limit: int) -> Any:
    body = await request.body()
    if len(body) > limit:
        return None
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return None


def _replay_problem(data: Any) -> str | None:
    """What makes uploaded data not a replay (the checks of ``kernel.replay.load``), or None."""
    from ...kernel.replay import FORMAT

    if not isinstance(data, dict):
        return "expected a JSON object (at most 4 MB)"
    if data.get("format") != FORMAT:
        return f"format: expected {FORMAT!r}"
    for k in ("game", "seed", "decks", "decisions"):
        if k not in data:
            return f"missing {k!r}"
    if data["game"] not in registry.available():
        return f"game: {str(data['game'])[:40]!r} is not available here"
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        return "seed: expected a whole number"
    if not isinstance(data["decks"], list) or len(data["decks"]) != 2 or not all(
            isinstance(d, dict) for d in data["decks"]):
        return "decks: expected two decks"
    ds = data["decisions"]
    if not isinstance(ds, list) or len(ds) > MAX_REPLAY_DECISIONS or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in ds):
        return "decisions: expected a list of option indexes"
    if data.get("first") not in (None, 0, 1) or not isinstance(data.get("auto", False), bool):
        return "first/auto: expected 0, 1 or null / true or false"
    return None


def _replay_view(data: dict[str, Any], pkg: Any) -> ReplayView:
    decks = [pkg.deck_from_json(d) for d in data["decks"]]
    g = pkg.new_game(decks, data["seed"], first=data.get("first"), auto=data.get("auto", False))
    snaps = []
    for i, idx in enumerate(data["decisions"]):
        if g.pending is None:
            raise ValueError(f"replay decision {i}: the game has no pending decision")
        snaps.append(g.clone())
        g.decide(idx)
    snaps.append(g)
    result = data.get("result") if data.get("result") in ("p1", "p2", "draw") else None
    return ReplayView(data["game"], pkg.title, snaps, list(data["decisions"]), result)


def _shown(x: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if isinstance(x, dict):
        if isinstance(x.get("id"), int) and "card" in x:
            out.append(x)
        for v in x.values():
            out.extend(_shown(v))
    elif isinstance(x, list):
        for v in x:
            out.extend(_shown(v))
    return out


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "tcgjudge-games.sqlite3", rate: float = 20.0,
          seed: int | None = None, card_files: tuple[str, ...] = (), deck_dirs: tuple[str, ...] = ()) -> None:
    """Run the server until interrupted; prints the address to open."""
    import uvicorn

    app = create_app(Settings(db=db, ws_rate=rate, ws_burst=max(10, int(rate * 2)), seed=seed,
                              card_files=tuple(card_files), deck_dirs=tuple(deck_dirs)))
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"tcgjudge serve: open http://{shown}:{port}/ (games stored in {db}; Ctrl+C stops)", flush=True)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=MAX_MESSAGE * 4, ws_ping_interval=20)
    uvicorn.Server(config).run(sockets=[sock])


__all__ = ["create_app", "serve", "Settings", "SPECTATOR"]
