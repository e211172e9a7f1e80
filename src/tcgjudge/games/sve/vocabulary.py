"""Shadowverse: Evolve's words: zones, classes, keywords, triggers and instructions.

Everything here is documented for card writers in ``docs/sve-engine.md``.
"""

from __future__ import annotations

from ...cards.language import (
    ANY,
    BOOL,
    COND,
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
from .notation import LONG_DURATIONS

# SVE 2.2: the classes (Neutral belongs to every deck, 6.1.1.5.1)
CLASSES = ("forestcraft", "swordcraft", "runecraft", "dragoncraft", "abysscraft", "havencraft",
           "portalcraft", "neutral")
# SVE 2.3.2-2.3.3: card types and special types
TYPES = ("leader", "follower", "amulet", "spell")
SPECIALS = ("evolved", "advanced")
# SVE 4.2.2: placement states of cards on the field
STATES = ("reserved", "engaged")
# SVE 14.4.1.1: Trigger icons of the Vanguard universe
TRIGGER_ICONS = ("critical", "draw", "stand", "heal")
# Universe ids used by the rules of section 14 (any other universe name is kept as written)
UMAMUSUME = "umamusume"
CINDERELLA = "cinderella_girls"
VANGUARD = "vanguard"
UNIVERSE_ALIASES = {
    "umamusume": UMAMUSUME, "umamusume: pretty derby": UMAMUSUME, "umamusume pretty derby": UMAMUSUME,
    "cinderella_girls": CINDERELLA, "the idolm@ster cinderella girls": CINDERELLA,
    "idolm@ster cinderella girls": CINDERELLA, "cinderella girls": CINDERELLA,
    "vanguard": VANGUARD, "cardfight!! vanguard": VANGUARD, "cardfight vanguard": VANGUARD,
}

ZONES: dict[str, ZoneSpec] = {
    "leader": ZoneSpec("leader", public=True, layered=True),  # 4.3
    "field": ZoneSpec("field", public=True, field=True, limit=5, layered=True,
                      facedown_owner_sees=True),  # 4.4 (limit 4.4.4.1)
    "deck": ZoneSpec("deck", public=False, ordered=True),  # 4.5
    "evolve_deck": ZoneSpec("evolve_deck", public=False, owner_sees=True, faceup_apart=True),  # 4.6, 4.6.3
    "hand": ZoneSpec("hand", public=False, owner_sees=True, limit=7),  # 4.7 (limit 4.7.3.1)
    "ex_area": ZoneSpec("ex_area", public=True, limit=5, layered=True),  # 4.8 (limit 4.8.3.1)
    "cemetery": ZoneSpec("cemetery", public=True),  # 4.9
    "banished": ZoneSpec("banished", public=True, facedown_owner_sees=True),  # 4.10
    "resolution": ZoneSpec("resolution", shared=True, public=True, ordered=True, layered=True),  # 4.11
    "evolve_zone": ZoneSpec("evolve_zone", public=True),  # 4.12
    "race_zone": ZoneSpec("race_zone", public=True),  # 4.13
    "drive_zone": ZoneSpec("drive_zone", public=True),  # 4.14
    "trigger_zone": ZoneSpec("trigger_zone", public=True),  # 4.15
}

#: zones where a card has a placement state (4.2.2.3: put there reserved unless told otherwise)
STATE_ZONES = ("field",)
#: zones where a double-faced card shows the face it was put with (2.14.2.1)
FACE_ZONES = ("field", "evolve_zone", "evolve_deck")
#: 9.1.4.1-9.1.4.2: where tokens may exist
TOKEN_ZONES_PERMANENT = ("ex_area", "field", "resolution")
TOKEN_ZONES_SPELL = ("ex_area", "resolution")
#: 9.2.2: where advanced cards may go without returning to the evolve deck
ADVANCED_ZONES = ("field", "ex_area", "resolution", "evolve_deck")

#: keyword -> what its value is ("" none; "cost?" an optional play point cost or cost list)
KEYWORDS: dict[str, str] = {
    "evolve": "cost?",  # 12.2: an activated ability; value = its play point cost (or a cost list)
    "quick": "",  # 12.3
    "fanfare": "", "last_words": "", "on_evolve": "",  # 12.4-12.6 (markers; the ability is an `auto`)
    "strike": "", "follower_strike": "", "leader_strike": "",  # 12.7 (markers)
    "ward": "", "storm": "", "rush": "", "assail": "", "intimidate": "",  # 12.8-12.12
    "drain": "", "bane": "", "aura": "",  # 12.13-12.15
    "stack": "",  # 13.3.2
    "earth_rite": "number?",  # 13.3.3 (marker; the cost item `earth_rite` does the work)
    "combo": "number?", "spellchain": "number?", "necrocharge": "number?",  # 13 (markers)
    "overflow": "", "sanguine": "",  # 13.4, 13.5.2 (markers)
    "on_race": "",  # 14.2.4 (marker)
    "lesson": "number?",  # 14.3.2 (marker; the instruction/cost `lesson` does the work)
    "starting_amulet": "",  # 14.4.4
    "enters_engaged": "",  # "This card is put onto the field engaged." (4.2.2.3 "unless indicated")
    "no_start_refresh": "",  # "This card doesn't refresh during your start phase." (7.2.3)
    "single_drive": "", "twin_drive": "",  # 14.4.6
    "drive": "",  # 14.4.7 (given by `give_drive`)
    "on_drive": "",  # 14.4.8 (marker)
    "ride": "cost?",  # 14.4.9: an activated ability; value = its play point cost
}

ON_FIELD = ("field",)
LEAVE_TO = ("deck", "hand", "evolve_deck", "ex_area", "cemetery", "banished", "leader", "evolve_zone",
            "race_zone", "drive_zone", "trigger_zone", "resolution")


TRIGGERS: dict[str, dict] = {
    # 12.4.3: "When this card is put onto the field from a zone other than the field"
    "fanfare": dict(event="move", subject="self", to="field", not_from="field"),
    # 12.5.3: "When this card is put into the cemetery from the field"
    "last_words": dict(event="move", subject="self", **{"from": "field"}, to="cemetery"),
    "on_evolve": dict(event="evolve", subject="self"),  # 12.6.2
    "strike": dict(event="attack", subject="self"),  # 12.7.2
    "follower_strike": dict(event="attack", subject="self", data={"target_type": "follower"}),
    "leader_strike": dict(event="attack", subject="self", data={"target_type": "leader"}),
    "on_race": dict(event="race", subject="self"),  # 14.2.4.2
    "on_drive": dict(event="drive", subject="self"),  # 14.4.8.2
    "leaves_field": dict(event="move", subject="self", **{"from": "field"}, to=LEAVE_TO),
    "destroyed": dict(event="move", subject="self", **{"from": "field"}, to="cemetery", cause="destroy"),
    "banished": dict(event="move", subject="self", to="banished"),
    "follower_enters": dict(event="move", to="field", not_from="field", player="you",
                          subject={"type": "follower"}),
    "other_follower_enters": dict(event="move", to="field", not_from="field", player="you",
                                subject={"type": "follower", "other": True}),
    "enemy_follower_enters": dict(event="move", to="field", not_from="field", player="enemy",
                                subject={"type": "follower"}),
    "ally_destroyed": dict(event="move", **{"from": "field"}, to="cemetery", player="you",
                         subject={"type": "follower"}),
    "attacked": dict(event="attack", target="self"),  # this card (a follower or leader) is attacked (8.4.3)
    "targeted": dict(event="target", subject="self"),  # selected as a target of a card or ability (10.6.2.3)
    "ally_attacks": dict(event="attack", player="you"),
    "enemy_attacks": dict(event="attack", player="enemy"),
    "ally_evolves": dict(event="evolve", player="you"),
    "other_ally_evolves": dict(event="evolve", player="you", subject={"type": "follower", "other": True}),
    "deals_damage": dict(event="damage", subject="self"),
    "takes_damage": dict(event="damage", target="self"),
    "leader_damaged": dict(event="damage", data={"target_type": "leader"}, target={"controller": "you"}),
    "spell_played": dict(event="play", player="you", data={"type": "spell"}),
    "card_played": dict(event="play", player="you", data={"kind": "card"}),
    "start_of_turn": dict(event="phase", phase="start", whose="you"),
    "start_of_main": dict(event="phase", phase="main", whose="you"),  # 7.3.1
    "start_of_end": dict(event="phase", phase="end", whose="you"),  # 7.4.1
    "start_of_each_main": dict(event="phase", phase="main"),
    "start_of_each_end": dict(event="phase", phase="end"),
    "start_of_enemy_main": dict(event="phase", phase="main", whose="enemy"),
    "start_of_enemy_end": dict(event="phase", phase="end", whose="enemy"),
    "game_start": dict(event="phase", phase="game_start"),  # 6.2.1.12
    "drive_check_trigger": dict(event="drive_check", player="you", data={"trigger": True}),  # 14.4.5.1.4
}


def vocabulary() -> Vocabulary:
    v = Vocabulary()
    v.zones = set(ZONES)
    v.keywords = dict(KEYWORDS)
    v.triggers = dict(TRIGGERS)
    v.trigger_keys = {"state": COND,  # 10.7.6: a state trigger
                      "by": SELECTOR}  # 5.11, 10.1.1: discarded by an ability of a card of this kind
    v.filters = {"universe": STRS, "special": STRS, "state": STRS, "boxed": BOOL, "played_from": STR, "linked": BOOL,
                 "raced": BOOL, "trigger_icon": STRS, "can_evolve": BOOL, "combat": BOOL, "named_as": STR,
                 "entered_by": STR, "entered_from": STRS, "evolved_turn": STR, "damaged_turn": STR, "traits_all": STRS,
                 "printed_cost": INT, "printed_cost_max": INT, "printed_cost_min": INT,
                 "gained_turn": STRS, "atk_is": VALUE, "def_is": VALUE, "bound_as": STR,
                 "cost_odd": BOOL, "earth_rite": BOOL}
    v.conds = {"combo": VALUE, "spellchain": VALUE, "necrocharge": VALUE, "overflow": BOOL,
               "sanguine": BOOL, "first_player": BOOL, "basis": STR, "die": ANY, "paid_fits": ANY,
               "step_fits": ANY}
    v.costs = {"pp": VALUE, "evolve_pp": VALUE, "evolve_card": ANY, "serve": VALUE, "drive_point": ANY,
               "earth_rite": VALUE, "lesson": VALUE, "ep": VALUE, "remove_stack": VALUE, "return": ANY,
               "may_pay": ANY, "move_cards": ANY, "discard_random": VALUE, "deck_top": ANY, "engage_total": ANY,
               "counters_from": ANY, "turn_face": ANY}
    v.statics = {"damage_mod": ANY}
    # 10.2.1.2: effects that last past the end of this turn (ended by the turn procedure, 7.2, 7.4.8)
    v.durations = set(LONG_DURATIONS)
    v.ability_keys = {"evolve_cost": VALUE, "alt_cost": ANY}
    # ---------------------------------------------------------------- damage and defense
    v.op("deal", required=("what",), what=REF, n=VALUE, divided=STR, source=REF,
         doc="Deal N ability damage to followers and leaders (5.13); `divided: NAME` deals the "
             "amounts allocated to the targets NAME when they were selected (10.6.2.4).")
    v.op("leader_def", short="n", n=VALUE, player=PLAYER, set=VALUE,
         doc="Give the player's leader +N defense (or -N with a negative number; not damage); `set: N` "
             "changes it to N instead (5.26.2: increased or decreased by the comparison).")
    v.op("damage_mod", n=VALUE, by=REF, by_player=STR, to=REF, kind=STR, prevent=BOOL, max=VALUE, until=STR, once=BOOL,
         doc="A replacement effect on damage (5.13.2, 10.10): damage dealt BY matching sources TO "
             "matching cards changes by N, becomes MAX when it is more, or does not happen (prevent); "
             "`once`: it ends after it has replaced damage once (\"the next time ... would take damage\"); "
             "`by_player` (`you`, `enemy`): only damage whose source is controlled by that player, as it is "
             "or as it last was (\"doesn't take damage from enemy abilities\").")
    # ------------------------------------------------------------------- play points
    v.op("recover_pp", short="n", n=VALUE, player=PLAYER, doc="Recover N play points (5.14).")
    # ---------------------------------------------------------------- cards and zones
    v.op("summon", short="what", required=("what",), what=REF, player=PLAYER, side=STR, engaged=BOOL,
         **{"as": STR}, doc="Put cards onto the player's field (5.4.1), front face unless side: back.")
    v.op("put_ex", short="what", required=("what",), what=REF, player=PLAYER, **{"as": STR},
         doc="Put cards into the player's EX area (4.8.3.2 limit).")
    v.op("bury", n=VALUE, filter=SELECTOR, what=REF, player=PLAYER, up_to=BOOL, **{"as": STR},
         doc="The player puts N cards they control on the field into their owners' cemeteries (5.33).")
    v.op("transform", required=("what", "into"), what=REF, into=STR,
         doc="Banish the cards and create a token named INTO in that zone for each (5.16).")
    v.op("swap", required=("a", "b"), a=REF, b=REF, doc="Swap the zones of two cards (5.12).")
    v.op("maneuver", short="what", required=("what",), what=REF,
         doc="An amulet with attack and defense becomes a follower for the rest of the turn (5.31).")
    v.op("change_type", required=("what", "to"), what=REF, to=STR, until=STR,
         doc="The cards lose their other card types and become TO (5.24).")
    v.op("become", required=("what",), what=REF, traits=STRS, until=STR, **{"class": STR},
         doc="The cards' class becomes CLASS and/or their traits become TRAITS, instead of their own "
             "(2.2, 2.4); to add a trait, use grant.")
    v.op("box", short="what", required=("what",), what=REF, doc="Box cards (5.30).")
    v.op("no_refresh", short="what", required=("what",), what=REF,
         doc="The cards on the field do not refresh during their controller's next start phase (7.2.3).")
    v.op("declare", short="as", required=("as",), player=PLAYER, **{"as": STR},
         doc="The player declares a card name (5.32); bound under AS.")
    v.op("choose_number", required=("max", "as"), max=VALUE, room=STR, player=PLAYER, prompt=STR, **{"as": STR},
         doc="The player selects a number from 0 to MAX (1.3.5), with ROOM no more than that zone of "
             "theirs still takes (4.4.4, 4.8.3); bound under AS.")
    v.op("roll_die", short="as", **{"as": STR}, doc="Roll a six-sided die (5.19); the result is bound.")
    v.op("select_group", required=("as", "from", "n"), n=VALUE, up_to=BOOL, cost_total_max=VALUE, distinct=STR,
         **{"as": STR, "from": REF},
         doc="The player picks up to N cards among FROM one at a time, the group within its limit: "
             "costs adding up to at most COST_TOTAL_MAX (2.5), no two of one class (distinct: class, 2.2).")
    v.op("select_random", required=("from",), **{"from": REF, "as": STR}, n=VALUE,
         doc="N random cards among FROM (5.18).")
    v.op("give_control", short="what", required=("what",), what=REF,
         doc="Move your cards to an opponent's field; they control them (5.21.2).")
    v.op("flip", short="what", required=("what",), what=REF,
         doc="Turn a double-faced card on the field or in the evolve zone to its other face (2.14.3).")
    v.op("look_up_to", required=("n",), n=VALUE, player=PLAYER, **{"as": STR},
         doc="Look at up to N of the top cards of the deck, one at a time (5.10.2).")
    v.op("evolve", short="what", required=("what",), what=REF, card=REF,
         doc="Evolve cards on the field (5.15): link a corresponding facedown evolve deck card.")
    # ---------------------------------------------------------------- class mechanics
    v.op("add_stack", short="n", n=VALUE, what=REF,
         doc="Put N Stack counters on a card with Stack on your field (13.3.2.4).")
    v.op("transfer_stack", short="to", required=("to",), to=REF,
         doc="Move all of this card's Stack counters to another Stack card (13.3.2.2).")
    # -------------------------------------------------------------- universe mechanics
    v.op("serve", short="what", required=("what",), what=REF, n=VALUE,
         doc="Serve a card N times: link N Carrot cards from the evolve deck (14.2.1).")
    v.op("race", short="what", required=("what",), what=REF, n=VALUE,
         doc="Race a card N times (14.2.3).")
    v.op("lesson", short="n", n=VALUE, player=PLAYER,
         doc="Banish N cards named Magical Item from your EX area (14.3.2).")
    v.op("drive_check", short="n", n=VALUE, player=PLAYER, doc="Perform N drive checks (14.4.5).")
    v.op("give_drive", short="what", required=("what",), what=REF, doc="Give followers Drive (14.4.7.3).")
    v.op("token", required=("card",), card=ANY, n=VALUE, player=PLAYER, zone=STR, orientation=STR,
         overflow=STR, **{"as": STR},
         doc="Create N tokens named CARD in the player's field (default) or EX area (5.4.2, 9.1.2); "
             "a full zone takes no more, unless `overflow: ex_area` puts the rest there.")
    # ------------------------------------------------------------------- game actions
    v.op("engage", short="what", required=("what",), what=REF, doc="Engage cards (5.3).")
    v.op("refresh", short="what", required=("what",), what=REF, doc="Refresh (reserve) cards (5.3).")
    v.op("turn_face", required=("what", "face"), what=REF, face=STR, n=VALUE,
         doc="Turn evolve deck cards faceup or facedown (4.6.3); N: how many the text names (for \"if you do\").")
    v.op("set_evolve_cost", required=("what", "n"), what=REF, n=VALUE, until=STR,
         doc="The play point cost of the cards' evolve abilities becomes N.")
    v.op("evolve_cost_less", required=("what", "n"), what=REF, n=VALUE, until=STR,
         doc="The play point cost of the cards' evolve abilities is N less (after any that sets it; not below 0).")
    v.names = {"die", "optional"}  # bound by roll_die (its default "as") and by an optional cost
    out = core_vocabulary().extend(v)
    # words of other games with no meaning in SVE ("rest" is "engage", "recover" is about play points)
    for w in ("rest", "recover", "reverse", "switch", "copy_spell"):
        out.ops.pop(w, None)
    for w in ("pay_life", "rest"):
        out.costs.pop(w, None)
    return out
