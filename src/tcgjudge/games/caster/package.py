"""The Caster Chronicles behind the game-package interface the CLI, the scenario
runner, the simulator and the agents use."""

from __future__ import annotations

from typing import Any

from ...cards.language import CardError
from ...kernel.game import Game
from ...kernel.objects import CardDef
from .. import common
from ..imported import WithImportedCards
from . import aether as ae
from . import deck as deckmod
from .vocabulary import ELEMENTS, ON_FIELD, ORIENTS, ZONES

FILLER = {"name": "Filler", "type": "conjure", "cost": 99, "element": "void", "abilities": [],
          "text": "A card with no abilities, used to fill decks and orbs in scenarios."}

#: scenario `at` values -> (turn step, battle step)
AT = {
    "hand-exchange": ("setup", None), "recovery": ("recovery", None), "draw": ("draw", None),
    "call": ("call", None), "main": ("main", None), "battle": ("battle", None),
    "battle/attack-declaration": ("end", "choose"), "battle/judgment": ("end", "judgment"),
    "battle/resolution": ("end", "resolution"), "end": ("end", None),
}
#: the keys of a card entry in a scenario's zone list
ENTRY_KEYS = {"card", "id", "orientation", "state", "face", "counters", "stock", "summoned_this_turn", "controller",
              "x"}


