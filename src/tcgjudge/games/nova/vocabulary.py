"""NOVA's words: zones, colors, states, keywords, triggers and the effect-language words the
game adds (NOVA comprehensive rules, Japanese; the words are the rules' own, in English:
サーバント servant, エナジー energy, 待機領域 waiting)."""

from __future__ import annotations

from ...cards.language import ANY, BOOL, PLAYER, REF, STR, STRS, VALUE, Vocabulary, core_vocabulary
from ...kernel.zones import ZoneSpec

#: NOVA 005.6.2, 102.3: five colors of energy; a card may also be colorless
COLORS = ("red", "blue", "green", "white", "black")
CARD_COLORS = COLORS + ("colorless",)
#: the printed Japanese color words (102.3)
COLOR_JA = {"赤": "red", "青": "blue", "緑": "green", "白": "white", "黒": "black", "無色": "colorless"}
#: NOVA 302.1: cards on the field and in the energy zone are standby or frozen
STATES = ("standby", "frozen")
#: NOVA 113, 201.1: the four kinds of card
TYPES = ("servant", "spell", "magic_item", "character")

ZONES: dict[str, ZoneSpec] = {
    "deck": ZoneSpec("deck", public=False, ordered=True),  # 303.2: main deck, hidden
    "character_deck": ZoneSpec("character_deck", public=False, owner_sees=True),  # 304.2
    "hand": ZoneSpec("hand", public=False, owner_sees=True),  # 308.3
    "field": ZoneSpec("field", public=True, field=True, layered=True),  # 309
    "energy": ZoneSpec("energy", public=True, layered=False),  # 310: energy zone
    "graveyard": ZoneSpec("graveyard", public=True, ordered=True),  # 305
    "removed": ZoneSpec("removed", public=True),  # 306: 除外ゾーン
    "retired": ZoneSpec("retired", public=True),  # 307: 退場キャラ置き場
    "waiting": ZoneSpec("waiting", shared=True, public=True, ordered=True, layered=True),  # 311
}

#: keyword -> its value ("" none); NOVA 1000s.  Japanese names are read as these words.
KEYWORDS: dict[str, str] = {
    "swiftcast": "",  # 1002 瞬唱
    "gale": "",  # 1003 疾風
    "pierce": "",  # 1004 貫通
    "equip": "type?",  # 1005 装備 (the kind of card it is equipped to; servant by default, 205.2)
    "unique": "",  # 505.1: "only one card with this name may be on your field"
}
KEYWORD_JA = {"瞬唱": "swiftcast", "疾風": "gale", "貫通": "pierce", "装備": "equip"}

TRIGGERS: dict[str, dict] = {
    "enters": dict(event="move", subject="self", to="field", not_from="field"),
    "servant_enters": dict(event="move", to="field", not_from="field"),
    "leaves_field": dict(event="move", subject="self", **{"from": "field"}),
    "destroyed": dict(event="destroy", subject="self"),  # 907.1: "when this card is destroyed"
    "servant_destroyed": dict(event="destroy"),
    "to_graveyard": dict(event="move", subject="self", to="graveyard"),  # 908.1
    "attacks": dict(event="attack", subject="self"),  # 405.4.5
    "servant_attacks": dict(event="attack"),  # 405.4.6
    "blocks": dict(event="block", subject="self"),  # 405.5.5
    "damaged": dict(event="damage", subject="self"),
    "servant_damaged": dict(event="damage"),  # 916.3.2.1: once for each servant dealt damage
    "you_use_ability": dict(event="ability_used", player="you"),  # 801.3.9: resolved, not negated
    "you_discard": dict(event="move", cause="discard", player="you"),  # 911.3: once for each card discarded
    "energy_added": dict(event="energy", player="you"),  # 801.6.4.2
    "your_card_revealed": dict(event="reveal", player="you"),  # a card you own is revealed
    "energy_set": dict(event="energy_set", player="you"),
    "retires": dict(event="move", subject="self", to="retired"),  # 921
    "start_of_game": dict(event="phase", phase="start_of_game"),
    "start_of_turn": dict(event="phase", phase="start_of_turn", whose="you"),
    "start_of_standby_phase": dict(event="phase", phase="standby", whose="you"),
    "start_of_draw_phase": dict(event="phase", phase="draw", whose="you"),
    "start_of_main1": dict(event="phase", phase="main1", whose="you"),
    "start_of_attack_phase": dict(event="phase", phase="attack", whose="you"),
    "start_of_declare_attack": dict(event="phase", phase="declare-attack", whose="you"),
    "start_of_declare_block": dict(event="phase", phase="declare-block"),
    "start_of_battle": dict(event="phase", phase="battle"),
    "end_of_attack_phase": dict(event="phase", phase="attack-end", whose="you"),
    "start_of_main2": dict(event="phase", phase="main2", whose="you"),
    "start_of_end_phase": dict(event="phase", phase="end", whose="you"),
    "end_of_turn": dict(event="phase", phase="end_of_turn"),
    "end_of_your_turn": dict(event="phase", phase="end_of_turn", whose="you"),
}

