"""One game on the web server: its seats, its engine game, and what each connection is sent.

Everything here is synchronous and knows nothing of HTTP: the server calls it
under the table's lock.  A seat is a person (who holds a token) or an agent
(from ``tcgjudge.agents.AGENTS``).  What a connection receives is built from
``kernel.view.view`` for its seat (a spectator gets the view of no player:
public information only), the pending decision's options with the objects
they concern, and the printed text of the cards it may see.
"""

from __future__ import annotations

import hmac
import re
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from ...agents import act, make_agent
from ...games import registry
from ...kernel import replay as replay_mod
from ...kernel.decisions import IllegalAction
from ...kernel.game import MARK
from ...kernel.view import view
from ..sim import replay_answer, replay_start
from .store import Store, StoredGame, token_hash

SPECTATOR = -1  # the viewer index of nobody: view() shows it what every player may see
_PLAYER_REF = re.compile(r"(?<![\w#])(p[1-9])\b")


class TableError(ValueError):
    """A request this table refuses; nothing changed."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class ConnState:
    """What one connection has been sent already (the log grows; card texts are sent once)."""

    seat: int | None
    log_n: int = 0
    log_last: str | None = None
    cards: set[str] = field(default_factory=set)


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` (stored with the seat; games stored before seeds were
    stored used this too)."""
    return game_seed + 7919 * (seat + 1)


def package_for(game: str, cards: list[str] | tuple[str, ...]) -> Any:
    """The game package with the cards of a stored game's card files (the server's own files)."""
    pkg = registry.get(game)
    return pkg.with_cards(tuple(cards)) if cards else pkg


