"""An audit of the SVE engine against the comprehensive rules: the behaviours no other test pinned
down, each written so that it fails if the engine gets the rule wrong."""

from __future__ import annotations

import pytest

from sve_util import PKG, attr, follower, options, scenario, spell, step
from sve_util import setup as main_phase


def setup(p1: dict, p2: dict | None = None, **kw) -> dict:
    return main_phase(p1, p2, deck=8, **kw)  # these tests draw more


def zone(r, sid: str) -> str:
    return r.g.objects[r.current(sid)].zone


def keys(g, p: int, z: str) -> list[str]:
    return [g.objects[x].card.key for x in g.zone(p, z)]


def finish_turn(r) -> None:
    """Answer until the next turn begins (ending the main phase, passing, discarding the first)."""
    g = r.g
    turn = g.turn
    while g.turn == turn and g.result is None:
        d = g.pending
        if d.kind == "main":
            g.decide("end main phase")
        elif "pass" in d.labels:
            g.decide("pass")
        else:
            g.decide(0)


# ---------------------------------------------------------------------------- the turn (7)
@pytest.mark.rules("sve", "5.27.1", "5.27.1.1", "7.4.9")
def test_another_turn_is_taken_directly_before_the_turn_that_would_have_come() -> None:
    cards = [spell("Gift of Time", effect={"do": [{"extra_turn": "enemy"}]}),
             spell("Twice More", effect={"do": [{"extra_turn": "you"}, {"extra_turn": "you"}]})]
    # p1 gives p2 another turn: p2's extra turn, then p2's own turn (it came next), then p1's
    r = scenario(setup({"hand": ["Gift of Time"]}), cards=cards, do=[{"p1": "play Gift of Time"}])
    order = []
    for _ in range(3):
        finish_turn(r)
        order.append((r.g.turn, r.g.active))
    assert order == [(6, 1), (7, 1), (8, 0)]
    # two instructions for p1: two more turns for p1, then p2's
    r = scenario(setup({"hand": ["Twice More"]}), cards=cards, do=[{"p1": "play Twice More"}])
    order = []
    for _ in range(3):
        finish_turn(r)
        order.append((r.g.turn, r.g.active))
    assert order == [(6, 0), (7, 0), (8, 1)]


@pytest.mark.rules("sve", "7.4.7", "5.11.1")
def test_discarding_down_to_the_hand_limit_is_one_discard() -> None:
    cards = [{"name": "Grudge", "type": "amulet", "class": "neutral", "cost": 1, "text": "", "abilities": [
        {"auto": {"on": {"event": "discard", "player": "you"}, "do": [{"leader_def": "n"}]},
         "text": "Whenever you discard cards, give your leader +1 defense for each card discarded."}]}]
    hand = ["Test Goblin", "Test Ogre", "Test Squire", "Test Bolt", "Test Goblin", "Test Ogre", "Test Squire",
            "Test Bolt", "Test Goblin"]
    r = scenario(setup({"hand": hand, "field": ["Grudge"], "leader_def": 10}), cards=cards,
                 do=[{"p1": "end main phase"}, {"p2": "pass"}])
    assert r.g.pending.kind == "discard"
    step(r, "p1", "discard Test Bolt")
    assert r.g.pending.kind == "discard" and len(r.g.zone(0, "hand")) == 9  # chosen, not yet discarded
    step(r, "p1", "discard Test Squire")
    g = r.g
    assert len(g.zone(0, "hand")) == 7 and sorted(keys(g, 0, "cemetery")) == ["Test Bolt", "Test Squire"]
    assert g.players[0]["leader_def"] == 12  # the trigger saw one discard of 2 cards, and resolved
    assert g.active == 1  # then the turn ended


# ------------------------------------------------------------------------- the leader (4.3)
@pytest.mark.rules("sve", "4.3.1", "4.3.3", "10.3.5", "2.8.3", "3.1.2.2")
def test_a_leaders_abilities_work_from_the_leader_area() -> None:
    lead = {"name": "Sage Leader", "type": "leader", "class": "runecraft", "text": "", "abilities": [
        {"activated": {"cost": [{"pp": 1}], "once_per_turn": True, "do": [{"draw": 1}]},
         "text": "(A) (1): Draw a card. Activate only once per turn."},
        {"auto": {"on": "start_of_main", "do": [{"leader_def": 1}]},
         "text": "At the start of your main phase, give your leader +1 defense."}]}
    r = scenario(setup({"leader": "Sage Leader", "leader_def": 10}, at="start"), cards=[lead])
    g = r.g
    assert g.players[0]["leader_def"] == 11 and g.chars(g.zone(0, "leader")[0])["def"] == 11
    step(r, "p1", "activate Sage Leader")
    assert len(g.zone(0, "hand")) == 2 and g.players[0]["pp"] == 5
    assert "activate Sage Leader" not in options(r)  # once per turn


