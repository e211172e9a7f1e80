"""The Shadowverse: Evolve text compiler: templates, notations, the pool, the tokens, the decks,
and the real card list (when present)."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest

from tcgjudge.cards.loader import read_yaml
from tcgjudge.games.sve.compiler import (
    ENGINE_WORDS_NEEDED,
    TOKEN_NAMES,
    Uncompilable,
    compile_entry,
    compile_text,
    notation,
    vocabulary,
)
from tcgjudge.games.sve.text_report import compile_report, main

# the traits and card names these texts use, as the card database that prints them defines them
# (the grammar reads vocabulary from the data, never from its rules)
vocabulary(traits=["Mejiro Family", "Umamusume", "Ninja", "Academic", "Wasteland", "Machina", "Pixie",
                   "Draconic Duelist", "Armed"],
           names=["Aiela, Devoted Knight", "Tokai Teio", "Harnessed Flame", "Harnessed Glass", "Flame and Glass",
                  "Lecia, Sky Saber", "Nano, the Dawnblade", "Bunny & Baron, Specter Duo", "Kaguya",
                  "Aluzard, Timeworn Vampire"])

POOL = Path(__file__).resolve().parents[1] / "src" / "tcgjudge" / "games" / "sve" / "pool"
DECKS = Path(__file__).resolve().parents[1] / "src" / "tcgjudge" / "games" / "sve" / "decks"
SHARED = Path(__file__).resolve().parents[2] / "shared"  # ../shared beside the project
REAL_CARDS = Path(os.environ.get("TCGJUDGE_SVE_XML",
                                 SHARED / "data" / "sve" / "cockatrice" / "ShadowverseEvolveTCG.dev.xml"))
RULES_TEXT = Path(os.environ.get("TCGJUDGE_SVE_RULES",
                                 SHARED / "rules" / "shadowverse-evolve-comprehensive-rules-1.16.0.txt"))
#: the share of the real card list that must compile (measured: 377 of 385 cards, 97.9%)
MIN_REAL_FRACTION = 0.95


def ab(text: str, card_type: str = "follower") -> list:
    return compile_text(text, card_type=card_type)["abilities"]


def one(text: str, card_type: str = "follower") -> dict:
    abs_ = ab(text, card_type)
    assert len(abs_) == 1, abs_
    a = abs_[0]
    kind = next(k for k in ("auto", "activated", "static") if k in a)
    return a[kind]


def eff(text: str) -> dict:
    return compile_text(text, card_type="spell")["effect"]


ENEMY_FOLLOWER = {"as": "t", "controller": "enemy", "type": "follower"}


# ------------------------------------------------------------------------------ notation
@pytest.mark.rules("sve", "12.4.2")
@pytest.mark.parametrize("text", [
    "(F) Draw a card.", "[fanfare] Draw a card.", "{FANFARE} Draw a card.", "Fanfare: Draw a card.",
    "Fanfare - Draw a card.",
])
def test_fanfare_notations(text: str) -> None:
    got = compile_text(text)
    assert got["keywords"] == ["fanfare"]
    assert got["abilities"][0]["auto"] == {"on": "fanfare", "do": [{"draw": 1}]}


@pytest.mark.rules("sve", "12.5.2")
@pytest.mark.parametrize("text", ["(L) Draw a card.", "(LW) Draw a card.", "{LAST WORDS} Draw a card.",
                                  "Last Words: Draw a card."])
def test_last_words_notations(text: str) -> None:
    assert one(text) == {"on": "last_words", "do": [{"draw": 1}]}


@pytest.mark.rules("sve", "12.2.1.1")
@pytest.mark.parametrize("text,n", [("(E) (1): Evolve this follower.", 1), ("(E) 2: Evolve this follower.", 2),
                                    ("Evolve (3): Evolve this follower.", 3),
                                    ("{EVOLVE} {COST 0}: Evolve this follower.", 0),
                                    ("Evolve[cost02]: Evolve this follower.", 2), ("[evolve][cost01]: Evolve this follower.", 1)])
def test_evolve_notations(text: str, n: int) -> None:
    assert compile_text(text) == {"keywords": [{"evolve": n}]}


def test_evolve_with_a_cost_that_is_not_play_points() -> None:
    got = compile_text("(E) Give your leader -3 defense: Evolve this follower.")
    assert got == {"keywords": [{"evolve": [{"do": [{"leader_def": -3}]}]}]}


@pytest.mark.rules("sve", "10.1.1.1.1", "5.2.1.1")
@pytest.mark.parametrize("text", [
    "(A) (1), (tap): Draw a card.", "{ACT} {COST 1}, {ENGAGE}: Draw a card.", "Act (1), {ENGAGE}: Draw a card.",
    "Activate: 1PP, engage this card: Draw a card.", "[act][cost01], [engage]: Draw a card.",
])
def test_activated_notations(text: str) -> None:
    assert one(text) == {"do": [{"draw": 1}], "cost": [{"pp": 1}, "engage"]}


def test_icons_in_another_order() -> None:
    # "(tap) (1), (A): ..." (Robin Hood's printing)
    assert one("(tap) (1), (A): Draw a card.") == {"do": [{"draw": 1}], "cost": ["engage", {"pp": 1}]}


@pytest.mark.rules("sve", "12.3.2.1")
@pytest.mark.parametrize("text", ["[Quick]\nDraw a card.", "{QUICK}\nDraw a card.", "[Quick] Draw a card."])
def test_quick_notations(text: str) -> None:
    assert compile_text(text, card_type="spell") == {"keywords": ["quick"], "effect": {"do": [{"draw": 1}]}}


@pytest.mark.parametrize("text", ["{ACT} [Quick] {ENGAGE}: Draw a card.", "[q]Act{ENGAGE}: Draw a card."])
def test_quick_activated_ability(text: str) -> None:
    assert one(text) == {"do": [{"draw": 1}], "cost": ["engage"], "quick": True}


@pytest.mark.rules("sve", "2.7", "2.8")
@pytest.mark.parametrize("text", ["Select a [forestcraft] follower on your field and give it [attack]+1/[defense]+2.",
                                  "Select a {[forestcraft]} follower on your field and give it {[attack]}+1/{[defense]}+2."])
def test_icon_names_in_brackets_with_or_without_braces(text: str) -> None:
    """Stats and class icons written by their names in brackets, as databases spell them."""
    assert eff(text) == eff("Select a Forestcraft follower on your field and give it +1/+2.")


@pytest.mark.rules("sve", "2.6.2")
def test_reminder_text_is_ignored() -> None:
    a = compile_text("Ward. (This follower can be engaged when it's put onto your field.)\n"
                     "(F) Draw a card. (Overflow becomes active if your maximum play points are at least 7.)")
    b = compile_text("Ward.\n(F) Draw a card.")
    assert a == b
    assert "reminder" not in notation("Storm. (Followers with Storm can attack the turn they arrive.)")
    # option numbers and play point icons are not reminder text
    assert notation("(A) (2): Draw a card.") == "[ACT] [PP=2]: Draw a card."


@pytest.mark.rules("sve", "2.6.2")
def test_parenthesized_qualifier_is_read_not_dropped() -> None:
    # 2.6.2: reminder text is whole sentences explaining a term; a parenthesized qualifier is
    # part of its sentence ("with a different name than this card": not_name, the card's name)
    text = ("At the start of your main phase, if there are no other Mejiro Family followers on your field "
            "(with a different name than this card), return this card to the hand.")
    a = compile_text(text, name="Mejiro Ardan")["abilities"][0]["auto"]["if"]
    assert a == {"none": {"not_name": "Mejiro Ardan", "other": True, "type": "follower",
                          "trait": "Mejiro Family", "controller": "you"}}
    # parenthesized words that are neither reminder text nor read stop the card
    with pytest.raises(Uncompilable, match="if nobody looks"):
        compile_text("(F) Draw a card (if nobody looks).", name="X")
    # reminder sentences that explain no term of the rules are not skipped either
    with pytest.raises(Uncompilable):
        compile_text("(F) Draw a card. (It is a nice card.)", name="X")


@pytest.mark.rules("sve", "2.4")
def test_or_between_noun_phrases_is_a_disjunction() -> None:
    t = one("(F) Select a Mejiro Family follower or an Umamusume follower on your field and give it +1/+1.")
    assert t["targets"] == [{"as": "t", "type": "follower", "trait": ["Mejiro Family", "Umamusume"],
                             "controller": "you"}]
    t = one("(F) Select a Forestcraft follower or a Swordcraft follower on your field and give it +1/+1.")
    assert t["targets"][0]["class"] == ["forestcraft", "swordcraft"]
    # phrases that differ in more than one kind are never read as one trait: either description
    # (tests/test_card_grammar.py), and with two places not one selection at all
    with pytest.raises(Uncompilable):
        one("(F) Select an engaged Mejiro Family follower on your field or an Umamusume amulet in your "
            "cemetery and give it +1/+1.")


@pytest.mark.rules("sve", "10.10.2")
def test_then_after_if_continues_the_condition() -> None:
    t = one("(F) Summon a Fairy token. If Overflow is active for you, draw a card. Then, give your leader "
            "+2 defense. Draw a card.")
    assert t["do"] == [{"token": {"card": "Fairy"}},
                       {"if": {"cond": {"overflow": True}, "then": [{"draw": 1}, {"leader_def": 2}]}},
                       {"draw": 1}]
    # "Then" after an unconditional sentence is simply the next instruction
    assert one("(F) Draw a card. Then, give your leader +2 defense.")["do"] == [{"draw": 1}, {"leader_def": 2}]


@pytest.mark.rules("sve", "2.7.1.1", "2.8.1.1")
def test_stat_icons() -> None:
    a = one("{FANFARE} Select a follower on your field and give it {ATK}+1/{DEF}+2.")
    b = one("(F) Select a follower on your field and give it +1/+2.")
    assert a == b
    assert one("{FANFARE} Give your leader {DEF}+3.") == {"on": "fanfare", "do": [{"leader_def": 3}]}


# ---------------------------------------------------------------------------- keywords
def test_keyword_lines() -> None:
    assert compile_text("Ward.\nStorm. Rush.\nAssail. Intimidate. Drain. Bane. Aura.") == {
        "keywords": ["ward", "storm", "rush", "assail", "intimidate", "drain", "bane", "aura"]}
    assert compile_text("[Ward]") == {"keywords": ["ward"]}
    assert compile_text("Stack.", card_type="amulet") == {"keywords": ["stack"]}


def test_keyword_then_ability_on_one_line() -> None:
    got = compile_text("Ward. At the start of your main phase, banish this card.")
    assert got["keywords"] == ["ward"]
    assert got["abilities"][0]["auto"] == {"on": {"named": "start_of_main"}, "do": [{"banish": "self"}]}


def test_paragraphs_run_together_on_one_line() -> None:
    # a text printed with its paragraphs on one line reads as the paragraphs would
    def plain(v):
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items() if k != "text"}
        if isinstance(v, list):
            return [plain(x) for x in v]
        return v

    run_on = "Ward. {FANFARE} Give your leader {DEF}+2. This follower's name is also Puppet."
    lines = "Ward.\n{FANFARE} Give your leader {DEF}+2.\nThis follower's name is also Puppet."
    assert plain(compile_text(run_on)) == plain(compile_text(lines))
    run_on = "{ACT} {ENGAGE}: Draw a card. Storm. Strike - Draw a card."
    assert compile_text(run_on, card_type="amulet")["keywords"] == ["storm", "strike"]
    # a spell's sentences are its effect, never split into abilities
    assert eff("Draw a card. At the start of your next end phase, draw a card.")["do"][1] == {
        "delayed": {"on": "start_of_end", "do": [{"draw": 1}]}}


@pytest.mark.rules("sve", "12.1.2")
def test_two_trigger_icons_are_two_abilities() -> None:
    got = compile_text("(F) (L) Put a Fairy token into your EX area.")
    assert got["keywords"] == ["fanfare", "last_words"]
    assert [a["auto"]["on"] for a in got["abilities"]] == ["fanfare", "last_words"]
    for a in got["abilities"]:
        assert a["auto"]["do"] == [{"token": {"card": "Fairy", "zone": "ex_area"}}]


@pytest.mark.rules("sve", "12.6.2", "12.7.2")
def test_on_evolve_and_strikes() -> None:
    assert one("On Evolve: Draw a card.")["on"] == "on_evolve"
    assert one("Strike: Draw a card.")["on"] == "strike"
    assert one("Strike - Draw a card.")["on"] == "strike"
    assert one("Follower Strike: Give this follower +2/+0.") == {
        "on": "follower_strike", "do": [{"modify": {"what": "self", "atk": 2, "def": 0}}]}
    assert one("Leader Strike - Draw a card.")["on"] == "leader_strike"


@pytest.mark.rules("sve", "12.6.2", "10.4.7.4")
def test_on_evolve_with_a_cost() -> None:
    assert one("On Evolve, discard a spell: Select an enemy follower on the field and deal it 4 damage.") == {
        "on": "on_evolve", "targets": [ENEMY_FOLLOWER],
        "cost": [{"discard": {"n": 1, "filter": {"type": "spell"}}}], "do": [{"deal": {"what": "t", "n": 4}}]}


# ------------------------------------------------------------------------------ effects
@pytest.mark.rules("sve", "10.6.2.3")
def test_select_and_deal() -> None:
    assert one("(F) Select an enemy follower on the field and deal it 3 damage.") == {
        "on": "fanfare", "targets": [ENEMY_FOLLOWER], "do": [{"deal": {"what": "t", "n": 3}}]}


def test_select_then_sentences_about_it() -> None:
    assert eff("Select an enemy follower on the field. Deal it 3 damage and put a Fairy token into your EX area.") == {
        "targets": [ENEMY_FOLLOWER],
        "do": [{"deal": {"what": "t", "n": 3}}, {"token": {"card": "Fairy", "zone": "ex_area"}}]}


@pytest.mark.rules("sve", "4.3.3")
def test_leaders_and_followers() -> None:
    got = eff("Select an enemy leader or enemy follower on the field and deal it 1 damage.")
    assert got["targets"] == [{"as": "t", "controller": "enemy", "type": ["leader", "follower"],
                               "zone": ["field", "leader"]}]
    assert eff("Deal 2 damage to each enemy leader.")["do"] == [
        {"deal": {"what": {"zone": "leader", "controller": "enemy"}, "n": 2}}]
    assert eff("Deal 1 damage to your leader and each enemy follower.")["do"] == [
        {"deal": {"what": [{"zone": "leader", "controller": "you"}, {"controller": "enemy", "type": "follower"}],
                  "n": 1}}]
    # "its leader": the leader of the selected follower's controller
    assert eff("Select an enemy follower on the field. Deal 4 damage to it and 2 damage to its leader.")["do"] == [
        {"deal": {"what": "t", "n": 4}}, {"deal": {"what": {"zone": "leader", "controller": "t"}, "n": 2}}]


@pytest.mark.rules("sve", "10.6.2.4")
def test_divided_damage() -> None:
    assert eff("Select up to 2 enemy followers on the field and deal 3 damage divided between them.") == {
        "targets": [{"as": "t", "controller": "enemy", "type": "follower", "n": 2, "up_to": True, "divide": 3}],
        "do": [{"deal": {"what": "t", "n": 3, "divided": "t"}}]}


def test_each_follower_selectors() -> None:
    assert eff("Deal 2 damage to each follower on the field.")["do"] == [
        {"deal": {"what": {"type": "follower"}, "n": 2}}]
    assert eff("Destroy each follower on the field.")["do"] == [{"destroy": {"what": {"type": "follower"}}}]
    assert one("(F) Give each other Pixie follower on your field and in your EX area +1/+1.")["do"] == [
        {"modify": {"what": {"other": True, "type": "follower", "trait": "Pixie", "zone": ["field", "ex_area"],
                             "controller": "you"}, "atk": 1, "def": 1}}]


@pytest.mark.rules("sve", "5.26.1")
def test_give_stats_and_keywords() -> None:
    assert one("(F) Select another follower on your field. Give it +4/+3 and Assail.")["do"] == [
        {"modify": {"what": "t", "atk": 4, "def": 3}}, {"grant": {"what": "t", "keywords": ["assail"]}}]
    assert one("(F) Give this follower Rush and Ward.")["do"] == [
        {"grant": {"what": "self", "keywords": ["rush", "ward"]}}]
    assert eff("Select a follower on your field and give it +0/+2 until the end of the turn.")["do"] == [
        {"modify": {"what": "t", "atk": 0, "def": 2, "until": "end_of_turn"}}]
    assert one("(F) Give your leader +2 defense.")["do"] == [{"leader_def": 2}]
    assert one("(F) Give your leader -2 defense.")["do"] == [{"leader_def": -2}]
    assert one("On Evolve: Give your leader +0/+5.")["do"] == [{"leader_def": 5}]


def test_give_a_quoted_ability() -> None:
    got = eff('Select a Runecraft follower that costs 3 or less in your cemetery and summon it. Give it Rush and '
              '"At the start of your end phase, destroy this card."')
    assert got["targets"] == [{"as": "t", "cost_max": 3, "type": "follower", "class": "runecraft",
                               "zone": "cemetery", "player": "you"}]
    assert got["do"][0] == {"summon": {"what": "t", "as": "c"}}
    assert got["do"][1]["grant"]["what"] == "c"  # 4.1.4.1: "it" is the card where it is now
    assert got["do"][1]["grant"]["keywords"] == ["rush"]
    granted = got["do"][1]["grant"]["abilities"][0]
    assert granted["auto"] == {"on": {"named": "start_of_end"}, "do": [{"destroy": "self"}]}


@pytest.mark.rules("sve", "5.4.2", "5.4.2.1")
def test_tokens() -> None:
    assert eff("Summon 2 Forest Bat tokens.")["do"] == [{"token": {"card": "Forest Bat", "n": 2}}]
    assert eff("Put 3 Fairy tokens into your EX area.")["do"] == [
        {"token": {"card": "Fairy", "n": 3, "zone": "ex_area"}}]
    assert eff("Summon a Viking, Steelclad Knight, and Knight token.")["do"] == [
        {"token": {"card": "Viking"}}, {"token": {"card": "Steelclad Knight"}}, {"token": {"card": "Knight"}}]
    # the tokens that do not fit on the field go to the EX area
    assert one("(F) Summon 3 Fairy tokens. If your field becomes full from this effect, put any remaining "
               "tokens into your EX area.")["do"] == [
        {"token": {"card": "Fairy", "n": 3, "as": "made"}},
        {"token": {"card": "Fairy", "n": {"sub": [3, {"len": "made"}]}, "zone": "ex_area"}}]
    # a token's name is given by the rules; an unknown token is not guessed
    with pytest.raises(Uncompilable):
        compile_text("Summon a Grumpy Walrus token.", card_type="spell")


def test_summon_a_token_and_refer_to_it() -> None:
    assert one("(A) (1), (tap): Summon a Knight token and give it Storm.")["do"] == [
        {"token": {"card": "Knight", "as": "c"}}, {"grant": {"what": "c", "keywords": ["storm"]}}]


def test_a_choice_of_tokens() -> None:
    got = eff("Put a Guardform Golem or Strikeform Golem token into your EX area.")
    assert got["choose"] == {"n": 1, "modes": [{"text": "Guardform Golem", "do": []},
                                               {"text": "Strikeform Golem", "do": []}]}
    assert got["do"] == [{"if": {"cond": {"chose": 0},
                                 "then": [{"token": {"card": "Guardform Golem", "zone": "ex_area"}}],
                                 "else": [{"token": {"card": "Strikeform Golem", "zone": "ex_area"}}]}}]


@pytest.mark.rules("sve", "5.17.1", "5.17.1.1")
def test_choose_one_of_the_following() -> None:
    got = one("(F) Choose one of the following effects. (1) Select an enemy follower on the field and destroy it. "
              "(2) Give this follower Storm.")
    assert got["choose"] == {"n": 1, "modes": [
        {"text": "Select an enemy follower on the field and destroy it", "do": [{"destroy": "t"}],
         "targets": [ENEMY_FOLLOWER]},
        {"text": "Give this follower Storm", "do": [{"grant": {"what": "self", "keywords": ["storm"]}}]}]}
    assert got["do"] == []


@pytest.mark.rules("sve", "5.7.1")
def test_search() -> None:
    assert one("(F) Search your deck for a swordcraft follower, reveal it, and add it to your hand.")["do"] == [
        {"search": {"filter": {"type": "follower", "class": "swordcraft"}, "n": 1, "to": "hand"}}]
    assert one("On Evolve: Search your deck for a follower with (E), reveal it, and add it to your hand.")["do"] == [
        {"search": {"filter": {"keyword": "evolve", "type": "follower"}, "n": 1, "to": "hand"}}]


@pytest.mark.rules("sve", "5.10.1", "10.6.2.3")
def test_look_at_the_top_cards() -> None:
    got = eff("Look at the top 4 cards of your deck. You may reveal a spell from among them and add it to your "
              "hand. Put the remaining cards on the bottom of your deck in any order.")
    assert got["do"] == [
        {"look": {"n": 4, "as": "looked"}},
        {"select": {"as": "c", "from": {"in": "looked", "type": "spell", "zone": "deck", "player": "you"},
                    "n": 1, "up_to": True}},
        {"reveal": "c"},
        {"move": {"what": "c", "to": "hand"}},
        {"to_deck": {"what": {"zone": "deck", "player": "you", "in": "looked"}, "pos": "bottom"}}]
    got = one("(F) Look at the top card of your deck. If it's a spell, you may reveal it and add it to your hand.")
    assert got["do"] == [
        {"look": {"n": 1, "as": "looked"}},
        {"if": {"cond": {"is": ["looked", {"type": "spell"}]},
                "then": [{"may": {"do": [{"reveal": "looked"}, {"move": {"what": "looked", "to": "hand"}}]}}]}}]


@pytest.mark.rules("sve", "10.6.2.3")
def test_a_card_in_a_hidden_zone_is_chosen_on_resolution() -> None:
    assert one("(F) Draw a card. Put a card from your hand on the bottom of your deck.")["do"] == [
        {"draw": 1}, {"select": {"as": "c", "from": {"zone": "hand", "player": "you"}, "n": 1}},
        {"to_deck": {"what": "c", "pos": "bottom"}}]


def test_if_governs_its_own_sentence() -> None:
    # the whole text: the ability's condition, checked as it is played (12.4.3: not the trigger's)
    got = one("(F) If there is an amulet on your field, give your leader +2 defense.")
    assert got["on"] == "fanfare" and got["if"] == {"exists": {"type": "amulet", "controller": "you"}}
    # one sentence of several: only that sentence
    assert one("(F) If there is an amulet on your field, give your leader +2 defense. Draw a card.") == {
        "on": "fanfare",
        "do": [{"if": {"cond": {"exists": {"type": "amulet", "controller": "you"}}, "then": [{"leader_def": 2}]}},
               {"draw": 1}]}
    # "If ..., A and B": both
    assert eff("If Overflow is active for you, draw a card and recover 1 play point.")["do"] == [
        {"if": {"cond": {"overflow": True}, "then": [{"draw": 1}, {"recover_pp": 1}]}}]


def test_you_may_select() -> None:
    assert one("Last Words: You may select a spell in your cemetery and put it into your hand.") == {
        "on": "last_words",
        "targets": [{"as": "t", "type": "spell", "zone": "cemetery", "player": "you", "up_to": True}],
        "do": [{"move": {"what": "t", "to": "hand"}}]}


@pytest.mark.rules("sve", "5.2.1.2", "5.2.1.2.1")
def test_x_equals() -> None:
    assert eff("Select an enemy follower on the field and deal it X damage. X equals the number of followers on "
               "your field.")["do"] == [{"deal": {"what": "t", "n": {"count": {"type": "follower",
                                                                             "controller": "you"}}}}]
    assert one("(F) Select another follower on the field and give this follower +X/+0. X equals the selected "
               "follower's attack")["do"] == [{"modify": {"what": "self", "atk": {"prop": ["t", "atk"]}, "def": 0}}]
    assert one("(A) (tap): Recover X play points. X equals the number of Thorn Burst tokens in your EX area.")[
        "do"] == [{"recover_pp": {"n": {"count": {"token": True, "name": "Thorn Burst", "zone": "ex_area",
                                                  "player": "you"}}}}]


@pytest.mark.rules("sve", "5.14.1", "5.27.1")
def test_play_points_and_turns() -> None:
    assert eff("Recover 2 play points.")["do"] == [{"recover_pp": 2}]
    assert eff("Increase your maximum play points by 1.")["do"] == [{"add_player": {"key": "max_pp", "n": 1}}]
    assert eff("Take another turn after this one.")["do"] == [{"extra_turn": "you"}]


@pytest.mark.rules("sve", "5.33.1", "5.16.1", "5.31.1")
def test_bury_transform_maneuver() -> None:
    assert one("Last Words: Each opponent buries a follower.")["do"] == [
        {"bury": {"n": 1, "filter": {"type": "follower"}, "player": "enemy"}}]
    assert one("(F) Select any number of Pixie followers in your EX area and transform them into Thorn Burst "
               "tokens.")["do"] == [{"transform": {"what": "t", "into": "Thorn Burst"}}]
    assert one("{ACT} {ENGAGE} 2 followers on your field: Maneuver this card.", "amulet") == {
        "do": [{"maneuver": "self"}], "cost": [{"engage": {"n": 2, "filter": {"type": "follower",
                                                                            "controller": "you"}}}]}


@pytest.mark.rules("sve", "5.13.2", "10.2.1.3.2")
def test_damage_modifiers() -> None:
    assert eff("Select an enemy follower on the field. It cannot deal damage this turn.")["do"] == [
        {"damage_mod": {"by": "t", "prevent": True, "until": "end_of_turn"}}]
    assert one("Reduce damage dealt to this follower by 1.") == {"damage_mod": {"to": "self", "n": -1}}
    assert one("During each opponent's turn, this follower deals 2 more damage.") == {
        "damage_mod": {"by": "self", "n": 2}, "if": {"turn": "theirs"}}


# ------------------------------------------------------------------- costs on abilities
@pytest.mark.rules("sve", "10.4.2.1")
def test_activated_costs() -> None:
    assert one("(A) (2), (tap), put this card into your cemetery: Draw 2 cards.", "amulet")["cost"] == [
        {"pp": 2}, "engage", {"bury": "self"}]
    assert one("(A) Banish a Pixie follower in your EX area: Draw a card. This ability can be activated once per "
               "turn.") == {
        "do": [{"draw": 1}], "once_per_turn": True,
        "cost": [{"banish": {"n": 1, "filter": {"type": "follower", "trait": "Pixie", "zone": "ex_area",
                                                "player": "you"}}}]}
    assert one("(tap) Remove 3 spell counters from this card: Draw a card.")["cost"] == [
        "engage", {"remove_counters": {"name": "spell", "n": 3}}]
    assert one("{ACT} {ENGAGE}, bury 3 Machina followers: Draw a card.")["cost"] == [
        "engage", {"bury": {"n": 3, "filter": {"type": "follower", "trait": "Machina"}}}]
    assert one("{ACT} {ENGAGE}: Draw a card. Activate only if this card has at least 5 lightning counters.")[
        "if"] == {"compare": [{"counters_of": {"what": "self", "name": "lightning"}}, ">=", 5]}


@pytest.mark.rules("sve", "10.4.7.4")
def test_automatic_ability_with_a_cost() -> None:
    assert one("(F) Give your leader -2 defense: Give this follower Rush.") == {
        "on": "fanfare", "cost": [{"do": [{"leader_def": -2}]}],
        "do": [{"grant": {"what": "self", "keywords": ["rush"]}}]}


# --------------------------------------------------------------------- class mechanics
@pytest.mark.rules("sve", "13.2.1.2", "10.10.2.5")
def test_combo_instead() -> None:
    assert one("(F) Select an enemy follower on the field and deal it 1 damage. Combo (3): Deal 3 damage "
               "instead.")["do"] == [
        {"if": {"cond": {"combo": 3}, "then": [{"deal": {"what": "t", "n": 3}}],
                "else": [{"deal": {"what": "t", "n": 1}}]}}]


@pytest.mark.rules("sve", "13.3.1.2")
def test_spellchain_regions() -> None:
    got = one("(F) Deal 3 damage to each enemy follower on the field. Spellchain (7): Deal 5 damage instead. "
              "SC (15): Deal 5 damage to each enemy leader.")
    each = {"controller": "enemy", "type": "follower"}
    assert got["do"] == [
        {"if": {"cond": {"spellchain": 7}, "then": [{"deal": {"what": each, "n": 5}}],
                "else": [{"deal": {"what": each, "n": 3}}]}},
        {"if": {"cond": {"spellchain": 15}, "then": [{"deal": {"what": {"zone": "leader", "controller": "enemy"},
                                                               "n": 5}}]}}]
    # a heading governs the sentences after it
    assert one("(F) Combo (3): Select an enemy follower on the field. Destroy it and draw a card.")["do"] == [
        {"if": {"cond": {"combo": 3}, "then": [{"destroy": "t"}, {"draw": 1}]}}]


@pytest.mark.rules("sve", "13.3.1.2", "10.2.1.3.3")
def test_cost_reductions() -> None:
    got = ab("Spellchain (5): This card costs 3 less to play. SC (10): It costs 6 less instead.")
    assert [a["static"] for a in got] == [
        {"cost_mod": {"n": -3, "affects": {"self": True}}, "if": {"and": [{"spellchain": 5}, {"not": {"spellchain": 10}}]}},
        {"cost_mod": {"n": -6, "affects": {"self": True}}, "if": {"spellchain": 10}}]
    assert all(a["zones"] == ["hand", "ex_area", "resolution"] for a in got)
    assert one("If Sanguine is active for you, this card costs 1 less to play.")["if"] == {"sanguine": True}
    assert one("While this card is on your field, your Golem followers cost 1 less to play.") == {
        "cost_mod": {"n": -1, "affects": {"type": "follower", "trait": "Golem"}}}


@pytest.mark.rules("sve", "13.3.3.2", "10.4.7.1")
def test_earth_rite() -> None:
    assert one("(F) Earth Rite: Put 2 Guardform Golem tokens into your EX area.") == {
        "on": "fanfare", "cost": [{"earth_rite": 1}],
        "do": [{"if": {"cond": {"paid": "earth_rite"},
                       "then": [{"token": {"card": "Guardform Golem", "n": 2, "zone": "ex_area"}}]}}]}
    got = eff("Summon 2 Guardform Golem tokens. Earth Rite: Give each Golem follower on your field +1/+1.")
    assert got["cost"] == [{"earth_rite": 1}]
    assert got["do"][1] == {"if": {"cond": {"paid": "earth_rite"}, "then": [
        {"modify": {"what": {"type": "follower", "trait": "Golem", "controller": "you"}, "atk": 1, "def": 1}}]}}
    act = one("(A) (tap), Earth Rite: Draw a card.")
    assert act == {"do": [{"if": {"cond": {"paid": "earth_rite"}, "then": [{"draw": 1}]}}],
                   "cost": ["engage", {"earth_rite": 1}]}


@pytest.mark.rules("sve", "13.3.2.4")
def test_add_to_a_stack() -> None:
    assert one("(L) Add 1 to a Stack on your field.")["do"] == [{"add_stack": 1}]


def test_stack_keyword_restated() -> None:
    # a card that prints the Stack abilities after the keyword has only the keyword (13.3.2.2)
    got = compile_text("Stack. Amulets with Stack are put onto the field with 1 Stack counter and have the "
                       "following abilities.\nWhen this card would leave the field, remove 1 Stack counter from "
                       "it instead. When this card's Stack count reaches 0, destroy it.\n(A) (tap) : Select "
                       "another amulet with Stack on your field and transfer all this card's Stack counters to "
                       "that card.", card_type="amulet")
    assert got == {"keywords": ["stack"]}


@pytest.mark.rules("sve", "13.4.1.2", "13.5.2.2", "13.5.1.2")
def test_overflow_sanguine_necrocharge() -> None:
    # 12.4.3: the "if" after the icon is part of the effect, checked as the ability is played
    assert one("(F) If Overflow is active for you, give this follower +2/+2.") == {
        "on": "fanfare", "if": {"overflow": True},
        "do": [{"modify": {"what": "self", "atk": 2, "def": 2}}]}
    assert eff("Select an enemy follower on the field and deal it 2 damage. If Overflow is active for you, deal 4 "
               "damage instead.")["do"] == [
        {"if": {"cond": {"overflow": True}, "then": [{"deal": {"what": "t", "n": 4}}],
                "else": [{"deal": {"what": "t", "n": 2}}]}}]
    assert one("(F) If Sanguine is active for you, give this follower Storm.")["if"] == {"sanguine": True}
    assert one("(F) Necrocharge (10): Give this follower +2/+0.")["do"] == [
        {"if": {"cond": {"necrocharge": 10}, "then": [{"modify": {"what": "self", "atk": 2, "def": 0}}]}}]
    assert one("(F) NC (5): Draw a card.")["do"] == [{"if": {"cond": {"necrocharge": 5}, "then": [{"draw": 1}]}}]


def test_both_tokens_instead() -> None:
    got = one("(F) Put a Mimi or Coco token into your EX area. Necrocharge (10): Put both into your EX area "
              "instead.")
    both = [{"token": {"card": "Mimi", "zone": "ex_area"}}, {"token": {"card": "Coco", "zone": "ex_area"}}]
    assert got["do"][0]["if"]["cond"] == {"necrocharge": 10}
    assert got["do"][0]["if"]["then"] == both


# ----------------------------------------------------------------------- universe mechanics
@pytest.mark.rules("sve", "14.2.2.3", "14.2.2.5", "14.2.4.2")
def test_serve_and_race() -> None:
    old = compile_text("Feed (1): This follower begins Racing.\nWhen this follower begins Racing, give it +1/+1.")
    new = compile_text("{SERVE} {COST 1}: Race this follower.\nOn Race: Give this follower +1/+1.")
    serve = {"do": [{"race": "self"}], "cost": [{"serve": 1}, {"evolve_pp": 1}], "equivalent": "evolve"}
    for got in (old, new):
        assert got["abilities"][0]["activated"] == serve
        assert got["abilities"][1]["auto"] == {"on": "on_race", "do": [{"modify": {"what": "self", "atk": 1,
                                                                                   "def": 1}}]}


@pytest.mark.rules("sve", "14.3.2.1")
def test_lesson() -> None:
    assert one("{ACT} {ENGAGE}, Lesson (2): Draw a card.")["cost"] == ["engage", {"lesson": 2}]


@pytest.mark.rules("sve", "14.4.8.2", "14.4.9.2", "14.4.5.1.4")
def test_vanguard_notations() -> None:
    assert compile_text("Starting Amulet.", card_type="amulet") == {"keywords": ["starting_amulet"]}
    assert compile_text("Single Drive.\nTwin Drive.") == {"keywords": ["single_drive", "twin_drive"]}
    got = compile_text("Ride {COST 2}\nOn Drive: Draw a card.")
    assert got["keywords"] == [{"ride": 2}, "on_drive"]
    assert got["abilities"][0]["auto"] == {"on": "on_drive", "do": [{"draw": 1}]}
    assert one("When you drive check a Trigger, draw a card.")["on"] == {"named": "drive_check_trigger"}
    assert eff("Perform 2 drive checks.")["do"] == [{"drive_check": 2}]


# --------------------------------------------------------------------------- triggers
@pytest.mark.rules("sve", "10.1.1.2.1")
def test_triggers() -> None:
    assert one("Whenever another follower is put onto your field, give this follower +1/+1.") == {
        "on": {"named": "other_follower_enters"}, "do": [{"modify": {"what": "self", "atk": 1, "def": 1}}]}
    assert one("Whenever a Pixie token is put onto your field, give it +1/+1.") == {
        "on": {"event": "move", "to": "field", "not_from": "field", "player": "you",
               "subject": {"token": True, "trait": "Pixie"}},
        "do": [{"modify": {"what": "subject", "atk": 1, "def": 1}}]}
    assert one("Whenever an enemy follower is destroyed, deal 1 damage to its leader.")["do"] == [
        {"deal": {"what": {"zone": "leader", "controller": "subject"}, "n": 1}}]
    assert one("At the start of your end phase, give your leader +4 defense.")["on"] == {"named": "start_of_end"}
    assert one("Whenever you play a spell, place 1 spell counter on this card.") == {
        "on": {"named": "spell_played"}, "do": [{"counter": {"what": "self", "name": "spell", "n": 1}}]}
    got = one("At the start of your end phase, if your leader's defense is 6 or less, (tap), put this card into "
              "your cemetery: Deal 6 damage to each enemy follower on the field.", "amulet")
    assert got["if"] == {"compare": [{"prop": [{"zone": "leader", "controller": "you"}, "def"]}, "<=", 6]}
    assert got["cost"] == ["engage", {"bury": "self"}]


@pytest.mark.rules("sve", "10.7.2.2")
def test_once_on_each_of_your_turns() -> None:
    got = one("Once on each of your turns, when another amulet leaves your field, summon a Holy Tiger token.",
              "amulet")
    assert got["per_turn"] == 1
    assert got["on"]["cond"] == {"turn": "yours"}
    assert got["on"]["subject"] == {"other": True, "type": "amulet", "controller": "you"}


def test_each_players_main_phase() -> None:
    got = one("At the start of each player's main phase, that player looks at the top card of their deck. If it's "
              "a follower, they may put it onto their field.", "amulet")
    assert got["do"] == [
        {"look": {"n": 1, "player": "active", "as": "looked"}},
        {"if": {"cond": {"is": ["looked", {"type": "follower"}]},
                "then": [{"may": {"do": [{"summon": {"what": "looked", "player": "active"}}], "player": "active"}}]}}]


# ---------------------------------------------------------------------------- statics
def test_passive_abilities() -> None:
    assert one("While this card is on your field, your other Pixie followers have Rush.") == {
        "grant": {"keywords": ["rush"]},
        "affects": {"controller": "you", "other": True, "type": "follower", "trait": "Pixie"}}
    assert one("While an Aiela, Devoted Knight is on your field, this follower doesn't take ability damage.") == {
        "damage_mod": {"to": "self", "prevent": True, "kind": "ability"},
        "if": {"exists": {"name": "Aiela, Devoted Knight", "controller": "you"}}}
    assert compile_text("This card is put onto the field engaged.", card_type="amulet") == {
        "keywords": ["enters_engaged"]}
    assert compile_text("Ward.\nThis follower's name is also Puppet.") == {"keywords": ["ward"],
                                                                           "alt_names": ["Puppet"]}


# ------------------------------------------------------------------- what is not compiled
def test_text_no_template_reads_is_reported() -> None:
    with pytest.raises(Uncompilable) as e:
        compile_text("(F) Juggle three flaming torches.")
    assert "Juggle three flaming torches" in str(e.value)
    # a follower's bare effect sentence has no trigger: it is not a spell
    with pytest.raises(Uncompilable):
        compile_text("Draw a card.", card_type="follower")
    # "instead" with nothing to replace
    with pytest.raises(Uncompilable):
        compile_text("(F) Combo (3): Deal 3 damage instead.")
    # "it" that names nothing
    with pytest.raises(Uncompilable):
        compile_text("Deal it 3 damage.", card_type="spell")


def test_compile_entry_leaves_scripted_cards_alone() -> None:
    entry = {"name": "X", "type": "follower", "atk": 1, "def": 1, "text": "Strange words.",
             "script": {"keywords": ["ward"]}}
    assert compile_entry(entry) is entry
    entry2 = {"name": "Y", "type": "follower", "atk": 1, "def": 1, "text": "Ward."}
    assert compile_entry(entry2) == {**entry2, "keywords": ["ward"]}
    with pytest.raises(Uncompilable) as e:
        compile_entry({"name": "Z", "type": "follower", "atk": 1, "def": 1, "text": "Strange words."})
    assert "Z" in str(e.value) and "Strange words" in str(e.value)


def test_the_engine_reads_the_words_the_compiler_writes() -> None:
    from tcgjudge.games.sve.cards import builder

    assert ENGINE_WORDS_NEEDED == {}
    b = builder()
    for i, text in enumerate([
        "(F) Return another card on your field to its owner's hand: Give this follower +1/+1.",
        "This follower ignores Ward.", "This follower can't attack enemies.",
        "(F) Select an enemy follower on the field. Its controller puts it on the top or bottom of its owner's "
        "deck.",
    ]):
        entry = {"name": f"Probe {i}", "type": "follower", "atk": 1, "def": 1, "text": text}
        c = b.card(entry, "probe")
        assert c.chars["abilities"], text
    assert "enters_engaged" in [k for k, _ in b.card(
        {"name": "Probe", "type": "amulet", "text": "This card is put onto the field engaged."}, "probe"
    ).chars["keywords"]]


# ------------------------------------------------------------------------------- the pool
def _pool_entries(name: str) -> list[dict]:
    return read_yaml(POOL / name)["cards"]


def _own_files() -> list[str]:
    return sorted(p.name for p in POOL.glob("*.yaml") if p.name != "engine-test.yaml")


def _load(entry: dict, where: str):
    from tcgjudge.games.sve.cards import builder

    return builder().card(compile_entry(copy.deepcopy(entry)), where)


def test_every_pool_card_compiles_and_fits_the_vocabulary() -> None:
    n = 0
    for f in _own_files():
        for i, e in enumerate(_pool_entries(f)):
            if "script" in e:
                continue
            assert "abilities" not in e and "effect" not in e and "keywords" not in e, \
                f"{f}: {e['name']}: pool cards are written as printed text only"
            _load(e, f"{f}[{i}]")
            n += 1
    assert n >= 120


def test_the_pool_covers_every_class_and_mechanic() -> None:
    cards = []
    for f in _own_files():
        if f == "tokens.yaml":
            continue
        for i, e in enumerate(_pool_entries(f)):
            cards.append(_load(e, f"{f}[{i}]"))
    classes = {c.chars["class"] for c in cards}
    assert classes >= {"forestcraft", "swordcraft", "runecraft", "dragoncraft", "abysscraft", "havencraft",
                       "neutral"}
    ours = [c for c in cards if "leader" not in c.chars["types"] and not c.chars.get("special")]
    assert len(ours) >= 60
    assert any(c.chars.get("special") == "evolved" for c in cards)
    for t in ("follower", "amulet", "spell", "leader"):
        assert any(t in c.chars["types"] for c in cards), t
    kws = {k for c in cards for k, _ in c.chars["keywords"]}
    # 12 (keywords), 13 (class mechanics), 14 (universe mechanics)
    assert kws >= {"evolve", "quick", "fanfare", "last_words", "on_evolve", "strike", "follower_strike",
                   "leader_strike", "ward", "storm", "rush", "assail", "intimidate", "drain", "bane", "aura",
                   "stack", "on_race", "starting_amulet", "twin_drive", "ride", "on_drive"}
    specs = [a.spec for c in cards for a in c.chars["abilities"]]
    specs += [c.chars["effect"].spec for c in cards if c.chars.get("effect") is not None]
    text = repr(specs)
    for word in ("'combo'", "'spellchain'", "'earth_rite'", "'overflow'", "'necrocharge'", "'sanguine'",
                 "'serve'", "'race'", "'lesson'", "'drive_check'", "'trigger': True", "'add_stack'"):
        assert word in text, word
    assert any(c.chars.get("trigger_icon") for c in cards)
    assert {"Carrot", "Drive Point"} <= {c.chars["name"] for c in cards}


@pytest.mark.rules("sve", "9.1.2.3")
def test_every_appendix_a_token_is_defined() -> None:
    names = {e["name"] for e in _pool_entries("tokens.yaml") if e.get("token")}
    assert set(TOKEN_NAMES) <= names, sorted(set(TOKEN_NAMES) - names)
    # every token lives in tokens.yaml: no other pool file defines one
    for f in sorted(x.name for x in POOL.glob("*.yaml") if x.name != "tokens.yaml"):
        assert not [e["name"] for e in _pool_entries(f) if e.get("token")], f
    for i, e in enumerate(_pool_entries("tokens.yaml")):
        c = _load(e, f"tokens.yaml[{i}]")
        assert c.token
        assert "script" in e or compile_entry(e) is not e or not e["text"]


def test_shipped_decks_are_legal() -> None:
    from tcgjudge.games.sve.deck import check_deck, load_deck

    own = ["grove-combo", "blade-vanguard", "rune-sigils", "wyrm-overflow", "night-court", "dawn-sanctum"]
    from tcgjudge.games.sve import rules

    for name in own:
        assert (DECKS / f"{name}.yaml").exists()
        d = load_deck(name, rules().cards)
        assert check_deck(d) == [], name
        assert 40 <= len(d.main) <= 50 and len(d.evolve) <= 10


def test_the_shipped_pool_has_the_compiled_abilities() -> None:
    """The engine's card loader compiles text-only cards (SPEC.md); checked once it does."""
    from tcgjudge.games.sve.cards import shipped_pool

    cards, tokens = shipped_pool()
    probe = cards.get("Mossback Hunter")
    if probe is None or not probe.chars["abilities"]:
        pytest.skip("the SVE card builder (cards.py) does not compile printed text yet")
    for f in _own_files():
        for i, e in enumerate(_pool_entries(f)):
            want = _load(e, f"{f}[{i}]")
            got = (tokens if e.get("token") else cards)[want.key]
            assert got.chars["keywords"] == want.chars["keywords"], want.key
            assert len(got.chars["abilities"]) == len(want.chars["abilities"]), want.key


