"""SVE: perpetual cycles declared by the players (15.2.1.1), alternate costs of every card type
(10.6.2.5.1.2), searches that find cards by number only (5.7.1.1-5.7.1.2), deck-building abilities
(6.1.2) and replacement effects on moves made as costs (10.6.2.5.2)."""

from __future__ import annotations

import pytest

from sve_util import PKG, attr, follower, options, scenario, setup, spell, step
from tcgjudge.games.sve.cycles import perpetual_cycle
from tcgjudge.kernel.decisions import IllegalAction
from tcgjudge.kernel.view import view

# ------------------------------------------------------------------ 15.2.1.1 perpetual cycles
#: an amulet whose free activated ability can be played forever; each time, the opponent may
#: let its controller's leader gain 1 defense (so the cycle holds a question of the non-active player)
ENGINE = {"name": "Engine", "type": "amulet", "class": "neutral", "cost": 1, "text": "",
          "abilities": [{"activated": {"do": [{"counter": {"what": "self", "name": "gear", "n": 1}},
                                              {"may": {"player": "enemy", "do": [{"leader_def": 1}]}}]},
                         "text": "Put a gear counter on this card. The opponent may give your leader +1 defense."}]}
CYCLE = ["activate e", "no"]


def cycle_game():
    return scenario(setup({"field": [{"card": "Engine", "id": "e"}], "leader_def": 10}), cards=[ENGINE])


def zone(r, sid: str) -> str:
    return r.g.objects[r.current(sid)].zone


def gears(r) -> int:
    return r.g.objects[r.current("e")].counter("gear")


@pytest.mark.rules("sve", "15.2.1", "15.2.1.1")
def test_the_active_player_declares_a_cycle_and_the_non_active_player_allows_it() -> None:
    r = cycle_game()
    assert perpetual_cycle(r.g, 0, CYCLE, 30) == 30
    assert gears(r) == 30 and r.g.players[0]["leader_def"] == 10
    assert r.g.pending.player == 0 and r.g.pending.kind == "main"  # back where the cycle began
    # the settled cycle cannot be declared again before another action
    before = r.g.fingerprint()
    with pytest.raises(IllegalAction, match="15.2.1.1"):
        perpetual_cycle(r.g, 0, CYCLE, 5)
    assert r.g.fingerprint() == before
    step(r, "p1", "activate e")
    step(r, "p2", "no")
    assert perpetual_cycle(r.g, 0, CYCLE, 2) == 2 and gears(r) == 33


@pytest.mark.rules("sve", "15.2.1.1")
def test_the_non_active_player_has_it_performed_fewer_times() -> None:
    r = cycle_game()
    assert perpetual_cycle(r.g, 0, CYCLE, 40, cut=7) == 7  # the smaller number
    assert gears(r) == 7
    # ... by taking their own action at a point of the cycle: after 4 full cycles, at the
    # opponent's question of the 5th, they answer "yes" (not in the sequence)
    r = cycle_game()
    assert perpetual_cycle(r.g, 0, CYCLE, 40, cut={"times": 4, "at": 1, "action": "yes"}) == 4
    assert gears(r) == 5 and r.g.players[0]["leader_def"] == 11
    assert r.g.pending.player == 0 and r.g.pending.kind == "main"


@pytest.mark.rules("sve", "15.2.1.1")
def test_illegal_cycle_declarations_change_nothing() -> None:
    r = cycle_game()
    before = r.g.fingerprint()
    bad = [
        (1, CYCLE, 5, None, "active player"),  # only the active player declares
        (0, CYCLE, 5, 9, "fewer times"),  # the non-active player cannot raise the number
        (0, CYCLE, -1, None, "0 or more"),
        (0, ["activate e"], 3, None, "not a loop"),  # ends at the opponent's question
        (0, ["attack e -> p2"], 3, None, "cannot be performed"),
        (0, CYCLE, 5, {"times": 2, "at": 0, "action": "end main phase"}, "non-active player"),
        (0, CYCLE, 5, {"times": 2, "at": 1, "action": "no"}, "not included"),
        (0, CYCLE, 5, {"times": 2, "at": 1}, "both"),
    ]
    for player, seq, n, cut, msg in bad:
        with pytest.raises(IllegalAction, match=msg):
            perpetual_cycle(r.g, player, seq, n, cut)
        assert r.g.fingerprint() == before, (seq, n, cut)
    assert gears(r) == 0


