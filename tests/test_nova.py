"""NOVA: game start and redraw (007), deck construction (006, 007.1), concession (003.2.3),
what each player may see (301.7), the pool and decks (each card has its Japanese name and text)."""

from __future__ import annotations

import pytest

from tcgjudge.games import registry
from tcgjudge.kernel.view import view

PKG = registry.get("nova")


def _deck(name: str = "crimson-rush"):
    return PKG.load_deck(name)


@pytest.mark.rules("nova", "002.1", "007.2", "007.3", "007.4", "007.5", "007.5.1", "007.6", "007.6.1", "007.6.1.1", "007.7",
                   "303.4", "303.4.1", "905.2")
def test_game_start_asks_who_goes_first_then_redraws_in_order() -> None:
    g = PKG.new_game([_deck(), _deck("tidal-dawn")], 5)
    d = g.pending
    assert d.kind == "first" and sorted(d.labels) == ["go first", "go second"]
    chooser = d.player
    g.decide("go first")
    assert g.gvars["first"] == chooser
    assert len(g.players) == 2
    for p in (0, 1):
        assert g.players[p]["life"] == 2000
        assert len(g.zone(p, "hand")) == 7
    # the first player decides first (007.6.1.2)
    assert g.pending.kind == "redraw" and g.pending.player == chooser
    assert sorted(g.pending.labels) == ["keep hand", "redraw"]
    before = sorted(g.objects[x].card.key for x in g.zone(chooser, "hand") + g.zone(chooser, "deck"))
    g.decide("redraw")
    after = sorted(g.objects[x].card.key for x in g.zone(chooser, "hand") + g.zone(chooser, "deck"))
    assert before == after and len(g.zone(chooser, "hand")) == 7
    assert g.pending.kind == "redraw" and g.pending.player == 1 - chooser


@pytest.mark.rules("nova", "007.6.1.2", "402.4.1")
def test_first_player_redraws_alone_second_player_starts() -> None:
    g = PKG.new_game([_deck(), _deck()], 1, first=0)
    g.decide("redraw")  # p1, the first player
    g.decide("keep hand")  # p2
    assert g.turn == 1 and g.active == 1
    while g.phase != "main1":
        g.decide("pass")
    assert len(g.zone(1, "hand")) == 7  # the first turn has no draw phase
    assert not any("p2 draws" in str(line) for line in g.log)


@pytest.mark.rules("nova", "007.6.1.2")
def test_both_redraw_first_player_starts() -> None:
    g = PKG.new_game([_deck(), _deck()], 1, first=0)
    g.decide("redraw")
    g.decide("redraw")
    assert g.turn == 1 and g.active == 0


@pytest.mark.rules("nova", "006.1", "006.1.1", "006.1.2", "006.1.3", "006.1.4", "007.1")
def test_deck_construction() -> None:
    pool = PKG.pool()
    for name in PKG.shipped_decks():
        assert PKG.check_deck(PKG.load_deck(name)) == []
    from tcgjudge.games.nova.deck import parse_deck

    bad = parse_deck({"name": "bad", "main": {"Fireball": 5, "Ember Pup": 30},
                      "character": {"Akane, Flame Captain": 4, "Homura, Blazing General": 3,
                                    "Kagura, Phoenix Queen": 3, "Mio, Tide Strategist": 1},
                      "side": {"Insight": 16}}, pool, "test")
    errs = " ".join(PKG.check_deck(bad))
    assert "006.1.1" in errs  # 35 cards
    assert "006.1.2" in errs and "Ember Pup" in errs  # more than 4 of a name
    assert "006.1.3" in errs  # 11 characters
    assert "006.1.4" in errs and "Akane" in errs
    assert "007.1" in errs  # 16 side cards
    wrong = parse_deck({"main": {"Fireball": 4}, "character": {"Fireball": 1}}, pool, "test")
    errs = " ".join(PKG.check_deck(wrong))
    assert "is not a character" in errs
    mixed = parse_deck({"main": {"Akane, Flame Captain": 1}}, pool, "test")
    assert "belongs in the character deck" in " ".join(PKG.check_deck(mixed))


