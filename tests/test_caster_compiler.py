"""The Caster Chronicles' text compiler (games/caster/compiler.py): printed text -> the effect
language.

Unit tests check the exact data each template writes; the pool test compiles every shipped
card's text and compares it with the card's hand-written abilities; scenario tests play cards
written with only their text; the report test measures the compiler on the community card
database when it is present."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from caster_util import main_phase, run
from tcgjudge.cards.language import CardError
from tcgjudge.cards.loader import _Loader
from tcgjudge.games.caster import rules
from tcgjudge.games.caster.compiler import (
    Uncompilable,
    compile_entry,
    compile_text,
    entry_of,
    is_keyword_text,
    keyword_line,
    needs_compiling,
    notation,
)
from tcgjudge.games.caster.grammar_compiler import vocabulary
from tcgjudge.games.caster.report import compile_report, main
from tcgjudge.interfaces.scenario import Runner, run_file

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "caster" / "cockatrice" / "TheCasterChroniclesTCG.dev.xml"
POOL = Path(__file__).resolve().parents[1] / "src" / "tcgjudge" / "games" / "caster" / "pool"


#: races the texts below name, as card data would define them (CR 206.2)
vocabulary(["Flower", "Beast", "Insect", "Bird", "Dragon", "Earnest", "Heishi", "Sweets"])


def one(text: str, typ: str = "servant") -> dict:
    """The single ability a paragraph compiles to (without its text)."""
    got = compile_text(text, card_type=typ)
    assert len(got["abilities"]) == 1, got
    ab = dict(got["abilities"][0])
    ab.pop("text")
    return ab


def act(text: str) -> dict:
    return one(text, "caster")["activated"]


def eff(text: str) -> dict:
    return compile_text(text, card_type="conjure")["effect"]


ENEMY = {"type": "servant", "controller": "enemy"}
ALLY = {"type": "servant", "controller": "you"}


# ---------------------------------------------------------------------------- notation
@pytest.mark.rules("caster", "205.2", "205.3")
def test_paragraphs_and_reminder_text() -> None:
    assert notation("[Break] (When this card is put into your hand, play it.)\n[Enter] ⇒ Draw a card.") == [
        "[Break]", "[Enter] ⇒ Draw a card."]
    # a reminder without a space before it, and full-width parentheses
    assert notation("[Enter] ⇒ Rest target servant.(When it enters ⇒ do it.)") == ["[Enter] ⇒ Rest target servant."]
    assert notation("[Slow Start] \uff08This card cannot attack this turn.\uff09") == ["[Slow Start]"]
    # a keyword's value stays; a reminder right after a keyword goes
    assert notation("[Break](2)\n[United Front](Justice)\n[Step Up](Beast)\n[Ride](3)") == [
        "[Break](2)", "[United Front](Justice)", "[Step Up](Beast)", "[Ride](3)"]
    assert notation("[Break](When this card is put into your hand from an orb zone, play it.)") == ["[Break]"]
    # a paragraph that is only reminder text is no ability
    assert notation("(Enters the field with 3 deity counters.)\nDraw a card.") == ["Draw a card."]


@pytest.mark.rules("caster", "1101.1a", "1103.3", "1108.2", "1114.2", "1118.2")
def test_keyword_lines() -> None:
    assert keyword_line("[Double Corrupt]") == ["double_corrupt"]
    assert keyword_line("[Triple Corrupt] [Lethargy]") == ["triple_corrupt", "lethargy"]
    assert keyword_line("[Break](2)") == [{"break": 2}]
    assert keyword_line("[United Front](Justice)") == [{"united_front": "Justice"}]
    assert keyword_line("[Step Up](Beast)") == [{"step_up": "Beast"}]
    assert keyword_line("[Ride](3)") == [{"ride": 3}]
    assert keyword_line("[Φ]") == ["phi"]
    assert keyword_line("[Enter] ⇒ Draw a card.") is None
    assert keyword_line("[Flying]") is None
    got = compile_text("[Quickcast] (Play it any time.)\n[Slow Start]\n[Hubris]", card_type="servant")
    assert got == {"keywords": ["quickcast", "slow_start", "hubris"]}
    assert is_keyword_text("[Break] (reminder text here.)\n[Double Corrupt]")
    assert not is_keyword_text("[Break]\nDraw a card.")


# ------------------------------------------------------------------------ activated abilities
@pytest.mark.rules("caster", "901.1a", "1010.3", "1014.3")
def test_rest_gains_atk() -> None:
    assert act("[Rest]: Target allied servant gains +700 ATK until end of turn.") == {
        "cost": ["rest"], "target": {"as": "t", **ALLY},
        "do": [{"modify": {"what": "t", "atk": 700, "until": "end_of_turn"}}]}
    assert act("[Rest]: Target enemy servant gets -300 DEF until end of turn.")["do"] == [
        {"modify": {"what": "t", "def": -300, "until": "end_of_turn"}}]
    both = act("[Rest]: Target servant gains +200 ATK and +300 DEF until end of turn.")
    assert both["target"] == {"as": "t", "type": "servant"}
    assert both["do"] == [{"modify": {"what": "t", "atk": 200, "def": 300, "until": "end_of_turn"}}]


@pytest.mark.rules("caster", "1014.3")
def test_a_gain_of_stats_and_a_keyword_targets_once() -> None:
    got = act("[Rest]: Target allied servant gains +900 ATK and [Hubris] until end of turn.")
    assert got["target"] == {"as": "t", **ALLY}  # one target, not two
    assert got["do"] == [{"modify": {"what": "t", "atk": 900, "until": "end_of_turn"}},
                         {"grant": {"what": "t", "keywords": ["hubris"], "until": "end_of_turn"}}]
    assert act("[Rest]: Target enemy servant loses [Slow Start] until end of turn.")["do"] == [
        {"lose": {"what": "t", "keywords": ["slow_start"], "until": "end_of_turn"}}]


def test_gains_per_card_counts_when_it_resolves() -> None:
    got = act("[Rest]: Target allied servant gains +300 ATK for each card in your hand until end of turn.")
    assert got["do"] == [{"modify": {"what": "t", "atk": {"mul": [300, {"player_value": {"key": "hand", "player": "you"}}]},
                                     "until": "end_of_turn"}}]


@pytest.mark.rules("caster", "903.2h-1", "1008.3", "202.4")
def test_costs() -> None:
    assert act("[Rest], discard a caster: Draw a card.")["cost"] == ["rest", {"discard": {"filter": {"type": "caster"}}}]
    assert act("Discard two cards: Draw three cards.")["cost"] == [{"discard": 2}]
    assert act('Banish another "Sky Herald": Draw a card.')["cost"] == [
        {"banish": {"filter": {"name": "Sky Herald", "other": True}}}]
    assert act("[Rest], banish a recovered Insect or Bird: Draw a card.")["cost"] == [
        "rest", {"banish": {"filter": {"orientation": "recovered", "race": ["Insect", "Bird"]}}}]
    assert act("[2]: This card gains +500 ATK until end of turn.")["cost"] == [2]
    assert act("Remove two deity counters from this card: Draw a card.")["cost"] == [{"deity_counters": 2}]
    assert act("[Rest], discard an Earnest card: Draw a card.")["cost"] == [
        "rest", {"discard": {"filter": {"race": "Earnest"}}}]


@pytest.mark.rules("caster", "902.2", "905.1", "907.1")
def test_riders_of_activated_abilities() -> None:
    assert act("[Rest]: Draw a card. Play this ability only during your main phase.")["timing"] == "your_main"
    assert act("[Rest]: Draw a card. Play this ability only during main timing.")["timing"] == "main"
    assert act("Discard a card: This card gains +400 ATK until end of turn. Play this ability only during "
               "an allied turn.")["timing"] == "your_turn"
    enemy_battle = act("[Rest]: Rest target Lv2 enemy caster. Play this ability only during an enemy battle phase.")
    assert (enemy_battle["timing"], enemy_battle["if"]) == ("enemy_turn", {"phase": "battle"})
    assert enemy_battle["target"] == {"as": "t", "type": "caster", "controller": "enemy", "level": 2}
    end = act("[Rest]: Draw a card. Play this ability only during your end phase, and only if you control "
              "three or more casters.")
    assert end["if"] == {"and": [{"phase": "end"}, {"count": {"of": {"type": "caster", "controller": "you"}, "min": 3}}]}
    assert act("[Rest]: Draw a card. Play this ability only once per turn.")["once_per_turn"] is True
    assert act("Discard a card: Return this card to its owner's hand. Enemy players may also play this "
               "ability.")["who"] == "any"
    coin = one("Banish this card: Produce [1]. Play this ability only from your caster zone.", "none")
    assert coin == {"activated": {"cost": [{"banish": "self"}], "do": [{"produce": {"n": 1}}], "aether": True},
                    "zones": ["casters"]}
    acolyte = act("[Rest]: Produce two aether of one element of your choice.")
    assert acolyte == {"cost": ["rest"], "do": [{"produce": {"n": 2, "element": "any"}}], "aether": True}


# ------------------------------------------------------------------------ automatic abilities
@pytest.mark.rules("caster", "1106.2", "1107.2", "906.1")
def test_enter_and_last_words() -> None:
    got = compile_text("[Enter] ⇒ Destroy target enemy servant with a cost of 4 or less.")
    assert got["keywords"] == ["enter"]
    assert got["abilities"][0]["auto"] == {"on": "enter", "target": {"as": "t", **ENEMY, "cost_max": 4},
                                           "do": [{"destroy": "t"}]}
    exact = one("[Last Words] ⇒ Destroy target enemy servant with a cost of 2.")["auto"]
    assert exact["on"] == "last_words" and exact["target"]["cost"] == 2 and "cost_max" not in exact["target"]
    # after [Last Words] the card is in the graveyard: "this card" is the trigger's subject there
    assert one("[Last Words] ⇒ Return this card from the graveyard to its owner's hand.")["auto"]["do"] == [
        {"return": "subject"}]


def test_triggers() -> None:
    assert one("Whenever this card attacks ⇒ Draw a card.")["auto"]["on"] == "attacks"
    turkey = one("Whenever this card attacks an enemy servant ⇒ Destroy that enemy servant.")["auto"]
    assert turkey == {"on": {"named": "attacks", "target": {"type": "servant"}}, "do": [{"destroy": "attacked"}]}
    assert one("Whenever this card corrupts an orb ⇒ Draw a card.")["auto"]["on"] == "corrupts"
    assert one("Whenever this card switches ⇒ Draw a card.")["auto"]["on"] == "switches"
    assert one("At end of turn ⇒ Return this card to its owner's hand.")["auto"] == {
        "on": "end_of_turn", "do": [{"return": "self"}]}
    assert one("At end of enemy turn ⇒ That enemy player discards a card.")["auto"] == {
        "on": {"named": "end_of_turn", "whose": "enemy"}, "do": [{"discard": {"n": 1, "player": "enemy"}}]}
    assert one("At the start of your turn ⇒ Draw a card.")["auto"]["on"] == "beginning_of_turn"
    assert one("Whenever an allied Beast enters the field ⇒ Recover this card.")["auto"]["on"] == {
        "event": "move", "to": ["field", "casters"], "not_from": ["field", "casters"],
        "subject": {"controller": "you", "race": "Beast"}}
    sloth = one("Whenever this card destroys an enemy servant by battle ⇒ Recover this card. Play this ability "
                "only once per turn.")["auto"]
    assert sloth == {"on": "destroys_in_battle", "do": [{"recover": "self"}], "per_turn": 1}
    with pytest.raises(Uncompilable):  # a timing rider belongs to activated abilities only
        compile_text("[Enter] ⇒ Draw a card. Play this ability only during your main phase.")


# ------------------------------------------------------------------------------ effects
@pytest.mark.rules("caster", "903.2e", "201.4", "206.3", "105.4c")
def test_target_noun_phrases() -> None:
    assert eff("Destroy target rested enemy servant.")["target"] == {"as": "t", **ENEMY, "orientation": "rested"}
    assert eff("Destroy target barrier.")["target"] == {"as": "t", "type": "barrier"}
    assert eff("Return up to three target enemy servants with a cost of 2 or less to their owners' hands.") == {
        "target": {"as": "t", **ENEMY, "cost_max": 2, "n": 3, "up_to": True}, "do": [{"return": "t"}]}
    assert eff("Return two target servants to their owners' hands.")["target"] == {"as": "t", "type": "servant", "n": 2}
    assert eff("Reverse target non-reversed enemy servant.")["target"]["not_orientation"] == "reversed"
    assert eff("Destroy target enemy servant that is rested.")["target"]["orientation"] == "rested"
    # a race without a card type: any card of that race in the field (CR 206.3)
    assert act("[Rest]: Reverse target allied Flower.")["target"] == {"as": "t", "controller": "you", "race": "Flower"}
    two = one("[Enter] ⇒ Destroy target enemy servant and target allied servant.")["auto"]
    assert two["target"] == [{"as": "t", **ENEMY}, {"as": "t2", **ALLY}] and two["do"] == [{"destroy": ["t", "t2"]}]
    assert eff("Cancel target conjure spell.") == {"target": {"as": "t", "zone": "chase", "type": "conjure"},
                                                    "do": [{"cancel": "t"}]}


@pytest.mark.rules("caster", "105.4b", "310.1")
def test_cards_in_a_graveyard() -> None:
    got = act("[Rest]: Put target Beast with a cost of 2 or less in an allied graveyard into your hand.")
    assert got["target"] == {"as": "t", "zone": "graveyard", "player": "you", "cost_max": 2, "race": "Beast"}
    assert got["do"] == [{"move": {"what": "t", "to": "hand"}}]
    field = one("[Enter] ⇒ Put target Ignus servant with a cost of 3 or less from an allied graveyard into "
                "the field.")["auto"]
    assert field["target"] == {"as": "t", "zone": "graveyard", "player": "you", "cost_max": 3, "element": "ignus",
                               "type": "servant"}
    assert field["do"] == [{"put_field": "t"}]
    assert act("[Rest]: Put target servant from an enemy graveyard on the bottom of its owner's deck.")["do"] == [
        {"to_deck": {"what": "t", "pos": "bottom"}}]


@pytest.mark.rules("caster", "909.3b-3")
def test_all_and_plurals_are_selectors() -> None:
    assert eff("Destroy all servants with a cost of 3 or less.") == {
        "do": [{"destroy": {"what": {"type": "servant", "cost_max": 3}}}]}
    assert eff("Rest all enemy servants.") == {"do": [{"rest": {"what": ENEMY}}]}
    assert eff("Allied servants gain +800 ATK until end of turn.") == {
        "do": [{"modify": {"what": ALLY, "atk": 800, "until": "end_of_turn"}}]}


@pytest.mark.rules("caster", "1008.2", "102.1")
def test_players_who_banish_choose_their_own() -> None:
    got = one("[Enter] ⇒ Target enemy player banishes a servant.")["auto"]
    assert got["do"] == [{"select": {"as": "c", "from": ENEMY, "n": 1, "chooser": "enemy"}},
                         {"banish": {"what": "c", "player": "enemy"}}]
    each = one("[Enter] ⇒ Each player banishes a non-Dragon servant.")["auto"]["do"]
    assert each == [{"each_player": {"do": [
        {"select": {"as": "c", "n": 1, "chooser": "player",
                    "from": {"type": "servant", "controller": "player",
                             "where": {"not": {"is": ["it", {"race": "Dragon"}]}}}}},
        {"banish": {"what": "c", "player": "player"}}]}}]
    pick = one("[Enter] ⇒ Choose two target servants an enemy player controls. That enemy player banishes one "
               "of them.")["auto"]
    assert pick["target"] == {"as": "t", **ENEMY, "n": 2}
    assert pick["do"] == [{"select": {"as": "c", "from": "t", "n": 1, "chooser": "enemy"}},
                          {"banish": {"what": "c", "player": "enemy"}}]
    assert one("[Enter] ⇒ Banish another allied servant.")["auto"]["do"] == [
        {"select": {"as": "c", "from": {"other": True, **ALLY}, "n": 1}}, {"banish": "c"}]


@pytest.mark.rules("caster", "1006.2", "1013.1")
def test_drawing_and_discarding() -> None:
    assert eff("Draw three cards. Then discard two cards.") == {"do": [{"draw": 3}, {"discard": 2}]}
    assert eff("Draw a card, then discard a card.") == {"do": [{"draw": 1}, {"discard": 1}]}
    assert eff("Target enemy player discards three cards.") == {"do": [{"discard": {"n": 3, "player": "enemy"}}]}


@pytest.mark.rules("caster", "1012.2", "1015.1", "1015.2a")
def test_search() -> None:
    got = eff("Search your deck for a Lv2 caster, reveal it and put it into your hand. Then shuffle your deck.")
    assert got == {"do": [{"search": {"filter": {"type": "caster", "level": 2}, "to": "hand"}}]}
    split = one("Whenever this card switches ⇒ Search your deck for a Beast servant. Reveal it and put it into "
                "your hand. Then shuffle your deck.")["auto"]["do"]
    assert split == [{"search": {"filter": {"type": "servant", "race": "Beast"}, "to": "hand"}}]
    top = one("[Enter] ⇒ Search your deck for a card. Then shuffle the rest of your deck and put that card on "
              "top of it.")["auto"]["do"]
    assert top == [{"search": {"filter": {}, "to": "deck", "reveal": False, "as": "c"}},
                   {"to_deck": {"what": "c", "pos": "top"}}]


@pytest.mark.rules("caster", "1004.1", "309.2")
def test_deck_top_orbs_and_casters() -> None:
    got = act("[Rest]: Reveal the top card of your deck. If it's a Lv1 caster, add it to your hand.")
    assert got["do"] == [{"reveal": {"what": {"zone": "deck", "player": "you", "top": 1}, "as": "c"}},
                         {"if": {"cond": {"is": ["c", {"type": "caster", "level": 1}]},
                                 "then": [{"move": {"what": "c", "to": "hand"}}]}}]
    mill = act("[Rest]: Put the top card of your deck into an allied graveyard. If that card is a Beast, draw a card.")
    assert mill["do"] == [{"move": {"what": {"zone": "deck", "player": "you", "top": 1}, "to": "graveyard", "as": "c"}},
                          {"if": {"cond": {"is": ["c", {"race": "Beast"}]}, "then": [{"draw": 1}]}}]
    assert eff("Put the top card of your deck into an allied orb zone face down, as an orb.") == {
        "do": [{"to_orbs": {"what": {"zone": "deck", "player": "you", "top": 1}}}]}
    assert eff("Put target servant into its owner's orb zone face down, as an orb.")["do"] == [{"to_orbs": "t"}]
    # the owner's caster zone: not the caster zone of the effect's controller
    assert eff("Put target servant into its owner's caster zone face down, as a caster.")["do"] == [
        {"move": {"what": "t", "to": "casters", "face": "down"}}]
    assert eff("Put the top card of your deck into an allied caster zone face down and rested, as a caster.") == {
        "do": [{"move": {"what": {"zone": "deck", "player": "you", "top": 1}, "to": "casters", "face": "down",
                         "orientation": "rested", "player": "you"}}]}
    hand = one("[Last Words] ⇒ Put up to two cards from your hand face down into an allied orb zone as orbs.")
    assert hand["auto"]["do"] == [{"select": {"as": "c", "from": {"zone": "hand", "player": "you"}, "n": 2,
                                              "up_to": True}}, {"to_orbs": "c"}]
    peek = act("[Rest]: Look at the top card of an enemy deck. You may put that card on the bottom of that enemy deck.")
    assert peek["do"] == [{"look": {"n": 1, "player": "enemy", "as": "c"}},
                          {"may": {"do": [{"to_deck": {"what": "c", "pos": "bottom"}}],
                                   "prompt": "put that card on the bottom of that enemy deck?"}}]


@pytest.mark.rules("caster", "1009.1", "1016.1", "1017.1")
def test_orbs_and_control() -> None:
    assert eff("Corrupt two enemy orbs.") == {"do": [{"corrupt": {"n": 2, "player": "enemy"}}]}
    assert one("[Enter] ⇒ You may corrupt one of your orbs.")["auto"]["do"] == [
        {"may": {"do": [{"corrupt": {"n": 1, "player": "you", "chooser": "you"}}],
                 "prompt": "corrupt one of your orbs?"}}]
    assert eff("Gain control of target enemy servant.") == {"target": {"as": "t", **ENEMY},
                                                            "do": [{"gain_control": "t"}]}
    assert eff("Exchange control of target allied servant and target enemy servant.")["do"] == [
        {"exchange_control": {"a": "t", "b": "t2"}}]


@pytest.mark.rules("caster", "903.2c")
def test_choices() -> None:
    got = one("[Enter] ⇒ Rest or reverse target servant.")["auto"]
    assert got["target"] == {"as": "t", "type": "servant"}
    assert got["choose"] == {"n": 1, "modes": [{"text": "rest", "do": [{"rest": "t"}]},
                                               {"text": "reverse", "do": [{"reverse": "t"}]}]}
    two = one("[Enter] ⇒ Reverse target recovered enemy servant, or rest target reversed enemy servant.")["auto"]
    assert "target" not in two
    m1, m2 = two["choose"]["modes"]
    assert m1["targets"] == [{"as": "t", **ENEMY, "orientation": "recovered"}] and m1["do"] == [{"reverse": "t"}]
    assert m2["targets"] == [{"as": "t2", **ENEMY, "orientation": "reversed"}] and m2["do"] == [{"rest": "t2"}]
    assert m1["text"] == "Reverse target recovered enemy servant"


@pytest.mark.rules("caster", "105.4a")
def test_conditions() -> None:
    got = one("[Enter] ⇒ Destroy target enemy servant if you control no other allied servants.")["auto"]
    assert got["target"] == {"as": "t", **ENEMY}
    assert got["do"] == [{"if": {"cond": {"none": {**ALLY, "other": True}}, "then": [{"destroy": "t"}]}}]
    more = one("[Enter] ⇒ Target enemy player banishes a servant if they control more servants than there are "
               "allied servants.")["auto"]["do"][0]["if"]
    assert more["cond"] == {"compare": [{"count": ENEMY}, ">", {"count": ALLY}]}
    banished = act("[Rest], banish a Bird: Destroy target enemy servant if it has a cost equal to or less than "
                   "the cost of the Bird banished for this ability's cost.")
    assert banished["do"][0]["if"]["cond"] == {"compare": [{"prop": ["t", "cost"]}, "<=",
                                                           {"prop": ["_paid_banish", "cost"]}]}


@pytest.mark.rules("caster", "906.2")
def test_what_happened_this_turn() -> None:
    def cond(s: str) -> Any:
        return act(f"[Rest]: Draw a card if {s} this turn.")["do"][0]["if"]["cond"]

    assert cond("two or more allied servants entered the field") == {"record": {"key": "servants_entered", "min": 2}}
    assert cond("you discarded a card") == {"record": {"key": "discarded"}}
    assert cond("an enemy discarded a card") == {"record": {"key": "discarded", "player": "enemy"}}
    assert cond("enemy servants attacked twice or more") == {"record": {"key": "attacks", "player": "enemy", "min": 2}}
    assert cond("an allied servant switched") == {"record": {"key": "switched"}}
    assert cond("an allied servant was destroyed in battle") == {"record": {"key": "servants_destroyed_in_battle"}}
    assert cond("an allied servant was destroyed by non-battle") == {"record": {"key": "servants_destroyed_by_effect"}}
    assert cond("an allied servant corrupted an enemy orb") == {"record": {"key": "servant_corrupted"}}
    assert cond("you played a spell by its [Break] ability") == {"record": {"key": "break_played"}}
    assert cond("no allied spells have been played") == {"record": {"key": "spells_played", "min": 0, "max": 0}}
    # the tallies keep which player's spell or ability destroyed a card, and what drew a card
    assert cond("an allied spell or ability destroyed an enemy servant") == {
        "record": {"key": "effect_destroyed", "of": {"type": "servant", "controller": "enemy"}}}
    assert cond("an enemy spell or ability destroyed two or more allied servants") == {
        "record": {"key": "effect_destroyed", "of": {"type": "servant", "controller": "you"}, "player": "enemy",
                   "min": 2}}
    assert cond("you drew a card by the effect of a conjure") == {"record": {"key": "drew_by", "of": {"type": "conjure"}}}
    with pytest.raises(Uncompilable):  # a player is not destroyed
        cond("an allied spell or ability destroyed you")


# -------------------------------------------------------------------- continuous abilities
@pytest.mark.rules("caster", "901.1c", "904.1", "909.3b-3")
def test_static_abilities() -> None:
    assert one("This card cannot be attacked while rested.") == {
        "static": {"grant": {"flags": ["cannot_be_attacked_rested"]}}}
    assert one("This card cannot attack enemy players.") == {"static": {"grant": {"flags": ["cannot_attack_players"]}}}
    assert one("This card may attack enemy players even if there are reversed enemy servants.") == {
        "static": {"grant": {"keywords": ["hubris"]}}}  # CR 1110.2
    assert one("Rested allied servants can't be attacked.", "barrier") == {
        "static": {"grant": {"flags": ["cannot_be_attacked"]}, "affects": {**ALLY, "orientation": "rested"}}}
    assert one("Enemy servants cannot be switched except by spell or ability.", "barrier") == {
        "static": {"grant": {"flags": ["cannot_switch"]}, "affects": ENEMY}}
    assert one("Enemy players can't play non-aether activated abilities of casters.") == {
        "static": {"player": {"flags": ["no_caster_abilities"], "who": "enemy"}}}
    assert one("All servants gain [Slow Start].", "barrier") == {
        "static": {"grant": {"keywords": ["slow_start"]}, "affects": {"type": "servant"}}}
    assert one("This card gains [Triple Corrupt] as long as there are three or fewer allied orbs.") == {
        "static": {"grant": {"keywords": ["triple_corrupt"]}, "if": {"orbs": {"max": 3}}}}
    count = {"count": {"type": "caster", "controller": "you", "element": "aqua"}}
    assert one("This servant gains +300 ATK and DEF for each allied Aqua caster.") == {
        "static": {"modify": {"atk": {"mul": [300, count]}, "def": {"mul": [300, count]}}}}
    assert compile_text("You may control two or more casters with the same name as this card.",
                        card_type="caster") == {"keywords": ["same_name_casters"]}


@pytest.mark.rules("caster", "1113.2", "1111.2", "1111.2a", "1111.2c", "1117.2", "1117.2a")
def test_conditional_keyword_text() -> None:
    got = compile_text("[Vanity] – This card gains +1500 ATK and [Hubris].")
    assert got["keywords"] == ["vanity"]
    assert got["abilities"] == [{"static": [{"modify": {"atk": 1500}, "if": {"vanity": True}},
                                            {"grant": {"keywords": ["hubris"]}, "if": {"vanity": True}}],
                                 "text": "[Vanity] – This card gains +1500 ATK and [Hubris].", "keyword": "vanity"}]
    brk = compile_text("[DCT] 4 – [Break]")
    assert brk["keywords"] == [{"dct": 4}]
    assert brk["abilities"][0]["static"] == {"grant": {"keywords": ["break"]}, "if": {"dct": 4}}
    assert brk["abilities"][0]["zones"] == ["hand"]  # [Break] works from the hand
    spell = compile_text("Return target enemy servant to its owner's hand.\n[DCT] 3 – Destroy that servant instead.",
                         card_type="conjure")
    assert spell["effect"]["do"] == [{"if": {"cond": {"dct": 3}, "then": [{"destroy": "t"}],
                                             "else": [{"return": "t"}]}}]
    bingo = compile_text("Draw a card.\n[BINGO] – Draw two cards.", card_type="conjure")
    assert bingo["effect"]["do"] == [{"draw": 1}, {"if": {"cond": {"bingo": True}, "then": [{"draw": 2}]}}]


@pytest.mark.rules("caster", "909.6")
def test_printed_values_are_compared_without_effects() -> None:
    got = compile_text("[Rest]: Target servant with ATK greater than its printed ATK gains +1000 ATK until end "
                       "of turn.", card_type="caster")
    target = got["abilities"][0]["activated"]["target"]
    assert target["where"] == {"compare": [{"prop": ["it", "atk"]}, ">", {"original": ["it", "atk"]}]}
    low = compile_text("Destroy target servant with DEF less than its printed DEF.", card_type="conjure")
    assert low["effect"]["target"]["where"]["compare"][1] == "<"


@pytest.mark.rules("caster", "402.4")
def test_a_deck_building_ability_is_the_copies_field() -> None:
    assert compile_text("A deck may contain any number of cards named Swarm Drone.", name="Swarm Drone") == {
        "copies": "any"}
    with pytest.raises(Uncompilable):  # another card's name
        compile_text("A deck may contain any number of cards named Other Thing.", name="Swarm Drone")


@pytest.mark.rules("caster", "803.5a", "206.1", "1007.1")
def test_battling_and_records_of_a_kind() -> None:
    got = compile_text("This card gains +1000 DEF while battling an Ignus or Silva servant.")
    assert got["abilities"][0]["static"]["if"] == {
        "is": ["self", {"battling": {"type": "servant", "element": ["ignus", "silva"]}}]}
    beasts = compile_text("Allied Beasts gain +500 ATK while battling an enemy servant.")["abilities"][0]["static"]
    assert beasts["affects"]["battling"] == {"type": "servant", "controller": "enemy"}
    rec = compile_text("[Rest]: Draw a card if two or more enemy Solis servants were destroyed this turn.",
                       card_type="caster")["abilities"][0]["activated"]["do"][0]["if"]["cond"]
    assert rec == {"record": {"key": "servants_destroyed", "player": "enemy", "min": 2, "of": {"element": "solis"}}}
    with pytest.raises(Uncompilable):  # one servant cannot be "two or more"
        compile_text("[Rest]: Draw a card if an allied servant were destroyed this turn.", card_type="caster")


# --------------------------------------------------------------------- what is not guessed
@pytest.mark.parametrize("text", [
    "[Enter] ⇒ Swap the ATK and DEF of target enemy servant until end of turn.",  # no rule defines a swap
    "This card gains +1000 ATK while battling an Aqua servant twice.",
    "[Rest], return an allied servant to its owner's deck: Draw a card.",
    "Draw a card if the moon is full.",
    "Destroy target enemy servant with a cost of 2 or less",  # on a servant: no effect of its own
])
def test_unknown_text_is_reported_with_its_sentence(text: str) -> None:
    with pytest.raises(Uncompilable) as e:
        compile_text(text, card_type="servant", name="Odd Card")
    assert e.value.text and e.value.text.rstrip(".") in text and "Odd Card" in str(e.value)


@pytest.mark.rules("caster", "803.4", "1008.2a")
def test_battles_and_orb_costs() -> None:
    assert one("At end of turn ⇒ Destroy this servant if it battled an enemy servant this turn.")["auto"]["do"] == [
        {"if": {"cond": {"is": ["self", {"battled": "servant"}]}, "then": [{"destroy": "self"}]}}]
    assert one("At end of turn ⇒ Return this card to its owner's hand if it battled this turn.")["auto"]["do"] == [
        {"if": {"cond": {"is": ["self", {"battled": True}]}, "then": [{"return": "self"}]}}]
    assert eff("As an additional cost to play this card, banish an orb.\nDraw two cards.") == {
        "cost": [{"banish": {"filter": {"zone": "orbs"}}}], "do": [{"draw": 2}]}
    with pytest.raises(Uncompilable):  # an enemy orb cannot be banished (CR 1008.2a)
        act("[Rest], banish an enemy orb: Draw a card.")


def test_a_search_must_say_where_the_card_goes() -> None:
    with pytest.raises(Uncompilable):
        compile_text("Search your deck for a servant.", card_type="conjure")


def test_the_sentence_named_is_the_one_that_fails() -> None:
    with pytest.raises(Uncompilable) as e:
        compile_text("[Rest]: Draw a card. Then juggle three orbs.", card_type="caster")
    assert e.value.text == "Then juggle three orbs."
    with pytest.raises(Uncompilable) as e:
        compile_text("Draw a card.\nJuggle three orbs.", card_type="conjure")
    assert "Juggle three orbs" in e.value.text


# ------------------------------------------------------------------------------ the builder
def test_when_an_entry_is_compiled() -> None:
    base = {"name": "X", "type": "servant", "atk": 100, "def": 100}
    assert needs_compiling({**base, "text": "[Enter] ⇒ Draw a card."})
    assert not needs_compiling({**base, "text": "[Enter] ⇒ Draw a card.", "abilities": []})
    assert not needs_compiling({**base, "text": "[Enter] ⇒ Draw a card.", "script": {}})
    assert not needs_compiling({**base, "text": "[Break] (reminder text.)", "keywords": ["break"]})
    assert needs_compiling({**base, "text": "[Break]"})  # the keywords come from the text
    assert needs_compiling({**base, "text": "[Break]\n[Enter] ⇒ Draw a card.", "keywords": ["break"]})
    assert not needs_compiling({**base, "text": ""})
    got = compile_entry({**base, "text": "[Slow Start]\n[Enter] ⇒ Draw a card.", "keywords": ["hubris"]})
    assert got["keywords"] == ["hubris", "slow_start", "enter"]


def test_the_builder_compiles_text_and_names_the_card_when_it_cannot() -> None:
    b = rules().builder
    c = b.card({"name": "Text Drake", "type": "servant", "element": "ignus", "cost": 2, "atk": 1500, "def": 1000,
                "text": "[Double Corrupt]\n[Enter] ⇒ Draw a card."}, "here")
    assert ("double_corrupt", None) in c.chars["keywords"] and ("enter", None) in c.chars["keywords"]
    (ab,) = c.chars["abilities"]
    assert ab.kind == "auto" and ab.keyword == "enter" and ab.spec["do"] == (("draw", {"n": 1}),)
    with pytest.raises(CardError) as e:
        b.card({"name": "Odd Drake", "type": "servant", "atk": 100, "def": 100,
                "text": "[Enter] ⇒ Draw a card.\nThis card sings at dawn."}, "file.yaml: cards[3]")
    assert "file.yaml: cards[3]: card 'Odd Drake': text: cannot compile 'This card sings at dawn.'" in str(e.value)


# -------------------------------------------------------------------------- the shipped pool
def _canon(v: Any, names: dict) -> Any:
    """A built ability spec with bound names renamed in order and prompts/texts dropped."""
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            if k in ("prompt", "text"):
                continue
            if k == "as":
                names.setdefault(x, f"n{len(names)}")
                out[k] = names[x]
            else:
                out[k] = _canon(x, names)
        return out
    if isinstance(v, (list, tuple)):
        return [_canon(x, names) for x in v]
    if isinstance(v, str) and v in names:
        return names[v]
    return v


def _behaviour(card) -> tuple:
    c = card.chars
    names: dict = {}
    abilities = [(ab.kind, _canon(ab.spec, names), tuple(ab.zones), ab.keyword) for ab in c["abilities"]]
    effect = _canon(c["effect"].spec, names) if c.get("effect") is not None else None
    return sorted(map(str, c["keywords"])), abilities, effect


#: pool cards whose compiled text differs from the hand-written abilities, and why (none: every
#: shipped card's text says exactly what its abilities do)
POOL_DIFFERENCES: dict[str, str] = {}


def _pool_entries() -> list[dict]:
    import yaml

    out = []
    for path in sorted(POOL.glob("*.yaml")):
        out.extend(yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)["cards"])
    return out


def test_every_pool_card_text_compiles_to_its_hand_written_abilities() -> None:
    b = rules().builder
    checked = 0
    differ = {}
    for e in _pool_entries():
        bare = {k: v for k, v in e.items() if k not in ("abilities", "effect", "keywords")}
        if not needs_compiling(bare):
            continue
        compiled = compile_entry(bare)  # every pool text compiles: Uncompilable fails the test
        hand = _behaviour(b.card(e, "pool"))
        mine = _behaviour(b.card(compiled, "compiled"))
        checked += 1
        if hand != mine:
            differ[e["name"]] = (hand, mine)
    assert checked >= 85
    assert set(differ) == set(POOL_DIFFERENCES), {k: v for k, v in differ.items() if k not in POOL_DIFFERENCES}


def test_the_pool_still_loads_with_its_own_abilities() -> None:
    from tcgjudge.games.caster.cards import shipped_pool

    pool = shipped_pool()
    assert len(pool) >= 90
    # an entry with abilities is not compiled: its hand-written ability stands
    card = rules().builder.card({"name": "Scribe", "type": "servant", "element": "luna", "cost": 1, "atk": 500,
                                 "def": 500, "text": "[Enter] ⇒ Draw a card.",
                                 "abilities": [{"auto": {"on": "enter", "do": [{"draw": 2}]}}]}, "t")
    (ab,) = card.chars["abilities"]
    assert ab.spec["do"] == (("draw", {"n": 2}),)


# ------------------------------------------------------------------------------ in a game
def pass_priority(r: Runner) -> None:
    """Both players pass while priority decisions are pending."""
    g = r.g
    for _ in range(60):
        if g.pending is None or g.pending.kind != "priority":
            break
        g.decide("pass")


def zone_keys(r: Runner, p: int, zone: str) -> list[str]:
    g = r.g
    return sorted(g.objects[o].card.key for o in g.zone(p, zone))


TEXT_CARDS = """
cards:
  - name: Cinder Hound
    type: servant
    element: ignus
    cost: 1
    atk: 500
    def: 500
    race: Beast
  - name: Ash Brute
    type: servant
    element: ignus
    cost: 3
    atk: 2000
    def: 2000
    race: Dragon