@pytest.mark.rules("sve", "15.2.1.1")
def test_a_cycle_is_recorded_as_its_answers() -> None:
    """The cycle's answers are the game's answers: replaying them makes the same game."""
    r = cycle_game()
    start = len(r.g.history)
    perpetual_cycle(r.g, 0, CYCLE, 6, cut={"times": 3, "at": 1, "action": "yes"})
    answers = r.g.history[start:]
    assert len(answers) == 3 * 2 + 2
    again = cycle_game()
    for idx in answers:
        again.g.decide(idx)
    assert gears(again) == gears(r) == 4
    assert again.g.players == r.g.players and again.g.history == r.g.history


# --------------------------------------------------------- 10.6.2.5.1.2 alternate costs
@pytest.mark.rules("sve", "10.6.2.5.1", "10.6.2.5.1.2")
def test_a_follower_with_an_alternate_cost() -> None:
    cards = [follower("Tribute Knight", 6, 6, 6, script={"alt_cost": [{"bury": {"n": 2, "filter": {
        "type": "follower"}}}]})]
    s = {"hand": ["Tribute Knight"], "pp": 1, "field": [{"card": "Test Goblin", "id": "a"},
                                                        {"card": "Test Squire", "id": "b"}]}
    r = scenario(setup(s), cards=cards)
    assert "play Tribute Knight" in options(r)  # it cannot pay 6, but it can pay the alternate cost
    step(r, "p1", "play Tribute Knight")
    step(r, "p1", "bury a")
    step(r, "p1", "bury b")
    g = r.g
    assert [g.objects[x].card.key for x in g.zone(0, "field")] == ["Tribute Knight"]
    assert g.players[0]["pp"] == 1
    assert zone(r, "a") == "cemetery" and zone(r, "b") == "cemetery"
    # with both payable the player chooses; paying the cost leaves the followers be
    r = scenario(setup({**s, "pp": 6, "max_pp": 6}), cards=cards, do=[{"p1": "play Tribute Knight"}])
    assert options(r) == {"pay the cost", "pay the alternate cost"}
    step(r, "p1", "pay the cost")
    assert r.g.players[0]["pp"] == 0 and len(r.g.zone(0, "field")) == 3
    # neither payable: it cannot be played
    r = scenario(setup({**s, "field": [{"card": "Test Goblin", "id": "a"}]}), cards=cards)
    assert "play Tribute Knight" not in options(r)


@pytest.mark.rules("sve", "10.6.2.5.1.2", "10.4.5")
def test_an_amulet_with_an_alternate_cost() -> None:
    cards = [{"name": "Blood Shrine", "type": "amulet", "class": "neutral", "cost": 4, "text": "",
              "script": {"alt_cost": [{"do": [{"leader_def": -3}]}], "abilities": [
                  {"auto": {"on": "fanfare", "do": [{"draw": 1}]}, "keyword": "fanfare", "text": "Fanfare: draw."}]}}]
    r = scenario(setup({"hand": ["Blood Shrine"], "pp": 0, "leader_def": 10}), cards=cards,
                 do=[{"p1": "play Blood Shrine"}])
    g = r.g
    assert g.players[0]["leader_def"] == 7 and g.players[0]["pp"] == 0
    assert [g.objects[x].card.key for x in g.zone(0, "field")] == ["Blood Shrine"]
    assert len(g.zone(0, "hand")) == 1  # its Fanfare
    # 10.4.5: a leader with 2 defense cannot pay "-3 defense"
    r = scenario(setup({"hand": ["Blood Shrine"], "pp": 0, "leader_def": 2}), cards=cards)
    assert "play Blood Shrine" not in options(r)


