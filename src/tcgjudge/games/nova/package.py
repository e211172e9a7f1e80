"""NOVA behind the game-package interface the CLI, the scenario runner, the simulator and the
agents use (see ``games/caster/package.py``)."""

from __future__ import annotations

from typing import Any

from ...cards.language import CardError
from ...kernel.game import Game
from ...kernel.objects import CardDef
from .. import common
from ..package_base import GamePackage
from . import deck as deckmod
from .vocabulary import ATTACK_STEPS, COLORS, PHASES, STATES, ZONES

#: scenario `at` values (shared/conformance/SPEC.md) -> (turn phase, attack step)
#: in the order a turn goes through them (401.1: the attack phase's steps between the main phases)
AT = {name: where for ph in PHASES for name, where in (
    [(f"attack/{s}", ("attack", s)) for s in ATTACK_STEPS] if ph == "attack" else [(ph, (ph, None))])}
#: where each attack step's scenario position begins (its choice, or its first priority)
ATTACK_ENTRY = {"start": "start", "declare-attack": "declare_choice", "declare-block": "block_choice",
                "battle": "battle", "end": "end"}
PLAYER_VALUES = ("life", "limit_level", "energy_stock")
ENTRY_KEYS = {"card", "id", "state", "orientation", "face", "damage", "counters", "equipped_to",
              "summoned_this_turn", "controller", "destroyed"}