"""


@pytest.mark.rules("caster", "1106.2", "903.2e")
def test_a_text_only_enter_card_destroys_a_legal_target_only() -> None:
    r = run(TEXT_CARDS + """
  - name: Ember Lancer
    type: servant
    element: ignus
    cost: 1
    atk: 1000
    def: 1000
    text: "[Enter] ⇒ Destroy target enemy servant with a cost of 2 or less."
""" + main_phase(
    "{hand: [{card: Ember Lancer, id: l}], aether: [ignus], deck: 5}",
    "{field: [{card: Cinder Hound, id: h}, {card: Ash Brute, id: b}], deck: 5}") + """
do:
  - p1: play Ember Lancer
  - p1: pay ignus
  - p1: pass
  - p2: pass
  - p1: enter recovered
expect:
  options: {player: p1, include: [choose h], exclude: [choose b]}
""")
    r.answer(0, "choose h", "test")
    pass_priority(r)
    assert zone_keys(r, 1, "graveyard") == ["Cinder Hound"]
    assert zone_keys(r, 1, "field") == ["Ash Brute"]


@pytest.mark.rules("caster", "901.1a", "1014.3")
def test_a_text_only_caster_ability_gives_atk() -> None:
    run(TEXT_CARDS + """
  - name: Spark Tutor
    type: caster
    level: 1
    element: ignus
    text: "[Rest]: Target allied servant gains +700 ATK until end of turn."
