"""Shadowverse: Evolve behind the game-package interface the CLI, the scenario runner, the
simulator and the agents use (see ``games/caster/package.py``)."""

from __future__ import annotations

from typing import Any

from ...cards.language import CardError
from ...kernel.game import Game
from ...kernel.objects import CardDef
from .. import common
from ..imported import WithImportedCards
from . import deck as deckmod
from . import links
from .vocabulary import STATES, ZONES

#: scenario `at` values (shared/conformance/SPEC.md) -> the turn step that is about to begin
AT = {"preparation": None, "start": "start", "main": "main", "end": "end"}
PLAYER_VALUES = ("pp", "max_pp", "ep", "leader_def")
ENTRY_KEYS = {"card", "id", "state", "orientation", "damage", "counters", "boxed", "summoned_this_turn", "evolved",
              "face", "side", "controller", "raced", "known"}


class SvePackage(WithImportedCards):
    id = "sve"
    title = "Shadowverse: Evolve"
    rules_file = "shadowverse-evolve-comprehensive-rules-1.16.0.txt"
    #: the scenario runner's names (see ``games/caster/package.py``)
    scenario_at = tuple(AT)
    scenario_steps = tuple(AT)
    pass_labels = ("pass", "done", "keep hand", "end main phase")  # 7.3.3: the main phase's way to pass

    def deck_pool(self) -> dict[str, CardDef]:
        return self.rules().cards

    def pool(self) -> dict[str, CardDef]:
        """The shipped cards and tokens, by key (what decks and scenarios name)."""
        r = self.rules()
        out = dict(r.tokens)
        out.update(r.cards)
        return out

    # ------------------------------------------------------------------ decks
    def deck_from_json(self, data: dict) -> deckmod.Deck:
        return deckmod.parse_deck({k: data[k] for k in ("name", "format", "leader", "basis", "main", "evolve")
                                   if data.get(k) is not None}, self.rules().cards, "replay")

    def new_game(self, decks: list, seed: int = 0, *, first: int | None = None, auto: bool = False,
                 format: str | None = None) -> Game:
        from . import new_game

        return new_game(decks[0], decks[1], seed, first=first, auto=auto, format=format, rules_obj=self.rules(),
                        card_files=self.card_files)

    # ---------------------------------------------------------------- scenarios
    def inline_card(self, entry: Any, where: str) -> CardDef:
        """A scenario's inline card (SPEC "Inline cards"): without ``script``, ``abilities`` or
        ``effect`` its ``text`` defines what it does even when ``keywords`` are listed too (the
        listed keywords are kept beside those the text gives)."""
        from .cards import _compiled

        b = self.rules().builder
        if not isinstance(entry, dict) or any(k in entry for k in ("script", "abilities", "effect")) \
                or not isinstance(entry.get("text"), str) or not entry["text"].strip() or "keywords" not in entry:
            return b.card(entry, where)
        listed = entry["keywords"]
        got = _compiled({k: v for k, v in entry.items() if k != "keywords"}, where)
        if isinstance(listed, list):
            have = list(got.get("keywords") or [])
            names = {next(iter(k)) if isinstance(k, dict) else k for k in have}
            have += [k for k in listed if (next(iter(k)) if isinstance(k, dict) else k) not in names]
            got = {**got, "keywords": have}
        else:
            got = {**got, "keywords": listed}  # the card builder reports the wrong kind
        got.setdefault("abilities", [])
        return b.card(got, where)

    def build_scenario(self, setup: dict, cards: dict[str, CardDef], where: str) -> tuple[Game, dict[int, str]]:
        """A game in the position a scenario's ``setup`` describes (shared/conformance/SPEC.md)."""
        from . import place_leaders

        r = self.rules()
        filler = cards.get("Filler") or r.filler
        g, names = common.scenario_game(r, "sve", setup, where)
        # the scenario's own cards are cards of the game (5.32.1: a declared name must exist)
        g.gvars["card_names"] = sorted({c.chars["name"] for c in cards.values() if c.chars.get("name")})
        for k in setup:
            if k not in ("seed", "turn", "active", "at", "first_player", "format", "p1", "p2", "resolution"):
                raise ValueError(f"{where}: setup: unknown key {k!r}; keys: seed, turn, active, at, first_player, "
                                 f"format, p1, p2, resolution")
        turn = setup.get("turn", 1)
        if not isinstance(turn, int) or turn < 1:
            raise ValueError(f"{where}: setup.turn: expected a turn number of 1 or more")
        active = common.scenario_turn(g, setup, where)[1]
        first_p = g.gvars["first"]
        fmt = setup.get("format", "standard")
        if fmt not in deckmod.FORMATS:
            raise ValueError(f"{where}: setup.format: expected one of {', '.join(deckmod.FORMATS)}")
        g.gvars["format"] = fmt
        at = common.setup_at(setup, where, AT)
        evolved: list[tuple[int, Any, str]] = []
        for p in (0, 1):
            ps = common.player_setup(setup, where, p)
            g.players[p].update({"pp": 0, "max_pp": 0, "ep": 0, "leader_def": 20, "basis": "class"})
            if "leader" not in ps:
                place_leaders(g, p, [])
            for key, val in ps.items():
                path = f"{where}: setup.p{p + 1}.{key}"
                if key in ZONES and not ZONES[key].shared:
                    self._fill_zone(g, p, key, val, cards, filler, names, path, evolved)
                elif key in PLAYER_VALUES:
                    if not isinstance(val, int) or isinstance(val, bool):
                        raise ValueError(f"{path}: expected a whole number")
                    g.players[p][key] = val
                elif key == "basis":
                    if val not in deckmod.BASES:
                        raise ValueError(f"{path}: expected class or universe")
                    g.players[p]["basis"] = val
                elif key == "universe":
                    from .cards import _universe

                    g.players[p]["universe"] = _universe(val)
                    g.players[p]["basis"] = "universe"
                else:
                    raise ValueError(f"{path}: unknown zone or player value {key!r}; zones: "
                                     f"{', '.join(z for z in ZONES if not ZONES[z].shared)}; values: "
                                     f"{', '.join(PLAYER_VALUES)}, basis, universe")
        if setup.get("resolution"):
            self._fill_zone(g, active, "resolution", setup["resolution"], cards, filler, names,
                            f"{where}: setup.resolution", evolved)
        self._link_evolved(g, evolved, cards, names)
        for p in (0, 1):  # how many turns each player has begun (7.2.4.1 reads it)
            took = (turn + 1) // 2 if p == first_p else turn // 2
            if at == "preparation":
                took = 0  # the game has not begun: nobody has taken a turn
            g.gvars[f"turns_{p}"] = took - (1 if at == "start" and p == active else 0)
        from .procedures.turn import start_turn

        if at == "preparation":
            # SPEC: the game preparation before 6.2.1.7: decks placed, the first player chosen,
            # the opening hands not yet drawn (the set-up's hands are there already)
            g.turn = 0
            g.active = first_p
            g.phase = "preparation"
            g.push("setup", first=first_p)
            g.frames[-1].step = 2
        else:
            g.turn = turn - 1
            start_turn(g, active, at=AT[at])
            g.log.pop()
        g.touch()
        g.advance()
        return g, names

    def _fill_zone(self, g: Game, p: int, zone: str, val: Any, cards: dict, filler: CardDef, names: dict,
                   path: str, evolved: list) -> None:
        if common.add_fillers(g, filler, p, zone, val, ZONES[zone].public, path):
            return
        if isinstance(val, (str, dict)) and zone == "leader":
            val = [val]
        if not isinstance(val, list):
            raise ValueError(f"{path}: expected a number of filler cards or a list of cards")
        if zone == "leader" and len(val) > 2:
            raise ValueError(f"{path}: at most two leader cards (Cross Craft)")
        if zone == "leader":
            from . import place_leaders

            cds = []
            for i, e in enumerate(val):
                ent = {"card": e} if isinstance(e, str) else e
                if not isinstance(ent, dict) or "card" not in ent:
                    raise ValueError(f"{path}[{i}]: expected a card name or a mapping with 'card'")
                cds.append(common.find_card(cards, self.pool(), ent["card"], f"{path}[{i}]"))
            top = place_leaders(g, p, cds)
            ent0 = {"card": val[0]} if isinstance(val[0], str) else val[0]
            if "id" in ent0:
                names[top] = str(ent0["id"])
            lc = cds[0].chars
            g.players[p]["leader_def"] = lc.get("leader_def", 20)
            return
        for e, epath in common.entries_in_order(val, zone, path):
            self._place(g, p, zone, e, cards, names, epath, evolved, filler)

    def _place(self, g: Game, p: int, zone: str, e: Any, cards: dict, names: dict, path: str,
               evolved: list, filler: CardDef | None = None) -> int:
        e = common.entry_mapping(e, path, ENTRY_KEYS)
        if filler is not None and e["card"] == "Filler" and "Filler" not in cards:
            card = filler
        else:
            card = common.find_card(cards, self.pool(), e["card"], path)
        face = common.entry_face(e, ZONES[zone].public, path)
        state = e.get("state", e.get("orientation"))
        if state is not None:
            if zone != "field":
                raise ValueError(f"{path}.state: only cards on the field have a placement state (4.2.2)")
            if state not in STATES:
                raise ValueError(f"{path}.state: expected {' or '.join(STATES)}")
        orient = (state or "reserved") if zone == "field" else ""
        ctrl = common.entry_controller(e, p, path)
        oid = g.create(card, p, zone, ctrl if zone == "field" else p, face_up=face == "up", orient=orient)
        common.set_entry_state(g, oid, p, e, path)
        common.set_entry_damage(g, oid, e, path)
        if e.get("boxed"):
            from ...kernel.effects import CEffect

            g.set_data(oid, "boxed", True)
            g.add_effect(CEffect(g.tick(), g.tick(), "abilities", "box", {}, ("objs", frozenset((oid,))), p, None,
                                 "permanent"))
        if e.get("side") == "back":
            if "back" not in card.chars:
                raise ValueError(f"{path}.side: {card.key} is not a double-faced card")
            g.set_data(oid, "face", "back")
        if e.get("raced"):
            g.set_data(oid, "raced", int(e["raced"]))
        if e.get("known"):
            g.set_data(oid, "known", "all")
        common.name_entry(names, oid, e, path)
        if e.get("evolved"):
            if zone != "field":
                raise ValueError(f"{path}.evolved: only a card on the field is evolved")
            evolved.append((oid, e["evolved"], f"{path}.evolved"))
        return oid

    def _link_evolved(self, g: Game, evolved: list, cards: dict, names: dict) -> None:
        """``evolved: {card, id}`` (or true, or a card name): the evolved card in the evolve zone,
        linked to the card (5.15.1)."""
        for oid, spec, path in evolved:
            o = g.objects[oid]
            if spec is True:
                spec = {}
            if isinstance(spec, str):
                spec = {"card": spec}
            if not isinstance(spec, dict):
                raise ValueError(f"{path}: expected true, a card name or {{card, id}}")
            if "card" in spec:
                card = common.find_card(cards, self.pool(), spec["card"], path)
            else:
                key = f"{o.card.chars['name']} (Evolved)"
                card = cards.get(key) or self.pool().get(key)
                if card is None:
                    raise ValueError(f"{path}: no evolved card {key!r}; name it with card:")
            if card.chars.get("special") != "evolved":
                raise ValueError(f"{path}: {card.key} is not an evolved card")
            ev = g.create(card, o.owner, "evolve_zone", o.controller, face_up=True)
            links.link(g, oid, ev, "evolve")
            if "id" in spec:
                names[ev] = str(spec["id"])

    #: zones whose stacked cards are cards of that zone for a scenario (B-2:6.1.1.1: a Cross Craft
    #: player's two leader cards are both in the leader area; the engine keeps the second under the first)
    stacked_in_zone = ("leader",)

    def scenario_zone(self, g: Game, p: int, zone: str) -> list[int]:
        """The cards of a zone as a scenario counts them: the leader area holds both Cross Craft
        leader cards (B-2:6.1.1.1)."""
        ids = list(g.zone(p, zone))
        if zone in self.stacked_in_zone:
            ids += [u for x in list(ids) for u in (g.objects[x].under or ())]
        return ids

    def player_value(self, g: Game, p: int, key: str) -> Any:
        pl = g.players[p]
        if key in PLAYER_VALUES:
            return pl.get(key, 20 if key == "leader_def" else 0)
        if key in ZONES and not ZONES[key].shared:
            return len(g.zone(p, key))
        if key in ("basis", "universe"):
            return pl.get(key)
        raise KeyError(key)

    def linked_object(self, g: Game, oid: int, key: str) -> int | None:
        """The card linked to ``oid`` that a scenario names as ``evolved: {card, id}`` (5.15.1)."""
        if key != "evolved":
            raise KeyError(key)
        return links.evolved_card(g, oid) if g.objects[oid].zone == "field" else None

    def obj_attr(self, g: Game, oid: int, key: str) -> Any:
        o = g.objects[oid]
        c = g.chars(oid)
        if key == "side":
            return "back" if o.get("face") == "back" else "front"
        if key == "damage":
            return o.get("damage", 0)
        if key == "boxed":
            return bool(o.get("boxed"))
        if key == "summoned_this_turn":
            return o.since == g.turn
        if key == "evolved":
            ev = links.evolved_card(g, oid) if o.zone == "field" else None
            return ev is not None
        if key == "raced":
            return o.get("raced", 0)
        if key == "keywords":
            return sorted({k for k, _ in c.get("keywords", ())})
        if key in ("traits", "trait"):
            return list(c.get("races", ()))
        if key == "type":
            return c["types"][0] if c.get("types") else None
        if key in ("atk", "def", "cost", "name", "class", "universe", "special"):
            return c.get(key)
        return common.obj_attr(g, oid, key)

    def concede(self, g: Game, p: int) -> None:
        """1.2.3: a player may concede at any point; they lose at once, with no Confirmation
        Timing, and no card can stop it (1.2.3.1).  Recorded like an answer (``Game.concede``)."""
        g.concede(p, "1.2.3")

    def perpetual_cycle(self, g: Game, player: int, sequence: list[str], count: int, cut: Any = None) -> int:
        """15.2.1.1: the active player declares a perpetual cycle; ``cut`` is the non-active
        player's answer (see ``cycles.perpetual_cycle``)."""
        from .cycles import perpetual_cycle

        return perpetual_cycle(g, player, sequence, count, cut)

    def waiting_empty(self, g: Game) -> bool:
        return not g.zones[(-1, "resolution")]

    def where(self, g: Game) -> str:
        if g.frames and g.frames[0].kind == "setup":
            return "preparation"
        return g.phase


PACKAGE = SvePackage()

__all__ = ["PACKAGE", "CardError"]