@pytest.mark.rules("nova", "003.2.3", "003.2.3.1", "311.6.7", "912.4.5")
def test_concession_ends_the_game_at_once() -> None:
    g = PKG.new_game([_deck(), _deck()], 2, first=0)
    PKG.concede(g, 0)
    assert g.result == 1


@pytest.mark.rules("nova", "301.2", "301.3", "301.4", "301.5", "301.6", "301.7", "301.7.1", "301.7.2", "301.8",
                   "304.2", "308.3", "308.4", "303.3", "302.5", "302.5.3", "305.3", "309.2", "306.3", "307.3", "310.3")
def test_views_show_only_what_a_player_may_know() -> None:
    g = PKG.new_game([_deck(), _deck("night-court")], 3, first=0)
    g.decide("keep hand")
    g.decide("keep hand")
    assert set(PKG.rules().zone_specs) == {"deck", "character_deck", "hand", "field", "energy", "graveyard",
                                           "removed", "retired", "waiting"}
    assert PKG.rules().zone_specs["waiting"].shared
    for viewer in (0, 1):
        v = view(g, viewer)
        me, foe = v["players"][viewer]["zones"], v["players"][1 - viewer]["zones"]
        assert isinstance(me["hand"], list) and all("card" in c for c in me["hand"])
        assert isinstance(me["character_deck"], list) and all("card" in c for c in me["character_deck"])
        assert foe["hand"] == {"count": 7} and foe["character_deck"]["count"] > 0
        assert "count" in me["deck"] and "count" in foe["deck"]  # 303.2, 303.3: nobody sees the deck
        for z in ("field", "energy", "graveyard", "removed", "retired"):
            assert isinstance(me[z], list) and isinstance(foe[z], list)


@pytest.mark.rules("nova", "103.5.1")
def test_pool_cards_carry_japanese_name_and_text() -> None:
    pool = PKG.pool()
    assert len(pool) >= 80
    kinds = {c.chars["types"][0] for c in pool.values()}
    assert kinds == {"servant", "spell", "magic_item", "character"}
    colors = {next(iter(c.chars["colors"]), "colorless") for c in pool.values()}
    assert colors == {"red", "blue", "green", "white", "black", "colorless"}
    assert {c.chars["level"] for c in pool.values() if c.chars.get("level")} == {1, 2, 3, 4}
    for c in pool.values():
        assert c.chars.get("name_ja"), c.key
        if "character" in c.chars["types"]:
            assert c.chars["has_cost"] is False  # 103.5.1: a character has no total cost
        assert c.chars.get("text_en") is not None, c.key
        if c.chars["abilities"] or c.chars.get("effect") is not None:
            assert c.text, c.key
    kws = {}
    for c in pool.values():
        for k, _ in c.chars["keywords"]:
            kws[k] = kws.get(k, 0) + 1
    for k in ("swiftcast", "gale", "pierce", "equip"):
        assert kws.get(k, 0) >= 2, k


def test_inline_card_with_unread_text_is_refused() -> None:
    from tcgjudge.cards.language import CardError

    b = PKG.card_builder()
    with pytest.raises(CardError, match="text"):
        b.card({"name": "Mystery", "type": "spell", "color": "red", "cost": 1, "text": "相手に100ダメージを与える。"},
               "test")
    with pytest.raises(CardError, match="cost"):
        b.card({"name": "Bad", "type": "spell", "color": "red", "cost": {"purple": 1}}, "test")