""" + main_phase(
    "{casters: [{card: Spark Tutor, id: s}], field: [{card: Cinder Hound, id: h}], deck: 5}",
    "{deck: 5}") + """
do:
  - p1: "activate s: [Rest]: Target allied servant ga"
  - p1: choose h
  - p1: pass
  - p2: pass
expect:
  h: {atk: 1200}
  s: {orientation: rested}
""")


@pytest.mark.rules("caster", "1008.2", "1008.1")
def test_the_enemy_player_chooses_and_banishes_their_own_servant() -> None:
    r = run(TEXT_CARDS + """
  - name: Decree
    type: conjure
    element: terra
    cost: 1
    text: "Target enemy player banishes a servant."
""" + main_phase(
    "{hand: [Decree], field: [{card: Cinder Hound, id: mine}], aether: [terra], deck: 5}",
    "{field: [{card: Cinder Hound, id: h}, {card: Ash Brute, id: b}], deck: 5}") + """
do:
  - p1: play Decree
  - p1: pay terra
  - p1: pass
  - p2: pass
expect:
  pending: {player: p2, kind: select}
  options: {player: p2, include: [choose h, choose b], exclude: [choose mine]}
""")
    r.answer(1, "choose b", "test")
    assert zone_keys(r, 1, "graveyard") == ["Ash Brute"]
    assert zone_keys(r, 0, "field") == ["Cinder Hound"]


@pytest.mark.rules("caster", "1008.2")
def test_each_player_banishes_one_not_of_the_race() -> None:
    r = run(TEXT_CARDS + """
  - name: Purge Herald
    type: servant
    element: terra
    cost: 1
    atk: 100
    def: 100
    race: Herald
    text: "[Enter] ⇒ Each player banishes a non-Dragon servant."