class CasterPackage(WithImportedCards):
    id = "caster"
    title = "The Caster Chronicles"
    rules_file = "caster-chronicles-comprehensive-rules-1.9.txt"
    #: the scenario runner's names (shared/conformance/SPEC.md): where a scenario may start, the
    #: steps `pass until STEP end` knows (a phase covers its steps), the labels that pass
    scenario_at = tuple(AT)
    scenario_steps = tuple(AT)
    pass_labels = ("pass", "done", "keep hand")
    #: ordered zones whose order a player may change freely, so a scenario's list of them is compared
    #: in any order (CR 310.2: "you may freely change the order of cards in a graveyard")
    reorderable_zones = ("graveyard",)
    decklist_dir = deckmod.DECKLIST_DIR

    # ------------------------------------------------------------------ decks
    def deck_from_json(self, data: dict) -> deckmod.Deck:
        return deckmod.parse_deck({"name": data.get("name", "deck"), "main": data.get("main") or {},
                                   "extra": data.get("extra") or {}}, self.pool(), "replay")

    def new_game(self, decks: list, seed: int = 0, *, first: int | None = None, auto: bool = False) -> Game:
        from . import new_game

        return new_game(decks[0], decks[1], seed, first=first, auto=auto, rules_obj=self.rules(),
                        card_files=self.card_files)

    # ---------------------------------------------------------------- scenarios
    def build_scenario(self, setup: dict, cards: dict[str, CardDef], where: str) -> tuple[Game, dict[int, str]]:
        """A game in the position a scenario's ``setup`` describes (shared/conformance/SPEC.md)."""
        r = self.rules()
        common.check_setup_keys(setup, where, ("seed", "turn", "active", "at", "first_player", "chase", "p1", "p2"))
        filler = cards.get("Filler") or r.builder.card(FILLER, "filler")
        cards = {**cards, "Filler": filler}  # the filler card may also be named in zone lists
        g, names = common.scenario_game(r, "caster", setup, where)
        turn, active = common.scenario_turn(g, setup, where)
        for p in (0, 1):
            g.players[p]["aether"] = ()
            ps = common.player_setup(setup, where, p)
            for key, val in ps.items():
                path = f"{where}: setup.p{p + 1}.{key}"
                if key in ZONES and not ZONES[key].shared:
                    self._fill_zone(g, p, key, val, cards, filler, names, path)
                elif key == "aether":
                    g.players[p]["aether"] = tuple(_aether_item(x, f"{path}") for x in (val or []))
                elif key == "counters":
                    g.players[p]["counters"] = common.counters_of(val, path)
                else:
                    raise ValueError(f"{path}: unknown zone or player value {key!r}; zones: "
                                     f"{', '.join(z for z in ZONES if not ZONES[z].shared)}; values: aether, counters")
        chase = setup.get("chase")
        if chase:
            self._fill_zone(g, active, "chase", chase, cards, filler, names, f"{where}: setup.chase")
        tstep, bstep = AT[common.setup_at(setup, where, AT)]
        from .procedures import start_turn

        if tstep == "setup":
            g.turn = 0  # SPEC `at: hand-exchange`: the game's preparation, before the first turn (CR 403.5)
            g.push("setup", who=[g.active, 1 - g.active], sel={0: [], 1: []})
            g.frames[-1].step = 1
        else:
            g.turn = turn - 1
            start_turn(g, active, at=tstep)
            g.log.pop()
            if bstep is not None:
                g.phase, g.step = "battle", bstep
                g.push("battle")
                g.frames[-1].step = bstep
        g.advance()
        return g, names

    def _fill_zone(self, g: Game, p: int, zone: str, val: Any, cards: dict, filler: CardDef,
                   names: dict, path: str) -> None:
        for e, epath in common.zone_entries(g, filler, p, zone, val, ZONES[zone].public, path):
            self._place(g, p, zone, e, cards, names, epath)

    def _place(self, g: Game, p: int, zone: str, e: Any, cards: dict, names: dict, path: str,
               under: int | None = None) -> int:
        e = common.entry_mapping(e, path, ENTRY_KEYS)
        # the game's own tokens (the Coin of CR 403.6) may be placed by name too
        card = common.find_card(cards, self.pool(), e["card"], path, self.rules().tokens)
        face = common.entry_face(e, ZONES[zone].public, path)
        orient = e.get("orientation", e.get("state", "recovered" if zone in ON_FIELD else ""))
        if orient and orient not in ORIENTS:
            raise ValueError(f"{path}.orientation: expected one of {', '.join(ORIENTS)}")
        if zone not in ON_FIELD and zone != "chase" and e.get("orientation"):
            raise ValueError(f"{path}.orientation: only cards in the field have an orientation")
        ctrl = common.entry_controller(e, p, path)
        if under is not None:
            oid = g.create(card, p, zone, ctrl if zone in ON_FIELD else p, face_up=face == "up")
            g.zones[g.zkey(ctrl, zone)].remove(oid)
            o = g.w(oid)
            o.over = under
            top = g.w(under)
            top.under = (top.under or []) + [oid]
        else:
            oid = g.create(card, p, zone, ctrl if zone in ON_FIELD else p, face_up=face == "up", orient=orient)
        common.set_entry_state(g, oid, p, e, path)
        if "x" in e:
            g.set_data(oid, "x", int(e["x"]))
        common.name_entry(names, oid, e, path)
        for j, s in enumerate(e.get("stock") or []):
            self._place(g, p, zone, s, cards, names, f"{path}.stock[{j}]", under=oid)
        return oid

    def player_value(self, g: Game, p: int, key: str) -> Any:
        if key == "aether":
            return sorted(ae.pool_labels(g.players[p]["aether"]))
        if key == "counters":
            return dict(g.players[p].get("counters", {}))
        if key in ZONES:
            return len(g.zone(p, key))
        raise KeyError(key)

    def obj_attr(self, g: Game, oid: int, key: str) -> Any:
        o = g.objects[oid]
        c = g.chars(oid)
        if key == "element":
            els = sorted(c.get("elements", ()))
            return els[0] if len(els) == 1 else (els or "void")
        if key == "stock":
            return len(o.under or ())
        if key == "summoned_this_turn":  # SPEC object state: put into the field this turn (CR 604.2d, 1104.2)
            return o.zone in ON_FIELD and o.since == g.turn
        if key == "revealed":  # every player may know what the card is (CR 1004.1, 905.2a)
            return g.rules.can_see_all(g, o)
        if key == "seen_by":  # the players who may know what the card is (looked at it, CR 1012.2)
            return [f"p{p + 1}" for p in range(len(g.players)) if g.rules.can_see(g, o, p)]
        if key == "keywords":
            return sorted(k for k, _ in c.get("keywords", ()))
        if key == "race":
            return list(c.get("races", ()))
        if key in ("atk", "def", "cost", "level", "name"):
            return c.get(key)
        return common.obj_attr(g, oid, key)

    def waiting_empty(self, g: Game) -> bool:
        return not g.zones[(-1, "chase")]

    def where(self, g: Game) -> str:
        """The current phase/step in the words of the scenario format."""
        if g.frames and g.frames[0].kind == "setup" and g.turn == 0:
            return "hand-exchange"
        if g.phase == "battle":
            step = {"attack_declaration": "attack-declaration", "judgment": "judgment",
                    "resolution": "resolution"}.get(g.step)
            return f"battle/{step}" if step else "battle"
        return g.phase


def _aether_item(x: Any, path: str) -> tuple:
    if x in ("void", None):
        return ae.VOID
    els = [x] if isinstance(x, str) else list(x)
    for e in els:
        if e not in ELEMENTS:
            raise ValueError(f"{path}: unknown aether {e!r}; use an element ({', '.join(ELEMENTS)}) or void")
    return (frozenset(els), frozenset())


PACKAGE = CasterPackage()

__all__ = ["PACKAGE", "CardError"]