class Table:
    def __init__(self, sg: StoredGame, store: Store, pkg: Any = None) -> None:
        self.sg = sg
        self.store = store
        self.pkg = pkg if pkg is not None else package_for(sg.game, sg.cards)
        self.game: Any = None
        self.agents: dict[int, Any] = {}
        #: decisions at which a re-created agent, shown its decisions again, chose otherwise
        self.agent_drift: list[int] = []
        if all(d is not None for d in sg.decks):
            self._rebuild()

    # ------------------------------------------------------------------ creation
    @classmethod
    def create(cls, store: Store, game: str, decks: list[Any], seats: list[dict[str, Any]],
               seed: int | None = None, pkg: Any = None) -> tuple[Table, list[str | None]]:
        """A new table; ``decks`` holds a deck or None (to be chosen by the person who joins) per seat.
        ``pkg``: the game package with the server's card files (recorded with the game).
        Returns the table and each person seat's token (None for agents)."""
        tokens: list[str | None] = []
        stored_seats = []
        seed = secrets.randbelow(2**31) if seed is None else seed
        for i, s in enumerate(seats):
            if s["kind"] == "person":
                t = new_token()
                tokens.append(t)
                stored_seats.append({"kind": "person", "token": token_hash(t)})
            else:
                tokens.append(None)
                stored_seats.append({"kind": "agent", "agent": s["agent"], "seed": agent_seed(seed, i)})
        sg = StoredGame(id=secrets.token_urlsafe(9), game=game, seed=seed, first=None, auto=True,
                        decks=[None if d is None else d.to_json() for d in decks], seats=stored_seats,
                        created=time.time(), cards=list(getattr(pkg, "card_files", ())))
        store.create(sg)
        t = cls(sg, store, pkg)
        t._run_agents()
        return t, tokens

    def _rebuild(self) -> None:
        """The game from its decks, seed and decisions (a restarted server, or after an engine
        error), and its agents re-created from their seeds and shown again every decision they
        made, in order, so that each is where it was (a deterministic agent, as ``random``, then
        goes on exactly as it would have without the restart)."""
        sg = self.sg
        data = {"game": sg.game, "seed": sg.seed, "first": sg.first, "auto": sg.auto, "decks": sg.decks,
                "decisions": sg.decisions}
        replay_mod.check(data)
        self.agents = {i: make_agent(s["agent"], s.get("seed", agent_seed(sg.seed, i)), interactive=True)
                       for i, s in enumerate(sg.seats) if s["kind"] == "agent"}
        self.agent_drift = []
        g = replay_start(self.pkg, data)
        for n, answer in enumerate(sg.decisions):  # a concession is one of the decisions
            d = g.pending
            agent = self.agents.get(d.player) if d is not None else None
            # a search agent (mcts, greedy) is not asked again: it plays on a clock and searching
            # every past decision again would keep the restart waiting
            if agent is not None and not getattr(agent, "needs_infoset", False) and not isinstance(answer, str):
                if act(agent, g) != answer:
                    self.agent_drift.append(n)
            replay_answer(g, answer, n)
        self.game = g
        self._run_agents()

    # ------------------------------------------------------------------ seats
    def seat_of(self, token: Any) -> int | None:
        """The seat this token opens, or None."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        h = token_hash(token)
        for i, s in enumerate(self.sg.seats):
            if s["kind"] == "person" and hmac.compare_digest(s["token"], h):
                return i
        return None

    @property
    def status(self) -> str:
        if self.game is None:
            return "waiting"
        return "over" if self.game.result is not None else "playing"

    def choose_deck(self, seat: int, deck: Any) -> None:
        """The person who joined brings their deck; the game starts when every seat has one."""
        if self.sg.decks[seat] is not None:
            raise TableError("this seat has a deck already")
        self.sg.decks[seat] = deck.to_json()
        self.store.set_decks(self.sg.id, self.sg.decks)
        if all(d is not None for d in self.sg.decks):
            self._rebuild()

    # ------------------------------------------------------------------ playing
    def decide(self, seat: int, index: Any, seq: Any) -> None:
        """``seat`` answers the pending decision with option ``index``; ``seq`` is the number of
        decisions made so far as the client saw it (an answer to an older question is refused)."""
        g = self.game
        if g is None:
            raise TableError("the game has not started: waiting for the other player")
        if g.result is not None:
            raise TableError("the game is over")
        d = g.pending
        if d is None or d.player != seat:
            raise TableError("it is not your decision")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq != len(g.history):
            raise TableError(f"stale answer: it answers decision {seq!r}, the pending one is {len(g.history)}")
        if isinstance(index, bool) or not isinstance(index, int):
            raise TableError("index: expected a whole number")
        try:
            g.decide(index)  # IllegalAction changes nothing
        except IllegalAction as e:
            raise TableError(str(e)) from None
        except Exception:
            # an engine failure: go back to what is stored, the answer is not recorded
            self._rebuild()
            raise
        self._save()

    def concede(self, seat: int) -> None:
        g = self.game
        if g is None or g.result is not None:
            raise TableError("there is no game in progress to concede")
        g.concede(seat)  # recorded in the history, so stored with the decisions
        self._save()

    def agents_to_move(self) -> bool:
        g = self.game
        return g is not None and g.result is None and g.pending is not None and g.pending.player in self.agents

    def step_agents(self, budget: float = 0.4) -> bool:
        """Let the agents answer their decisions for about ``budget`` seconds (at least one answer),
        store what changed; True if an agent still has a decision to make."""
        g = self.game
        t0 = time.monotonic()
        while self.agents_to_move():
            d = g.pending
            g.decide(act(self.agents[d.player], g))
            if time.monotonic() - t0 > budget:
                break
        if g is not None:
            self._save()
        return self.agents_to_move()

    def _run_agents(self) -> None:
        """Let the agents answer every decision that is theirs, then store what changed."""
        while self.step_agents(budget=60.0):
            pass

    def _save(self) -> None:
        g = self.game
        stored = len(self.sg.decisions)
        new = g.history[stored:]
        if new:
            self.store.add_decisions(self.sg.id, stored, new)
            self.sg.decisions.extend(new)
        if g.result is not None and self.sg.result is None:
            self.sg.result = "draw" if g.result == "draw" else f"p{g.result + 1}"
            self.store.set_result(self.sg.id, self.sg.result)

    def replay(self) -> dict[str, Any]:
        if self.game is None:
            raise TableError("the game has not started")
        return replay_mod.record(self.game)

    # ------------------------------------------------------------------ what a connection sees
    def meta(self, seat: int | None = None) -> dict[str, Any]:
        """The table as ``seat`` may know it: who sits where; a deck's name only for its own seat."""
        seats = []
        for i, s in enumerate(self.sg.seats):
            d = self.sg.decks[i]
            seats.append({"seat": f"p{i + 1}", "kind": s["kind"], "agent": s.get("agent"),
                          "deck": d.get("name") if d is not None and i == seat else None})
        return {"id": self.sg.id, "game": self.sg.game, "title": self.pkg.title, "status": self.status,
                "seats": seats}

    def message(self, conn: ConnState) -> dict[str, Any]:
        """The state message for one connection (its seat's view; only what is new in the log)."""
        out: dict[str, Any] = {"type": "state", "seat": None if conn.seat is None else f"p{conn.seat + 1}",
                               "table": self.meta(conn.seat)}
        g = self.game
        if g is None:
            out["needs_deck"] = conn.seat is not None and self.sg.decks[conn.seat] is None
            return out
        viewer = SPECTATOR if conn.seat is None else conn.seat
        v = view(g, viewer)
        lines = v.pop("log")
        if conn.seat is None:
            v["you"] = None
        out["seq"] = len(g.history)
        out["view"] = v
        # the log: only what this connection has not had (from the start again if the log was rewound)
        if conn.log_n > len(lines) or (conn.log_n and lines[conn.log_n - 1] != conn.log_last):
            conn.log_n = 0
        out["log"] = {"from": conn.log_n, "lines": lines[conn.log_n:]}
        conn.log_n = len(lines)
        conn.log_last = lines[-1] if lines else None
        seen: dict[int, Any] = {}
        _objects(v["players"], seen)
        _objects(v["shared"], seen)
        texts = {}
        for oid, key in seen.items():
            if key is not None and key not in conn.cards and oid in g.objects:
                texts[key] = g.objects[oid].card.text
                conn.cards.add(key)
        out["cards"] = texts
        d = g.pending
        if "decision" in v and d is not None:
            raw = d.raw or d.labels
            opts = []
            for i, lab in enumerate(d.labels):
                parts = raw[i].split(MARK)
                refs = [int(x) for x in parts[1::2] if x.isdigit() and int(x) in seen]
                players = _PLAYER_REF.findall(" ".join(parts[0::2]))
                opts.append({"index": i, "label": lab, "refs": refs, "players": players})
            v["decision"]["options"] = opts
            v["decision"]["player"] = f"p{d.player + 1}"
        if g.result is not None:
            out["reason"] = next((ln for ln in reversed(lines) if ln.startswith("game over")), "")
        return out


def _objects(x: Any, out: dict[int, Any]) -> None:
    """Every object id in a view, with its card key when the viewer may see it."""
    if isinstance(x, dict):
        if "id" in x and isinstance(x["id"], int):
            out[x["id"]] = x.get("card")
        for val in x.values():
            _objects(val, out)
    elif isinstance(x, list):
        for val in x:
            _objects(val, out)
