"""The interface between the kernel and a game, both ways.

:class:`GameRules` is what a game must tell the kernel: its zones, layers,
procedures and hooks.  A game package subclasses it (usually through the card
layer's ``CardRules``, which fills in the effect-language hooks) and supplies
its own words: zone names, orientations, layer order, the turn procedure and
its rules processes.  The kernel itself knows no game's vocabulary.

:class:`GameState` is what the kernel's hooks and its layer pass
(:mod:`.layers`) read and do through the game they are given.
:class:`~.game.Game` is the one implementation; a game package's hooks,
which need more of it, annotate their argument with ``Game`` itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .zones import ZoneSpec

if TYPE_CHECKING:
    from .effects import CEffect, LayerView
    from .events import Event
    from .frames import Frame
    from .objects import Obj


@runtime_checkable
class GameState(Protocol):
    """The game as the rules hooks and the layer pass see it (implemented by ``Game``)."""

    rules: GameRules
    objects: dict[int, Obj]
    zones: dict[tuple[int, str], list[int]]
    players: list[dict[str, Any]]
    effects: list[CEffect]
    frames: list[Frame]
    turn: int
    active: int
    phase: str
    step: str

    def base_chars(self, oid: int) -> dict: ...

    def chars(self, oid: int) -> dict: ...

    def move(self, oid: int, zone: str, zp: int | None = None, *, pos: str | int = "top",
             face_up: bool | None = None, orient: str | None = None, cause: Any = None,
             controller: int | None = None, event: bool = True) -> int: ...

    def end(self, result: int | str, reason: str) -> None: ...


#: a procedure handler: ``handler(game, frame)``, given the full ``Game`` (see :mod:`.game`)
Proc = Callable[[Any, "Frame"], None]


class GameRules:
    game_id = "?"
    num_players = 2
    zone_specs: dict[str, ZoneSpec] = {}
    layered_zones: frozenset[str] = frozenset()
    field_zones: tuple[str, ...] = ("field",)
    layers: tuple[str, ...] = ("base", "abilities", "nonnum", "num")

    def __init__(self) -> None:
        self.procs: dict[str, Proc] = {}
        self.filter_hooks: dict[str, Callable] = {}
        self.cond_hooks: dict[str, Callable] = {}
        #: zones whose faceup cards a selector sees only by naming their face (ZoneSpec.faceup_apart)
        self.faceup_apart = frozenset(z for z, spec in self.zone_specs.items() if spec.faceup_apart)

    # --- set-up -----------------------------------------------------------------
    def register(self, name: str, proc: Proc) -> None:
        self.procs[name] = proc

    def default_orient(self, zone: str) -> str:
        return ""

    #: does the game perform its rules processes the moment they arise, interrupting a resolving
    #: effect between two of its instructions (NOVA 501.1)?  When False (Caster CR 602.1a, SVE
    #: 10.5.2.1) they wait until a player would receive priority; the interpreter then never calls
    #: :meth:`interrupt_processes`, so games that do not need it pay nothing.
    interrupting_processes = False

    def interrupt_processes(self, g: GameState) -> bool:
        """Perform the rules processes that are due now, in the middle of a resolving effect
        (called by the effect interpreter after each completed instruction when
        :attr:`interrupting_processes` is set).  True when a procedure was pushed: the effect
        resumes with its next instruction once that procedure has finished."""
        return False

    def unstoppable_loop(self, g: GameState) -> None:
        """The game repeats actions no player can stop: a draw (CR 1301.1c, SVE 15.2.1.3)."""
        g.end("draw", "a loop that neither player can stop (CR 1301.1c)")

    def token_can_exist(self, zone: str, card: Any = None) -> bool:
        """May a token (of this card, when the game's rule depends on it, SVE 9.1.4) be in this
        zone?  (Elsewhere it is erased as soon as it arrives.)"""
        return self.zone_specs[zone].field or zone in self.token_zones

    token_zones: frozenset[str] = frozenset()

    # --- characteristics ------------------------------------------------------------
    def base_chars(self, g: GameState, o: Obj) -> dict:
        return o.card.chars

    def single_chars(self, g: GameState, o: Obj) -> dict:
        """Characteristics of an object outside the layered zones (hand, deck, ...)."""
        return self.base_chars(g, o)

    def static_effects(self, g: GameState, view: LayerView) -> Iterable[CEffect]:
        return ()

    def chars_reads(self, g: GameState, effects: Iterable[CEffect]) -> frozenset[str] | None:
        """What characteristics computed with these continuous effects (those of the game and of
        static abilities) may read beyond the objects' cards, zones, face and counters: a set of
        aspects (``orient``, ``data.KEY``, ``data.*``, ``player.KEY``, ``player.*``), or None for
        anything.  A change of
        an aspect not in the set keeps the characteristics cached (``Game.changed``).  The
        default, None, forgets them on every change."""
        return None

    def object_reads(self, g: GameState, o: Obj) -> frozenset[str] | None:
        """Like :meth:`chars_reads`, for the characteristics of ``o`` outside the layered zones
        (:meth:`single_chars`)."""
        return None

    def extra_effects_possible(self, g: GameState) -> bool:
        """Could the game's own rules add continuous effects now (beyond cards and effects)?"""
        return False

    def effect_affects(self, g: GameState, eff: CEffect, view: LayerView) -> Iterable[Any]:
        return ()

    def effect_condition(self, g: GameState, eff: CEffect, view: LayerView) -> bool:
        return True

    def effect_varies(self, eff: CEffect) -> bool:
        """Can what or how ``eff`` applies change with other effects (so that it may depend on
        them, CR 909.3a)?  An effect on fixed objects with fixed values cannot."""
        return eff.affects[0] != "objs" or eff.cond is not None

    def effect_signature(self, g: GameState, eff: CEffect, view: LayerView, affected: Any = None) -> Any:
        """What ``eff`` applies to and how, in ``view`` (CR 909.3a: B depends on A when
        applying A first changes this for B).  ``affected``: what ``effect_affects`` answers for
        an effect on a selection in this view, when the caller has it already."""
        if eff.affects[0] == "objs":
            return frozenset(o for o in eff.affects[1] if o in view.chars) \
                if eff.cond is None or self.effect_condition(g, eff, view) else None
        return frozenset(self.effect_affects(g, eff, view) if affected is None else affected)

    def apply_effect(self, g: GameState, eff: CEffect, chars: dict, oid: int, view: LayerView) -> dict:
        return chars

    def apply_player_effect(self, g: GameState, eff: CEffect, mods: dict, p: int, view: LayerView) -> None:
        pass

    def after_layers(self, g: GameState, chars: dict, touched: set) -> None:
        """A last pass over the objects continuous effects changed (``touched``)."""
        pass

    # --- events ---------------------------------------------------------------------
    def check_triggers(self, g: GameState, events: list[Event], lki: dict) -> None:
        pass

    def on_leave_stack(self, g: GameState, oid: int, o: Obj, new: int) -> None:
        """Objects stacked under ``o`` when it leaves its zone (default: they go with nothing)."""
        for u in list(o.under or ()):
            g.move(u, self.stack_leave_zone, g.objects[u].owner)

    stack_leave_zone = "graveyard"

    def move_reaches_others(self, g: GameState, o: Obj) -> bool:
        """Can moving ``o`` between two zones outside the layered ones change the characteristics
        of other objects through something other than the aspects declared (``zones``), such as a
        link recorded on both objects?  (Default: no.)"""
        return False

    # --- queries --------------------------------------------------------------------
    def player_value(self, g: GameState, p: int, key: str) -> int:
        v = g.players[p].get(key, 0)
        return v if isinstance(v, int) else len(v)

    def obj_name(self, g: GameState, oid: int, viewer: int | None, named: bool = True) -> str:
        """How an object is named in a label shown to ``viewer``."""
        o = g.objects.get(oid)
        return o.card.key if o is not None else f"#{oid}"

    # --- views ----------------------------------------------------------------------
    def public_chars(self, g: GameState, oid: int) -> dict:
        """The characteristics a view shows for a visible object."""
        c = g.chars(oid)
        return {k: c[k] for k in ("name", "cost", "atk", "def") if c.get(k) is not None}

    def public_data(self, g: GameState, o: Obj) -> dict:
        """Game-specific object state a view shows (damage, ...)."""
        return {}

    def player_view(self, g: GameState, p: int, viewer: int) -> dict:
        """Player values a view shows (life, play points, ...)."""
        return {}

    def can_see(self, g: GameState, o: Obj, viewer: int) -> bool:
        """May ``viewer`` know this object's identity?  (CR 302.2, SVE 4.1.2, NOVA 301.7)"""
        if o.data is not None:
            known = o.data.get("known")
            if known == "all" or (known is not None and viewer in known):
                return True
        spec = self.zone_specs[o.zone]
        if spec.public:
            if o.face_up:
                return True
            return spec.facedown_owner_sees and viewer == o.zp
        return spec.owner_sees and viewer == o.zp