""" + main_phase(
    "{hand: [Purge Herald], field: [{card: Cinder Hound, id: mh}, {card: Ash Brute, id: mb}],"
    " aether: [terra], deck: 5}",
    "{field: [{card: Cinder Hound, id: h}, {card: Ash Brute, id: b}], deck: 5}") + """
do:
  - p1: play Purge Herald
  - p1: pay terra
  - p1: pass
  - p2: pass
  - p1: enter recovered
  - p1: pass
  - p2: pass
expect:
  pending: {player: p1, kind: select}
  options: {player: p1, include: [choose mh], exclude: [choose mb, choose h, choose b]}
""")
    # the Herald itself is also a non-Dragon servant of p1
    r.answer(0, "choose mh", "test")
    assert r.g.pending.player == 1 and sorted(r.g.pending.labels) == ["choose h"]
    r.answer(1, "choose h", "test")
    assert zone_keys(r, 0, "graveyard") == ["Cinder Hound"] and zone_keys(r, 1, "graveyard") == ["Cinder Hound"]
    assert zone_keys(r, 1, "field") == ["Ash Brute"]


@pytest.mark.rules("caster", "906.2", "1013.1")
def test_a_tally_of_this_turn_decides_a_draw() -> None:
    cards = """
cards:
  - name: Quiet Reader
    type: caster
    level: 1
    element: luna
    text: "[Rest]: Draw a card if you discarded a card this turn."
  - name: Loud Reader
    type: caster
    level: 1
    element: luna
    text: "[Rest], discard a card: Draw a card if you discarded a card this turn."