@pytest.mark.rules("sve", "10.6.2.5.1.2")
def test_a_bad_alternate_cost_is_a_precise_error() -> None:
    from tcgjudge.cards.language import CardError

    b = PKG.rules().builder
    with pytest.raises(CardError, match="alt_cost.*unknown cost 'juggle'"):
        b.card(follower("Bad", 1, 1, 1, script={"alt_cost": [{"juggle": 1}]}), "t")
    with pytest.raises(CardError, match="leader"):
        b.card({"name": "L", "type": "leader", "class": "neutral", "script": {"alt_cost": [{"pp": 1}]}, "text": ""},
               "t")


# ------------------------------------------------------------------- 5.7.1 searching
def _search_game(text: str, deck: list):
    cards = [spell("Dig", text=text)]
    return scenario(setup({"hand": ["Dig"], "deck": deck}), cards=cards, do=[{"p1": "play Dig"}])


@pytest.mark.rules("sve", "5.7.1", "5.7.1.1", "4.7.1", "4.1.2")
def test_a_search_by_number_only_reveals_nothing() -> None:
    r = _search_game("Search your deck for a card and add it to your hand.", ["Test Ogre", "Test Goblin"])
    assert "done" not in options(r)  # 5.7.1.1: it must find one
    step(r, "p1", "choose Test Ogre")
    g = r.g
    hand = view(g, 1)["players"][0]["zones"]["hand"]
    assert hand == {"count": 1}  # the opponent sees a card, not which (no "known")
    assert not any("Test Ogre" in line for line in view(g, 1)["log"])
    assert any("Test Ogre" in str(o) for o in view(g, 0)["players"][0]["zones"]["hand"])  # its owner does


@pytest.mark.rules("sve", "5.7.1.2", "5.20.1")
def test_a_search_with_a_condition_reveals_the_found_card() -> None:
    r = _search_game("Search your deck for a follower and add it to your hand.", ["Test Ogre", "Test Bolt"])
    assert options(r) == {"choose Test Ogre", "done"}  # 4.1.2.2: it may also find nothing
    step(r, "p1", "choose Test Ogre")
    log = view(r.g, 1)["log"]
    assert any("reveals Test Ogre" in line for line in log)


# ------------------------------------------------------------ 6.1.2 deck-building abilities
def _deck(main: dict, leader: str = "Forest Leader", **kw):
    from tcgjudge.games.sve.deck import parse_deck

    pool = dict(PKG.rules().cards)
    for c in kw.pop("extra", ()):
        pool[c.key] = c
    return parse_deck({"name": "t", "leader": leader, "main": main, **kw}, pool, "t.yaml")


@pytest.mark.rules("sve", "6.1.2", "6.1.1.4")
def test_deck_building_abilities_from_printed_text() -> None:
    from tcgjudge.games.sve.deck import check_deck

    b = PKG.rules().builder
    swarm = b.card(follower("Swarmling", 1, 1, 1, text="Your deck may contain any number of copies of this card."),
                   "t")
    pair = b.card(follower("Twin Pact", 1, 1, 1, text="Your deck may contain up to 5 copies of this card."), "t")
    assert swarm.chars["copies"] == "any" and pair.chars["copies"] == 5
    for text, copies in [("You can put up to 50 of this card into your deck.", 50),
                          ("You may put any number of this card into your deck.", "any")]:  # a later wording
        assert b.card(follower("Other", 1, 1, 1, text=text), "t").chars["copies"] == copies
    assert not swarm.chars["abilities"]  # 6.1.2: nothing of it acts in the game
    ok = _deck({"Swarmling": 30, "Twin Pact": 5, "Test Goblin": 3, "Test Ogre": 2}, extra=[swarm, pair])
    assert check_deck(ok) == []
    bad = _deck({"Swarmling": 30, "Twin Pact": 6, "Test Goblin": 3, "Test Ogre": 1}, extra=[swarm, pair])
    assert check_deck(bad) == ["6.1.1.4: at most 5 copies of Twin Pact in the main deck (its deck-building "
                               "ability, 6.1.2); it has 6"]