class NovaPackage(GamePackage):
    id = "nova"
    title = "NOVA"
    rules_file = "nova-comprehensive-rules-ja.txt"
    #: the per-game names of the scenario format (shared/conformance/SPEC.md)
    zones = tuple(ZONES)
    player_values = PLAYER_VALUES
    entry_keys = frozenset(ENTRY_KEYS)
    at_names = tuple(AT)
    #: the scenario runner's names: where a scenario may start, the steps `pass until STEP end`
    #: knows (a phase covers its steps), the labels that pass (405.5: declining to block)
    scenario_at = tuple(AT)
    scenario_steps = tuple(AT)
    pass_labels = ("pass", "done", "keep hand", "no block")

    # ------------------------------------------------------------------ decks
    def deck_from_json(self, data: dict) -> deckmod.Deck:
        return deckmod.parse_deck({k: data.get(k) or {} for k in ("main", "character", "side")}
                                  | {"name": data.get("name", "deck")}, self.pool(), "replay")

    def new_game(self, decks: list, seed: int = 0, *, first: int | None = None, auto: bool = False) -> Game:
        from . import new_game

        return new_game(decks[0], decks[1], seed, first=first, auto=auto)

    # ---------------------------------------------------------------- scenarios
    def build_scenario(self, setup: dict, cards: dict[str, CardDef], where: str) -> tuple[Game, dict[int, str]]:
        """A game in the position a scenario's ``setup`` describes (shared/conformance/SPEC.md)."""
        from .cards import FILLER
        from .procedures import TURN, start_turn

        r = self.rules()
        common.check_setup_keys(setup, where, ("seed", "turn", "active", "at", "first_player", "waiting", "p1", "p2"))
        filler = cards.get("Filler") or r.builder.card(FILLER, "filler")
        cards = {**cards, "Filler": filler}
        g, names = common.scenario_game(r, "nova", setup, where)
        turn, active = common.scenario_turn(g, setup, where)
        g.gvars[f"began_{active}"] = turn
        g.gvars[f"began_{1 - active}"] = turn - 1
        for p in (0, 1):
            g.players[p].update({"energy": (), "life": 2000})
            ps = common.player_setup(setup, where, p)
            for key, val in ps.items():
                path = f"{where}: setup.p{p + 1}.{key}"
                if key in ZONES and not ZONES[key].shared:
                    self._fill_zone(g, p, key, val, cards, filler, names, path)
                elif key in ("life", "limit_level"):
                    if not isinstance(val, int) or isinstance(val, bool):
                        raise ValueError(f"{path}: expected a whole number")
                    if key == "life":
                        g.players[p]["life"] = val
                        g.players[p]["released"] = [th for th in (1500, 1000) if val <= th]
                    else:
                        g.players[p]["limit_base"] = val - len(g.players[p].get("released", ()))
                elif key == "energy_stock":
                    if not isinstance(val, list) or any(x not in COLORS for x in val):
                        raise ValueError(f"{path}: expected a list of energy colors ({', '.join(COLORS)})")
                    g.players[p]["energy"] = tuple(sorted(val))
                else:
                    raise ValueError(f"{path}: unknown zone or player value {key!r}; zones: "
                                     f"{', '.join(z for z in ZONES if not ZONES[z].shared)}; values: "
                                     f"{', '.join(PLAYER_VALUES)}")
        if "limit_level" in (setup.get("p1") or {}) or "limit_level" in (setup.get("p2") or {}):
            pass
        for oid, t in list(g.gvars.pop("_equip", {}).items()):
            tid = next((k for k, v in names.items() if v == str(t)), None)
            if tid is None:
                raise ValueError(f"{where}: equipped_to: no card with id {t!r}")
            g.set_data(oid, "equipped_to", tid)
        if setup.get("waiting"):
            self._fill_zone(g, active, "waiting", setup["waiting"], cards, filler, names, f"{where}: setup.waiting")
        at = common.setup_at(setup, where, AT)
        phase, astep = AT[at]
        g.turn = turn - 1
        start_turn(g, active, at=phase, queue=list(TURN[TURN.index(phase) + 1:]))
        g.gvars[f"began_{active}"] = turn
        g.log.pop()
        if astep is not None:
            f = g.frames[-1]
            f.step = "attack_done"
            g.phase, g.step = "attack", astep
            if astep != "start":  # 405.4.1: the turn's first declare-attack step has begun
                g.gvars["declared_turn"] = g.turn
            g.push("attack")
            g.frames[-1].step = ATTACK_ENTRY[astep]
        g.touch()
        g.advance()
        return g, names

    def _fill_zone(self, g: Game, p: int, zone: str, val: Any, cards: dict, filler: CardDef, names: dict,
                   path: str) -> None:
        for e, epath in common.zone_entries(g, filler, p, zone, val, ZONES[zone].public, path):
            self._place(g, p, zone, e, cards, names, epath)

    def _place(self, g: Game, p: int, zone: str, e: Any, cards: dict, names: dict, path: str) -> int:
        e = common.entry_mapping(e, path, ENTRY_KEYS)
        card = common.find_card(cards, self.pool(), e["card"], path)
        face = common.entry_face(e, ZONES[zone].public, path)
        state = e.get("state", e.get("orientation"))
        if state is not None:
            if zone not in ("field", "energy"):
                raise ValueError(f"{path}.state: only cards on the field or in the energy zone have a state (302.1)")
            if state not in STATES:
                raise ValueError(f"{path}.state: expected {' or '.join(STATES)}")
        orient = (state or "standby") if zone in ("field", "energy") else ""
        ctrl = common.entry_controller(e, p, path)
        oid = g.create(card, p, zone, ctrl if zone == "field" else p, face_up=face == "up", orient=orient)
        common.set_entry_state(g, oid, p, e, path)
        common.set_entry_damage(g, oid, e, path)
        if e.get("destroyed"):
            g.set_data(oid, "destroyed", "destroy")
        if "equipped_to" in e:
            g.gvars.setdefault("_equip", {})[oid] = e["equipped_to"]
        common.name_entry(names, oid, e, path)
        return oid

    def player_value(self, g: Game, p: int, key: str) -> Any:
        if key in PLAYER_VALUES or key in ZONES:
            return g.rules.player_value(g, p, key)
        raise KeyError(key)

    def obj_attr(self, g: Game, oid: int, key: str) -> Any:
        o = g.objects[oid]
        c = g.chars(oid)
        if key == "damage":
            return o.get("damage", 0)
        if key == "equipped_to":
            t = o.get("equipped_to")
            return (g.gvars.get("names") or {}).get(t, t)
        if key == "summoned_this_turn":
            return o.since == g.turn
        if key == "destroyed":
            return bool(o.get("destroyed"))
        if key == "keywords":
            return sorted({k for k, _ in c.get("keywords", ())})
        if key in ("hp", "def"):
            return c.get("def")
        if key == "color":
            cs = sorted(c.get("colors", ()))
            return cs[0] if len(cs) == 1 else (cs or "colorless")
        if key == "type":
            return c["types"][0]
        if key in ("atk", "cost", "level", "name"):
            return c.get(key)
        return common.obj_attr(g, oid, key)

    def concede(self, g: Game, p: int) -> None:
        """003.2.3: a player may concede at any time and loses at once; no card affects it
        (003.2.3.1), and it does not use the waiting area (311.6.7)."""
        g.concede(p)

    def repeat_loop(self, g: Game, sequence: list[str], counts: list[tuple[int, int]]) -> int:
        """924.1.1-924.1.2: perform a loop the number of times its players named, the turn
        player first (see ``loops.repeat_loop``)."""
        from .loops import repeat_loop

        return repeat_loop(g, sequence, counts)

    def waiting_empty(self, g: Game) -> bool:
        return not g.zones[(-1, "waiting")]

    def where(self, g: Game) -> str:
        if g.frames and g.frames[0].kind == "setup":
            return "setup"
        if g.phase == "attack":
            return f"attack/{g.step}" if g.step else "attack"
        return g.phase

    def play_match(self, decks: list, seed: int, agents: list, ask):
        """007.1: a best-of-three match with side-deck swaps between games (see ``match.py``)."""
        from .match import play_match

        return play_match(decks, seed, agents, ask)


PACKAGE = NovaPackage()

__all__ = ["PACKAGE", "CardError"]