"""
    setup = main_phase("{casters: [{card: %s, id: r}], hand: [Filler], deck: 5}", "{deck: 5}") + """
do:
  - p1: "activate r: %s"
  %s
  - p1: pass
  - p2: pass
expect:
  p1.deck: %d
"""
    run(cards + setup % ("Quiet Reader", "[Rest]: Draw a card if you disca", "", 5))  # nothing discarded: no draw
    run(cards + setup % ("Loud Reader", "[Rest], discard a card: Draw a c", "- p1: discard Filler", 4))


@pytest.mark.rules("caster", "1011.2", "705")
def test_a_switch_is_tallied() -> None:
    text = TEXT_CARDS + """
  - name: Switch Watcher
    type: caster
    level: 1
    element: aes
    text: "[Rest]: Draw a card if an allied servant switched this turn."
""" + main_phase(
    "{casters: [{card: Switch Watcher, id: w}], field: [{card: Cinder Hound, id: h}], deck: 5}",
    "{deck: 5}") + """
do:
  %s
  - p1: "activate w: [Rest]: Draw a card if an allied"
  - p1: pass
  - p2: pass
expect:
  p1.deck: %d
"""
    run(text % ("", 5))
    run(text % ("- p1: switch h", 4))


@pytest.mark.rules("caster", "1107.2", "906.5b", "302.3")
def test_last_words_returns_the_card_from_the_graveyard() -> None:
    run(TEXT_CARDS + """
  - name: Lucky Charm
    type: servant
    element: luna
    cost: 1
    atk: 100
    def: 100
    text: "[Last Words] ⇒ Return this card from the graveyard to its owner's hand."
  - name: Smite
    type: conjure
    element: ignus
    cost: 1
    text: "Destroy target servant."