#: scenario and turn step names (shared/conformance/SPEC.md)
PHASES = ("standby", "draw", "main1", "attack", "main2", "end")
ATTACK_STEPS = ("start", "declare-attack", "declare-block", "battle", "end")


def vocabulary() -> Vocabulary:
    v = Vocabulary()
    v.zones = set(ZONES)
    v.keywords = dict(KEYWORDS)
    v.triggers = dict(TRIGGERS)
    v.filters = {"state": STRS, "affiliation": STRS, "equipped_by": REF, "equipped": BOOL, "destroyed": BOOL,
                 "attacking": BOOL, "blocking": BOOL, "restricted": BOOL,
                 "battling": BOOL}
    v.conds = {"life": ANY, "limit_level": ANY, "energy_count": ANY, "paid_optional": ANY}
    # 801.4.6.1.1: "when the cards in ZONE become N or more": {event: move, count: {zone, player}, cond}
    v.trigger_keys = {"count": ANY}
    v.costs = {"energy": ANY, "freeze": REF}
    v.op("produce", short="color", color=ANY, n=VALUE, player=PLAYER,
         doc="Add N energy of a color (or of the source's color: 'self') to the player's energy stock (005.6.3).")
    v.op("freeze", short="what", required=("what",), what=REF, doc="Freeze cards (904.2).")
    v.op("standby", short="what", required=("what",), what=REF, doc="Put cards in standby (904.1).")
    v.op("damage", what=REF, player=PLAYER, n=VALUE, divided=STR,
         doc="Deal N damage to servants (916.1) and/or a player (916.2); or, with `divided: NAME`, the "
             "amounts divided among the targets NAME as the card was played (804.2.2.2), all at once "
             "(916.3.2).")
    v.op("gain_life", short="n", required=("n",), n=VALUE, player=PLAYER, doc="The player gains N life (918.7).")
    v.op("lose_life", short="n", required=("n",), n=VALUE, player=PLAYER, doc="The player loses N life (918.8).")
    v.op("to_graveyard", short="what", required=("what",), what=REF, doc="Send cards to the graveyard (908).")
    v.op("to_energy", short="what", required=("what",), what=REF, state=STR,
         doc="Put cards into their owner's energy zone.")
    v.op("retire", short="what", required=("what",), what=REF, doc="Characters retire (921).")
    v.op("battle", required=("a", "b"), a=REF, b=REF, doc="Two servants battle (922).")
    v.op("double", required=("what",), what=REF, stat=STR, until=STR, doc="Double ATK or HP (923).")
    v.op("shield", required=("what",), what=REF, n=ANY, until=STR, **{"from": STR},
         doc="Damage to the objects is reduced by N, or 'all' (917); 'from: enemy' (or you): only "
             "damage whose source is that player (917.1.3, 806.2).")
    v.op("remove_damage", short="what", required=("what",), what=REF, doc="Remove all damage from servants.")
    v.op("negate_destroy", short="what", required=("what",), what=REF, doc="Negate destruction (907.3).")
    v.op("skip_phase", short="phase", required=("phase",), phase=STR, player=PLAYER,
         doc="Skip the player's next phase or attack step of that name (925, 401.3).")
    v.op("add_phase", short="phase", required=("phase",), phase=STR,
         doc="Add a phase right after the current one (401.2).")
    v.op("limit_level", short="n", required=("n",), n=VALUE, player=PLAYER, until=STR,
         doc="The player's limit level is raised by N (005.5.3).")
    v.op("move_counters", required=("from", "to", "name"), name=STR, n=VALUE, **{"from": REF, "to": REF},
         doc="Move N counters of a name from one card to another (919.4).")
    v.op("become", required=("what",), what=REF, races=STRS, affiliations=STRS, until=STR,
         doc="The cards lose their races/affiliations for the given ones (918.1).")
    v.op("become_equip", required=("what", "to"), what=REF, to=REF, until=STR,
         doc="The cards become magic items with 【装備】 equipped to the servant TO (506.2).")
    v.ability_keys = {
        "to": STR,  # a replacement "when this leaves the field, put it into TO" (802.1.3.1.2)
        "optional_cost": ANY,  # 902.8.2: an additional cost the player may choose to pay
    }
    v.statics = {"shield": ANY}  # 917: damage to the objects is reduced
    v.durations = {"attack_phase"}  # 405.7.3: effects that last until the end of the attack phase
    out = core_vocabulary().extend(v)
    for k in ("engage", "refresh", "rest", "recover", "reverse", "switch"):
        out.ops.pop(k, None)
    for k in ("class", "evolved", "element", "orientation", "not_orientation"):
        out.filters.pop(k, None)
    return out