# -------------------------------------------------------------- play points and limits (3.2)
@pytest.mark.rules("sve", "3.2.4", "3.2.4.1", "3.2.4.2", "3.2.5.1", "1.3.2.4.1", "5.14.1.1")
def test_play_point_and_evolution_point_limits() -> None:
    cards = [spell("Surge", effect={"do": [{"add_player": {"key": "max_pp", "n": 4}},
                                           {"recover_pp": 9},
                                           {"add_player": {"key": "ep", "n": -5}}]})]
    r = scenario(setup({"hand": ["Surge"], "pp": 3, "max_pp": 8, "ep": 2}), cards=cards,
                 do=[{"p1": "play Surge"}])
    pl = r.g.players[0]
    assert pl["max_pp"] == 10 and pl["pp"] == 10 and pl["ep"] == 0


# ----------------------------------------------------------- playing cards: division (10.6.2.4)
@pytest.mark.rules("sve", "10.6.2.4.2", "10.6.2.3.2")
def test_up_to_targets_for_a_divided_value_are_at_most_that_value() -> None:
    cards = [spell("Twin Sparks", 1, effect={
        "target": {"as": "t", "n": 3, "up_to": True, "divide": 2,
                   "filter": {"type": "follower", "controller": "enemy"}},
        "do": [{"deal": {"what": "t", "divided": "t"}}]})]
    foes = [{"card": "Test Ogre", "id": i} for i in ("x", "y", "z")]
    r = scenario(setup({"hand": ["Twin Sparks"]}, {"field": foes}), cards=cards,
                 do=[{"p1": "play Twin Sparks"}, {"p1": "choose x"}, {"p1": "choose y"}])
    # two targets take the whole value (1 each): no third target can be selected
    assert r.g.pending.kind == "main"
    assert [attr(r, i, "damage") for i in ("x", "y", "z")] == [1, 1, 0]


# --------------------------------------------------------- automatic abilities (10.7.2.2)
@pytest.mark.rules("sve", "10.7.2.2", "10.7.2.1", "9.1.2.2")
def test_n_per_turn_abilities_met_more_often_than_allowed() -> None:
    wolf = follower("Pack Wolf", 1, 1, 5, abilities=[
        {"auto": {"on": "other_follower_enters", "per_turn": 2, "do": [{"modify": {"what": "subject", "atk": 1}}]},
         "text": "Twice per turn, whenever another follower is put onto your field, give it +1 attack."}])
    cards = [wolf, spell("Three Knights", effect={"do": [{"token": {"card": "Knight", "n": 3}}]})]
    r = scenario(setup({"hand": ["Three Knights", "Three Knights"], "field": ["Pack Wolf"]}), cards=cards,
                 do=[{"p1": "play Three Knights"}])
    g = r.g
    assert g.pending.kind == "order_triggers"  # three met at once: the controller picks two of them
    while g.pending.kind != "main":
        g.decide(0)
    knights = [x for x in g.zone(0, "field") if g.objects[x].card.key == "Knight"]
    assert sorted(g.chars(x)["atk"] for x in knights) == [1, 2, 2]
    step(r, "p1", "play Three Knights")  # no more this turn
    while g.pending.kind != "main":
        g.decide(0)
    knights = [x for x in g.zone(0, "field") if g.objects[x].card.key == "Knight"]
    assert len(knights) == 4 and sorted(g.chars(x)["atk"] for x in knights) == [1, 1, 2, 2]  # field limit 5


@pytest.mark.rules("sve", "9.1.2.2", "5.4.2", "10.9.3.1")
def test_a_created_token_is_the_card_put_onto_the_field() -> None:
    cards = [spell("Muster", effect={"do": [{"token": {"card": "Knight"}}, {"token": {"card": "Puppet"}}]})]
    r = scenario(setup({"hand": ["Muster"], "field": [{"card": "Leonidas's Resolve"}]}), cards=cards,
                 do=[{"p1": "play Muster"}])
    g = r.g
    knight = next(x for x in g.zone(0, "field") if g.objects[x].card.key == "Knight")
    puppet = next(x for x in g.zone(0, "field") if g.objects[x].card.key == "Puppet")
    c = g.chars(knight)
    assert (c["atk"], c["def"]) == (4, 4) and "rush" in [k for k, _ in c["keywords"]]  # a swordcraft follower
    assert (g.chars(puppet)["atk"], g.chars(puppet)["def"]) == (1, 1)  # neutral: not given anything


