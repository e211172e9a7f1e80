"""What the games share above the card layer: scenario set-up (players, cards named in a
setup, the entries placed in zones: shared/conformance/SPEC.md) and turns.

A game package imports this module; the games never import each other."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..kernel.decisions import brief
from ..kernel.events import Event
from ..kernel.game import Game
from ..kernel.objects import CardDef

# ------------------------------------------------------------------------- scenarios
#: the most filler cards a scenario may put into one zone
MAX_FILLERS = 1000

def player_of(v: Any, path: str) -> int:
    """A scenario's player word: ``p1`` or ``p2``."""
    if v in ("p1", "p2"):
        return int(v[1]) - 1
    raise ValueError(f"{path}: expected p1 or p2, got {v!r}")


def find_card(cards: dict, pool: dict, name: Any, path: str, tokens: dict | None = None) -> CardDef:
    """A card a scenario names: one of its own cards, else the shipped pool's (else ``tokens``)."""
    name = str(name)
    c = cards.get(name) or pool.get(name) or (tokens or {}).get(name)
    if c is None:
        raise ValueError(f"{path}: unknown card {name!r} (not defined in the scenario's cards nor in the shipped pool)")
    return c


def scenario_game(rules: Any, game_id: str, setup: dict, where: str) -> tuple[Game, dict[int, str]]:
    """A new game for a scenario, and its scenario ids (object id -> id), empty so far."""
    seed = setup.get("seed", 0)
    g = Game(rules, seed)
    g.info = {"game": game_id, "seed": seed, "scenario": where}
    names: dict[int, str] = {}
    g.gvars["names"] = names
    return g, names


def first_player(setup: dict, where: str, turn: int, active: int) -> int:
    """``setup.first_player``, or the player whose turns have the turn's parity."""
    first = setup.get("first_player")
    if first:
        return player_of(first, f"{where}: setup.first_player")
    return active if turn % 2 == 1 else 1 - active


def scenario_turn(g: Game, setup: dict, where: str) -> tuple[int, int]:
    """The setup's turn number and active player, set on ``g`` with the first player."""
    turn = setup.get("turn", 1)
    active = player_of(setup.get("active", "p1"), f"{where}: setup.active")
    g.turn = turn
    g.active = active
    g.gvars["first"] = first_player(setup, where, turn, active)
    return turn, active


def player_setup(setup: dict, where: str, p: int) -> dict:
    """``setup.p1`` or ``setup.p2``: the player's zones and values (none: empty)."""
    ps = setup.get(f"p{p + 1}") or {}
    if not isinstance(ps, dict):
        raise ValueError(f"{where}: setup.p{p + 1}: expected a mapping of zones and values")
    return ps


def check_setup_keys(setup: dict, where: str, known: Iterable[str]) -> None:
    """A setup names only the keys ``known``; its ``seed`` and ``turn`` are whole numbers."""
    for k in setup:
        if k not in known:
            raise ValueError(f"{where}: setup.{k}: unknown key; keys: {', '.join(known)}")
    for k in ("seed", "turn"):
        if k in setup and (not isinstance(setup[k], int) or isinstance(setup[k], bool) or setup[k] < 0):
            raise ValueError(f"{where}: setup.{k}: expected a whole number, got {setup[k]!r}")


def setup_at(setup: dict, where: str, known: dict) -> str:
    at = setup.get("at", "main")
    if at not in known:
        raise ValueError(f"{where}: setup.at: unknown {at!r}; one of {', '.join(known)}")
    return at


def add_fillers(g: Game, filler: CardDef, p: int, zone: str, val: Any, face_up: bool, path: str = "") -> bool:
    """A zone given as a number holds that many filler cards; False when ``val`` is no number."""
    if not isinstance(val, int) or isinstance(val, bool):
        return False
    if not 0 <= val <= MAX_FILLERS:
        raise ValueError(f"{path or zone}: expected a number of cards of 0 or more (at most {MAX_FILLERS}), "
                         f"or a list of cards; got {brief(val)}")
    for _ in range(val):
        g.create(filler, p, zone, p, face_up=face_up)
    return True


def zone_entries(g: Game, filler: CardDef, p: int, zone: str, val: Any, face_up: bool,
                 path: str) -> list[tuple[Any, str]]:
    """A zone of a setup: a number of filler cards (put there now: no entries are left), or a
    list of entries, returned in the order they are put in (:func:`entries_in_order`)."""
    if add_fillers(g, filler, p, zone, val, face_up, path):
        return []
    if not isinstance(val, list):
        raise ValueError(f"{path}: expected a number of filler cards or a list of cards")
    return entries_in_order(val, zone, path)


def entries_in_order(val: list, zone: str, path: str) -> list[tuple[Any, str]]:
    """A zone's entries with their paths, in the order they are put in: a deck list is written top
    first, so its last entry goes in first."""
    if zone == "deck":
        return [(val[i], f"{path}[{i}]") for i in range(len(val) - 1, -1, -1)]
    return [(e, f"{path}[{i}]") for i, e in enumerate(val)]


