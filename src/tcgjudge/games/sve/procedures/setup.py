"""Game preparation (6.2), with the universe rules that act in it (14.3.1.2, 14.4.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....cards.context import has_kw, one_per_card
from ....kernel.events import Event
from ...opening import deal, from_deck, set_first_player
from ..vocabulary import CINDERELLA, VANGUARD

if TYPE_CHECKING:
    from ....kernel.game import Frame, Game


def deck_universe(g: Game, p: int) -> str | None:
    """The universe a player's deck is based on (6.1.1.5.2), or None for a class deck."""
    pl = g.players[p]
    if pl.get("basis") != "universe":
        return None
    return pl.get("universe")


def proc_setup(g: Game, f: Frame) -> None:
    d = f.data
    rules = g.rules
    if f.step == 0:  # 6.2.1.3: a leader with a class and a universe: declare the basis
        for p in (0, 1):
            pl = g.players[p]
            if pl.get("basis") is not None:
                continue
            lc = _leader_chars(g, p)
            has_class = lc is not None and lc.get("class") not in (None, "", "neutral")
            has_univ = lc is not None and lc.get("universe") is not None
            bases = [b for b in pl.get("bases", ("class", "universe")) if b in ("class", "universe")]
            if has_class and has_univ and len(bases) > 1:
                ans = g.answer(f)
                if ans is None:
                    g.ask(p, "basis", "is your deck based on your leader's class or universe? (6.2.1.3)",
                          [(f"choose {b}", b) for b in bases])
                    return
                pl["basis"] = ans
            else:
                pl["basis"] = "universe" if has_univ and not has_class else "class"
            if pl["basis"] == "universe" and lc is not None:
                pl["universe"] = lc.get("universe")
        f.step = 1
    if f.step == 1:  # 14.4.3.1: a Starting Amulet onto the field facedown, before shuffling
        for p in (0, 1):
            if deck_universe(g, p) != VANGUARD or d.get(f"sa{p}"):
                continue
            cands = [x for x in g.zone(p, "deck") if has_kw(g.objects[x].card.chars.get("keywords", ()),
                                                              "starting_amulet")]
            if not cands:
                d[f"sa{p}"] = True
                continue
            ans = g.answer(f)
            if ans is None and len({g.objects[x].card.key for x in cands}) > 1:
                opts = [(f"choose {g.objects[x].card.key}", x) for x in one_per_card(g, cands)]
                g.ask(p, "starting_amulet", "put which Starting Amulet onto your field? (14.4.3.1)", opts)
                return
            pick = ans if ans is not None else cands[-1]
            g.move(pick, "field", p, face_up=False, orient="reserved", cause="setup", event=False)
            d[f"sa{p}"] = True
            g.note(f"p{p + 1} puts a Starting Amulet onto their field facedown (14.4.3.1)")
        for p in (0, 1):  # 14.3.1.2: five Magical Item tokens, before the first player is decided
            if deck_universe(g, p) == CINDERELLA and "Magical Item" in rules.tokens:
                for _ in range(5):
                    g.create(rules.tokens["Magical Item"], p, "ex_area", p)
                g.note(f"p{p + 1} puts 5 Magical Item tokens into their EX area (14.3.1.2)")
        for p in (0, 1):
            rules.shuffle(g, p)  # 6.2.1.4
        f.step = 2
    if f.step == 2:  # 6.2.1.6: a random player decides who goes first
        first = d.get("first")
        if first is None:
            chooser = d.get("chooser")
            if chooser is None:
                chooser = d["chooser"] = g.rng.below(2)
            ans = g.answer(f)
            if ans is None:
                g.ask(chooser, "first", f"p{chooser + 1} was picked at random: go first or second? (6.2.1.6)",
                      [("go first", "first"), ("go second", "second")])
                return
            first = chooser if ans == "first" else 1 - chooser
        set_first_player(g, first)
        deal(g, first, "hand", 4)  # 6.2.1.7
        d["who"] = [first, 1 - first]
        f.step = 3
    if f.step == 3:  # 6.2.1.8: the redraw, first player first, once each
        while d["who"]:
            p = d["who"][0]
            ans = g.answer(f)
            if "order" not in d:
                if ans is None:
                    g.ask(p, "redraw", "redraw your hand? (6.2.1.8)", [("redraw", "redraw"), ("keep hand", "keep")])
                    return
                if ans == "keep":
                    g.note(f"p{p + 1} keeps their hand")
                    d["who"].pop(0)
                    continue
                d["order"] = []
                ans = None
            hand = [x for x in g.zone(p, "hand") if x not in d["order"]]
            if ans is not None:
                d["order"].append(ans)
                hand.remove(ans)
            if len(hand) > 1 and len({g.objects[x].card.key for x in hand}) > 1:
                opts = [(f"choose {rules.obj_ref(g, x)}", x) for x in one_per_card(g, hand)]
                g.ask(p, "redraw_order", "put which card on the bottom of your deck next?", opts)
                return
            order = d.pop("order") + hand
            for x in order:  # the first chosen goes to the bottom first
                g.move(x, "deck", p, pos="bottom", cause="redraw", event=False)
            from_deck(g, p, "hand", 4, cause="redraw")
            g.note(f"p{p + 1} redraws their hand")
            d["who"].pop(0)
        f.step = 4
    if f.step == 4:
        first = g.gvars["first"]
        for p in (0, 1):
            pl = g.players[p]
            pl["pp"] = 0  # 6.2.1.9
            pl["max_pp"] = 0
            pl["ep"] = 0 if p == first else 3  # 6.2.1.10
            lc = _leader_chars(g, p)
            pl["leader_def"] = (lc or {}).get("leader_def", 20)  # 6.2.1.11
        g.touch()
        for p in (0, 1):  # 14.4.3.2: Starting Amulets are turned faceup after the redraw
            for oid in g.zone(p, "field"):
                if not g.objects[oid].face_up:
                    g.w(oid).face_up = True
                    g.note(f"p{p + 1} turns {g.objects[oid].card.key} faceup (14.4.3.2)")
        g.touch()
        g.phase = "preparation"
        g.emit(Event("phase", player=first, data={"name": "game_start"}))  # 6.2.1.12
        f.step = 5
        if g.triggers:
            g.push("confirm")
            return
    if f.step == 5:  # 6.2.1.13
        from .turn import start_turn

        g.pop()
        g.turn = 0
        start_turn(g, g.gvars["first"])
        return
    raise RuntimeError(f"setup: bad step {f.step!r}")


def _leader_chars(g: Game, p: int) -> dict | None:
    ids = g.zone(p, "leader")
    return g.objects[ids[0]].card.chars if ids else None
