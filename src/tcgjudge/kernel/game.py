"""The game: state as plain data, and the engine loop that advances it.

A :class:`Game` holds everything about one game in progress.  Its procedure
stack (``frames``) records where the engine stopped: which step of which
procedure, with which bindings, as plain data (DESIGN principle 2).  The loop
in :meth:`Game.advance` runs the top frame's handler until a decision is
pending or the game is over; :meth:`Game.decide` stores the answer on the
frame that asked and continues.  Nothing in the engine calls out to a player.

Handlers are plain functions ``handler(game, frame)`` registered by name in
the game's rules (``rules.procs``).  A handler reads ``frame.step``, does
some work, and then either changes ``frame.step``, pushes a sub-procedure
(:meth:`push`), finishes (:meth:`pop`), or asks (:meth:`ask`).  When asked,
the answer arrives as ``frame.data["ans"]`` (the chosen option's payload).
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from . import debug
from .decisions import Decision, IllegalAction, brief
from .effects import CLOCK, READS, CEffect
from .events import Event, PendingTrigger
from .frames import Frame, dcopy
from .layers import compute_layers
from .objects import CardDef, Obj
from .rng import Rng

if TYPE_CHECKING:
    from .rules import GameRules


MARK = "\x00"  # object placeholders in option labels: MARK + id + MARK
MEMO = "memo"  # first item of the keys of memo_chars values in the characteristics cache


CONCEDE = "concede p"


def concession(player: int) -> str:
    """How a concession is recorded among the answers of ``history`` (and in replays)."""
    return f"{CONCEDE}{player + 1}"


def as_index(x: Any, what: str) -> int:
    """``x`` as an exact ``int``: an int, or an object with ``__index__`` (numpy integers); a
    bool, a text, a float or an object whose ``__index__`` fails is an IllegalAction.  An int
    subclass becomes a plain int, so its own comparisons are never used."""
    if isinstance(x, (bool, float)):
        raise IllegalAction(f"{what} {brief(x)}: expected a whole number")
    try:
        i = operator.index(x)
    except Exception:  # noqa: BLE001 - anything the object's __index__ does is bad input
        raise IllegalAction(f"{what} {brief(x)}: expected a whole number") from None
    if type(i) is not int:
        raise IllegalAction(f"{what} {brief(x)}: expected a whole number")
    return i


class GameOver(Exception):
    """Raised inside handlers to stop the loop at once when the game ends."""


class Game:
    """One game.  See the module docstring."""

    _GEN = 0

    def __init__(self, rules: GameRules, seed: int = 0) -> None:
        self.rules = rules
        Game._GEN += 1
        self.gen = Game._GEN
        self.seed = seed
        self.rng = Rng(seed)
        self.objects: dict[int, Obj] = {}
        self.zones: dict[tuple[int, str], list[int]] = {}
        self.next_id = 1
        self.players: list[dict[str, Any]] = [{"index": i} for i in range(rules.num_players)]
        self.turn = 0  # turn serial: counts every turn taken, extra turns included
        self.active = 0
        self.phase = ""
        self.step = ""
        self.frames: list[Frame] = []
        self.pending: Decision | None = None
        self.effects: list[CEffect] = []
        self.triggers: list[PendingTrigger] = []
        self.delayed: list[Any] = []
        self.lki: dict[int, tuple] = {}  # old id -> (object, characteristics, successor id)
        self.log: list[str] = []
        self.result: int | str | None = None  # winner index, "draw", or None while playing
        self.record: dict[str, Any] = {}  # per-turn tallies the rules and cards refer to
        self.gvars: dict[str, Any] = {}  # game-specific globals (attack state, ...)
        self.history: list[int | str] = []  # every answer given, by option index; a concession as text
        self.info: dict[str, Any] = {}  # how the game was set up (decks, seed): for replays
        self.auto = False  # answer single-option questions at once
        # facts derived from object ids alone (an id always stands for the same card), shared by a
        # game and its clones; never part of the state
        self.derived: dict[str, Any] = {}
        self._cc: dict | None = None  # characteristics cache (not part of the state)
        self._mc: dict | None = None  # other values derived from the state (see memo)
        self._batch: list[Event] | None = None
        self._batch_lki: dict[int, tuple[Obj, dict]] = {}
        for name, spec in rules.zone_specs.items():
            if spec.shared:
                self.zones[(-1, name)] = []
            else:
                for p in range(rules.num_players):
                    self.zones[(p, name)] = []

    # ------------------------------------------------------------------ clone
    def clone(self) -> Game:
        """An independent copy; objects are shared copy-on-write."""
        g = Game.__new__(Game)
        g.rules = self.rules
        Game._GEN += 1
        g.gen = Game._GEN
        Game._GEN += 1
        self.gen = Game._GEN  # both sides now treat every existing object as shared
        g.seed = self.seed
        g.rng = self.rng.clone()
        g.objects = dict(self.objects)
        g.zones = {k: list(v) for k, v in self.zones.items()}
        g.next_id = self.next_id
        g.players = [dcopy(p) for p in self.players]
        g.turn = self.turn
        g.active = self.active
        g.phase = self.phase
        g.step = self.step
        g.frames = [f.copy() for f in self.frames]
        g.pending = self.pending
        g.effects = list(self.effects)
        g.triggers = list(self.triggers)
        g.delayed = list(self.delayed)
        g.lki = dict(self.lki)
        g.log = list(self.log)
        g.result = self.result
        g.record = dcopy(self.record)
        g.gvars = dcopy(self.gvars)
        g.history = list(self.history)
        g.info = self.info
        g.auto = self.auto
        g.derived = self.derived
        g._cc = self._cc
        g._mc = self._mc
        g._batch = None
        g._batch_lki = {}
        return g

    def restore(self, other: Game) -> None:
        """Become ``other`` (a snapshot taken with :meth:`clone`), in place."""
        snap = other.clone()
        for name in ("rng", "objects", "zones", "next_id", "players", "turn", "active", "phase",
                     "step", "frames", "pending", "effects", "triggers", "delayed", "lki", "log",
                     "result", "record", "gvars", "history", "info", "auto"):
            setattr(self, name, getattr(snap, name))
        self.gen = snap.gen
        self._cc = self._mc = None
        if other.derived is not self.derived and "cards" in other.derived:
            self.derived.setdefault("cards", set()).update(other.derived["cards"])

    # ------------------------------------------------------------- the loop
    #: steps the engine may take without any player deciding anything before the game is
    #: treated as caught in a loop nobody can stop (CR 1301.1c, SVE 15.2.1.3)
    MAX_STEPS = 200_000

    def advance(self) -> None:
        """Run procedures until a decision is pending or the game is over."""
        procs = self.rules.procs
        steps = 0
        try:
            while self.pending is None and self.result is None:
                f = self.frames[-1]
                procs[f.kind](self, f)
                steps += 1
                if steps > self.MAX_STEPS:
                    self.rules.unstoppable_loop(self)
        except GameOver:
            pass

    def decide(self, choice: int | str) -> None:
        """Answer the pending decision by option index or label, then advance.

        An answer that is not an option raises :class:`IllegalAction` and
        changes nothing.
        """
        d = self.pending
        if d is None:
            raise IllegalAction("no decision is pending" + (" (the game is over)" if self.result is not None else ""))
        if type(choice) is int:
            idx = choice
        elif isinstance(choice, str):
            idx = d.index_of(str.__str__(choice))  # an exact str: a subclass's comparisons are not used
        else:
            idx = as_index(choice, "option index")
        if not 0 <= idx < len(d.options):
            raise IllegalAction(f"option index {brief(idx)} is out of range 0..{len(d.options) - 1}")
        self.pending = None
        self.history.append(idx)
        self.frames[-1].data["ans"] = d.options[idx][1]
        self.advance()

    # ------------------------------------------------------ procedure stack
    def push(self, _proc: str, **data: Any) -> Frame:
        f = Frame(_proc, 0, data)
        self.frames.append(f)
        return f

    def pop(self, ret: Any = None) -> None:
        """Finish the top procedure; ``ret`` reaches the caller as ``data['ret']``."""
        self.frames.pop()
        if self.frames:
            self.frames[-1].data["ret"] = ret

    def ask(self, player: int, kind: str, prompt: str, options: list[tuple[str, Any]],
            info: dict | None = None) -> None:
        """Stop and wait for ``player`` to pick one of ``options``.

        With ``auto`` set, a question with a single option is answered at once
        (it is not a choice); the game's set-up records the setting, so replays
        agree.
        """
        if self.auto and len(options) == 1:
            self.frames[-1].data["ans"] = options[0][1]
            return
        d = Decision(player, kind, prompt, self._render(options, player), info)
        if d.options is not options:
            d.raw = [o[0] for o in options]
        self.pending = d

    def _render(self, options: list[tuple[str, Any]], viewer: int, named: bool = True) -> list[tuple[str, Any]]:
        """Replace object placeholders in labels by names the viewer may know; two different
        objects that would read the same get their ids appended."""
        if not any(MARK in o[0] for o in options):
            return options
        names: dict[int, str] = {}
        for lab, _ in options:
            parts = lab.split(MARK)
            for i in range(1, len(parts), 2):
                oid = int(parts[i])
                if oid not in names:
                    names[oid] = self.rules.obj_name(self, oid, viewer, named)
        seen: dict[str, int] = {}
        dup: set[str] = set()
        for oid, n in names.items():
            if n in seen and seen[n] != oid:
                dup.add(n)
            seen[n] = oid
        out = []
        for lab, pay in options:
            parts = lab.split(MARK)
            for i in range(1, len(parts), 2):
                oid = int(parts[i])
                n = names[oid]
                parts[i] = f"{n}#{oid}" if n in dup else n
            out.append(("".join(parts), pay))
        return out

    @staticmethod
    def answer(frame: Frame) -> Any:
        """The answer to this frame's question (consumed), or None if none yet."""
        return frame.data.pop("ans", None)

    def end(self, result: int | str, reason: str) -> None:
        """End the game: ``result`` is the winner's index or ``"draw"``."""
        if self.result is None:
            self.result = result
            self.pending = None
            who = "draw" if result == "draw" else f"p{result + 1} wins"
            self.note(f"game over: {who} ({reason})")
        raise GameOver

    def concede(self, player: int, reason: str = "") -> None:
        """``player`` concedes and leaves the game: the opponent wins at once.  No effect
        replaces or causes this (Caster CR 103.4, SVE 1.2.3).  It is an action of the
        protocol, not a decision option: any player may take it at any time while the game
        goes on, and it is recorded in ``history`` (so in replays) as ``"concede pN"``.
        Bad input raises IllegalAction and changes nothing."""
        p = as_index(player, "player")
        if not 0 <= p < len(self.players):
            raise IllegalAction(f"no player {brief(p)}: players are 0..{len(self.players) - 1}")
        if self.result is not None:
            raise IllegalAction("the game is over")
        self.history.append(concession(p))
        try:
            self.end(1 - p, f"p{p + 1} concedes" + (f" ({reason})" if reason else ""))
        except GameOver:
            pass

    # ------------------------------------------------------------- objects
    def tick(self) -> int:
        """The next value of the game's single counter (object ids and timestamps)."""
        n = self.next_id
        self.next_id = n + 1
        return n

    def successor(self, oid: int) -> int | None:
        """Where an object went: follow zone changes to the object that exists now."""
        seen = 0
        while oid not in self.objects:
            e = self.lki.get(oid)
            if e is None or e[2] is None or seen > 64:
                return None
            oid = e[2]
            seen += 1
        return oid

    def __repr__(self) -> str:
        return f"<Game {self.rules.game_id} turn {self.turn}>"

    def w(self, oid: int) -> Obj:
        """A writable version of object ``oid`` (copy-on-write).  Every cached value derived from
        the state is forgotten: any field the caller writes may change any of them."""
        o = self.objects[oid]
        if o.gen != self.gen:
            o = o.copy(self.gen)
            self.objects[oid] = o
        self._cc = self._mc = None
        return o

    def changed(self, aspect: str) -> None:
        """Forget the cached values that a change of ``aspect`` may have changed: call it after the
        change.  Aspects: ``orient`` (an object's orientation), ``data.KEY`` (an object's game
        data ``KEY``) and ``player.KEY`` (a player's value ``KEY``); ``data.*`` and ``player.*`` in
        what was read stand for every key.  Values memoised with :meth:`memo` are always forgotten; the
        characteristics are kept when nothing they were computed from reads this aspect (what they
        read is in ``_cc[READS]``, filled by ``rules.chars_reads``; None means anything) and,
        when they read the aspect ``clock``, the turn, turn player, phase and step are those they
        were computed at (game code sets these directly; characteristics that read them are
        forgotten at the first change after them, as before any caching)."""
        self._mc = None
        cc = self._cc
        if cc is None:
            return
        reads = cc[READS]
        dot = aspect.find(".")
        if reads is None or aspect in reads or (dot > 0 and aspect[:dot + 1] + "*" in reads) \
                or ("clock" in reads and cc[CLOCK] != (self.turn, self.active, self.phase, self.step)):
            self._cc = None
        elif debug.CHECK:
            self.check_chars(f"after a change of {aspect}")

    def check_chars(self, when: str = "") -> None:
        """Debug: the cached characteristics must equal those computed afresh."""
        cc = self._cc
        if cc is None:
            return
        fresh = compute_layers(self)
        for k, v in cc.items():
            if k == READS or k == CLOCK or (type(k) is tuple and k[0] == MEMO):
                continue
            if k in fresh:
                f = fresh[k]
            elif k in self.objects:
                f = self.rules.single_chars(self, self.objects[k])
            else:
                raise debug.CacheError(f"characteristics cached for #{k}, which no longer exists ({when})")
            if debug.normal(v) != debug.normal(f):
                raise debug.CacheError(f"cached characteristics of {k!r} are stale {when}: {v!r} != {f!r}")

    def zone(self, player: int, name: str) -> list[int]:
        """The ids in a zone, in order (top of an ordered zone is the end)."""
        spec = self.rules.zone_specs[name]
        return self.zones[(-1 if spec.shared else player, name)]

    def zkey(self, player: int, name: str) -> tuple[int, str]:
        return (-1 if self.rules.zone_specs[name].shared else player, name)

    def create(self, card: CardDef, owner: int, zone: str, zp: int | None = None, *,
               face_up: bool | None = None, orient: str = "", pos: str | int = "top",
               controller: int | None = None) -> int:
        """Put a new object for ``card`` into a zone (game set-up, tokens, pseudo-cards)."""
        spec = self.rules.zone_specs[zone]
        zp = -1 if spec.shared else (owner if zp is None else zp)
        oid = self.tick()
        o = Obj(oid, card, owner, zone, zp, self.gen,
                face_up=spec.public if face_up is None else face_up, orient=orient, since=self.turn)
        if controller is not None:
            o.controller = controller
        elif zp >= 0:
            o.controller = zp
        self.objects[oid] = o
        self._insert(self.zones[(zp, zone)], oid, pos)
        self._cc = self._mc = None
        cards = self.derived.get("cards")
        if cards is None:
            cards = self.derived["cards"] = set()
        cards.add(card)  # every card that has had an object in this game (or its clones)
        return oid

    @staticmethod
    def _insert(lst: list[int], oid: int, pos: str | int) -> None:
        if pos == "top":
            lst.append(oid)
        elif pos == "bottom":
            lst.insert(0, oid)
        else:  # n-th from the top, 1-based; too deep means the bottom (SVE 4.1.3.1)
            n = int(pos)
            lst.insert(max(0, len(lst) - n + 1), oid)

    def move(self, oid: int, zone: str, zp: int | None = None, *, pos: str | int = "top",
             face_up: bool | None = None, orient: str | None = None, cause: Any = None,
             controller: int | None = None, event: bool = True) -> int:
        """Move an object to a zone; returns the id of the object there.

        Moving to another zone makes a new object (CR 302.3, SVE 4.1.4,
        NOVA 301.9); moving between field zones keeps it (same rules).  The
        old object's last known information is kept (CR 911, SVE 10.11).
        Stacked objects follow the game's rule for stocks (``rules.on_leave``).
        """
        o = self.objects[oid]
        rules = self.rules
        tspec = rules.zone_specs[zone]
        fspec = rules.zone_specs[o.zone]
        if zp is None:
            zp = o.owner  # unspecified owner of the zone: the card's owner (CR 302.5, SVE 4.1.6)
        zp = -1 if tspec.shared else zp
        frm_key = (o.zp, o.zone)
        frm = o.zone
        zone_list = self.zones[frm_key]
        chars = self.chars(oid)  # its last known information, read while it is still in its zone
        if o.over is not None:
            ov = self.w(o.over)
            ov.under.remove(oid)
            if not ov.under:
                ov.under = None
        else:
            zone_list.remove(oid)
        keep = fspec.field and tspec.field and o.over is None
        if self._batch is not None:
            self._batch_lki[oid] = (o, chars)
        if keep:
            n = self.w(oid)
            n.zone = zone
            n.zp = zp
            if controller is not None and controller != n.controller:
                n.controller = controller
                n.since = self.turn
            elif zp >= 0 and n.controller != zp:
                n.controller = zp
                n.since = self.turn
            if face_up is not None:
                n.face_up = face_up
            if orient is not None:
                n.orient = orient
            for u in n.under or ():  # stacked cards go along (Caster CR 315.1a, 315.1c)
                wu = self.w(u)
                wu.zone, wu.zp, wu.controller = zone, zp, n.controller
            new = oid
        else:
            new = self.tick()
            n = Obj(new, o.card, o.owner, zone, zp, self.gen,
                    face_up=tspec.public if face_up is None else face_up,
                    orient=orient if orient is not None else (rules.default_orient(zone) or ""),
                    since=self.turn)
            n.controller = controller if controller is not None else (zp if zp >= 0 else o.controller)
            self.objects[new] = n
            if o.under:
                rules.on_leave_stack(self, oid, o, new)
            del self.objects[oid]
        self._insert(self.zones[(zp, zone)], new, pos)
        self.lki[oid] = (o, chars, new)
        self._carry_name(oid, new)
        self._forget_after_move(oid, o, frm, zone)
        if event:
            self.emit(Event("move", oid=oid, new=new, frm=frm, to=zone, player=o.controller, cause=cause,
                            data={"from_zp": frm_key[0], "to_zp": zp}))
        if o.card.token and not rules.token_can_exist(zone, o.card):
            # a token that moves where it cannot exist is erased at once (CR 1302.3a, SVE 9.1.4.3)
            self.erase(new)
        return new

    def _forget_after_move(self, oid: int, o: Obj, frm: str, to: str) -> None:
        """Forget what a move may have changed.  A move between two zones outside the layered ones
        changes no characteristic unless something they were computed from reads which objects
        are in other zones (the aspect ``zones``, see :meth:`changed`): then the characteristics
        are kept, without the moved object's and without the values of :meth:`memo_chars`, which
        may read any zone.  Anything stacked, or the source of a continuous effect, goes the long
        way."""
        self._mc = None
        cc = self._cc
        if cc is None:
            return
        reads = cc[READS]
        lz = self.rules.layered_zones
        if reads is None or "zones" in reads or frm in lz or to in lz or o.under or o.over is not None \
                or any(e.source == oid for e in self.effects) \
                or self.rules.move_reaches_others(self, o):  # an effect whose source is no more, a link
            self._cc = None
            return
        # a new dict: clones share the old one
        self._cc = {k: v for k, v in cc.items() if k != oid and not (type(k) is tuple and k[0] == MEMO)}
        if debug.CHECK:
            self.check_chars(f"after moving #{oid} from {frm} to {to}")

    def stack_under(self, oid: int, onto: int, pos: str = "bottom") -> int:
        """Put object ``oid`` beneath ``onto`` (stocks, evolve bases) as a new object."""
        o = self.objects[oid]
        top = self.objects[onto]
        zone_list = self.zones[(o.zp, o.zone)]
        chars = self.chars(oid)  # read while it is still where it was
        if o.over is not None:
            ov = self.w(o.over)
            ov.under.remove(oid)
        else:
            zone_list.remove(oid)
        new = self.tick()
        self.lki[oid] = (o, chars, new)
        self._carry_name(oid, new)
        n = Obj(new, o.card, o.owner, top.zone, top.zp, self.gen, face_up=o.face_up, since=self.turn)
        n.controller = top.controller
        n.over = onto
        self.objects[new] = n
        del self.objects[oid]
        t = self.w(onto)
        if t.under is None:
            t.under = []
        if pos == "bottom":
            t.under.insert(0, new)
        else:
            t.under.append(new)
        self._cc = self._mc = None
        self.emit(Event("move", oid=oid, new=new, frm=o.zone, to=top.zone, player=o.controller,
                        data={"stacked": onto}))
        return new

    def _carry_name(self, old: int, new: int) -> None:
        names = self.gvars.get("names")
        if names and old in names and old != new:
            names[new] = names[old]

    def erase(self, oid: int) -> None:
        """Remove an object from the game altogether (tokens, pseudo-cards)."""
        o = self.objects[oid]
        self.lki[oid] = (o, self.chars(oid), None)
        if o.over is not None:
            ov = self.w(o.over)
            ov.under.remove(oid)
        else:
            self.zones[(o.zp, o.zone)].remove(oid)
        del self.objects[oid]
        self._cc = self._mc = None

    # --------------------------------------------------- simple state edits
    def set_orient(self, oid: int, orient: str, cause: Any = None) -> bool:
        o = self.objects[oid]
        if o.orient == orient:
            return False  # becoming the state it already has is not a change (CR 104.3, SVE 1.3.2.1)
        old = o.orient
        if o.gen != self.gen:
            o = o.copy(self.gen)
            self.objects[oid] = o
        o.orient = orient
        self.changed("orient")
        self.emit(Event("orient", oid=oid, player=o.controller, cause=cause, data={"old": old, "new": orient}))
        return True

    def set_data(self, oid: int, key: str, value: Any) -> None:
        o = self.objects[oid]
        if o.gen != self.gen:
            o = o.copy(self.gen)
            self.objects[oid] = o
        if o.data is None:
            o.data = {}
        if value is None:
            o.data.pop(key, None)
        else:
            o.data[key] = value
        self.changed("data." + key)

    def add_counters(self, oid: int, name: str, n: int, cause: Any = None) -> int:
        """Put (n > 0) or remove (n < 0) counters; returns how many changed."""
        o = self.objects[oid]
        have = o.counter(name)
        new = max(0, have + n)
        if new == have:
            return 0
        w = self.w(oid)
        if w.counters is None:
            w.counters = {}
        if new:
            w.counters[name] = new
        else:
            del w.counters[name]
            if not w.counters:
                w.counters = None
        self.emit(Event("counter", oid=oid, player=o.controller, cause=cause,
                        data={"name": name, "n": new - have}))
        return new - have

    def set_player(self, p: int, key: str, value: Any) -> None:
        self.players[p][key] = value
        self.changed("player." + key)

    def add_effect(self, eff: CEffect) -> None:
        self.effects.append(eff)
        self._cc = self._mc = None

    def end_effects(self, duration: str) -> None:
        """End every continuous effect with this duration (CR 507.5a, SVE 7.4.8)."""
        keep = [e for e in self.effects if e.duration != duration]
        if len(keep) != len(self.effects):
            self.effects = keep
            self._cc = self._mc = None

    def forget_unused_lki(self) -> None:
        """Keep only the last known information that delayed abilities, continuous effects or
        waiting triggers still refer to (at the end of a turn)."""
        keep = {d["src"] for d in self.delayed if d.get("src") is not None}
        keep.update(e.source for e in self.effects if e.source is not None)
        keep.update(t.source for t in self.triggers)
        self.lki = {k: v for k, v in self.lki.items() if k in keep}

    def note(self, line: str) -> None:
        self.log.append(line)

    def touch(self) -> None:
        """Forget cached characteristics (after a change made outside these helpers)."""
        self._cc = self._mc = None

    # ------------------------------------------------------ characteristics
    def base_chars(self, oid: int) -> dict:
        o = self.objects.get(oid)
        if o is None:
            return self.lki[oid][1]
        return self.rules.base_chars(self, o)

    def chars(self, oid: int) -> dict:
        """Current characteristics of an object, after continuous effects.

        For an object that no longer exists, its last known information.
        """
        cc = self._cc
        if cc is None:
            cc = self._cc = compute_layers(self)
        c = cc.get(oid)
        if c is None:
            o = self.objects.get(oid)
            if o is None:
                return self.lki[oid][1]
            c = self.rules.single_chars(self, o)
            cc[oid] = c
            reads = cc[READS]
            if reads is not None:
                more = self.rules.object_reads(self, o)
                if more is None or not more <= reads:
                    # shared with clones: what any of them computed counts for all
                    cc[READS] = None if more is None else reads | more
        return c

    def memo(self, key: Any, fn: Any) -> Any:
        """A value derived from the current state, computed once until the state changes."""
        mc = self._mc
        if mc is None or self._cc is None:
            mc = self._mc = {}
        if key in mc:
            return mc[key]
        v = mc[key] = fn()
        return v

    def memo_chars(self, key: Any, fn: Any) -> Any:
        """Like :meth:`memo`, for a value computed only from characteristics, zones (which objects
        are where, controllers, stacking) and continuous effects -- never from orientations,
        object data, counters or player values: it is kept as long as the characteristics are
        (see :meth:`changed`).  It must hold no object (``Obj``), only ids and values."""
        cc = self._cc
        if cc is None:
            cc = self._cc = compute_layers(self)
        k = (MEMO, key)
        if k in cc:
            v = cc[k]
            if debug.CHECK:
                fresh = fn()
                if debug.normal(fresh) != debug.normal(v):
                    raise debug.CacheError(f"memo_chars {key!r} is stale: {v!r} != {fresh!r}")
            return v
        v = cc[k] = fn()
        return v

    def pmods(self, p: int) -> dict:
        """Modifiers that continuous effects put on player ``p`` (restrictions, ...)."""
        cc = self._cc
        if cc is None:
            cc = self._cc = compute_layers(self)
        return cc[("p", p)]

    # ----------------------------------------------------- events, triggers
    def begin_batch(self) -> bool:
        """Start a group of simultaneous events (checked for triggers together).  False when one
        is already open (its events join it; the caller then leaves ending it to its opener)."""
        if self._batch is None:
            self._batch = []
            self._batch_lki = {}
            return True
        return False

    def end_batch(self) -> None:
        batch = self._batch
        self._batch = None
        lki = self._batch_lki
        self._batch_lki = {}
        if batch:
            self.rules.check_triggers(self, batch, lki)

    def emit(self, ev: Event) -> None:
        if self._batch is not None:
            self._batch.append(ev)
        else:
            lki = {ev.oid: self.lki[ev.oid]} if ev.kind == "move" and ev.oid in self.lki else {}
            self.rules.check_triggers(self, [ev], lki)

    def add_trigger(self, controller: int, source: int, ability: Any, bind: dict, card=None) -> None:
        self.triggers.append(PendingTrigger(self.tick(), controller, source, ability, bind, 1, card))

    # ---------------------------------------------------------- queries
    def all_in(self, name: str) -> list[int]:
        """The objects in zone ``name`` of every player, the first player's first (a new list)."""
        if self.rules.zone_specs[name].shared:
            return list(self.zones[(-1, name)])
        zones = self.zones
        out: list[int] = []
        for p in range(len(self.players)):
            out += zones[(p, name)]
        return out

    def card_count(self) -> int:
        """Every physical card in every zone, stacked ones included (tokens and the
        pseudo-cards of abilities are not cards): for conservation checks."""
        n = 0
        objs = self.objects
        for ids in self.zones.values():
            for oid in ids:
                o = objs[oid]
                if not o.card.token:
                    n += 1
                if o.under:
                    n += sum(1 for u in o.under if not objs[u].card.token)
        if len(objs) != sum(len(v) for v in self.zones.values()) + sum(
                len(o.under) for o in objs.values() if o.under):
            return -1  # an object that is in no zone, or in two: never conserved
        return n

    def fingerprint(self) -> tuple:
        """A value that is equal for equal game states (used to test determinism)."""
        objs = tuple(sorted(
            (o.id, o.card.key, o.owner, o.controller, o.zone, o.zp, o.face_up, o.orient,
             tuple(sorted(o.counters.items())) if o.counters else (), tuple(o.under or ()), o.over,
             repr(sorted(o.data.items())) if o.data else "")
            for o in self.objects.values()))
        zones = tuple(sorted((k, tuple(v)) for k, v in self.zones.items()))
        effects = tuple((e.eid, e.ts, e.layer, e.op, repr(e.args), repr(e.affects), e.controller, e.source,
                         e.duration) for e in self.effects)
        triggers = tuple((t.tid, t.controller, t.source, t.ability.text, repr(sorted(t.bind.items())))
                         for t in self.triggers)
        return (objs, zones, repr(self.players), self.turn, self.active, self.phase, self.step,
                tuple((f.kind, f.step, repr(f.data)) for f in self.frames),
                self.pending.labels if self.pending else None, self.result, self.rng.state,
                tuple(self.log), tuple(self.history), effects, triggers, repr(self.delayed),
                repr(sorted(self.record.items())), repr(sorted(((k, v) for k, v in self.gvars.items() if not k.startswith("_")), key=str)),
                tuple(sorted(self.lki)), self.next_id)