# ---------------------------------------------------------------------- in the engine
def _run(cards: list[dict], setup: dict, do: list, expect: dict) -> None:
    from tcgjudge.interfaces.scenario import Runner

    data = {"game": "sve", "name": "compiled text", "rules": [], "cards": [compile_entry(c) for c in cards],
            "setup": setup, "do": do, "expect": expect}
    Runner(data, Path("test_sve_compiler.py")).run()


WALL = {"name": "Wall", "type": "follower", "cost": 2, "atk": 1, "def": 6, "text": ""}
ZAP = {"name": "Zap", "type": "spell", "cost": 0, "text": "Draw a card."}


@pytest.mark.rules("sve", "13.2.1.2", "12.4.3")
@pytest.mark.parametrize("first,damage", [(True, 4), (False, 2)])
def test_compiled_combo_instead_in_a_game(first: bool, damage: int) -> None:
    hunter = {"name": "Hunter", "type": "follower", "class": "forestcraft", "cost": 3, "atk": 3, "def": 2,
              "text": "{FANFARE} Select an enemy follower on the field and deal it 2 damage. Combo (2): Deal 4 "
                      "damage instead."}
    do = ([{"p1": "play Zap"}] if first else []) + [{"p1": "play h"}, {"p1": "choose w"}]
    _run([hunter, WALL, ZAP],
         {"turn": 3, "active": "p1", "at": "main",
          "p1": {"hand": [{"card": "Hunter", "id": "h"}, "Zap"], "pp": 5, "max_pp": 5, "deck": 5},
          "p2": {"field": [{"card": "Wall", "id": "w"}], "deck": 5}},
         do, {"w": {"zone": "p2.field", "damage": damage}})


