"""The Caster Chronicles' words: zones, elements, keywords, triggers, card fields."""

from __future__ import annotations

from ...cards.language import (
    ANY,
    BOOL,
    INT,
    PLAYER,
    REF,
    SELECTOR,
    STR,
    STRS,
    VALUE,
    Vocabulary,
    core_vocabulary,
)
from ...kernel.zones import ZoneSpec

ELEMENTS = ("solis", "ignus", "silva", "terra", "luna", "aqua", "aes")  # CR 209.2
ORIENTS = ("recovered", "rested", "reversed")  # CR 303.1

ZONES: dict[str, ZoneSpec] = {
    "deck": ZoneSpec("deck", public=False, ordered=True),  # CR 304.2
    "hand": ZoneSpec("hand", public=False, owner_sees=True),  # CR 305.2
    "field": ZoneSpec("field", public=True, field=True, layered=True),  # servant zone, CR 307
    "casters": ZoneSpec("casters", public=True, field=True, layered=True, facedown_owner_sees=True),  # CR 308
    "orbs": ZoneSpec("orbs", public=False, ordered=True),  # CR 309.2
    "graveyard": ZoneSpec("graveyard", public=True, ordered=True),  # CR 310.2
    "removed": ZoneSpec("removed", public=True, facedown_owner_sees=False),  # CR 311
    "extra_deck": ZoneSpec("extra_deck", public=False, owner_sees=True),  # CR 313.2
    "bingo": ZoneSpec("bingo", public=True, limit=3),  # CR 314
    "chase": ZoneSpec("chase", shared=True, public=True, ordered=True, layered=True),  # CR 312
}

#: keyword -> what its value is ("" none, "?" optional)
KEYWORDS: dict[str, str] = {
    "double_corrupt": "", "triple_corrupt": "",  # CR 1102
    "break": "cost?",  # CR 1103 ([Break] or [Break](Cost))
    "slow_start": "",  # CR 1104
    "quickcast": "",  # CR 1105
    "enter": "", "last_words": "",  # CR 1106, 1107 (markers; the ability is an `auto`)
    "united_front": "trait",  # CR 1108
    "soul_seal": "",  # CR 1109
    "hubris": "",  # CR 1110
    "dct": "number",  # CR 1111 (marker; conditional text uses `if: {dct: N}`)
    "lethargy": "",  # CR 1112
    "vanity": "",  # CR 1113 (marker; conditional text uses `if: {vanity: true}`)
    "step_up": "race",  # CR 1114
    "unity": "",  # CR 1115
    "phi": "",  # CR 1116
    "bingo": "",  # CR 1117 (marker; conditional text uses `if: {bingo: true}`)
    "ride": "number",  # CR 1118
    "same_name_casters": "",  # CR 504.1a-1: may control two or more casters with this name
}

ON_FIELD = ("field", "casters")


TRIGGERS: dict[str, dict] = {
    # CR 1106: [Enter] = when this card enters the field
    "enter": dict(event="move", subject="self", to=ON_FIELD, not_from=ON_FIELD),
    # CR 1107: [Last Words] = when this card is put into a graveyard from the field
    "last_words": dict(event="move", subject="self", **{"from": ON_FIELD}, to="graveyard"),
    "leaves_field": dict(event="move", subject="self", **{"from": ON_FIELD}, not_from=(), to=(
        "deck", "hand", "orbs", "graveyard", "removed", "extra_deck", "bingo")),
    "attacks": dict(event="attack", subject="self"),
    "attacked": dict(event="attack", target="self"),  # "whenever this card is attacked" (CR 803.3b)
    "targeted": dict(event="target", subject="self"),  # "... becomes the target of a card or ability" (903.2e)
    "ally_attacks": dict(event="attack", player="you"),
    "corrupts": dict(event="corrupt", subject="self"),  # "whenever this card corrupts an orb"
    "orb_corrupted": dict(event="corrupt"),
    "destroys_in_battle": dict(event="battle_destroy", subject="self"),
    # "when this card is destroyed" / "if this card would be destroyed" (CR 1007; 910), by an
    # effect or in battle (804.3)
    "destroyed": dict(event="move", subject="self", cause=("destroy", "battle"), **{"from": ON_FIELD}),
    "destroyed_in_battle": dict(event="move", subject="self", cause="battle", to="graveyard"),
    "switches": dict(event="switch", subject="self"),  # CR 1011.2
    "servant_switches": dict(event="switch"),  # "whenever a servant switches" (CR 1011.2)
    # one or more of your orbs, whoever corrupts them (CR 1009.1, 1009.2: once)
    "your_orb_corrupted": dict(event="corrupt", victim="you"),
    "revealed": dict(event="reveal"),  # CR 1004.3
    "searched": dict(event="search", player="you"),  # CR 1012.3
    "spell_played": dict(event="play", data={"kind": "card"}),
    "servant_enters": dict(event="move", to="field", not_from=ON_FIELD),
    "to_graveyard_from_field": dict(event="move", **{"from": ON_FIELD}, to="graveyard"),
    "levels_up": dict(event="level_up", subject="self"),
    "beginning_of_game": dict(event="phase", phase="beginning_of_game"),
    "beginning_of_turn": dict(event="phase", phase="beginning_of_turn", whose="you"),
    "beginning_of_recovery_phase": dict(event="phase", phase="recovery", whose="you"),
    "beginning_of_draw_phase": dict(event="phase", phase="draw", whose="you"),
    "beginning_of_call_phase": dict(event="phase", phase="call", whose="you"),
    "beginning_of_main_phase": dict(event="phase", phase="main", whose="you"),
    "beginning_of_battle_phase": dict(event="phase", phase="battle", whose="you"),
    "beginning_of_attack_declaration": dict(event="phase", phase="attack_declaration", whose="you"),
    "end_of_battle": dict(event="phase", phase="end_of_battle", whose="you"),
    "end_of_battle_phase": dict(event="phase", phase="end_of_battle_phase", whose="you"),
    "beginning_of_end_phase": dict(event="phase", phase="end", whose="you"),
    "end_of_turn": dict(event="phase", phase="end_of_turn"),
    "end_of_your_turn": dict(event="phase", phase="end_of_turn", whose="you"),
}