""" + main_phase(
    "{hand: [Smite], aether: [ignus], deck: 5}",
    "{field: [{card: Lucky Charm, id: c}], deck: 5}") + """
do:
  - p1: play Smite
  - p1: choose c
  - p1: pay ignus
  - p1: pass
  - p2: pass
  - p1: pass
  - p2: pass
expect:
  p2.hand: [Lucky Charm]
  p2.graveyard: 0
""")


@pytest.mark.rules("caster", "803.3b", "909.3b-3")
def test_rested_allies_cannot_be_attacked_under_a_barrier() -> None:
    run(TEXT_CARDS + """
  - name: Rest Ward
    type: barrier
    element: terra
    cost: 2
    text: "Rested allied servants can't be attacked."
setup:
  turn: 3
  active: p1
  at: battle/attack-declaration
  p1:
    field: [{card: Ash Brute, id: a}]
    deck: 5
  p2:
    field: [{card: Rest Ward, id: w}, {card: Cinder Hound, id: r, orientation: rested}, {card: Cinder Hound, id: u}]
    orbs: 3
    deck: 5
expect:
  options: {player: p1, include: ["attack a -> u"], exclude: ["attack a -> r"]}
""")


@pytest.mark.rules("caster", "1004.1")
def test_reveal_the_top_card_and_take_it_only_when_it_fits() -> None:
    base = """