# ---------------------------------------------------------------- replacement effects (10.10)
@pytest.mark.rules("sve", "10.10.2.3", "10.10.1", "10.10.1.1")
def test_a_replacement_effect_applies_to_an_event_once() -> None:
    homing = follower("Homing Pigeon", 1, 1, 1, abilities=[
        {"replacement": {"replace": {"event": "move", "subject": "self", "from": "field"},
                         "instead": [{"return": "self"}]},
         "text": "If this card would leave the field, return it to your hand instead."}])
    wipe = spell("Wipe", effect={"do": [{"destroy": {"what": {"type": "follower"}}}]})
    r = scenario(setup({"hand": ["Wipe"], "field": [{"card": "Homing Pigeon", "id": "h"}]}), cards=[homing, wipe],
                 do=[{"p1": "play Wipe"}])
    # its own "instead" (a return: also leaving the field) is not replaced by it again
    assert r.g.result is None and zone(r, "h") == "hand"


@pytest.mark.rules("sve", "10.10.2", "10.10.2.3", "10.2.1.3.1")
def test_two_replacement_effects_on_one_move() -> None:
    phantom = follower("Phantom", 1, 1, 1, abilities=[
        {"replacement": {"replace": {"event": "move", "subject": "self", "to": "cemetery", "cause": "destroy"},
                         "instead": [{"banish": "self"}]},
         "text": "If this card would be destroyed, banish it instead."}])
    ward = {"name": "Warden", "type": "amulet", "class": "neutral", "cost": 1, "text": "", "abilities": [
        {"replacement": {"replace": {"event": "move", "subject": {"type": "follower", "controller": "you"},
                                     "from": "field", "to": ["cemetery", "banished"]},
                         "instead": [{"return": "subject"}]},
         "text": "If a follower of yours would be put into the cemetery or banished from the field, return it "
                 "to your hand instead."}]}
    wipe = spell("Wipe", effect={"do": [{"destroy": {"what": {"type": "follower"}}}]})
    s = setup({"hand": ["Wipe"], "field": [{"card": "Phantom", "id": "p"}, "Warden"]})
    r = scenario(s, cards=[phantom, ward, wipe], do=[{"p1": "play Wipe"}])
    g = r.g
    assert g.pending.kind == "replacement"  # the affected player orders them (10.10.2)
    first = sorted(x for x in options(r) if x.startswith("apply If this card would be destroyed"))[0]
    step(r, "p1", first)  # banish instead... and that banishing is replaced by the Warden: the hand
    assert zone(r, "p") == "hand"
    r = scenario(s, cards=[phantom, ward, wipe], do=[{"p1": "play Wipe"}])
    other = sorted(x for x in options(r) if x.startswith("apply If a follower of yours"))[0]
    step(r, "p1", other)  # returned instead: the Phantom's own effect no longer matches
    assert zone(r, "p") == "hand" and not r.g.zone(0, "banished")


# ------------------------------------------------------------------ key notations (5)
@pytest.mark.rules("sve", "5.16.1", "13.3.2.2")
def test_transforming_a_stack_amulet_removes_a_counter_instead() -> None:
    cards = [{"name": "Sigil", "type": "amulet", "class": "runecraft", "cost": 1, "text": "", "keywords": ["stack"]},
             spell("Fairy Curse", effect={"target": {"as": "t", "n": 2, "filter": {"type": "amulet"}},
                                          "do": [{"transform": {"what": "t", "into": "Fairy"}}]})]
    r = scenario(setup({"hand": ["Fairy Curse"], "field": [{"card": "Sigil", "id": "s", "counters": {"stack": 2}},
                                                           {"card": "Sigil", "id": "u", "counters": {"stack": 1}}]}),
                 cards=cards, do=[{"p1": "play Fairy Curse targeting s,u"}])
    g = r.g
    # each loses a Stack counter instead of leaving the field, so neither was banished and no Fairy is
    # made; u, left with none, then goes to the cemetery in rules handling (11.7.1)
    assert zone(r, "s") == "field" and attr(r, "s", "counters") == {"stack": 1}
    assert zone(r, "u") == "cemetery"
    assert "Fairy" not in keys(g, 0, "field") and not g.zone(0, "banished")
    # a card that is banished becomes a token in the zone it was in
    r = scenario(setup({"hand": ["Fairy Curse"]}, {"field": [{"card": "Test Ogre", "id": "o"}]}),
                 cards=[spell("Fairy Curse", effect={"target": {"as": "t", "filter": {"type": "follower"}},
                                                     "do": [{"transform": {"what": "t", "into": "Fairy"}}]})],
                 do=[{"p1": "play Fairy Curse targeting o"}])
    assert zone(r, "o") == "banished" and keys(r.g, 1, "field") == ["Fairy"]


