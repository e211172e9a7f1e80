"""Shadowverse: Evolve: the game's hooks into the kernel and the card layer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.card_rules import CardRules
from ...cards.context import Ctx, cond, has_kw, matches, matches_as_last, select, value
from ...cards.interpreter import Run
from ...cards.loader import set_ability_flags
from ...cards.play import proc_pay, proc_play
from ...kernel.decisions import clip
from ...kernel.effects import CEffect, LayerView
from ...kernel.events import Event
from ...kernel.objects import Ability, CardDef
from . import links, ops
from .procedures import actions, attack, confirm, damage, moves, setup, turn
from .procedures.costs import can_pay, norm_items, pay_item, push_cost_moves
from .procedures.moves import carry_effects, create_token, is_cost_change, plan_from_op
from .vocabulary import FACE_ZONES, TRIGGERS, ZONES, vocabulary

if TYPE_CHECKING:
    from ...kernel.game import Frame, Game
    from ...kernel.objects import Obj

#: 4.2.3.2: what a facedown card in a public zone shows
HIDDEN = {"name": "", "types": (), "special": None, "class": "", "races": (), "cost": 0, "keywords": (),
          "abilities": (), "flags": frozenset(), "has_static": False, "has_auto": False, "face_down": True}

#: 12.13.2: Drain, as the automatic ability the rules describe (played like any other)
DRAIN = Ability("auto", {"on": {"event": ("damage",)}, "do": (("leader_def", {"n": "n"}),)},
                text="Drain: increase your leader's defense by the attack damage this follower dealt.",
                zones=("field",), index=91, keyword="drain")
#: 14.4.6.2-14.4.6.3: Single Drive and Twin Drive
SINGLE_DRIVE = Ability("auto", {"on": {"event": ("attack",)}, "do": (("drive_check", {"n": 1}),)},
                       text="Single Drive: perform a drive check.", zones=("field",), index=92,
                       keyword="single_drive")
TWIN_DRIVE = Ability("auto", {"on": {"event": ("attack",)}, "do": (("drive_check", {"n": 2}),)},
                     text="Twin Drive: perform 2 drive checks.", zones=("field",), index=93, keyword="twin_drive")

#: how a follower left the field by destruction -> the trigger causes it matches (5.5, 11.3, 10.12.1.2)
DESTROY_CAUSES = {"destroy": ("destroy", "ability_destroy"), "bane": ("destroy", "ability_destroy", "bane"),
                  "destroy_rule": ("destroy", "destroy_rule")}
#: cost items that are optional in themselves (13.3.3.2: Earth Rite is a "may" additional cost)
OPTIONAL_COSTS = ("earth_rite", "may_pay")
#: the player modifier that changes each zone's limit
LIMIT_KEYS = {z: f"{z}_limit" for z in ZONES}
#: continuous effects that are not characteristics (read where they apply, not by the layer pass)
NON_LAYER_OPS = ("damage_mod",)


class SveRules(CardRules):
    game_id = "sve"
    rules_version = "1.16.0"
    records_discarder = True  # 5.11: "when this card is discarded by the ability of ..."
    zone_specs = ZONES
    #: hidden zones whose cards a player who cannot see them cannot tell apart (deck and hand hold
    #: main-deck cards, SVE 4.5, 4.7); see kernel/infoset.py
    hidden_pools = {"deck": "main", "hand": "main"}
    layered_zones = frozenset(("field", "leader", "ex_area", "resolution"))
    field_zones = ("field",)
    trigger_zones = ("field", "leader", "ex_area", "hand", "deck", "cemetery", "evolve_deck", "resolution", "banished")
    waiting_zone = "resolution"
    rested_word = "engaged"
    stack_leave_zone = "cemetery"
    #: 4.1.4.1: "this card" in an ability of a card that moved means the card where it is now
    self_follows_moves = True
    #: 10.9.2: an effect made by resolving an ability applies to the cards there when it was made
    effects_lock_affected = True
    # 10.9.1: printed (evolved) information, then abilities, then other information, then numbers
    layers = ("base", "abilities", "nonnum", "num")
    op_layers = {"copy": "base", "grant": "abilities", "lose": "abilities", "box": "abilities",
                 "modify": "num", "set_stats": "num", "player": "num", "change_type": "nonnum", "become": "nonnum",
                 "maneuver": "nonnum", "evolve_cost": "num", "damage_mod": "num"}

    #: what characteristics read beyond objects and effects (Game.changed): a leader's defense
    #: is its player's (2.8.3); the hooks of ops.py, by what they look at
    #: and base_chars reads a card's face, X, damage and evolve links (links.py)
    declares_reads = True
    trigger_index = True
    #: base_chars reads other objects only through evolve links (5.15.1.2): the field card (a
    #: layered zone) and the evolve-zone card named by its link, whose moves go the long way
    #: (move_reaches_others); so no ``zones`` here: a draw keeps the characteristics
    base_reads = frozenset(("player.leader_def", "data.ts", "data.face", "data.x", "data.damage",
                            "data.links_evolve", "data.linked_to"))
    hook_reads = {k: frozenset() for k in (
        "first_player", "die", "class", "universe",
        "special", "trigger_icon", "named_as")}  # combo, sanguine (g.record), combat (g.gvars): anything
    hook_reads.update({"overflow": frozenset(("player.max_pp",)), "basis": frozenset(("player.basis",)),
                       "state": frozenset(("orient",)), "boxed": frozenset(("data.boxed",)),
                       "damaged": frozenset(("data.damage",)), "raced": frozenset(("data.raced",)),
                       # 13.3.1.2, 13.5.1.2: counts of the cemetery
                       "spellchain": frozenset(("zones",)), "necrocharge": frozenset(("zones",)),
                       "evolved": frozenset(("data.*", "zones")), "linked": frozenset(("data.*", "zones"))})

    def card_builder(self) -> Any:
        return self.builder

    def __init__(self) -> None:
        super().__init__()
        self.vocab = vocabulary()
        self.builder: Any = None
        self.filler: CardDef | None = None
        self.plain_leader: CardDef | None = None
        install(self)

    def default_orient(self, zone: str) -> str:
        return "reserved" if zone == "field" else ""  # 4.2.2.3

    def unstoppable_loop(self, g: Game) -> None:
        """15.2.1.3: a perpetual cycle neither player can stop ends the game in a draw."""
        g.end("draw", "a perpetual cycle that neither player can stop (15.2.1.3)")

    def token_can_exist(self, zone: str, card: Any = None) -> bool:
        """9.1.4.1-9.1.4.2: follower and amulet tokens in the EX area, field or resolution zone;
        spell tokens in the EX area or resolution zone."""
        if card is not None and "spell" in card.chars.get("types", ()):
            return zone in ("ex_area", "resolution")
        return zone in ("ex_area", "field", "resolution")

    # ------------------------------------------------------------ characteristics
    def base_chars(self, g: Game, o: Obj) -> dict:
        if o.data is None and o.face_up and o.zone != "leader":
            return o.card.chars  # the common case: the printed front, as below
        spec = ZONES[o.zone]
        if not o.face_up and spec.public:
            return HIDDEN
        c = o.card.chars
        d = o.data
        if d is not None:
            if d.get("face") == "back" and o.zone in FACE_ZONES and "back" in c:
                c = c["back"]  # 2.14.2.1, 2.14.3.1: the visible face
            if o.zone == "field":
                ev = links.evolved_card(g, o.id)
                if ev is not None:
                    # 5.15.1.2, 10.9.1.1.1: the evolved card's information, except its cost
                    ec = self.base_chars(g, g.objects[ev])
                    c2 = dict(ec)
                    c2["cost"] = c.get("cost", 0)
                    c2["base_name"] = c["name"]
                    c = c2
            x = d.get("x")
            if x is not None and o.zone == "resolution" and c.get("x_cost"):
                c = dict(c)
                c["cost"] = x  # 5.2.1.2.2: X as chosen when played
            dmg = d.get("damage")
            if dmg and o.zone == "field" and c.get("def") is not None:
                c = dict(c)
                c["def"] = c["def"] - dmg  # 2.8.2, 5.13.1, 5.15.2: damage taken reduces defense
        if o.zone == "leader" and o.over is None and o.zp >= 0:
            c = dict(c)
            c["def"] = g.players[o.zp].get("leader_def", 20)  # 2.8.3
        return c

    def move_reaches_others(self, g: Game, o: Obj) -> bool:
        """A card linked to a field card (evolve, race, drive: links.py) ends the link when it moves
        (5.15.3, 14.2.1.3, 14.4.9.4), which changes the field card's information (5.15.1.2)."""
        d = o.data
        return d is not None and "linked_to" in d

    def single_chars(self, g: Game, o: Obj) -> dict:
        """Outside the layered zones: printed values plus the card's own abilities that apply to
        itself there (10.3.4: an ability clearly handled in a zone is valid there)."""
        c = self.base_chars(g, o)
        if o.zone == "hand" and g.effects:
            c = self._hand_costs(g, o.id, c)
        if not c.get("has_static"):
            return c
        view = LayerView(g, {o.id: c})
        for ab in c["abilities"]:
            if ab.kind != "static" or o.zone not in ab.zones:
                continue
            for eff in self._static_ceffects(g, o, ab):
                if eff.op in NON_LAYER_OPS:
                    continue
                if eff.affects == ("objs", frozenset((o.id,))) and self.effect_condition(g, eff, view):
                    view.chars[o.id] = self.apply_effect(g, eff, view.chars[o.id], o.id, view)
        return view.chars[o.id]

    @staticmethod
    def _hand_costs(g: Game, oid: int, c: dict) -> dict:
        """10.2.1.3.3, 4.1.4: a change to the cost of this card made while it is in the hand
        ("Select a card in your hand. It costs 1 less to play this turn"): the layers do not
        reach a hand, so it is applied here; it names this object, so it ends when the card
        leaves the hand (a card that comes back is a new card)."""
        n = 0
        cost_set = None
        for e in g.effects:
            if e.affects[0] == "objs" and oid in e.affects[1] and is_cost_change(e):
                if "cost_set" in e.args:  # "It costs 0 to play this turn" (10.10.2.4, card_costs)
                    cost_set = e.args["cost_set"]
                else:
                    n += e.args["cost"]
        if (n or cost_set is not None) and c.get("cost") is not None:
            c = dict(c)
            c["cost"] = c["cost"] + n
            if cost_set is not None:
                c["cost_set"] = cost_set
        return c

    @staticmethod
    def _other_face(o: Obj) -> bool:
        """Does this object show information other than its card's front (5.15.1.2, 2.14.3.1)?"""
        d = o.data
        return d is not None and bool(d.get("links_evolve") or d.get("face"))

    def may_have_auto(self, card, zone: str) -> bool:
        # an evolved follower (5.15.1.2) or a face other than the front (2.14.3) shows another card's
        # information on the field and in the leader area: it may have that card's abilities
        return zone in card.chars.get("auto_zones", ()) or zone in ("field", "leader")

    def extra_effects_possible(self, g: Game) -> bool:
        """Evolved followers and back faces may bring static abilities their card does not print."""
        objs = g.objects
        for zone in ("field", "leader"):
            for p in (0, 1):
                for oid in g.zones[(p, zone)]:
                    if self._other_face(objs[oid]):
                        return True
        return False

    def static_effects(self, g: Game, view: LayerView):
        return [e for e in super().static_effects(g, view) if e.op not in NON_LAYER_OPS]

    def apply_game_effect(self, g: Game, eff: CEffect, c: dict, oid: int, view: LayerView) -> dict:
        op = eff.op
        if op == "box":  # 5.30.2: loses every ability it had before being boxed
            c["abilities"] = ()
            c["keywords"] = ()
            set_ability_flags(c)
            return c
        if op == "change_type":  # 5.24.1
            c["types"] = (eff.args["to"],)
            return c
        if op == "become":  # another class (2.2) and/or other traits (2.4) instead of its own
            if "class" in eff.args:
                c["class"] = eff.args["class"]
            if "traits" in eff.args:
                c["races"] = tuple(eff.args["traits"])
            return c
        if op == "maneuver":  # 5.31.1: an amulet with attack and defense becomes a follower
            if "amulet" in c["types"] and c.get("atk") is not None and c.get("def") is not None:
                c["types"] = ("follower",)
            return c
        if op == "evolve_cost":
            if "less" in eff.args:  # "This card's Evolve costs 1 less this turn" (procedures.costs.pp_need)
                c["evolve_cost_less"] = c.get("evolve_cost_less", 0) + eff.args["less"]
            else:
                c["evolve_cost"] = eff.args["n"]
            return c
        if op in NON_LAYER_OPS:
            return c
        raise ValueError(f"continuous effect {op!r} is not understood by sve")

    # ------------------------------------------------------------------ visibility
    def can_see(self, g: Game, o: Obj, viewer: int) -> bool:
        if o.zone == "evolve_deck" and o.face_up:
            return True  # 4.6.3: a faceup card in the evolve deck area is public
        return super().can_see(g, o, viewer)

    def hidden_name(self, g: Game, o: Obj) -> str:
        if o.zone == "field":
            return f"facedown card#{o.id}"
        return f"hidden card#{o.id}"

    def public_chars(self, g: Game, oid: int) -> dict:
        c = g.chars(oid)
        o = g.objects[oid]
        out: dict[str, Any] = {"name": c["name"], "type": "/".join(c["types"])}
        if c.get("special"):
            out["special"] = c["special"]
        if "leader" not in c["types"] and c.get("cost") is not None:
            out["cost"] = c["cost"]
        for k in ("atk", "def"):
            if c.get(k) is not None:
                out[k] = c[k]
        if c.get("class"):
            out["class"] = c["class"]
        if c.get("races"):
            out["traits"] = list(c["races"])
        if c.get("keywords"):
            out["keywords"] = [k if p is None else f"{k}({p})" for k, p in c["keywords"]]
        if c.get("flags"):
            out["flags"] = sorted(c["flags"])
        ev = links.evolved_card(g, oid) if o.zone == "field" else None
        if ev is not None:
            out["evolved"] = True
        return out

    def public_data(self, g: Game, o: Obj) -> dict:
        out = {}
        d = o.data or {}
        for k in ("damage", "boxed", "face"):
            if d.get(k):
                out[k] = d[k]
        return out

    def player_view(self, g: Game, p: int, viewer: int) -> dict:
        pl = g.players[p]
        return {"pp": pl.get("pp", 0), "max_pp": pl.get("max_pp", 0), "ep": pl.get("ep", 0),
                "leader_def": pl.get("leader_def", 20)}

    def trigger_label(self, g: Game, t) -> str:
        name = self.obj_ref(g, t.source) if t.source in g.objects or t.source in g.lki else "delayed"
        return f"{name}: {t.ability.text[:40].rstrip()}"  # no trailing blank in a label

    # ------------------------------------------------------------------ player values
    def player_value(self, g: Game, p: int, key: str) -> int:
        if key in ZONES and not ZONES[key].shared:
            return len(g.zone(p, key))
        if key.endswith("_limit") and key[:-6] in ZONES:
            return self.zone_limit(g, p, key[:-6])  # 4.4.4, 4.7.3, 4.8.3: "your EX area is full"
        if key == "turns":
            # 7.1: the turns the player has begun; turns alternate from the first player's (7.1.1),
            # who begins the odd ones ("it's your 5th turn or later")
            return (g.turn + 1) // 2 if p == g.gvars.get("first", 0) else g.turn // 2
        return super().player_value(g, p, key)

    def set_player_value(self, g: Game, p: int, key: str, v: int) -> None:
        """3.2.4: limits of play points and maximum play points; 3.2.5.1: evolution points."""
        pl = g.players[p]
        if key == "max_pp":
            v = max(0, min(10, v))  # 3.2.4.1
        elif key == "pp":
            v = max(0, min(pl.get("max_pp", 0), v))  # 3.2.4.2
        elif key == "ep":
            v = max(0, v)  # 3.2.5.1
        elif key == "leader_def":
            old = pl.get("leader_def", 20)
            if v < old:
                g.set_player(p, key, v)
                self.lost_def(g, p, old - v)
                return
        g.set_player(p, key, v)

    def lost_def(self, g: Game, p: int, n: int = 1) -> None:
        """13.5.2.2: Sanguine reads whether the leader lost defense this turn; "whenever your
        leader's defense decreases" is the event ``leader_def_lost`` (2.8.3: the value went down)."""
        g.record[f"{p}:lost_def"] = g.record.get(f"{p}:lost_def", 0) + 1
        g.emit(Event("leader_def_lost", player=p, data={"n": n}))

    def zone_limit(self, g: Game, p: int, zone: str) -> int:
        """4.4.4, 4.7.3, 4.8.3: limits 'may be referenced during the game' (and changed by effects)."""
        return (ZONES[zone].limit or 0) + g.pmods(p).get(LIMIT_KEYS[zone], 0)

    # ---------------------------------------------------------------- game actions
    def draw(self, g: Game, p: int, n: int) -> int:
        """5.9: draw one at a time."""
        drawn = super().draw(g, p, n)
        if drawn:
            g.emit(Event("draw", player=p, data={"n": drawn}))
        return drawn

    def draw_from_empty_deck(self, g: Game, p: int) -> None:
        # 5.9.1.1: from an empty deck the player loses at the next rules handling
        g.set_player(p, "draw_failed", True)
        g.note(f"p{p + 1} must draw from an empty deck (5.9.1.1)")

    def discard_zone(self, g: Game, o: Obj) -> str:
        return "cemetery"  # 5.11: from the hand to the cemetery

    def shuffle(self, g: Game, p: int, zone: str = "deck") -> None:
        """5.8.1; 5.8.1.1: a deck of one card or none keeps its order but is still shuffled (a
        ``shuffle`` event, for "whenever your deck is shuffled")."""
        super().shuffle(g, p, zone)
        g.emit(Event("shuffle", player=p, data={"zone": zone}))

    def reveal(self, g: Game, oid: int) -> None:
        """5.20: everyone may see the card; it stays revealed until it moves, or until the effect
        that revealed it has resolved (5.20.1.1, see procedures.actions)."""
        o = g.objects[oid]
        if not self.can_see_all(g, o):
            g.gvars.setdefault("revealed", []).append(oid)
        super().reveal(g, oid)

    def cancel(self, g: Game, oid: int) -> None:
        o = g.objects.get(oid)
        if o is None or o.zone != "resolution":
            return
        if o.get("ability") is not None:
            g.erase(oid)
        else:
            g.move(oid, "cemetery", o.owner, cause="cancel")

    def token_def(self, card: Any, g: Game | None = None) -> CardDef:
        if isinstance(card, str):
            own = g.info.get("tokens") if g is not None else None
            # 9.1.2.3: a token is defined by its name: the game's, or one the set-up defines
            c = (own or {}).get(card) or self.tokens.get(card)
            if c is None:
                raise ValueError(f"unknown token {card!r} (9.1.2.3: a token is defined by its name); "
                                 f"tokens: {', '.join(sorted(self.tokens)) or 'none'}")
            return c
        if not isinstance(card, dict) or "name" not in card:
            raise ValueError(f"a token is a token name or a card entry, got {card!r}")
        key = card["name"]
        if key not in self.tokens:
            entry = dict(card)
            entry["token"] = True
            self.tokens[key] = self.builder.card(entry, "token")
        return self.tokens[key]

    def make_token(self, g: Game, rt: Run, card: Any, p: int, zone: str | None, orient: str | None) -> int | None:
        return create_token(g, self.token_def(card, g), p, zone or "field", engaged=orient == "engaged")

    def change_control(self, g: Game, oid: int, p: int) -> int:
        """5.21: steal / give control: the card moves to the other field and stays the same card
        (5.21.4, 10.7.4.3); a full field cannot take it (4.4.4.2)."""
        o = g.objects[oid]
        if o.controller == p or o.zone != "field":
            return oid
        if len(g.zone(p, "field")) >= self.zone_limit(g, p, "field"):
            return oid
        new = g.move(oid, "field", p, controller=p, cause="control")
        g.note(f"p{p + 1} takes control of {self.obj_name(g, new, None)}")
        return new

    def move_objects(self, rt: Run, ids: list[int], dest: str, cause: str, extra: dict) -> list[int] | None:
        return plan_from_op(rt, ids, dest, cause, extra)

    # ------------------------------------------------------------------ targeting
    def can_target(self, g: Game, oid: int, ctx: Ctx) -> bool:
        o = g.objects[oid]
        if not o.face_up and ZONES[o.zone].public:
            return False
        c = g.chars(oid)
        # 12.15.2: Aura: cannot be selected by an opponent's cards or abilities
        if has_kw(c.get("keywords", ()), "aura") and o.controller != ctx.p:
            return False
        return "untargetable" not in c.get("flags", ())

    # ------------------------------------------------------------------ costs
    def x_range(self, g: Game, d: dict, spec: dict) -> tuple[int, int]:
        lo, hi = super().x_range(g, d, spec)
        return (max(0, lo), hi)

    def x_cost_range(self, g: Game, d: dict) -> tuple[int, int]:
        return (0, g.players[d["p"]].get("pp", 0))  # 5.2.1.2.2

    def card_cost(self, g: Game, p: int, oid: int, env: dict | None = None) -> int:
        """The cheapest cost the card can be played for (see :meth:`card_costs`)."""
        return self.card_costs(g, p, oid, env)[0]

    def card_costs(self, g: Game, p: int, oid: int, env: dict | None = None, set_to: int | None = None) -> list[int]:
        """10.6.2.5.1: the printed cost (X as chosen), effects that set it (applied first,
        10.10.2.4), then increases and decreases; never below zero (1.3.2.2.1).  When several
        effects set the cost to different values, the card's controller orders them (10.10.2.1)
        and the one applied last decides: every cost that order can give, cheapest first.
        ``set_to``: a value the play itself sets it to (10.4.7.3: "This card costs 0 to play")."""
        c = g.chars(oid)
        n = c.get("cost", 0) or 0
        if c.get("x_cost") and env is not None:
            n = env.get("X", 0)
        sets: list[int] = [] if set_to is None else [set_to]
        delta = 0
        if c.get("cost_set") is not None:
            # "It costs 0 to play this turn" (an effect on this card, 10.2.1.3.3): the value is set
            # first and the card's own increases and decreases still apply after it (10.10.2.4)
            sets.append(c["cost_set"])
            delta += (c.get("cost", 0) or 0) - (g.base_chars(oid).get("cost", 0) or 0)
        mods = [(Ctx(g, eff.controller, eff.source), mod) for eff, mod in g.pmods(p).get("cost_mods", ())]
        mods += self._own_cost_mods(g, p, oid, c)
        for ectx, mod in mods:
            sel = mod.get("affects", {}) if isinstance(mod, dict) else {}
            if sel and not matches(ectx, oid, {k: v for k, v in sel.items() if k != "zone"}):
                continue
            if "zone" in sel and not self._played_from(g, oid, sel["zone"]):
                continue  # "each follower in your hand costs 1 less": not one played from the EX area
            if isinstance(mod, dict) and mod.get("nth") is not None and \
                    self._played_of_kind(g, p, oid, ectx, sel) != mod["nth"] - 1:
                continue  # 13.2.1.3: "the 1st Umamusume spell you play each turn": only the Nth of the turn
            if "set" in mod:
                sets.append(value(ectx, mod["set"]))
            else:
                delta += value(ectx, mod.get("n", 0))
        bases = sorted(set(sets)) if sets else [n]
        return sorted({max(0, b + delta) for b in bases})

    def _played_of_kind(self, g: Game, p: int, oid: int, ectx: Ctx, sel: dict) -> int:
        """13.2.1.3: how many cards matching ``sel`` (as they were played, or as they last were) player
        ``p`` has played this turn, the card being played left out."""
        sel = {k: v for k, v in sel.items() if k != "zone"}
        return sum(1 for x in self.record_cards(g, p, "played")
                   if x != oid and (not sel or matches_as_last(ectx, x, sel)))

    @staticmethod
    def _played_from(g: Game, oid: int, zone: str) -> bool:
        """Is this card in ``zone`` (the hand, the EX area), or being played from it (10.6.2.1)?"""
        o = g.objects.get(oid)
        if o is None:
            return False
        return o.zone == zone or (o.zone == "resolution" and (o.data or {}).get("from") == zone)

    def _own_cost_mods(self, g: Game, p: int, oid: int, c: dict) -> list[tuple[Ctx, Any]]:
        """4.4.3.1, 10.3.4: "this card costs N less to play" is valid where the card is played
        from; outside the layered zones (the hand) the layer pass does not see it, so the card's
        own cost abilities valid in its zone are read here."""
        o = g.objects[oid]
        if o.zone in self.layered_zones or not c.get("has_static"):
            return []
        out: list[tuple[Ctx, Any]] = []
        ctx = Ctx(g, p, oid)
        for ab in c["abilities"]:
            if ab.kind != "static" or o.zone not in ab.zones:
                continue
            if ab.spec.get("if") is not None and not cond(ctx, ab.spec["if"]):
                continue
            for part in ab.spec["effects"]:
                args = part.get("args")
                if part["op"] == "player" and isinstance(args, dict) and "cost_mod" in args:
                    out.append((ctx, args["cost_mod"]))
        return out

    def cost_items(self, g: Game, d: dict, spec: dict) -> list:
        """10.6.2.5: the cost of playing a card is its play points (5.2, 10.4.4) plus any cost
        its text adds; an ability's cost is as written."""
        items: list = []
        if d["kind"] == "card":
            if not d.get("free"):
                costs = self.card_costs(g, d["p"], d["obj"], d["env"])
                # 10.10.2.1: several cost-setting effects: the controller orders them as it is paid
                pp = ("pp", costs[0]) if len(costs) == 1 else ("card_pp", tuple(costs))
                alt = spec.get("alt_cost") or g.chars(d["obj"]).get("alt_cost")
                proc = g.chars(d["obj"]).get("play_process")
                if proc:
                    # 10.4.7.3, 10.6.2.2.1: the player may execute the process as the card is played;
                    # then its cost is N less (10.2.1.3.3, with the other changes, 10.6.2.5.1) and the
                    # process is added to it (10.6.2.5.1.4)
                    less = [max(0, n - proc["less"]) for n in costs] if "less" in proc else \
                        self.card_costs(g, d["p"], d["obj"], d["env"], proc["set"])  # 10.10.2.4
                    low = ("pp", less[0]) if len(less) == 1 else ("card_pp", tuple(less))
                    items.append(("process_less", {"normal": [pp], "alt": [low] + list(proc["cost"])}))
                elif alt:
                    # 10.6.2.5.1.2: an alternate cost the player may pay instead (followers, amulets
                    # and spells alike)
                    items.append(("either", {"normal": [pp], "alt": norm_items(alt)}))
                else:
                    items.append(pp)
            items.extend(spec.get("cost", ()))
        else:
            if d["kind"] == "trigger" and any(n not in OPTIONAL_COSTS for n, _ in spec.get("cost", ())):
                items.append(("gate", None))  # 10.4.7.4: the controller may pay it or not
            items.extend(spec.get("cost", ()))
        return items

    def pay_item(self, g: Game, f: Frame, name: str, arg: Any) -> bool | None:
        return pay_item(g, f, name, arg)

    def can_pay(self, g: Game, p: int, src: int | None, items: list, env: dict | None = None,
                ep_ok: bool = False) -> bool:
        return can_pay(g, p, src, items, env or {}, ep_ok)

    def can_rest_for_cost(self, g: Game, oid: int) -> bool:
        # 10.4.6: engaging as a cost needs a reserved card on the field
        o = g.objects.get(oid)
        return o is not None and o.zone == "field" and o.orient == "reserved"

    def can_cost_move_self(self, g: Game, src: int | None, how: str) -> bool:
        if src is None or src not in g.objects:
            return False
        # 5.33.1.1: burying this card is from the field, or from the EX area for an ability that
        # works there (10.3.4: "bury this card from your EX area")
        return how != "bury" or g.objects[src].zone in ("field", "ex_area")

    def cost_candidates(self, g: Game, p: int, src: int | None, how: str, spec: dict, ctx: Ctx) -> list[int]:
        flt = dict(spec.get("filter") or {})
        if how in ("discard", "reveal"):
            flt["zone"] = "hand"
            flt.setdefault("player", "you")
            return select(ctx, flt)
        if how == "bury":  # 5.33.1: only cards you control, on your field unless a zone is named
            flt.setdefault("zone", "field")
            flt.setdefault("controller", "you")
            return [x for x in select(ctx, flt) if g.objects[x].controller == p]
        if how == "banish":
            flt.setdefault("zone", "field")
            flt.setdefault("player", "you")
            return select(ctx, flt)
        if how == "rest_others":
            flt.setdefault("controller", "you")
            flt.setdefault("orientation", "reserved")
            return [x for x in select(ctx, flt) if x != src]
        return []

    def cost_move(self, g: Game, p: int, ids: list[int], how: str) -> bool:
        """Cards moved as a cost (bury, banish) go through the ``moves`` procedure, with the
        replacement effects every move has (Stack 13.3.2.2, ``replacement`` abilities, 10.10);
        a replaced move still counts as paid (10.6.2.5.2).  True: the procedure was pushed."""
        return push_cost_moves(g, p, ids, "banished" if how == "banish" else "cemetery", how)

    def pay_life(self, g: Game, p: int, n: int) -> None:
        raise ValueError("Shadowverse: Evolve has no life to pay; use `leader_def` or `deal`")

    # ---------------------------------------------------------------- play hooks
    def to_waiting(self, g: Game, oid: int, p: int) -> int:
        """10.6.2.1: reveal the card and move it to the resolution zone (on top, 4.11.2); effects
        applied to it in the EX area still apply (10.6.2.1.3), and so do changes to its cost made
        in the hand (10.2.1.3.3)."""
        o = g.objects[oid]
        was = o.zone
        new = g.move(oid, "resolution", -1, controller=p, cause="play", event=False)
        if was == "ex_area":
            carry_effects(g, oid, new)
        elif was == "hand":
            # 10.2.1.3.3: "It costs 1 less to play" changes how the card is handled when it is
            # played, and playing it begins in the hand (10.6.2.1): the change made to the card
            # in the hand applies to the play (its cost is determined in the resolution zone,
            # 10.6.2.5); nothing else given to it in the hand goes along (4.1.4)
            carry_effects(g, oid, new, costs_only=True)
        g.set_data(new, "from", was)
        return new

    def play_pre(self, g: Game, f: Frame) -> bool:
        return True

    def play_post(self, g: Game, f: Frame) -> bool:
        """10.6.2.6: a follower or amulet cannot be played onto a full field."""
        from ...cards.play import fail_play

        d = f.data
        if d["kind"] != "card":
            return True
        c = g.chars(d["obj"])
        if ("follower" in c["types"] or "amulet" in c["types"]) and \
                len(g.zone(d["p"], "field")) >= self.zone_limit(g, d["p"], "field"):
            fail_play(g, f, "the field is full (10.6.2.6)")
            return False
        return True

    def _use_next_play_cost(self, g: Game, p: int, obj: int) -> None:
        """10.2.1.3.3: "the next card you play this turn costs 2 less" changes the cost of one card:
        the first card played that it applied to ends it ("the next card you play from the EX
        area": the first played from there, 10.3.4)."""
        for eff in g.effects:
            mod = eff.args.get("cost_mod") if eff.op == "player" and isinstance(eff.args, dict) else None
            if not (isinstance(mod, dict) and mod.get("next")) or p not in eff.affects[1]:
                continue
            aff = mod.get("affects") or {}
            sel = {k: v for k, v in aff.items() if k != "zone"}
            if sel and not matches(Ctx(g, eff.controller, eff.source), obj, sel):
                continue
            if "zone" in aff and not self._played_from(g, obj, aff["zone"]):
                continue
            g.effects = [e for e in g.effects if e is not eff]
            g.touch()
            return

    def on_played(self, g: Game, d: dict) -> None:
        p = d["p"]
        obj = d.get("obj")
        rec = g.record
        if d["kind"] == "card" and obj is not None:
            if "X" in d["env"]:
                g.set_data(obj, "x", d["env"]["X"])
            g.set_data(obj, "env", dict(d["env"]))
            c = g.chars(obj)
            g.note(f"p{p + 1} plays {g.objects[obj].card.key}")
            # 13.2.1.3: every card and token played from any zone counts for Combo
            rec[f"{p}:played"] = rec.get(f"{p}:played", 0) + 1
            # which cards: "the 1st X you play each turn", "if you've played another Festive card this turn"
            self.keep_card(g, p, "played", obj)
            if "spell" in c["types"]:
                rec[f"{p}:spells_played"] = rec.get(f"{p}:spells_played", 0) + 1
            self._use_next_play_cost(g, p, obj)
            g.emit(Event("play", oid=obj, player=p, data={"kind": "card", "type": c["types"][0] if c["types"] else ""}))
        elif d["kind"] in ("ability", "trigger"):
            src = d["src"]
            ab = d["ab"]
            so = g.objects.get(src)
            if so is not None and not ZONES[so.zone].public:
                self.reveal(g, src)  # 10.6.2.1.1: until the effects are resolved
            if d["kind"] == "ability":
                if ab.spec.get("once_per_turn"):
                    rec[f"{p}:used:{src}:{ab.index}"] = 1
                elif ab.spec.get("per_turn") is not None:
                    k = f"{p}:used:{src}:{ab.index}"
                    rec[k] = rec.get(k, 0) + 1  # 10.7.2.2
                if ab.spec.get("equivalent") == "evolve" or d.get("evolve_action"):
                    rec[f"{p}:evolve_action"] = 1  # 8.3.2
                if ab.spec.get("max_per_game"):
                    used = g.gvars.setdefault("used_per_game", {})
                    k = f"{src}:{ab.index}"
                    used[k] = used.get(k, 0) + 1
            if obj is not None:
                g.set_data(obj, "env", dict(d["env"]))
                g.note(f"p{p + 1} plays an ability of {self.obj_name(g, src, None)}: {ab.text[:60]}")
            if d["kind"] == "ability":
                g.emit(Event("play", oid=obj, player=p, data={"kind": "ability"}))
        self.emit_targeted(g, d)  # 10.6.2.3: what it selected "becomes the target"

    # ---------------------------------------------------------------- triggers
    def trigger_match(self, g: Game, ab: Ability, src: int, o: Obj, ev: Event) -> dict | None:
        pat = ab.spec["on"]
        if "state" in pat:
            return None  # 10.7.6: state triggers are checked in Confirmation Timing, not on events
        bind = self.match_pattern(g, pat, o.controller, src, ev, {})
        if bind is not None and self._icon_barred(g, pat, o.controller):
            return None
        return bind

    @staticmethod
    def _icon_barred(g: Game, pat: dict, p: int) -> bool:
        """10.7.1: "Your opponents' Fanfare: and On Evolve abilities don't trigger" (the player flags
        ``no_fanfare_trigger``, ``no_on_evolve_trigger``): an automatic ability of that icon (its
        meaning, 12.4.3, 12.6.2) of a card player ``p`` controls does not trigger."""
        for flag, icon in (("no_fanfare_trigger", "fanfare"), ("no_on_evolve_trigger", "on_evolve")):
            if all(pat.get(k) == v or (isinstance(pat.get(k), (tuple, list)) and v in pat[k])
                   for k, v in TRIGGERS[icon].items()) and g.pmods(p).get(flag):
                return True
        return False

    def match_pattern(self, g: Game, pat: dict, p: int, src: int | None, ev: Event, env: dict) -> dict | None:
        """5.4.3: a card played from a zone and then put onto the field from the resolution zone
        was "put onto the field from" the zone it was played from."""
        if ev.kind == "move" and ev.frm == "resolution" and ("from" in pat or "not_from" in pat):
            e = g.lki.get(ev.oid)
            was = e[0].get("from") if e is not None else None
            if was:
                ev = Event(ev.kind, ev.oid, ev.new, was, ev.to, ev.player, ev.cause, ev.data)
        if ev.kind == "move" and "cause" in pat and ev.cause in DESTROY_CAUSES:
            # a destruction by an effect ("destroy"), by rules handling at 0 defense (11.3.1,
            # "destroy_rule") or by Bane (11.3.2, "bane") is a destruction; "ability_destroy" is
            # one by an ability: an effect, or Bane (11.3.2.1), not rules handling (10.12.1.2)
            causes = pat["cause"]
            for word in causes:
                if word in DESTROY_CAUSES[ev.cause]:
                    ev = Event(ev.kind, ev.oid, ev.new, ev.frm, ev.to, ev.player, word, ev.data)
                    break
        by = pat.get("by")
        if by is not None:
            pat = {k: v for k, v in pat.items() if k != "by"}
        bind = super().match_pattern(g, pat, p, src, ev, env)
        if bind is not None and by is not None and not self._discarded_by(g, p, src, ev, env, by):
            return None
        if bind is not None and ev.kind == "die_roll":
            bind["die"] = ev.data["n"]  # "if you roll a 6", "the number you roll" (5.19.1)
        return bind

    def _discarded_by(self, g: Game, p: int, src: int | None, ev: Event, env: dict, by: dict) -> bool:
        """5.11, 10.1.1: "discarded by the ability of a X card you control": the card the event moved
        was discarded by the cost or effect of an ability (or a spell's text, 10.1.1.4) of a card of
        that kind controlled by the ability's controller (the card as it is, or as it was when it
        has left its zone since, 10.11)."""
        new = g.objects.get(ev.new) if ev.new is not None else None
        who = new.get("discarded_by") if new is not None else None
        if who is None:
            return False
        ctx = Ctx(g, p, src, env, chars=lambda x: g.chars(x) if x in g.objects else g.lki[x][1])
        return matches_as_last(ctx, who, by)

    def add_pending(self, g: Game, controller: int, src: int, ab: Ability, bind: dict, card: CardDef) -> None:
        """10.7.2: a triggered ability becomes pending; 10.7.2.2: "N per turn" ones at most N times
        a turn for that card; simultaneous excess ones are grouped and the controller picks which
        are played (see procedures.confirm)."""
        lim = ab.spec.get("per_turn")
        if lim is None and ab.spec.get("once_per_turn"):
            lim = 1
        if lim is not None:
            key = f"trig:{src}:{ab.index}"
            n = g.record.get(key, 0)
            if n >= lim:
                return
            batch = g.gvars.setdefault("_trig_batch", {})
            batch.setdefault(key, []).append((controller, src, ab, bind, card, lim - n))
            return
        g.add_trigger(controller, src, ab, bind, card)

    def check_triggers(self, g: Game, events: list[Event], lki: dict) -> None:
        super().check_triggers(g, events, lki)
        for ev in events:
            self._keyword_triggers(g, ev)
        batch = g.gvars.pop("_trig_batch", None)
        if batch:
            for key, items in batch.items():
                room = items[0][5]
                if len(items) <= room:
                    for controller, src, ab, bind, card, _ in items:
                        g.add_trigger(controller, src, ab, bind, card)
                    g.record[key] = g.record.get(key, 0) + len(items)
                    continue
                gid = g.tick()
                groups = g.gvars.setdefault("trig_groups", {})
                groups[str(gid)] = room
                for controller, src, ab, bind, card, _ in items:
                    b = dict(bind)
                    b["_group"] = str(gid)
                    g.add_trigger(controller, src, ab, b, card)
                g.record[key] = g.record.get(key, 0) + room

    def _keyword_triggers(self, g: Game, ev: Event) -> None:
        """Keyword automatic abilities the rules define (12.13 Drain, 14.4.6 Single/Twin Drive);
        they follow the keyword wherever it comes from (printed or given)."""
        if ev.kind == "damage" and "attack" in ev.data.get("kinds", ()):
            src = ev.oid
            o = g.objects.get(src)
            if o is None or o.zone != "field":
                return
            c = g.chars(src)
            if has_kw(c.get("keywords", ()), "drain") and ev.data.get("n", 0) > 0:
                g.add_trigger(o.controller, src, DRAIN, {"n": ev.data["n"]}, o.card)
        elif ev.kind == "attack":
            o = g.objects.get(ev.oid)
            if o is None:
                return
            kws = g.chars(ev.oid).get("keywords", ())
            if has_kw(kws, "twin_drive"):
                g.add_trigger(o.controller, ev.oid, TWIN_DRIVE, {}, o.card)
            elif has_kw(kws, "single_drive"):
                g.add_trigger(o.controller, ev.oid, SINGLE_DRIVE, {}, o.card)

    def record_event(self, g: Game, ev: Event) -> None:
        rec = g.record
        if ev.kind == "move" and ev.frm == "field" and ev.to != "field" and ev.oid in g.lki:
            # 4.4: "if a follower you control has left the field this turn": every card that left a
            # player's field, to any zone, kept with the tally (read by its last information there)
            self.record_card(g, g.lki[ev.oid][0].controller, "left_field", ev.oid)
        if ev.kind == "move" and ev.frm == "field" and ev.to == "cemetery":
            o = g.lki[ev.oid][0] if ev.oid in g.lki else None
            if o is not None:
                # 4.3: the card kept with the tally ("if an enemy follower was put from the field into
                # the cemetery this turn", read by its last information on the field)
                self.record_card(g, o.controller, "field_to_cemetery", ev.oid)
                if "follower" in g.lki[ev.oid][1].get("types", ()):
                    # "if a follower was put from your field into the cemetery this turn" (4.3)
                    k = f"{o.controller}:follower_field_to_cemetery"
                    rec[k] = rec.get(k, 0) + 1
        elif ev.kind == "move" and ev.frm == "field" and ev.to == "hand":
            o = g.lki[ev.oid][0] if ev.oid in g.lki else None
            if o is not None:
                # 4.1: "if a Beast follower was returned to hand from your field this turn": the card
                # kept with the tally, read by its last information on the field (context.record_count)
                self.record_card(g, o.controller, "returned_from_field", ev.oid)
        elif ev.kind == "move" and ev.frm == "hand" and ev.to == "cemetery" and ev.cause == "discard":
            k = f"{ev.player}:discarded"  # 5.11: "if you've discarded a card this turn"
            rec[k] = rec.get(k, 0) + 1
        elif ev.kind == "evolve":
            k = f"{ev.player}:evolved"
            rec[k] = rec.get(k, 0) + 1
        elif ev.kind == "stat_change" and ev.data.get("change") == "increased" and ev.data.get("key") in ("atk", "def"):
            o = g.objects.get(ev.oid)
            if o is not None and o.zone == "field":  # 5.26.1-5.26.2: kept on the card (selector gained_turn)
                g.set_data(ev.oid, f"{ev.data['key']}_gained_turn", g.turn)

    def record_cards(self, g: Game, p: int, key: str) -> tuple:
        """The cards a per-turn tally counted (``attacks``: the attacking followers, 8.4.5), read
        by a tally of a kind ("the 3rd time an Aqua Force follower on your field has attacked")."""
        cards = g.gvars.get("_record_cards")
        return cards[1].get(f"{p}:{key}", ()) if cards is not None and cards[0] == g.turn else ()

    def record_card(self, g: Game, p: int, key: str, oid: int) -> None:
        """Count ``oid`` in the tally ``key`` of player ``p`` and keep it with the tally (a new turn: a
        new record)."""
        g.record[f"{p}:{key}"] = g.record.get(f"{p}:{key}", 0) + 1
        self.keep_card(g, p, key, oid)

    def keep_card(self, g: Game, p: int, key: str, oid: int) -> None:
        """Keep ``oid`` with the tally ``key`` of player ``p`` this turn (counted by the caller), so that
        the tally can be read by kind (``record`` with ``of``; ``record_cards``)."""
        cards = g.gvars.get("_record_cards")
        kept = cards[1] if cards is not None and cards[0] == g.turn else {}
        k = f"{p}:{key}"
        # a new mapping, never the old one changed: clones share the game's values
        g.gvars["_record_cards"] = (g.turn, {**kept, k: kept.get(k, ()) + (oid,)})

    # ------------------------------------------------------------------ helpers
    def activate_label(self, g: Game, oid: int, ab: Ability) -> str:
        if ab.spec.get("label") == "evolve":
            return f"evolve {self.obj_ref(g, oid)}"
        c = g.chars(oid)
        acts = [a for a in c["abilities"] if a.kind == "activated" and a.spec.get("label") != "evolve"]
        if len(acts) > 1:
            return f"activate {self.obj_ref(g, oid)}: {clip(ab.text, 32)}"
        return f"activate {self.obj_ref(g, oid)}"


def install(rules: SveRules) -> None:
    """The procedures and the instructions of the effect language SVE adds."""
    for name, proc in {
        "play": proc_play, "pay": proc_pay, "setup": setup.proc_setup, "turn": turn.proc_turn,
        "confirm": confirm.proc_confirm, "rules_handling": confirm.proc_rules_handling,
        "resolve": actions.proc_resolve, "quick": actions.proc_quick, "free_play": actions.proc_free_play,
        "attack": attack.proc_attack, "damage": damage.proc_damage, "moves": moves.proc_moves,
    }.items():
        rules.register(name, proc)
    ops.install(rules)
    rules.waiting_empty = lambda g: not g.zones[(-1, "resolution")]  # type: ignore[attr-defined]


__all__ = ["SveRules", "install"]