cards:
  - name: Deck Scryer
    type: caster
    level: 1
    element: ignus
    text: "[Rest]: Reveal the top card of your deck. If it's a Lv1 caster, add it to your hand."
  - name: Young Mage
    type: caster
    level: 1
    element: ignus
""" + main_phase(
    "{casters: [{card: Deck Scryer, id: s}], deck: [%s, Filler, Filler]}",
    "{deck: 5}") + """
do:
  - p1: "activate s: [Rest]: Reveal the top card of y"
  - p1: pass
  - p2: pass
expect:
  p1.hand: %s
  p1.deck: %d
"""
    run(base % ("Young Mage Lv1", "[Young Mage Lv1]", 2))
    run(base % ("Filler", "[]", 3))


@pytest.mark.rules("caster", "903.2c")
def test_an_option_is_chosen_as_the_ability_is_played() -> None:
    r = run(TEXT_CARDS + """
  - name: Compass Imp
    type: servant
    element: aqua
    cost: 1
    atk: 100
    def: 100
    text: "[Enter] ⇒ Rest or reverse target servant."
""" + main_phase(
    "{hand: [Compass Imp], aether: [aqua], deck: 5}",
    "{field: [{card: Ash Brute, id: b}], deck: 5}") + """
do:
  - p1: play Compass Imp
  - p1: pay aqua
  - p1: pass
  - p2: pass
  - p1: enter recovered
""")
    labels = r.g.pending.labels
    assert "choose rest" in labels and "choose reverse" in labels, labels
    r.answer(0, "choose reverse", "test")
    for _ in range(6):
        d = r.g.pending
        if d is None:
            break
        if d.kind == "priority":
            r.g.decide("pass")
        elif d.kind == "target" or any(lab.startswith("choose") for lab in d.labels):
            r.answer(d.player, "choose b", "test")
        else:
            break
    b = r.g.objects[r.current("b")]
    assert b.orient == "reversed"


@pytest.mark.rules("caster", "1015.2a", "1012.2")
def test_a_card_searched_goes_on_top_of_the_shuffled_deck() -> None:
    r = run("""
cards:
  - name: Butler Imp
    type: servant
    element: aqua
    cost: 1
    atk: 100
    def: 100
    text: "[Enter] ⇒ Search your deck for a card. Then shuffle the rest of your deck and put that card on top of it."
  - name: Gem Sprite
    type: servant
    element: aqua
    cost: 1
    atk: 100
    def: 100
""" + main_phase(
    "{hand: [Butler Imp], aether: [aqua], deck: [Filler, Filler, Gem Sprite, Filler]}",
    "{deck: 5}") + """
do:
  - p1: play Butler Imp
  - p1: pay aqua
  - p1: pass
  - p2: pass
  - p1: enter recovered
  - p1: pass
  - p2: pass
  - p1: choose Gem Sprite
""")
    g = r.g
    top = g.zone(0, "deck")[-1]
    assert g.objects[top].card.key == "Gem Sprite" and len(g.zone(0, "deck")) == 4


def test_an_uncompilable_inline_card_makes_the_scenario_an_error(tmp_path: Path) -> None:
    p = tmp_path / "bad.yaml"
    p.write_text("""game: caster
name: bad text
rules: ["205.2"]
cards:
  - {name: Odd Imp, type: servant, element: aqua, cost: 1, atk: 100, def: 100, text: "This card hums quietly."}
setup:
  turn: 3
  active: p1
  at: main
  p1: {deck: 5}
  p2: {deck: 5}
do: []
expect: {}
""", encoding="utf-8")
    res = run_file(p)
    assert not res.passed and res.error
    assert "card 'Odd Imp': text: cannot compile 'This card hums quietly.'" in res.reason


# ----------------------------------------------------------------------- the real card data
#: cards of the community database the compiler reads (measured; see the report)
MEASURED_COMPILED = 176


@pytest.mark.skipif(not DATA.exists(), reason=f"the community card database is not present ({DATA})")
def test_compile_report_over_the_community_card_database(capsys: pytest.CaptureFixture) -> None:
    rep = compile_report(DATA)
    assert rep.total == 192
    assert not rep.invalid, rep.invalid  # what compiles, the card loader accepts
    assert rep.compiled >= MEASURED_COMPILED, rep.summary()
    assert rep.fraction >= 0.91
    assert len(rep.failures) == rep.total - rep.compiled
    assert main([str(DATA), "--failures"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"compiled: {rep.compiled} of 192 cards") and "failures:" in out


def test_entries_of_the_card_database_format() -> None:
    caster = entry_of({"name": "Dawn Seer Lv2", "type": "Caster", "color": "Solis", "cost": "", "pt": "",
                       "text": "[Rest]: Draw a card.", "token": False})
    assert caster == {"name": "Dawn Seer", "type": "caster", "level": 2, "element": "solis",
                      "text": "[Rest]: Draw a card."}
    servant = entry_of({"name": "Mud Golem", "type": "Servant - Golem/Stone", "color": "Terra", "cost": "3",
                        "pt": "25/10", "text": "", "token": False})
    assert servant == {"name": "Mud Golem", "type": "servant", "race": "Golem/Stone", "element": "terra", "cost": 3,
                       "atk": 2500, "def": 1000, "text": ""}
    coin = entry_of({"name": "Token Coin", "type": "", "color": "", "cost": "0", "pt": "", "text": "", "token": True})
    assert coin["type"] == "none" and coin["token"] is True and coin["element"] == "void"


@pytest.mark.rules("caster", "803.4", "804.3")
def test_a_servant_that_battled_returns_at_end_of_turn() -> None:
    text = TEXT_CARDS + """
  - name: Bounce Imp
    type: servant
    element: aes
    cost: 1
    atk: 3000
    def: 100
    text: "At end of turn ⇒ Return this card to its owner's hand if it battled this turn."
setup:
  turn: 3
  active: p1
  at: battle/attack-declaration
  p1:
    field: [{card: Bounce Imp, id: i, orientation: %s}, {card: Cinder Hound, id: h, orientation: %s}]
    deck: 5
  p2:
    field: [{card: Ash Brute, id: b, orientation: reversed}]
    orbs: 3
    deck: 5
do:
  - p1: "attack %s -> b"
  - pass until battle end
