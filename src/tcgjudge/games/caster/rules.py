"""The Caster Chronicles: the game's hooks into the kernel and the card layer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.card_rules import CardRules
from ...cards.context import Ctx, has_kw, kw_params, players, select, value
from ...cards.interpreter import Run
from ...cards.play import can_pay_generic, pay_generic, proc_pay, proc_play
from ...kernel.decisions import clip
from ...kernel.effects import CEffect, LayerView
from ...kernel.events import Event
from ...kernel.objects import Ability, CardDef
from ...kernel.priority import proc_priority
from ..resolution import activate_at_once, resolve_at_once
from . import aether as ae
from . import battle, ops
from .aether import CASTER_AETHER
from .cards import builder
from .ops import play_locks
from .procedures import (
    _remap,
    card_playable,
    do_action,
    main_timing,
    play_trigger,
    priority_options,
    proc_draws,
    proc_free_play,
    proc_moves,
    proc_resolve,
    proc_setup,
    proc_turn,
    rules_process,
    trigger_label,
)
from .vocabulary import ON_FIELD, ZONES, vocabulary

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game
    from ...kernel.objects import Obj

INF = float("inf")  # CR 104.7

#: CR 306.6, 504.1b: a face-down caster is a level 1 caster with no name and no element
FACE_DOWN = {"name": "", "types": ("caster",), "level": 1, "elements": frozenset(), "races": (),
             "cost": 0, "keywords": (), "abilities": (CASTER_AETHER,), "flags": frozenset(),
             "has_static": False, "has_auto": False, "face_down": True, "acts": (CASTER_AETHER,),
             "acts_any": False}

HIDDEN = {"name": "", "types": (), "elements": frozenset(), "races": (), "cost": 0, "keywords": (),
          "abilities": (), "flags": frozenset(), "has_static": False, "has_auto": False, "face_down": True,
          "acts": (), "acts_any": False}


def _rounded(c: dict) -> dict:
    """ATK and DEF rounded up to multiples of 100 (CR 909.1g, 1203.1); infinity stays."""
    c = dict(c)
    for k in ("atk", "def"):
        v = c.get(k)
        if v is not None and v != INF and v % 100:
            c[k] = v + (-v) % 100
    c["odd_stats"] = False
    return c


class CasterRules(CardRules):
    game_id = "caster"
    #: what characteristics read beyond objects, zones and effects (Game.changed): base_chars
    #: reads X and an ability's source; of the hooks of ops.py, "battled", "dct" and "bingo" read
    #: object data; "main_timing" reads the turn player and phase (the aspect ``clock``)
    declares_reads = True
    trigger_index = True
    base_reads = frozenset(("data.ts", "data.x", "data.source", "data.ability",
                            "zones"))  # an ability's pseudo-card reads its source, wherever it is
    hook_reads = {k: frozenset() for k in (
        "vanity", "orbs", "additional_type", "stock", "ability", "printed",
        "materials_of", "stock_of")}  # "rode", "ridden_by", "from_field_this_turn" read g.record: anything
    hook_reads.update({"main_timing": frozenset(("clock",)),  # the turn player and phase (CR 701.2)
                       "battled": frozenset(("data.battled", "data.battled_servant")),
                       "battling": frozenset(("battle",)),  # the attack under way (battle.py)
                       "dct": frozenset(("data.locked",)), "bingo": frozenset(("data.locked",))})
    zone_specs = ZONES
    #: hidden zones whose cards a player who cannot see them cannot tell apart (a deck, a hand,
    #: orbs and face-down casters, called from the hand, all hold main-deck cards: CR 304.2,
    #: 305.2, 309.2, 504.1b); see kernel/infoset.py
    hidden_pools = {"deck": "main", "hand": "main", "orbs": "main", "casters": "main", "extra_deck": "extra"}
    layered_zones = frozenset(("field", "casters", "chase"))
    field_zones = ON_FIELD
    trigger_zones = ON_FIELD
    waiting_zone = "chase"
    token_zones = frozenset(("chase",))  # CR 1302.3a: a token leaving the field is erased
    rested_word = "rested"
    # CR 909.1: base, then qualities (type/race/element), abilities, non-numerical, numerical, counters
    layers = ("base", "types", "abilities", "nonnum", "num", "counters")
    op_layers = {"grant_counters": "counters", "copy": "base", "grant_types": "types", "grant": "abilities", "lose": "abilities",
                 "modify": "num", "set_stats": "num", "player": "num", "become": "types",
                 "grant_names": "nonnum"}  # CR 909.1d: other non-numerical information (a name)
    #: at resolution, targets that became illegal are dropped; the rest still happens (CR 903.3a)
    fizzle_all = False

    def __init__(self) -> None:
        super().__init__()
        self.vocab = vocabulary()
        install(self)

    def default_orient(self, zone: str) -> str:
        return "recovered" if zone in ("field", "casters") else ""  # CR 303.1b

    def card_builder(self) -> Any:
        return builder()

    # ------------------------------------------------------------ characteristics
    def base_chars(self, g: Game, o: Obj) -> dict:
        if not o.face_up:
            if o.zone == "casters":
                return FACE_DOWN
            if ZONES[o.zone].public:
                return HIDDEN
        c = o.card.chars
        if o.data is not None:
            x = o.data.get("x")
            if x is not None and o.zone == "chase" and c.get("x_cost"):
                c = dict(c)
                c["cost"] = x  # CR 203.4: X is the chosen value while in the chase zone
            src = o.data.get("source")
            if src is not None and o.data.get("ability") is not None:
                # CR 901.1e: "an Ignus ability" is an ability of a card that is Ignus: the
                # pseudo-card of an ability carries its card's element and races
                so = g.objects.get(src)
                sc = self.base_chars(g, so) if so is not None else (g.lki[src][1] if src in g.lki else None)
                if sc is not None:
                    c = dict(c)
                    c["elements"] = sc.get("elements", frozenset())
                    c["races"] = sc.get("races", ())
        if c.get("odd_stats"):
            c = _rounded(c)  # CR 909.1g, 1203.1: a printed 1250 counts as 1300
        return c

    def single_chars(self, g: Game, o: Obj) -> dict:
        """Outside the field and chase: printed values plus the card's own abilities that
        apply to itself there (base abilities, CR 904.2; conditional keywords in hand)."""
        c = self.base_chars(g, o)
        # continuous effects made for this very card (a card in hand, CR 903.2b-1)
        own = [e for e in g.effects if e.affects[0] == "objs" and o.id in e.affects[1]]
        if not c.get("has_static") and not own:
            return c
        view = LayerView(g, {o.id: c})
        effs = []
        if c.get("has_static"):
            for ab in c["abilities"]:
                if ab.kind != "static" or o.zone not in ab.zones:
                    continue
                effs.extend(e for e in self._static_ceffects(g, o, ab) if e.affects == ("objs", frozenset((o.id,))))
        effs.extend(own)
        order = {name: i for i, name in enumerate(self.layers)}
        for eff in sorted(effs, key=lambda e: (order.get(e.layer, len(order)), e.ts)):  # CR 909.1, 909.3b
            if eff.cond is None or self.effect_condition(g, eff, view):
                view.chars[o.id] = self.apply_effect(g, eff, view.chars[o.id], o.id, view)
        return view.chars[o.id]

    def apply_game_effect(self, g: Game, eff: CEffect, c: dict, oid: int, view: LayerView) -> dict:
        if eff.op == "grant_names":  # "this card is also named X" (CR 909.1d)
            names = eff.args["names"]
            c["alt_names"] = tuple(c.get("alt_names", ())) + ((names,) if isinstance(names, str) else tuple(names))
            return c
        if eff.op == "grant_types":
            return self.apply_effect(g, CEffect(eff.eid, eff.ts, eff.layer, "grant", eff.args, eff.affects,
                                                eff.controller, eff.source, eff.duration), c, oid, view)
        if eff.op == "become":  # the card loses its type or race for the new one (CR 1014.1)
            if "types" in eff.args:
                c["types"] = tuple(eff.args["types"])
            if "races" in eff.args:
                c["races"] = tuple(eff.args["races"])
            if "elements" in eff.args:
                c["elements"] = eff.args["elements"]
            if "atk" in eff.args:
                c["atk"] = eff.args["atk"]
                c["def"] = eff.args["def"]
            return c
        raise ValueError(f"unknown continuous effect {eff.op!r}")

    def after_layers(self, g: Game, chars: dict, touched: set) -> None:
        # CR 909.1g, 1203.1: ATK and DEF that are not multiples of 100 round up (printed values
        # are multiples of 100, so only values effects changed need it)
        for oid in touched:
            c = chars[oid]
            if c.get("odd_stats"):
                chars[oid] = c = _rounded(c)
            a, d = c.get("atk"), c.get("def")
            if a == INF or d == INF:  # CR 104.7: infinity is not rounded
                continue
            if (a is not None and a % 100) or (d is not None and d % 100):
                c = dict(c)
                if a is not None and a % 100:
                    c["atk"] = a + (-a) % 100
                if d is not None and d % 100:
                    c["def"] = d + (-d) % 100
                chars[oid] = c

    # ------------------------------------------------------------ labels and views
    def hidden_name(self, g: Game, o: Obj) -> str:
        if o.zone == "casters":
            return f"face-down caster#{o.id}"
        return f"hidden card#{o.id}"

    def public_chars(self, g: Game, oid: int) -> dict:
        c = g.chars(oid)
        out: dict[str, Any] = {"name": c["name"], "type": "/".join(c["types"])}
        for k in ("cost", "level", "atk", "def"):
            if c.get(k) is not None and (k != "cost" or "caster" not in c["types"]):
                out[k] = c[k]
        out["element"] = sorted(c.get("elements", ())) or "void"
        if c.get("races"):
            out["race"] = list(c["races"])
        if c.get("keywords"):
            out["keywords"] = [k if p is None else f"{k}({p})" for k, p in c["keywords"]]
        if c.get("flags"):
            out["flags"] = sorted(c["flags"])
        return out

    def public_data(self, g: Game, o: Obj) -> dict:
        out = {}
        if o.data and "x" in o.data:
            out["x"] = o.data["x"]
        return out

    def player_view(self, g: Game, p: int, viewer: int) -> dict:
        out: dict[str, Any] = {"aether": ae.pool_labels(g.players[p]["aether"])}
        cs = g.players[p].get("counters")
        if cs:
            out["counters"] = dict(cs)
        return out

    # ------------------------------------------------------------------ player values
    def player_value(self, g: Game, p: int, key: str) -> int:
        if key == "orbs":
            return len(g.zone(p, "orbs"))
        if key in ZONES:
            return len(g.zone(p, key))
        return super().player_value(g, p, key)

    # ---------------------------------------------------------------- game actions
    def begin_draw(self, g: Game, p: int, n: int, replaced: Any = None) -> bool:
        """CR 1006.2: several draws are one draw at a time, so each draw can be replaced ("if you
        would draw a card, ... instead", CR 910); with a replacement ability in play the draws are
        done by the ``draws`` procedure, which can ask whether to apply it."""
        if n <= 0 or not self._has_replacements(g):
            self.draw(g, p, n)
            return False
        # CR 910.3: draws made by a replacement effect's "instead" are not replaced by it again
        g.push("draws", p=p, n=n, applied=[list(x) for x in replaced or ()])
        return True

    def draw_from_empty_deck(self, g: Game, p: int) -> None:
        # CR 1202.1: in the draw phase, too few cards loses: "during a draw phase, if a player
        # needed to draw" -- any player, so both can lose at once (103.3)
        if g.phase == "draw":
            g.set_player(p, "draw_failed", True)

    def erase_ability(self, g: Game, oid: int) -> None:
        """An ability leaves the chase zone (CR 704.3, 1019.1); a card revealed to play it from a
        hidden zone stops being public (CR 905.2a)."""
        src = g.objects[oid].get("revealed_src")
        g.erase(oid)
        so = g.objects.get(src) if src is not None else None
        if so is not None and so.get("known") == "all":
            g.set_data(src, "known", None)

    def cancel(self, g: Game, oid: int) -> None:
        """CR 1019.1: a cancelled spell goes to its owner's graveyard; an ability is erased."""
        o = g.objects.get(oid)
        if o is None or o.zone != "chase":
            return
        g.note(f"{o.card.key} is cancelled")
        if o.get("ability") is not None:
            self.erase_ability(g, oid)
        else:
            g.move(oid, "graveyard", o.owner, cause="cancel")

    def copy_spell(self, g: Game, oid: int, p: int) -> None:
        """CR 1023.2: copying a spell or ability in the chase zone makes a new object there with
        the same information and the same choices -- modes, X, targets (1023.2c, 1023.2c-1) --
        and no continuous effects.  A copy of a card is a pseudo-card: it ceases to exist if it
        leaves the chase zone other than by being put into the field (1023.2a)."""
        o = g.objects.get(oid)
        if o is None or o.zone != "chase":
            return  # CR 1023.2d: the copied object is gone, no copy is made
        c = o.card
        card = c if c.token else CardDef(c.key, c.chars, text=c.text, token=True, game=c.game)
        new = g.create(card, p, "chase", controller=p)
        for k, v in (o.data or {}).items():
            g.set_data(new, k, dict(v) if isinstance(v, dict) else v)
        g.note(f"p{p + 1} copies {c.key}")

    def make_token(self, g: Game, rt: Run, card: Any, p: int, zone: str | None, orient: str | None) -> int | None:
        cdef = self.token_def(card, g)
        z = zone or ("casters" if "caster" in cdef.chars["types"] else "field")  # CR 1302.1c
        if z == "field" and has_kw(cdef.chars.get("keywords", ()), "lethargy"):
            orient = "rested"  # CR 1112.2
        oid = g.create(cdef, p, z, p, orient=orient or "recovered")
        g.emit(Event("move", oid=None, new=oid, frm=None, to=z, player=p, cause="token"))
        g.note(f"p{p + 1} creates {cdef.key}")
        return oid

    def token_def(self, card: Any, g: Game | None = None) -> CardDef:
        if isinstance(card, str):
            own = g.info.get("tokens") if g is not None else None
            if own and card in own:  # a token card the game's set-up defines (a scenario's inline token)
                return own[card]
            if card in self.tokens:
                return self.tokens[card]
            if card in self.cards:
                return self.cards[card]
            # CR 1302.1d: a "(Name) token" has that name and race; CR 1302.1b: a servant
            key = f"{card} token"
            if key not in self.tokens:
                self.tokens[key] = self.builder.card({"name": card, "type": "servant", "race": card,
                                                      "atk": 0, "def": 0, "token": True}, "token")
            return self.tokens[key]
        key = card.get("name", "Token")
        if key not in self.tokens:
            entry = dict(card)
            entry.setdefault("type", "servant")
            entry["token"] = True
            self.tokens[key] = self.builder.card(entry, "token")
        return self.tokens[key]

    def change_control(self, g: Game, oid: int, p: int) -> int:
        """CR 1016: move the card to the new controller's servant or caster zone; same object."""
        o = g.objects[oid]
        if o.controller == p or o.zone not in ON_FIELD:
            return oid
        return g.move(oid, o.zone, p, controller=p, cause="control")

    def pay_life(self, g: Game, p: int, n: int) -> None:
        raise ValueError("The Caster Chronicles has no life to pay")

    # ------------------------------------------------------------------- moving
    def redirect(self, g: Game, o: Obj, dest: str) -> str:
        """CR 315.2a: Soul Bond servants and deities go to the extra deck instead."""
        c = o.card.chars
        if dest in ("deck", "hand", "casters", "orbs") and (
                "soul bond" in c.get("additional", ()) or "deity" in c["types"]):
            return "extra_deck"
        return dest

    def move_objects(self, rt: Run, ids: list[int], dest: str, cause: str, extra: dict) -> list[int] | None:
        """Perform a game action that moves objects; None if it needs a decision first."""
        g = rt.g
        plan = []
        performer = players(rt.ctx, extra.get("player", "you"))[0] if "player" in extra else rt.p
        if rt.env.get("_replaced"):  # moves made by a replacement effect (CR 910.3)
            extra = {**extra, "_replaced": rt.env["_replaced"]}
        for oid in ids:
            o = g.objects.get(oid)
            if o is None:
                continue
            step = self.plan_move(g, o, dest, cause, extra, performer)
            if step is not None:
                plan.append(step)
        if not plan:
            return []
        # the moves frame asks what the moves need decided, and offers [Break] (CR 1103.2)
        if any(s["ask"] or (s["frm"] == "orbs" and s["dest"] == "hand") for s in plan) \
                or (len(plan) > 1 and (self._order_matters(g, plan) or self._may_tie(g, plan))):
            g.push("moves", p=rt.p, plan=plan, i=0, cause=cause)
            return None
        return self.do_moves(g, plan, cause)

    def orderable(self, g: Game, step: dict) -> bool:
        """CR 302.4: the owner orders cards put together into a zone whose order is managed (the
        deck and the orb zone; 310.2-310.3: a graveyard may be reordered at will, so its order
        is not asked).  Only cards the owner knows: the order of unseen cards is no choice, and
        asking it would name them.  Cards shuffled in keep no order (CR 1015)."""
        return step["dest"] in ("deck", "orbs") and not step.get("shuffle") \
            and self.can_see(g, g.objects[step["oid"]], step["zp"])

    def breakers(self, g: Game, plan: list[dict]) -> dict[int, list[int]]:
        """CR 1103.2-1103.3: the cards with [Break] that the moves of ``plan`` put into a hand from
        an orb zone, by the player whose hand it is (corruption has its own procedure)."""
        out: dict[int, list[int]] = {}
        for s in plan:
            if s["frm"] != "orbs" or s["dest"] != "hand" or s.get("skip") or s["oid"] not in g.lki:
                continue
            new = g.lki[s["oid"]][2]
            if new in g.objects and g.objects[new].zone == "hand" \
                    and has_kw(g.chars(new).get("keywords", ()), "break"):
                out.setdefault(g.objects[new].zp, []).append(new)
        return out

    def _may_tie(self, g: Game, plan: list[dict]) -> bool:
        """Do two or more cards with continuous abilities enter the field together (their
        effects then have the same timestamp, CR 909.3b)?"""
        n = 0
        for s in plan:
            o = g.objects.get(s["oid"])
            if o is not None and s["dest"] in ON_FIELD and o.zone not in ON_FIELD \
                    and o.card.chars.get("has_static"):
                n += 1
        return n > 1

    def tied_entries(self, g: Game, new: list[int]) -> list[int]:
        """CR 909.3b: of the objects that just entered the field together, those whose continuous
        effects have the same timestamp and whose order changes some card's information (the
        turn player then decides it).  Each pair is tried both ways."""
        cands = [x for x in new if x in g.objects and g.objects[x].zone in ON_FIELD
                 and g.chars(x).get("has_static")]
        if len(cands) < 2:
            return []
        def snapshot() -> dict:
            return {oid: g.chars(oid) for z in ON_FIELD for oid in g.all_in(z)}
        base = snapshot()
        for i, x in enumerate(cands):
            for y in cands[i + 1:]:
                g.set_data(x, "ts", y)
                g.set_data(y, "ts", x)
                swapped = snapshot()
                g.set_data(x, "ts", None)
                g.set_data(y, "ts", None)
                if swapped != base:
                    return cands
        return []

    def _order_matters(self, g: Game, plan: list[dict]) -> bool:
        keys: dict[tuple, set] = {}
        for s in plan:
            if s["oid"] in g.objects and self.orderable(g, s):
                keys.setdefault((s["dest"], s["zp"], s["pos"]), set()).add(g.objects[s["oid"]].card.key)
        return any(len(k) > 1 for k in keys.values())

    def plan_move(self, g: Game, o: Obj, dest: str, cause: str, extra: dict, performer: int) -> dict | None:
        chars = g.chars(o.id)
        zp = o.owner
        face = None
        orient = None
        pos = extra.get("pos", "top")
        ask: list[str] = []
        if cause == "destroy":
            if o.zone not in ON_FIELD:
                return None
            if "indestructible" in chars.get("flags", ()):
                return None  # CR 1007.2
            dest = "graveyard"
        elif cause == "banish":
            # CR 1008.2: only cards the player controls (orbs: only their own)
            mine = o.controller == performer if o.zone != "orbs" else o.owner == performer
            if not mine:
                return None
            dest = "graveyard"
        elif cause == "remove":
            dest = "removed"
            face = extra.get("face", "up") == "up"
        elif cause == "return":
            dest = "hand"
        elif cause == "to_deck":
            dest = "deck"
            pos = extra.get("pos", "top")
        elif cause == "put_field":
            if "caster" in chars["types"]:
                dest, zp = "casters", performer
                face = extra.get("face", "up") == "up"
            else:
                dest, zp = "field", performer  # CR 306.5
                if has_kw(chars.get("keywords", ()), "lethargy"):
                    orient = "rested"  # CR 1112.2
                elif extra.get("orientation"):
                    orient = extra["orientation"]
                elif "servant" in chars["types"]:
                    ask.append("orient")  # CR 307.6: the effect's controller chooses
        elif cause == "to_orbs":
            dest, face = "orbs", False
        elif cause == "to_casters":
            dest, zp = "casters", performer
            face = extra.get("face", "down") == "up"
        elif cause in ("move", "search"):
            if extra.get("to"):
                dest = extra["to"]
            if "player" in extra and dest in ON_FIELD:
                zp = performer
            if extra.get("face"):
                face = extra["face"] == "up"
            if extra.get("orientation"):
                orient = extra["orientation"]
        dest = self.redirect(g, o, dest)
        if dest == "field" and o.zone not in ON_FIELD and has_kw(chars.get("keywords", ()), "lethargy") \
                and "servant" in chars["types"]:
            orient = "rested"  # CR 1112.2: however it enters the field
            ask = [a for a in ask if a != "orient"]
        if dest == "bingo":
            ask.append("bingo")  # CR 314.3a: a fourth card: the owner banishes one there first
        # CR 1109.2 [Soul Seal]: leaving the field for a non-field zone may be replaced
        if o.zone in ON_FIELD and dest not in ON_FIELD and o.under and has_kw(chars.get("keywords", ()), "soul_seal"):
            ask.insert(0, "soul_seal")
        applied = [list(x) for x in extra.get("_replaced", ())]
        if self.replacements_for(g, o, dest, cause, applied):
            ask.insert(0, "replace")  # CR 910: replacement effects of this move, first
        return {"oid": o.id, "frm": o.zone, "dest": dest, "zp": zp, "face": face, "orient": orient, "pos": pos,
                "ask": ask, "performer": performer, "shuffle": bool(extra.get("shuffle")),
                "cause": cause, "applied": applied}

    def replacements_for(self, g: Game, o: Obj, dest: str, cause: str, applied: list) -> list[tuple[int, Ability]]:
        """The replacement abilities (``replacement: {replace: PATTERN, instead: [...]}``) that would
        replace moving ``o`` to ``dest``: valid ones (CR 902) whose pattern matches, not already
        applied to this situation (CR 910.3: each applies once)."""
        if not self._has_replacements(g):
            return []
        ev = Event("move", oid=o.id, new=None, frm=o.zone, to=dest, player=o.controller, cause=cause,
                   data={"would": True})
        out = []
        done = {tuple(x) for x in applied}
        for z in ON_FIELD:
            for src in g.all_in(z):
                so = g.objects[src]
                for ab in g.chars(src)["abilities"]:
                    if ab.kind != "replacement" or so.zone not in ab.zones or (src, ab.index) in done:
                        continue
                    if self.match_pattern(g, ab.spec["replace"], so.controller, src, ev, {}) is not None:
                        out.append((src, ab))
        return out

    def _has_replacements(self, g: Game) -> bool:
        def scan() -> bool:
            for z in ON_FIELD:
                for oid in g.all_in(z):
                    if any(a.kind == "replacement" for a in g.chars(oid)["abilities"]):
                        return True
            return False
        return g.memo_chars(("has_replacements",), scan)

    def do_moves(self, g: Game, plan: list[dict], cause: str) -> list[int]:
        out: list[int] = []
        g.begin_batch()
        shuffle_decks: set[int] = set()
        for s in plan:
            if s.get("skip") or s["oid"] not in g.objects:
                continue
            o = g.objects[s["oid"]]
            new = g.move(s["oid"], s["dest"], s["zp"], pos=s["pos"], face_up=s["face"],
                         orient=s["orient"], cause=cause)
            if new not in g.objects:
                g.note(f"{o.card.key} is erased (a token leaving the field, CR 1302.3a)")
                continue
            n = g.objects[new]
            g.note(f"{n.card.key if self.can_see_all(g, n) else 'a card'} -> p{n.zp + 1 if n.zp >= 0 else ''} "
                   f"{s['dest']} ({cause})")
            if s["dest"] == "deck" and s.get("shuffle"):
                shuffle_decks.add(n.zp)
            if s["dest"] == "bingo":
                self._bingo_limit(g, n.zp)
            if s["dest"] == "field" and o.zone not in ON_FIELD:
                self.enter_counters(g, new)
            out.append(new)
        g.end_batch()
        for p in sorted(shuffle_decks):
            self.shuffle(g, p)
        return out

    def enter_counters(self, g: Game, oid: int) -> None:
        """CR 1018.8: a deity enters the field with its deity counters."""
        n = g.objects[oid].card.chars.get("deity_counters")
        if n:
            g.add_counters(oid, "deity", n, cause="enter")

    def _trigger_sources(self, g: Game, lki: dict) -> list:
        """CR 902.1a: only entities' abilities are valid; stocks under a card trigger nothing."""
        return [s for s in super()._trigger_sources(g, lki) if s[1].over is None]

    def _bingo_limit(self, g: Game, p: int) -> None:
        zone = g.zone(p, "bingo")
        if len(zone) > 3:  # CR 314.3a: a fourth card banishes one already there
            g.move(zone[0], "graveyard", g.objects[zone[0]].owner, cause="banish")

    def discard(self, g: Game, p: int, ids: list[int], by: int | None = None) -> list[int]:
        out = super().discard(g, p, ids, by)
        if not ids:  # CR 1013.2a: a player with no cards to discard still counts as having discarded
            g.emit(Event("discard", player=p, data={"n": 0}))
        return out

    def discard_zone(self, g: Game, o: Obj) -> str:
        # CR 1013.1: from hand to that player's graveyard; CR 315.2 still applies
        return self.redirect(g, o, "graveyard")

    def cost_move(self, g: Game, p: int, ids: list[int], how: str) -> None:
        g.begin_batch()
        for oid in ids:
            o = g.objects[oid]
            # "return ... to its owner's hand" as a cost (CR 1007.1); banishing (1008.1)
            g.move(oid, self.redirect(g, o, "hand" if how == "return" else "graveyard"), o.owner, cause=how)
        g.end_batch()

    def can_cost_move_self(self, g: Game, src: int | None, how: str) -> bool:
        return src is not None and src in g.objects

    def cost_candidates(self, g: Game, p: int, src: int | None, how: str, spec: dict, ctx: Ctx) -> list[int]:
        flt = dict(spec.get("filter") or {})
        if how == "discard":
            flt["zone"] = "hand"
            flt.setdefault("player", "you")
            return select(ctx, flt)
        if how == "banish":
            if flt.get("zone") == "orbs":
                # "banish an orb": one of the player's own orbs (CR 1008.2a)
                return [x for x in g.zone(p, "orbs") if self._cost_match(g, ctx, x, flt)]
            # CR 1008.3: an entity you control, or a stock of one, with that name (face-down ones
            # too when the front side has the name, 1008.3a)
            out = []
            for z in ON_FIELD:
                for oid in g.zone(p, z):
                    if self._cost_match(g, ctx, oid, flt):
                        out.append(oid)
                    for u in g.objects[oid].under or ():
                        if self._cost_match(g, ctx, u, flt):
                            out.append(u)
            if flt.get("zone"):
                out = [x for x in out if g.objects[x].zone in ((flt["zone"],) if isinstance(flt["zone"], str) else flt["zone"])]
            return out
        if how == "return":  # cards of the field the player controls (CR 1007.1)
            flt.setdefault("zone", list(ON_FIELD))
            flt.setdefault("controller", "you")
            return select(ctx, flt)
        if how == "rest_others":
            flt.setdefault("controller", "you")
            flt.setdefault("orientation", "recovered")
            return [x for x in select(ctx, flt) if x != src]
        if how == "reveal":
            flt["zone"] = "hand"
            flt.setdefault("player", "you")
            return select(ctx, flt)
        return []

    def _cost_match(self, g: Game, ctx: Ctx, oid: int, flt: dict) -> bool:
        from ...cards.context import as_words, matches

        o = g.objects[oid]
        sub = {k: v for k, v in flt.items() if k != "zone"}
        if not o.face_up and ("name" in sub or "name_has" in sub):
            c = o.card.chars  # CR 1008.3a: the front side's name counts
            if "name" in sub and c["name"] not in as_words(sub["name"]):
                return False
            if "name_has" in sub and not any(w in c["name"] for w in as_words(sub["name_has"])):
                return False
            sub.pop("name", None)
            sub.pop("name_has", None)
        return matches(ctx, oid, sub) if sub else True

    def can_rest_for_cost(self, g: Game, oid: int) -> bool:
        # CR 1010.3: resting as a cost needs a recovered card
        o = g.objects.get(oid)
        return o is not None and o.zone in ON_FIELD and o.orient == "recovered"

    def can_target(self, g: Game, oid: int, ctx: Ctx) -> bool:
        o = g.objects[oid]
        if not o.face_up and o.zone in ON_FIELD and o.zone != "casters":
            return False
        flags = g.chars(oid).get("flags", ())
        if "untargetable" in flags:
            return False
        for fl in flags:
            # "cannot be targeted by Ignus effects": CR 901.2d, an Ignus effect is one made by
            # an ability (or the text) of a card that is Ignus
            # "cannot be targeted by enemy spells or abilities": by anything a player other than
            # its controller plays (CR 105.4, 903.2e)
            if fl == "untargetable_by:enemy":
                if ctx.p != o.controller:
                    return False
                continue
            if fl.startswith("untargetable_by:") and ctx.src is not None:
                sc = g.chars(ctx.src) if ctx.src in g.objects else (g.lki[ctx.src][1] if ctx.src in g.lki else {})
                if fl.split(":", 1)[1] in sc.get("elements", ()):
                    return False
        return True

    # ------------------------------------------------------------ playing: costs
    def x_cost_range(self, g: Game, d: dict) -> tuple[int, int]:
        els = g.chars(d["obj"]).get("elements", frozenset())
        lo = max(1, len(els)) if els else 0  # CR 903.2d-1
        return (lo, self.max_aether(g, d["p"], exclude=()))

    def max_aether(self, g: Game, p: int, exclude: tuple = ()) -> int:
        """The most aether player ``p`` could have right now (pool plus every aether ability)."""
        if not exclude:
            return g.memo(("max_aether", p), lambda: self._max_aether(g, p, ()))
        return self._max_aether(g, p, exclude)

    def _max_aether(self, g: Game, p: int, exclude: tuple) -> int:
        n = len(g.players[p]["aether"])
        for _oid, _ab, items in self.aether_sources(g, p, exclude=exclude):
            n += len(items)
        return n

    def cost_items(self, g: Game, d: dict, spec: dict) -> list:
        """The whole cost of a play, fixed now (CR 903.2g-6)."""
        items: list = []
        if d["kind"] == "card":
            obj = d["obj"]
            if not d.get("free"):
                n = self.card_cost(g, d["p"], obj, d)
                if d.get("break_cost") is not None:
                    items.extend(d["break_cost"])
                else:
                    items.append(("aether", self.card_aether(g, d["p"], obj, n)))
            items.extend(spec.get("cost", ()))
        else:
            items.extend(spec.get("cost", ()))
        return items

    def card_aether(self, g: Game, p: int, oid: int, n: int) -> dict:
        """The aether a card costs: n, with one aether of each of its elements (CR 1002.4) -
        unless an effect alters that quality first (CR 903.2g-1): ``cost_mod: {any_element:
        true}`` lets element aether of any kind stand for the card's elements."""
        els = tuple(sorted(g.chars(oid).get("elements", ())))
        if not els:
            return {"n": n, "elements": els}
        freed: set[str] = set()
        for eff, mod in g.pmods(p).get("cost_mods", ()):
            what = mod.get("any_element")
            if what and self._cost_mod_applies(g, eff, mod, oid):
                # ``any_element: ELEMENT``: only the aether of that element of the card's cost
                # ("pay the Aes aether cost of this card with aether of any element")
                freed.update(els if what is True else (what,))
        for what in self._own_any_element(g, p, oid):
            freed.update(els if what is True else (what,))
        freed &= set(els)
        if freed == set(els):
            return {"n": n, "any": len(els)}
        if freed:
            return {"n": n, "elements": tuple(e for e in els if e not in freed), "any": len(freed)}
        return {"n": n, "elements": els}

    def _own_any_element(self, g: Game, p: int, oid: int) -> list:
        """The card's own abilities changing the quality of its cost (``any_element`` of a
        ``cost_mod`` affecting ``{self: true}``), read from the card where no continuous effect
        is computed (its hand): they apply once it is in the chase zone (CR 903.2b, 903.2g-1),
        so whether it can be played from there is asked with them."""
        o = g.objects.get(oid)
        c = g.chars(oid)
        if o is None or not c.get("has_static") or o.zone in self.layered_zones:
            return []
        out = []
        for ab in c["abilities"]:
            if ab.kind != "static" or "chase" not in ab.zones:
                continue
            for part in ab.spec["effects"]:
                mod = part["args"].get("cost_mod") if part["op"] == "player" and isinstance(part["args"], dict) \
                    else None
                if mod and mod.get("any_element") and dict(mod.get("affects") or {}) == {"self": True}:
                    out.append(mod["any_element"])
        return out

    def _use_up_next_decreases(self, g: Game, p: int, oid: int) -> None:
        """A decrease of "your next X this turn" (``cost_mod`` with ``next``) ends once a card it
        applies to is played (its cost was fixed with it, CR 903.2g-6)."""
        used = [eff for eff, mod in g.pmods(p).get("cost_mods", ())
                if mod.get("next") and self._cost_mod_applies(g, eff, mod, oid)]
        if used:
            g.effects = [e for e in g.effects if all(e is not u for u in used)]
            g.touch()

    @staticmethod
    def _can_corrupt_own(g: Game, p: int, n: int) -> bool:
        """CR 903.2h, 1009.1: "corrupt N allied orbs" as a cost needs N orbs of the player's own."""
        return len(g.zone(p, "orbs")) >= n

    def _cost_mod_applies(self, g: Game, eff: CEffect, mod: dict, oid: int) -> bool:
        from ...cards.context import matches

        sel = mod.get("affects", {})
        return matches(Ctx(g, eff.controller, eff.source), oid, {k: v for k, v in sel.items() if k != "zone"})

    def card_cost(self, g: Game, p: int, oid: int, d: dict | None = None) -> int:
        """CR 903.2g: increases, then decreases (chosen by the player, here all), never below
        the number of elements of the card (903.2g-5)."""
        c = g.chars(oid)
        n = c.get("cost", 0)
        if c.get("x_cost") and d is not None:
            n = d["env"].get("X", 0)
        els = c.get("elements", frozenset())
        ctx = Ctx(g, p, oid)
        inc = dec = 0
        for eff, mod in g.pmods(p).get("cost_mods", ()):
            sel = mod.get("affects", {})
            ectx = Ctx(g, eff.controller, eff.source)
            from ...cards.context import matches

            if matches(ectx, oid, {k: v for k, v in sel.items() if k not in ("zone",)}):
                v = value(ectx, mod.get("n", 0))
                if v > 0:
                    inc += v
                else:
                    dec += -v
        n += inc
        if d is not None and d.get("step_up_reduce"):
            dec += d["step_up_reduce"]
        if dec:
            n = max(n - dec, len(els))
        del ctx
        return max(n, 0)

    def pay_item(self, g: Game, f: Frame, name: str, arg: Any) -> bool | None:
        d = f.data
        if name == "aether":
            loc = d.setdefault("loc", {})
            if "pushed" in loc:
                return bool(d.pop("ret", False))
            n, reqs = self._aether_need(g, d, arg)
            if n <= 0:
                return True
            loc["pushed"] = True
            exclude = (d["src"],) if any(i[0] == "rest" and i[1] in (None, "self") for i in d["items"]) else ()
            g.push("pay_aether", p=d["p"], n=n, reqs=list(reqs), united=list(self._united(g, d)),
                   exclude=list(exclude))
            return None
        if name == "deity_counters":
            ctx = Ctx(g, d["p"], d["src"], d.get("env", {}))
            n = value(ctx, arg)
            o = g.objects.get(d["src"])
            if o is None or o.counter("deity") < n:
                return False
            g.add_counters(d["src"], "deity", -n, cause="cost")
            return True
        if name == "ride":
            return self._pay_ride(g, f, arg)
        if name == "corrupt":
            # CR 903.2h, 1009.1: N of the player's own orbs into their hand, chosen by them, at once
            loc = d.setdefault("loc", {})
            if loc.get("pushed"):
                return True
            n = value(Ctx(g, d["p"], d["src"], d.get("env", {})), arg)
            if not self._can_corrupt_own(g, d["p"], n):
                return False  # CR 903.2h: a cost done in full or not at all
            loc["pushed"] = True
            g.push("corrupt", p=d["p"], victim=d["p"], n=n, by=None, got=[])
            return None
        return pay_generic(g, f, name, arg)

    # ------------------------------------------------------------------ [Ride]
    def ride_casters(self, g: Game, p: int) -> list[int]:
        """CR 1118.2: the recovered allied magical girls (casters) that could be rested."""
        return [x for x in g.zone(p, "casters") if g.objects[x].orient == "recovered"
                and "caster" in g.chars(x)["types"]]

    @staticmethod
    def _subset_sum(levels: list[int], total: int) -> bool:
        reach = {0}
        for lv in levels:
            reach |= {r + lv for r in reach if r + lv <= total}
        return total in reach

    def can_ride(self, g: Game, p: int, total: int, exclude: tuple = ()) -> bool:
        levels = [g.chars(x).get("level") or 0 for x in self.ride_casters(g, p) if x not in exclude]
        return total > 0 and self._subset_sum(levels, total)

    def _pay_ride(self, g: Game, f: Frame, total: int) -> bool | None:
        """Rest casters one at a time, offering only those that still allow a total of exactly N."""
        d = f.data
        p = d["p"]
        loc = d.setdefault("loc", {})
        got = loc.setdefault("got", [])
        ans = g.answer(f)
        if ans is not None:
            got.append(ans)
        left = total - sum(g.chars(x).get("level") or 0 for x in got)
        if left == 0:
            for x in got:
                g.set_orient(x, "rested", cause="ride")
            g.record[f"ride:{d['src']}"] = list(got)  # CR 1118.4: these casters ride that card
            g.note(f"p{p + 1} rests {len(got)} caster(s) for [Ride]({total})")
            return True
        cands = []
        pool = [x for x in self.ride_casters(g, p) if x not in got]
        for x in pool:
            lv = g.chars(x).get("level") or 0
            if 0 < lv <= left and self._subset_sum(
                    [g.chars(y).get("level") or 0 for y in pool if y != x], left - lv):
                cands.append(x)
        if not cands:
            return False
        g.ask(p, "cost", f"[Ride]({total}): rest casters whose levels total exactly {total} ({left} left)",
              [(f"rest {self.obj_ref(g, x)}", x) for x in cands])
        return None

    def _aether_need(self, g: Game, d: dict, arg: Any) -> tuple[int, tuple]:
        if isinstance(arg, int):
            return arg, ()
        ctx = Ctx(g, d["p"], d["src"], d.get("env", {}))
        n = value(ctx, arg.get("n", 0))
        els = arg.get("elements", ())
        if isinstance(els, str):
            els = (els,)
        reqs = tuple(els)
        if "any" in arg:
            reqs += ("any",) * value(ctx, arg["any"])
        return n, ae.requirements(frozenset(reqs), n) if "any" not in arg else reqs

    def _united(self, g: Game, d: dict) -> frozenset:
        if d.get("play") and d["src"] in g.objects:
            return frozenset(kw_params(g.chars(d["src"]).get("keywords", ()), "united_front"))
        return frozenset()

    def can_pay_items(self, g: Game, p: int, src: int | None, items: list, env: dict | None = None,
                      united: frozenset = frozenset()) -> bool:
        ctx = Ctx(g, p, src, env or {})
        aether_n, reqs = 0, ()
        exclude: tuple = ()
        for name, arg in items:
            if name == "aether":
                n, r = self._aether_need(g, {"p": p, "src": src, "env": env or {}}, arg)
                aether_n += n
                reqs += r
            elif name == "deity_counters":
                o = g.objects.get(src) if src is not None else None
                if o is None or o.counter("deity") < value(ctx, arg):
                    return False
            elif name == "ride":
                if not self.can_ride(g, p, arg):
                    return False
            elif name == "corrupt":
                if not self._can_corrupt_own(g, p, value(ctx, arg)):
                    return False
            elif not can_pay_generic(g, p, src, name, arg, ctx):
                return False
            if name == "rest" and arg in (None, "self"):
                exclude = (src,)
        if aether_n <= 0:
            return True
        pool = list(g.players[p]["aether"])
        # one object's aether abilities exclude each other (each rests it, CR 907.6): try each
        by_obj: dict[int, list[list]] = {}
        for oid, _ab, its in self.aether_sources(g, p, exclude=exclude):
            by_obj.setdefault(oid, []).append(list(its))
        alts = []
        for lst in by_obj.values():
            if len(lst) == 1:
                pool.extend(lst[0])
            else:
                alts.append(lst)
        if not alts:
            return ae.feasible(aether_n, reqs, pool, united)
        from itertools import islice, product

        for combo in islice(product(*alts), 256):
            if ae.feasible(aether_n, reqs, pool + [x for its in combo for x in its], united):
                return True
        return False

    # ------------------------------------------------------------------- aether
    def aether_sources(self, g: Game, p: int, exclude: tuple = ()) -> list[tuple[int, Ability | None, list]]:
        """Aether abilities player ``p`` could play now, with what each would produce."""
        srcs = g.memo(("aether_sources", p), lambda: self._aether_sources(g, p))
        if exclude:
            return [s for s in srcs if s[0] not in exclude]
        return srcs

    def _aether_sources(self, g: Game, p: int) -> list[tuple[int, Ability | None, list]]:
        out = []
        for z in ON_FIELD:
            for oid in g.zone(p, z):
                o = g.objects[oid]
                c = g.chars(oid)
                for ab in c["abilities"]:
                    if ab is CASTER_AETHER:  # CR 907.6, the common case, without the interpreter
                        if o.orient == "recovered" and o.controller == p and o.zone == "casters" \
                                and "caster" in c["types"]:
                            lv = c.get("level") or 0
                            els = c.get("elements", frozenset())
                            it = (els, frozenset(c.get("races", ()))) if els else ae.VOID
                            if lv > 0:
                                out.append((oid, ab, [it] * lv))
                        continue
                    if ab.kind != "activated" or not ab.spec.get("aether") or o.zone not in ab.zones:
                        continue
                    if not self.ability_usable(g, p, oid, ab, aether_check=False):
                        continue
                    items = self.aether_yield(g, p, oid, ab)
                    if items:
                        out.append((oid, ab, items))
        return out

    def aether_yield(self, g: Game, p: int, oid: int, ab: Ability) -> list:
        ctx = Ctx(g, p, oid)
        c = g.chars(oid)
        # CR 1108.2: only a caster's trait lets its aether pay for [United Front]
        traits = frozenset(c.get("races", ())) if "caster" in c["types"] else frozenset()
        out: list = []
        for name, a in ab.spec.get("do", ()):
            if name != "produce":
                continue
            n = value(ctx, a.get("n", 1))
            el = a.get("element", "void")
            if el == "self":
                el = tuple(sorted(c.get("elements", ()))) or "void"
            out.extend(ae.produce_items(el, n, traits if el not in ("void", "any") else frozenset()))
        return out

    def activate_label(self, g: Game, oid: int, ab: Ability | None) -> str:
        c = g.chars(oid)
        acts = [a for a in c["abilities"] if a.kind == "activated"]
        if len(acts) > 1 and ab is not None:
            return f"activate {self.obj_ref(g, oid)}: {clip(ab.text, 32)}"
        return f"activate {self.obj_ref(g, oid)}"

    def activate_aether(self, g: Game, f: Frame, p: int, oid: int, index: int) -> None:
        activate_at_once(g, f, p, oid, index)

    def resolve_immediate(self, g: Game, d: dict, spec: dict) -> None:
        """CR 907.3: aether abilities resolve at once, without the chase zone."""
        resolve_at_once(g, d, spec)

    # -------------------------------------------------------- ability usability
    def ability_usable(self, g: Game, p: int, oid: int, ab: Ability, aether_check: bool = True) -> bool:
        """May ``p`` play this activated ability now (ignoring timing)?"""
        spec = ab.spec
        o = g.objects[oid]
        who = spec.get("who", "controller")
        if who == "controller" and o.controller != p:
            return False
        if spec.get("once_per_turn") and g.record.get(f"{p}:used:{oid}:{ab.index}"):
            return False
        if "if" in spec:
            from ...cards.context import cond

            if not cond(Ctx(g, p, oid), spec["if"]):
                return False
        pm = g.pmods(p)
        if pm.get("no_caster_abilities") and o.zone == "casters" and not spec.get("aether"):
            return False
        cost = spec.get("cost", ())
        if not aether_check:
            ctx = Ctx(g, p, oid)
            return all(n in ("aether", "deity_counters") or (
                self._can_corrupt_own(g, p, value(ctx, a)) if n == "corrupt" else can_pay_generic(g, p, oid, n, a, ctx))
                       for n, a in cost)
        return self.can_pay_items(g, p, oid, list(cost))

    # ---------------------------------------------------------------- play hooks
    def to_waiting(self, g: Game, oid: int, p: int) -> int:
        """CR 903.2b: the card moves to the chase zone; effects on it carry over (903.2b-1)."""
        o = g.objects[oid]
        was = o.zone
        new = g.move(oid, "chase", -1, controller=p, cause="play", event=False)
        if any(e.affects[0] == "objs" and oid in e.affects[1] for e in g.effects):
            # CR 903.2b-1: effects applied to the card apply identically in the chase zone
            # (until it leaves it: it is then a new object again)
            g.effects = [_remap(e, oid, new) for e in g.effects]
            g.touch()
        g.set_data(new, "from", was)
        return new

    def play_pre(self, g: Game, f: Frame) -> bool:
        """Before the card moves to the chase zone: [Step Up] (CR 903.2a, 1114.2), then the
        [Quickcast] check of CR 1105.3."""
        if not self._step_up(g, f):
            return False
        d = f.data
        if d.get("free") or d.get("break_cost") is not None or d.get("break_play"):
            return True
        c = g.chars(d["src"])
        if main_timing(g, d["p"]) or has_kw(c.get("keywords", ()), "quickcast"):
            return True
        # CR 1105.3: it lost [Quickcast] after it began to be played and before it moved to the
        # chase zone, and it cannot be played without it now: the play is illegal and is rewound
        from ...cards.play import _fail

        _fail(g, f, "it lost [Quickcast] before it reached the chase zone (CR 1105.3)")
        return False

    def _step_up(self, g: Game, f: Frame) -> bool:
        """CR 903.2a, 1114.2: a card with [Step Up] may be stepped up as it is played."""
        d = f.data
        if d.get("free") or d.get("break_cost") is not None:
            return True
        c = g.chars(d["src"])
        races = kw_params(c.get("keywords", ()), "step_up")
        if not races:
            return True
        ans = g.answer(f)
        loc = d.setdefault("su", {"got": []})
        cands = [x for x in select(Ctx(g, d["p"], d["src"]), {"type": "servant", "controller": "you",
                                                             "orientation": "recovered", "race": list(races)})
                 if x not in loc["got"]]
        if ans is not None and ans != "done":
            loc["got"].append(ans)
            cands.remove(ans)
        if ans == "done" or (loc["got"] and not cands):  # chosen, or nothing more to choose
            total = sum(g.chars(x).get("cost", 0) for x in loc["got"])
            for x in loc["got"]:
                g.set_orient(x, "rested", cause="step_up")
            full = c.get("cost", 0)
            if total > full:
                # CR 1114.2: only a total GREATER than its cost plays it without paying; an
                # equal total reduces it, and a reduction stops at its number of elements
                # (CR 903.2g-5)
                d["free"] = True
            else:
                d["step_up_reduce"] = total
            d["stepped_up"] = bool(loc["got"])
            return True
        if not cands:
            return True  # no servant of the race: it cannot be stepped up
        opts = []
        if card_playable(g, d["p"], d["src"], stepped=sum(g.chars(x).get("cost", 0) for x in loc["got"])):
            # stopping here is offered only when the card can then be paid: an answer that could
            # only rewind the play (CR 903.2h) would let a player loop without end
            opts.append(("done" if loc["got"] else "pass", "done"))
        opts += [(f"step up with {self.obj_ref(g, x)}", x) for x in cands]
        g.ask(d["p"], "step_up", "step up this card? rest servants to reduce its cost", opts)
        return False

    def play_post(self, g: Game, f: Frame) -> bool:
        return True

    def on_played(self, g: Game, d: dict) -> None:
        p = d["p"]
        obj = d.get("obj")
        if d["kind"] == "card" and obj is not None:
            if "X" in d["env"]:
                g.set_data(obj, "x", d["env"]["X"])
            if d.get("stepped_up"):
                g.set_data(obj, "stepped_up", True)
            if d.get("break_play"):
                g.record[f"{p}:break_played"] = g.record.get(f"{p}:break_played", 0) + 1
            if "conjure" in g.chars(obj)["types"]:
                g.set_data(obj, "locked", play_locks(g, p))  # CR 1111.2a, 1117.2a
            self._use_up_next_decreases(g, p, obj)
            g.set_data(obj, "env", dict(d["env"]))
            g.note(f"p{p + 1} plays {g.objects[obj].card.key}")
            g.record[f"{p}:spells_played"] = g.record.get(f"{p}:spells_played", 0) + 1
            g.emit(Event("play", oid=obj, player=p, data={"kind": "card"}))
        elif d["kind"] in ("ability", "trigger"):
            src = d["src"]
            ab = d["ab"]
            if ab.spec.get("once_per_turn"):
                g.record[f"{p}:used:{src}:{ab.index}"] = 1
            if obj is not None:
                g.set_data(obj, "env", dict(d["env"]))
                g.note(f"p{p + 1} plays an ability of {g.rules.obj_name(g, src, None)}: {ab.text[:60]}")
                so = g.objects.get(src)
                if d["kind"] == "ability" and so is not None and not ZONES[so.zone].public \
                        and not self.can_see_all(g, so):
                    # CR 905.2a: a card in a hidden zone whose ability is played is revealed
                    # until the ability leaves the chase zone (see unreveal_source)
                    self.reveal(g, src)
                    g.set_data(obj, "revealed_src", src)
            if d["kind"] == "ability":
                g.emit(Event("play", oid=obj, player=p, data={"kind": "ability", "aether": bool(d.get("immediate"))}))
        self.emit_targeted(g, d)  # CR 903.2e

    def check_triggers(self, g: Game, events: list[Event], lki: dict) -> None:
        """CR 1011.2: a card "switches" whenever it changes from non-reversed to reversed or from
        reversed to recovered, whatever changed it (the switch action, a spell or ability that
        reverses or recovers it): each such orientation change is followed by a ``switch`` event."""
        if any(ev.kind == "orient" for ev in events):
            out: list[Event] = []
            for ev in events:
                out.append(ev)
                if ev.kind == "orient" and (ev.data.get("new") == "reversed" or (
                        ev.data.get("old") == "reversed" and ev.data.get("new") == "recovered")):
                    out.append(Event("switch", oid=ev.oid, player=ev.player))
            events = out
        super().check_triggers(g, events, lki)

    def _current_trigger_sources(self, g: Game) -> list[tuple[int, dict]]:
        """The objects whose automatic abilities may trigger: in the field and, when a card of the
        game has one that works from a graveyard (CR 902.2), in the graveyards."""
        out = super()._current_trigger_sources(g)
        cards = g.derived.get("cards")
        if not cards:
            return out
        known = g.derived.get("graveyard_auto")
        if known is None or known[0] != len(cards):  # the set of cards only grows
            known = g.derived["graveyard_auto"] = (
                len(cards), any("graveyard" in c.chars.get("auto_zones", ()) for c in cards))
        if known[1]:
            for p in range(len(g.players)):
                for oid in g.zones[(p, "graveyard")]:
                    if "graveyard" in g.objects[oid].card.chars.get("auto_zones", ()):
                        out.append((oid, g.chars(oid)))
        return out

    def record_cards(self, g: Game, p: int, key: str) -> tuple:
        cards = g.gvars.get("_record_cards")
        return cards[1].get(f"{p}:{key}", ()) if cards is not None and cards[0] == g.turn else ()

    def record_event(self, g: Game, ev: Event) -> None:
        """Per-turn tallies that conditions read (CR 'this turn' references)."""
        rec = g.record

        def tally(p: int, key: str, n: int = 1, card: int | None = None, count: bool = True) -> None:
            if count:
                rec[f"{p}:{key}"] = rec.get(f"{p}:{key}", 0) + n
            if card is not None:  # the card it happened to, read later by kind ("an allied Insect")
                cards = g.gvars.get("_record_cards")
                kept = cards[1] if cards is not None and cards[0] == g.turn else {}  # a new turn: a new record
                k = f"{p}:{key}"
                # a new mapping, never the old one changed: clones share the game's values
                g.gvars["_record_cards"] = (g.turn, {**kept, k: kept.get(k, ()) + (card,)})

        if ev.kind == "move":
            if ev.to == "field" and ev.frm not in ON_FIELD and ev.new in g.objects \
                    and "servant" in g.chars(ev.new)["types"]:
                tally(g.objects[ev.new].controller, "servants_entered", card=ev.new)
            old = g.lki.get(ev.oid) if ev.frm in ON_FIELD and ev.to not in ON_FIELD else None
            if old is not None:
                o, c = old[0], old[1]
                servant = "servant" in c.get("types", ())
                if ev.to == "graveyard":
                    tally(o.controller, "to_graveyard_from_field", card=ev.oid)
                    if servant:
                        tally(o.controller, "servants_to_graveyard", card=ev.oid)
                        if ev.cause in ("battle", "destroy"):  # CR 804.3, 1007
                            # kept by card only: read as a tally of a kind (of any kind: `of: {}`)
                            tally(o.controller, "servants_destroyed", card=ev.oid, count=False)
                        if ev.cause in ("battle", "destroy", "banish"):  # CR 804.3, 1007, 1008
                            tally(o.controller, "servants_destroyed_or_banished", card=ev.oid, count=False)
                        if ev.cause == "battle":  # CR 804.3
                            tally(o.controller, "servants_destroyed_in_battle", card=ev.oid)
                        elif ev.cause == "destroy":  # destroyed by a spell or ability (CR 1007)
                            tally(o.controller, "servants_destroyed_by_effect", card=ev.oid)
                elif ev.to == "hand" and servant:
                    tally(o.controller, "servants_returned", card=ev.oid)
                if servant:  # left the field for any zone (CR 307.4), kept by card only
                    tally(o.controller, "servants_left_field", card=ev.oid, count=False)
                if ev.cause == "destroy":
                    # which player's spell or ability destroyed it ("an allied spell or ability
                    # destroyed an enemy servant this turn"): the controller of the effect (CR 1007)
                    by = effect_running(g)
                    if by is not None:
                        tally(by[0], "effect_destroyed", card=ev.oid, count=False)
            elif ev.cause == "draw" and ev.frm == "deck" and ev.to == "hand":
                # what drew it ("drew a card by the effect of a conjure", CR 1006, 901.2d): the
                # card whose spell or ability's effect is being applied, one entry a card drawn
                by = effect_running(g)
                if by is not None and by[1] is not None:
                    tally(ev.player, "drew_by", card=by[1], count=False)
        elif ev.kind == "corrupt":
            tally(ev.player, "corrupted")
            by = ev.oid
            c = g.chars(by) if by in g.objects else (g.lki[by][1] if by in g.lki else None)
            if c is not None and "servant" in c.get("types", ()) and ev.data.get("victim") != ev.player:
                tally(ev.player, "servant_corrupted", card=by)  # a servant corrupted an enemy orb
        elif ev.kind == "battle_destroy":
            tally(ev.player, "destroyed_in_battle", card=ev.oid)
        elif ev.kind == "discard":
            tally(ev.player, "discarded", ev.data.get("n", 1))  # CR 1013
        elif ev.kind == "attack":
            tally(ev.player, "attacks", card=ev.oid)
            # what each servant attacked this turn (CR 803.3b): a servant, or a player
            a = g.gvars.get("attack") or {}
            what = a.get("target") if a.get("target") is not None else (
                f"p{a['player']}" if a.get("player") is not None else None)
            if what is not None:
                tally(ev.player, f"attacked:{what}", card=ev.oid, count=False)
        elif ev.kind == "switch":
            tally(ev.player, "switched", card=ev.oid)  # CR 1011.2
        elif ev.kind == "play" and ev.data.get("kind") == "card":
            # the cards played, each a spell (CR 312.3), kept to be read by kind (`of`) only
            tally(ev.player, "cards_played", card=ev.oid, count=False)


def effect_running(g: Game) -> tuple[int, int | None] | None:
    """The effect being applied now: (its controller, its source: the card resolving as a spell,
    or the card whose ability it is), from the innermost program running; None when no effect
    is (a turn-based action, the rules, a battle)."""
    for fr in reversed(g.frames):
        if fr.kind == "run":
            return fr.data["p"], fr.data.get("src")
    return None


def install(rules: CasterRules) -> None:
    """The procedures, the effect language's Caster instructions and the hooks the card layer calls."""
    for name, proc in {
        "play": proc_play, "pay": proc_pay, "pay_aether": ae.proc_pay_aether, "priority": proc_priority,
        "setup": proc_setup, "turn": proc_turn, "resolve": proc_resolve, "moves": proc_moves,
        "battle": battle.proc_battle, "corrupt": battle.proc_corrupt, "break": battle.proc_break,
        "free_play": proc_free_play, "draws": proc_draws,
    }.items():
        rules.register(name, proc)
    ops.install(rules)
    rules.rules_process = lambda g: rules_process(g)  # type: ignore[method-assign]
    rules.priority_options = lambda g, p: priority_options(g, p)  # type: ignore[attr-defined]
    rules.do_action = lambda g, f, p, a: do_action(g, f, p, a)  # type: ignore[attr-defined]
    rules.waiting_empty = lambda g: not g.zones[(-1, "chase")]  # type: ignore[attr-defined]
    rules.resolve_top = lambda g: g.push("resolve", oid=g.zones[(-1, "chase")][-1])  # type: ignore[attr-defined]
    rules.play_trigger = lambda g, f, t: play_trigger(g, f, t)  # type: ignore[attr-defined]
    rules.trigger_label = lambda g, t: trigger_label(g, t)  # type: ignore[attr-defined]