# ---------------------------------------------------------- perpetual cycles (15.2.1.3)
@pytest.mark.rules("sve", "15.2.1.3")
def test_a_cycle_nobody_can_stop_is_a_draw_under_the_sve_rule() -> None:
    looper = follower("Looper", 1, 1, 3, abilities=[
        {"auto": {"on": {"state": {"true": True}}, "do": [{"leader_def": 0}]}, "text": "forever"}])
    r = scenario(setup({"field": ["Looper"]}), cards=[looper])
    assert r.g.result == "draw" and "15.2.1.3" in r.g.log[-1]


# -------------------------------------------------------------------- formats (Appendix B)
@pytest.mark.rules("sve", "B-2:6.1.1.5.2")
def test_a_cross_craft_main_deck_holds_a_card_of_each_leaders_class() -> None:
    from tcgjudge.games.sve.deck import Deck, check_deck

    b = PKG.rules().builder
    leaders = [b.card({"name": f"{c} L", "type": "leader", "class": c, "text": ""}, "t")
               for c in ("forestcraft", "swordcraft")]
    forest = [b.card(follower(f"F{i}", cls="forestcraft"), "t") for i in range(14) for _ in range(3)]
    sword = b.card(follower("S0", cls="swordcraft"), "t")
    ok = Deck("cc", leaders, forest[:39] + [sword], [], format="cross_craft")
    assert check_deck(ok) == []
    bad = Deck("cc", leaders, forest[:40], [], format="cross_craft")
    assert check_deck(bad) == ["B-2 6.1.1.5.2: the main deck needs at least one swordcraft card (a card of each "
                               "leader's class)"]


# ------------------------------------------------------------------ tokens (Appendix A)
def _token_names() -> list[str]:
    from tcgjudge.games.sve.compiler import TOKEN_NAMES

    return sorted(TOKEN_NAMES)


@pytest.mark.rules("sve", "9.1.2.3", "9.1.4.1", "9.1.4.2", "9.1.4.3", "10.6.2.8.1", "8.2.1")
@pytest.mark.parametrize("name", _token_names())
def test_every_appendix_a_token_is_shipped_and_playable(name: str) -> None:
    tokens = PKG.rules().tokens
    key = name if name in tokens else name + "i"  # the rules print "Celestial Shikigam"
    assert key in tokens and tokens[key].token
    spell_token = "spell" in tokens[key].chars["types"]
    # a board where every token has what it needs: Twilight Blade's two named followers to engage,
    # Eternal Potion's runecraft follower in the cemetery, engaged enemies to select
    own = [follower("Lecia, Sky Saber"), follower("Nano, the Dawnblade"), follower("Rune Pupil", 2, cls="runecraft")]
    r = scenario(setup({"ex_area": [{"card": key, "id": "t"}], "pp": 10, "max_pp": 10,
                        "field": ["Lecia, Sky Saber", "Nano, the Dawnblade"], "cemetery": ["Rune Pupil"]},
                       {"field": [{"card": "Test Ogre", "state": "engaged"}, {"card": "Test Goblin", "state": "engaged"}]}),
                 cards=own)
    g = r.g
    play = [lab for lab in options(r) if lab.startswith("play ")]
    assert play == [f"play {key}"] or play == ["play t"] or set(play) == {f"play {key}", "play t"}
    step(r, "p1", f"play {key}")
    for _ in range(20):
        if g.pending.kind == "main":
            break
        g.decide(0)
    where = [g.objects[x].zone for x in g.objects if g.objects[x].card.key == key]
    if spell_token:
        assert where == []  # resolved, then eliminated on reaching the cemetery (9.1.4.2-9.1.4.3)
    else:
        assert where == ["field"]
    assert g.players[0]["pp"] == 10 - tokens[key].chars["cost"]