@pytest.mark.rules("sve", "5.4.2", "4.4.4.2", "4.8.3.2")
def test_compiled_tokens_overflow_into_the_ex_area() -> None:
    caster = {"name": "Caller", "type": "follower", "cost": 1, "atk": 1, "def": 1,
              "text": "{FANFARE} Summon 3 Fairy tokens. If your field becomes full from this effect, put any "
                      "remaining tokens into your EX area."}
    _run([caster, WALL],
         {"turn": 3, "active": "p1", "at": "main",
          "p1": {"hand": [{"card": "Caller", "id": "c"}], "field": ["Wall", "Wall", "Wall"], "pp": 5, "max_pp": 5,
                 "deck": 5},
          "p2": {"deck": 5}},
         [{"p1": "play c"}], {"p1.field": 5, "p1.ex_area": 2})


@pytest.mark.rules("sve", "13.4.1.2")
@pytest.mark.parametrize("max_pp,leader_def", [(7, 18), (6, 20)])
def test_compiled_overflow_condition_in_a_game(max_pp: int, leader_def: int) -> None:
    breath = {"name": "Breath", "type": "spell", "class": "dragoncraft", "cost": 1,
              "text": "If Overflow is active for you, deal 2 damage to each enemy leader."}
    _run([breath], {"turn": 5, "active": "p1", "at": "main",
                    "p1": {"hand": [{"card": "Breath", "id": "b"}], "pp": 5, "max_pp": max_pp, "deck": 5},
                    "p2": {"deck": 5}},
         [{"p1": "play b"}], {"p2.leader_def": leader_def})