def vocabulary() -> Vocabulary:
    v = Vocabulary()
    v.zones = set(ZONES)
    v.keywords = dict(KEYWORDS)
    v.triggers = dict(TRIGGERS)
    v.filters = {"additional_type": STRS, "materials_of": REF, "stock": BOOL, "printed": SELECTOR, "ability": STRS,
                 "stock_of": REF,  # the stocks of that card (CR 306.2, 1109.2)
                 "ability_of": SELECTOR,  # an ability in the chase zone of a card that fits (CR 1019.1)
                 "rode": REF,  # the casters that rode that card this turn (CR 1118.4)
                 "ridden_by": REF,  # the card that caster rides (CR 1118.4a)
                 "battled": ANY,  # in a battle this turn (CR 803.4): true, false or "servant"
                 "battling": ANY,  # battling now (CR 803.5a): true, false or the battled servant's selector
                 "attacked_this_turn": ANY,  # attacked that card or that player ("you") this turn (803.3b)
                 "attacker": BOOL,  # the attacking servant of a battle this turn (803.4)
                 "attacking": PLAYER,  # the attacking servant now, attacking that player (803.4)
                 "from_field_this_turn": BOOL}  # put into a graveyard from the field this turn (302.3)
    v.conds = {"dct": INT, "vanity": BOOL, "bingo": BOOL, "orbs": ANY, "main_timing": BOOL}
    v.costs = {"aether": ANY, "deity_counters": VALUE,
               "ride": INT,  # CR 1118.2: rest allied casters whose levels total exactly N
               "corrupt": VALUE}  # CR 1009.1, 903.2h: corrupt N of your own orbs
    v.op("produce", short="n", n=VALUE, element=ANY, player=PLAYER,
         doc="Produce aether (CR 907): element is one of the seven, a list (one aether with all of "
             "them), 'void' for free aether, or 'any' (the player picks one, CR 907.7).")
    v.op("corrupt", short="n", n=VALUE, player=PLAYER, chooser=PLAYER, what=REF,
         doc="Corrupt N of the player's orbs (CR 1009): the chooser picks which; or the orbs `what` names.")
    v.op("face_down", short="what", required=("what",), what=REF,
         doc="Turn face-up casters in their caster zone face down (CR 303.2, 504.1b).")
    v.op("to_orbs", short="what", required=("what",), what=REF, pos=STR,
         doc="Put cards into their owner's orb zone face down, as orbs.")
    v.op("to_casters", short="what", required=("what",), what=REF, face=STR,
         doc="Put cards into the caster zone (face down: a level 1 void caster, CR 504.1b).")
    v.op("soul_bond", filter=SELECTOR, player=PLAYER, optional=BOOL,
         doc="Soul Bond a card from the extra deck with its materials (CR 1020).")
    v.op("level_up", short="what", what=REF, optional=BOOL,
         doc="Level up a caster with a caster card (CR 1022).")
    v.op("to_bingo", short="what", required=("what",), what=REF,
         doc="Put cards into the BINGO zone (CR 314.3).")
    v.op("enter_ability", short="what", what=REF,
         doc="Play one of the object's [Enter] abilities once (Soul Seal, CR 1109.2).")
    v.op("become", required=("what",), what=REF, types=STRS, races=STRS, elements=STRS, until=STR,
         doc="The card becomes the given type(s), race(s) and/or element(s), losing its own (CR 1014.1, 209).")
    v.op("move_counters", required=("from", "to", "name"), name=STR, n=VALUE, **{"from": REF, "to": REF},
         doc="Move counters of a name from one card to another (CR 1018.7).")
    v.op("unity", doc="Rest allied servants sharing a race for +X ATK (CR 1115.2).")
    v.op("become_servant", short="what", what=REF, until=STR, doc="The card becomes a servant (Ride, CR 1118.2).")
    v.op("put_caster", required=("what",), what=REF, optional=BOOL,
         doc="Put a caster into the field (level 1) or level up to it ([Break], CR 1103.2a).")
    v.op("removed_as_resolves", doc="The conjure resolving goes to its owner's removed zone instead of "
         "the graveyard once its text is performed (CR 703.3, 1003.1).")
    v.ability_keys = {"step": STR}
    v.durations = {"end_of_battle"}  # CR 805.3a
    v.statics = {}
    out = core_vocabulary().extend(v)
    # core words that mean nothing in this game (engaging, classes, colors, damage, evolving, life)
    # are rejected when a card is loaded rather than failing when the card is played
    for k in ("engage", "refresh"):
        out.ops.pop(k, None)
    for k in ("class", "color", "damaged", "evolved"):
        out.filters.pop(k, None)
    out.costs.pop("pay_life", None)
    return out