@pytest.mark.rules("nova", "007.1")
def test_best_of_three_match_with_side_swaps() -> None:
    from tcgjudge.agents import act, make_agent
    from tcgjudge.games.nova.match import Match, apply_swap, swap_options
    from tcgjudge.kernel.decisions import IllegalAction

    decks = [_deck(), _deck("tidal-dawn")]
    sizes = [len(d.main) for d in decks]
    m = PKG.play_match(decks, 4, [make_agent("random", 1), make_agent("random", 2)], act)
    assert m.winner in (0, 1, "draw")
    assert 2 <= len(m.results) <= 3
    if m.winner != "draw":
        assert m.wins[m.winner] == 2
    assert [len(d.main) for d in decks] == sizes  # the match swaps copies, not the decks given
    mm = Match(decks, 0)
    labels = [lab for lab, _ in swap_options(mm.decks[0])]
    assert "done" in labels and "swap Ember Pup for Traveler's Cloak" in labels
    apply_swap(mm.decks[0], "Ember Pup", "Traveler's Cloak")
    assert sum(c.key == "Traveler's Cloak" for c in mm.decks[0].main) == 1
    assert PKG.check_deck(mm.decks[0]) == []
    with pytest.raises(IllegalAction):
        apply_swap(mm.decks[0], "Ember Pup", "No Such Card")


#: the game actions of the 900s that cards perform, by the effect-language word that does them
GAME_ACTIONS = {
    "standby": "904.1", "freeze": "904.2", "draw": "905", "destroy": "907.1", "negate_destroy": "907.3",
    "to_graveyard": "908", "choose": "909", "reveal": "910", "discard": "911", "cancel": "913",
    "damage": "916", "shield": "917", "become": "918.1", "grant": "918", "lose": "918.3",
    "counter": "919.1", "move_counters": "919.4", "shuffle": "920", "retire": "921", "battle": "922",
    "double": "923", "skip_phase": "925", "add_phase": "401.2",
}


def _actions_of(x, found: set) -> None:
    if isinstance(x, dict):
        if x.get("op") in GAME_ACTIONS:
            found.add(x["op"])  # a static ability's part ("grant", ...)
        if x.get("targets") or x.get("choose_now") or "select" in x:
            found.add("choose")
        if x.get("shuffle"):
            found.add("shuffle")
        for v in x.values():
            _actions_of(v, found)
    elif isinstance(x, (list, tuple)):
        if len(x) == 2 and isinstance(x[0], str):
            if x[0] in GAME_ACTIONS:
                found.add(x[0])
            if x[0] == "select":
                found.add("choose")
        for v in x:
            _actions_of(v, found)


def test_pool_uses_every_game_action_at_least_twice() -> None:
    counts = dict.fromkeys(GAME_ACTIONS, 0)
    for c in PKG.pool().values():
        found: set = set()
        for ab in c.chars["abilities"]:
            _actions_of(ab.spec, found)
        if c.chars.get("effect") is not None:
            _actions_of(c.chars["effect"].spec, found)
        for k in ("appear_cost", "alt_cost"):
            _actions_of(c.chars.get(k), found)
        for k in found:
            counts[k] += 1
    assert {k: n for k, n in counts.items() if n < 2} == {}


@pytest.mark.rules("nova", "910.2", "920.2")
def test_reveal_and_shuffle_what_players_know() -> None:
    g = PKG.new_game([_deck(), _deck("night-court")], 3, first=0)
    g.decide("keep hand")
    g.decide("keep hand")
    rules = g.rules
    card = g.zone(0, "hand")[0]
    rules.reveal(g, card)
    assert rules.can_see(g, g.objects[card], 1)
    lines = len(g.log)
    rules.reveal(g, card)  # 910.2: a card already revealed cannot be revealed again: nothing happens
    assert len(g.log) == lines
    top = g.zone(0, "deck")[-1]
    rules.reveal(g, top)
    assert rules.can_see(g, g.objects[top], 1)
    rules.shuffle(g, 0)  # 920.2: what was seen of the shuffled cards does not last through the shuffle
    assert not any(rules.can_see(g, g.objects[x], v) for x in g.zone(0, "deck") for v in (0, 1))