# ------------------------------------------------------------------------- real card data
def test_the_report_command_wants_the_card_file_first(capsys: pytest.CaptureFixture) -> None:
    assert main([]) == 2
    assert main(["--failures"]) == 2  # an option is not read as the card file
    assert "usage: python -m tcgjudge.games.sve.text_report CARDS.xml [--failures]" in capsys.readouterr().out


@pytest.mark.skipif(not REAL_CARDS.exists(), reason=f"the community SVE card list is not at {REAL_CARDS} "
                                                     "(set TCGJUDGE_SVE_XML to its path)")
def test_real_cards_compile() -> None:
    rep = compile_report(REAL_CARDS)
    assert rep.total >= 380
    assert rep.fraction >= MIN_REAL_FRACTION, rep.summary()
    # every failure names the text it could not read
    assert all(s for _, s in rep.failures)


@pytest.mark.rules("sve", "9.1.2.3")
@pytest.mark.skipif(not RULES_TEXT.exists(), reason=f"the SVE comprehensive rules are not at {RULES_TEXT} "
                                                     "(set TCGJUDGE_SVE_RULES to their path)")
def test_the_rules_token_table_compiles_like_tokens_yaml() -> None:
    """Appendix A prints each token's text on one line; read from the rules text, it compiles to
    the same abilities as the token's entry in tokens.yaml (all but Magitrain's cost, a script)."""
    def plain(v):
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items() if k != "text"}
        if isinstance(v, list):
            return [plain(x) for x in v]
        return v

    table = RULES_TEXT.read_text(encoding="utf-8").split("Appendix A: Token List")[-1].split("Appendix B")[0]
    ours = {e["name"]: e for e in _pool_entries("tokens.yaml") if e.get("token")}
    kind, seen, failed = None, 0, []
    for line in table.splitlines():
        for k in ("follower", "amulet", "spell"):
            if f"{k.capitalize()} Tokens" in line:
                kind = k
        cols = line.split("\t")
        if kind is None or len(cols) < 5 or cols[0] == "Card Name":
            continue
        name = cols[0].strip()
        text = cols[4].strip() if kind == "spell" else (cols[6].strip() if len(cols) > 6 else "")
        entry = ours.get(name) or ours.get(name + "i")  # "Celestial Shikigam" is printed without its i
        assert entry is not None, name
        seen += 1
        try:
            got = compile_text(text, card_type=kind)
        except Uncompilable:
            failed.append(name)
            continue
        if "script" not in entry and entry["text"]:
            assert plain(got) == plain(compile_text(entry["text"], card_type=kind)), name
    assert seen == len(TOKEN_NAMES)
    assert failed == ["Magitrain"]