# ------------------------------------------------- 10.6.2.5.2 replacement effects on costs
SHADE = follower("Shade", 1, 1, 1, text="", abilities=[
    {"replacement": {"replace": {"event": "move", "subject": "self", "from": "field", "to": "cemetery"},
                     "instead": [{"banish": "self"}]},
     "text": "If this card would be put into the cemetery from the field, banish it instead."},
    {"activated": {"cost": [{"bury": "self"}], "do": [{"draw": 1}]}, "text": "Bury this card: draw a card."}])


@pytest.mark.rules("sve", "10.6.2.5.2", "10.10.1", "5.33.1")
def test_a_replacement_ability_applies_to_a_cost_and_the_cost_is_paid() -> None:
    r = scenario(setup({"field": [{"card": "Shade", "id": "s"}]}), cards=[SHADE], do=[{"p1": "activate s"}])
    g = r.g
    assert zone(r, "s") == "banished"  # not the cemetery
    assert len(g.zone(0, "hand")) == 1  # the ability resolved: the replaced cost counts as paid


@pytest.mark.rules("sve", "10.6.2.5.2", "10.10.1")
def test_an_optional_replacement_on_a_cost_asks_its_controller() -> None:
    keeper = {"name": "Keeper", "type": "amulet", "class": "neutral", "cost": 1, "text": "", "abilities": [
        {"replacement": {"replace": {"event": "move", "subject": {"type": "follower", "controller": "you"},
                                     "from": "field", "to": "cemetery"},
                         "instead": [{"return": "subject"}], "optional": True},
         "text": "If a follower of yours would go to the cemetery from the field, you may return it to your hand "
                 "instead."}]}
    tribute = spell("Tribute", cost=0, effect={"cost": [{"bury": {"n": 1, "filter": {"type": "follower"}}}],
                                               "do": [{"draw": 2}]})
    r = scenario(setup({"hand": ["Tribute"], "field": [{"card": "Test Goblin", "id": "g"}, "Keeper"]}),
                 cards=[keeper, tribute], do=[{"p1": "play Tribute"}, {"p1": "bury g"}])
    assert r.g.pending.kind == "replacement"
    step(r, "p1", sorted(x for x in options(r) if x.startswith("apply"))[0])
    g = r.g
    assert zone(r, "g") == "hand"
    assert len(g.zone(0, "hand")) == 3  # Test Goblin and the 2 cards Tribute drew
    r = scenario(setup({"hand": ["Tribute"], "field": [{"card": "Test Goblin", "id": "g"}, "Keeper"]}),
                 cards=[keeper, tribute], do=[{"p1": "play Tribute"}, {"p1": "bury g"}, {"p1": "pass"}])
    assert zone(r, "g") == "cemetery" and len(r.g.zone(0, "hand")) == 2


@pytest.mark.rules("sve", "10.6.2.5.2", "13.3.2.2")
def test_returning_a_stack_card_as_a_cost_removes_a_counter_instead() -> None:
    sigil = {"name": "Sigil", "type": "amulet", "class": "runecraft", "cost": 1, "text": "",
             "keywords": ["stack"], "abilities": [
                 {"activated": {"cost": [{"return": "self"}], "do": [{"draw": 1}]},
                  "text": "Return this card to your hand: draw a card."}]}
    r = scenario(setup({"field": [{"card": "Sigil", "id": "s", "counters": {"stack": 2}}]}), cards=[sigil],
                 do=[{"p1": "activate s: Return this card to your hand: d"}])
    assert zone(r, "s") == "field" and attr(r, "s", "counters") == {"stack": 1}
    assert len(r.g.zone(0, "hand")) == 1