"""
    r = run(text % ("recovered", "rested", "i"))
    pass_priority(r)
    assert "Bounce Imp" in zone_keys(r, 0, "hand")
    r = run(text % ("rested", "recovered", "h"))  # the imp did not battle: it stays
    pass_priority(r)
    assert "Bounce Imp" in zone_keys(r, 0, "field")


@pytest.mark.rules("caster", "1008.2a", "903.2h")
def test_an_additional_cost_banishes_one_of_your_orbs() -> None:
    r = run(TEXT_CARDS + """
  - name: Orb Burner
    type: conjure
    element: solis
    cost: 1
    text: "As an additional cost to play this card, banish an orb.\\nDestroy target servant."
""" + main_phase(
    "{hand: [Orb Burner], orbs: 2, aether: [solis], deck: 5}",
    "{field: [{card: Ash Brute, id: b}], orbs: 4, deck: 5}") + """
do:
  - p1: play Orb Burner
  - p1: choose b
""")
    g = r.g
    while g.pending is not None and g.pending.kind != "priority":
        d = g.pending
        assert all("p2" not in lab for lab in d.labels)
        g.decide(d.labels[0])
    pass_priority(r)
    assert len(g.zone(0, "orbs")) == 1 and len(g.zone(1, "orbs")) == 4
    assert zone_keys(r, 1, "graveyard") == ["Ash Brute"]


@pytest.mark.rules("caster", "1009.1", "906.2")
def test_a_servant_corrupting_an_orb_is_tallied() -> None:
    text = TEXT_CARDS + """
  - name: Orb Watcher
    type: caster
    level: 1
    element: ignus
    text: "[Rest]: Draw a card if an allied servant corrupted an enemy orb this turn."
setup:
  turn: 3
  active: p1
  at: battle/attack-declaration
  p1:
    casters: [{card: Orb Watcher, id: w}]
    field: [{card: Cinder Hound, id: h}]
    deck: 5
  p2:
    orbs: 3
    deck: 5
do:
  - p1: "attack h -> p2"
  - p1: pass
  - p2: pass
%s
  - p1: "activate w: [Rest]: Draw a card if an allied"
  - p1: pass
  - p2: pass
expect:
  p1.deck: %d
  p2.orbs: %d
"""
    run(text % ("  - p1: corrupt orb 1", 4, 2))
    # the same ability before any orb was corrupted draws nothing
    quiet = text.replace("  - p1: \"attack h -> p2\"\n  - p1: pass\n  - p2: pass\n", "")
    run(quiet.replace("at: battle/attack-declaration", "at: main") % ("", 5, 3))


@pytest.mark.rules("caster", "205.3")
def test_only_reminder_text_of_an_ability_is_dropped() -> None:
    # reminder sentences of a keyword or a trigger on the line are dropped (CR 205.3) ...
    assert notation("[Enter] ⇒ Draw a card. (When this card enters the field ⇒ Perform the effect.)") == [
        "[Enter] ⇒ Draw a card."]
    assert notation("[Quickcast] (You may play this card any time you have priority.)") == ["[Quickcast]"]
    # ... a parenthesized qualifier is part of its sentence: read, or the card is refused
    assert notation("[Enter] ⇒ Destroy target enemy servant (with cost 3 or less).") == [
        "[Enter] ⇒ Destroy target enemy servant (with cost 3 or less)."]
    with pytest.raises(Uncompilable):
        compile_text("[Enter] ⇒ Destroy target enemy servant (with cost 3 or less).")


def test_then_after_if_continues_the_condition() -> None:
    got = compile_text("If you have 5 or more orbs, draw a card. Then, draw a card.", card_type="conjure")
    assert got["effect"]["do"] == [{"if": {"cond": {"orbs": {"min": 5}}, "then": [{"draw": 1}, {"draw": 1}]}}]
    got = compile_text("[Enter] ⇒ If you have 5 or more orbs, draw a card. Then, draw a card. Draw a card.")
    assert got["abilities"][0]["auto"]["do"] == [
        {"if": {"cond": {"orbs": {"min": 5}}, "then": [{"draw": 1}, {"draw": 1}]}}, {"draw": 1}]
    assert compile_text("[Enter] ⇒ Draw a card. Then, draw a card.")["abilities"][0]["auto"]["do"] == [
        {"draw": 1}, {"draw": 1}]


# ------------------------------------------ abilities from a graveyard, quoted abilities, "revealed"
@pytest.mark.rules("caster", "902.2", "909.1c", "1013.2a", "910.1")
def test_graveyard_quoted_and_revealed_constructs() -> None:
    # the condition names the card in a graveyard: the ability works there (CR 902.2), "it" is it
    ab = one("At end of turn ⇒ If this card was put into a graveyard from the field this turn, "
             "put it into the field under its owner's control.")
    assert ab["zones"] == ["graveyard"]
    assert ab["auto"]["do"] == [{"if": {"cond": {"is": ["self", {"from_field_this_turn": True}]},
                                        "then": [{"put_field": "self"}]}}]
    # abilities removed, then the quoted one given, in the order written (CR 909.1c)
    st = one('All casters lose all abilities and gain "[Rest]: Draw a card."', "barrier")["static"]
    assert [next(iter(k for k in e if k != "affects")) for e in st] == ["lose", "grant"]
    assert st[1]["grant"]["abilities"][0]["activated"]["do"] == [{"draw": 1}]
    with pytest.raises(Uncompilable):  # only an activated or automatic ability is read in quotation marks
        one('All casters lose all abilities and gain "Draw a card."', "barrier")
    # the sentence naming the servant revealed this way is under the "If you do" of its reveal
    do = one("[Enter] ⇒ Banish another allied servant. If you do, reveal cards from the top of your deck "
             "until you reveal a servant. Put the servant revealed this way into the field and shuffle all "
             "other cards revealed this way into your deck.")["auto"]["do"]
    assert [next(iter(i)) for i in do] == ["select", "banish", "if"]
    assert [next(iter(i)) for i in do[2]["if"]["then"]] == ["reveal_until", "put_field", "shuffle"]
    with pytest.raises(Uncompilable):  # nothing was revealed this way
        one("[Enter] ⇒ Draw a card. Put the servant revealed this way into the field.")
    # a call replaced by a call of this card from the graveyard (CR 910.1, 504.1): casters only
    rep = one("If you would play a caster as part of your call phase, you may play this card face up from "
              "an allied graveyard instead.", "caster")
    assert rep["zones"] == ["graveyard"] and rep["replacement"]["optional"] is True
    with pytest.raises(Uncompilable):
        one("If you would play a caster as part of your call phase, you may play this card face up from "
            "an allied graveyard instead.", "servant")


@pytest.mark.rules("caster", "903.2h", "911.1")
def test_the_banished_card_is_read_only_with_a_banish_cost() -> None:
    """"the cost of the banished servant" is the card a banish cost of the same ability paid with;
    without such a cost, or as a target's description (a target is chosen before the cost is
    paid, CR 903.2e), the sentence is refused rather than read as 0."""
    got = compile_text("Rest, banish a servant: Draw cards equal to the cost of the banished servant.",
                       card_type="caster")
    assert got["abilities"][0]["activated"]["do"] == [{"draw": {"n": {"prop": ["_paid_banish", "cost"]}}}]
    for bad in ("Rest: Draw cards equal to the cost of the banished servant.",
                "Rest, banish a servant: Destroy target enemy servant with a cost equal to or less than "
                "the cost of the card banished for this ability's cost."):
        with pytest.raises(Uncompilable):
            compile_text(bad, card_type="caster")