def entry_mapping(e: Any, path: str, keys: Iterable[str]) -> dict:
    """A zone entry: a card name, or a mapping with ``card`` and only the keys ``keys``."""
    if isinstance(e, str):
        e = {"card": e}
    if not isinstance(e, dict) or "card" not in e:
        raise ValueError(f"{path}: expected a card name or a mapping with 'card'")
    for k in e:
        if k not in keys:
            raise ValueError(f"{path}: unknown key {k!r}; keys: {', '.join(sorted(keys))}")
    return e


def entry_face(e: dict, public: bool, path: str) -> str:
    face = e.get("face", "up" if public else "down")
    if face not in ("up", "down"):
        raise ValueError(f"{path}.face: expected up or down")
    return face


def entry_controller(e: dict, p: int, path: str) -> int:
    return player_of(e["controller"], f"{path}.controller") if "controller" in e else p


#: entry keys whose value is true or false, and those that are whole numbers (SPEC "setup")
BOOL_KEYS = ("summoned_this_turn", "boxed", "known")
NUMBER_KEYS = ("x", "damage", "raced")


def set_entry_state(g: Game, oid: int, p: int, e: dict, path: str) -> None:
    """The owner, ``summoned_this_turn`` and ``counters`` of a placed entry."""
    for k in BOOL_KEYS:
        if k in e and not isinstance(e[k], bool):
            raise ValueError(f"{path}.{k}: expected true or false, got {e[k]!r}")
    for k in NUMBER_KEYS:
        if k in e and (not isinstance(e[k], int) or isinstance(e[k], bool) or e[k] < 0):
            raise ValueError(f"{path}.{k}: expected a whole number of 0 or more, got {e[k]!r}")
    o = g.w(oid)
    o.owner = p
    o.since = g.turn if e.get("summoned_this_turn") else 0
    if "counters" in e:
        o.counters = {k: v for k, v in counters_of(e["counters"], f"{path}.counters").items() if v}


def set_entry_damage(g: Game, oid: int, e: dict, path: str) -> None:
    """A placed entry's ``damage``: the damage marked on the card (SVE, NOVA)."""
    if "damage" in e:
        if not isinstance(e["damage"], int) or e["damage"] < 0:
            raise ValueError(f"{path}.damage: expected a whole number of 0 or more")
        if e["damage"]:
            g.set_data(oid, "damage", e["damage"])


def counters_of(val: Any, path: str) -> dict[str, int]:
    """A scenario's counters: a mapping counter name -> a whole number of 0 or more."""
    if not isinstance(val, dict):
        raise ValueError(f"{path}: expected a mapping counter name -> number")
    out = {}
    for k, v in val.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{path}.{k}: expected a whole number of 0 or more, got {v!r}")
        out[str(k)] = v
    return out


def name_entry(names: dict[int, str], oid: int, e: dict, path: str) -> None:
    """An entry's ``id``: how the scenario names the card (each id once)."""
    if "id" in e:
        sid = str(e["id"])
        if sid in names.values():
            raise ValueError(f"{path}.id: id {sid!r} is used twice")
        names[oid] = sid


def obj_attr(g: Game, oid: int, key: str) -> Any:
    """What every game's scenarios may expect of a card: its orientation (state), face,
    counters, controller, owner and flags.  Another key raises KeyError."""
    o = g.objects[oid]
    if key in ("orientation", "state"):
        return o.orient
    if key == "face":
        return "up" if o.face_up else "down"
    if key == "counters":
        return dict(o.counters or {})
    if key == "controller":
        return f"p{o.controller + 1}"
    if key == "owner":
        return f"p{o.owner + 1}"
    if key == "flags":
        return sorted(g.chars(oid).get("flags", ()))
    raise KeyError(key)


def listing(parts: list[str]) -> str:
    """Texts of cards in a board line ("-" for none)."""
    return "; ".join(parts) if parts else "-"


# ------------------------------------------------------------------------------ turns
def begin_turn(g: Game, p: int, at: str) -> None:
    """Player ``p``'s next turn begins: the per-turn record is empty again and the turn
    procedure starts at its step ``at``."""
    g.turn += 1
    g.active = p
    g.record = {}
    g.note(f"--- turn {g.turn}: p{p + 1} ---")
    g.push("turn", at=at)
    g.frames[-1].step = at


def phase_event(g: Game, name: str) -> None:
    """A phase or step of the turn player's turn begins (what "at the beginning of ..." waits for)."""
    g.emit(Event("phase", player=g.active, data={"name": name}))


__all__ = ["add_fillers", "begin_turn", "check_setup_keys", "counters_of", "entries_in_order", "entry_controller", "entry_face", "entry_mapping",
           "find_card", "first_player", "listing", "name_entry", "obj_attr", "phase_event", "player_of",
           "scenario_game", "set_entry_damage", "set_entry_state", "setup_at", "zone_entries"]
