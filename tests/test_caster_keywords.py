"""Every keyword skill of the Caster comprehensive rules 1102-1118, Soul Bond (1020) and deities
(707, 1204), played on the shipped card pool.

Each test sets up a position with the scenario machinery (shared/conformance/SPEC.md), makes
the decisions, and checks what the rule says must happen; most also check the opposite case, so
a mechanic that does nothing fails the test.
"""

from __future__ import annotations

import pytest

from caster_util import main_phase, run
from tcgjudge.interfaces.scenario import Runner


def obj(r: Runner, sid: str):
    oid = r.current(sid)
    assert oid is not None, f"{sid} no longer exists"
    return r.g.objects[oid]


def labels(r: Runner) -> list[str]:
    """The pending decision's labels, objects named by their scenario ids."""
    return sorted(r.g.pending.labels)


def to_attack(r: Runner) -> list[str]:
    """Pass priority until the attack choice (CR 803.3) is pending; its labels."""
    g = r.g
    for _ in range(50):
        d = g.pending
        if d is None or d.kind == "attack":
            break
        assert d.kind == "priority", f"unexpected {d.kind} decision: {d.labels}"
        g.decide("pass")
    assert g.pending is not None and g.pending.kind == "attack", "no attack choice came"
    return labels(r)


# ------------------------------------------------------------ 1102 Double/Triple Corrupt
ATTACK_PLAYER = main_phase("{field: [{card: %s, id: a}%s], deck: 10}", "{orbs: %d, deck: 10}") + """
do:
  - p1: attack a -> p2
  - p1: pass
  - p2: pass
"""


@pytest.mark.rules("caster", "1102.1", "1102.2", "804.5", "1009.1", "1009.1a")
def test_double_corrupt_corrupts_two_orbs() -> None:
    r = run(ATTACK_PLAYER % ("Furnace Golem", "", 7) + """
  - p1: corrupt orb 1
  - p1: corrupt orb 2
expect:
  p2.orbs: 5
  p2.hand: 2
""")
    assert r.g.result is None
    plain = run(ATTACK_PLAYER % ("Harbor Sentinel", "", 7) + """
  - p1: corrupt orb 1
expect:
  p2.orbs: 6
  p2.hand: 1
""")
    assert plain.g.pending.kind != "corrupt"  # one orb only: no second choice


@pytest.mark.rules("caster", "1102.3")
def test_triple_corrupt_corrupts_three_orbs() -> None:
    run(ATTACK_PLAYER % ("Cataclysm Drake", "", 7) + """
  - p1: corrupt orb 1
  - p1: corrupt orb 2
  - p1: corrupt orb 3
expect:
  p2.orbs: 4
  p2.hand: 3
""")


@pytest.mark.rules("caster", "1102.2", "804.5")
def test_double_corrupt_with_one_orb_left_does_not_win() -> None:
    """Rules guide FAQ: with one orb left, Double Corrupt corrupts it; a later attack wins."""
    run(ATTACK_PLAYER % ("Furnace Golem", "", 1) + """
  - p1: corrupt orb 1
expect:
  p2.orbs: 0
  p2.hand: 1
  winner: none
""")


@pytest.mark.rules("caster", "1102.4", "1113.2")
def test_several_corrupt_abilities_their_controller_chooses_one() -> None:
    # Tempest Hydra: [Double Corrupt], and [Vanity] - [Triple Corrupt]: alone it has both
    r = run(ATTACK_PLAYER % ("Tempest Hydra", "", 7) + """
  - p1: choose 3
  - p1: corrupt orb 1
  - p1: corrupt orb 2
  - p1: corrupt orb 3
expect:
  p2.orbs: 4
""")
    assert r.g.result is None
    run(ATTACK_PLAYER % ("Tempest Hydra", "", 7) + """
  - p1: choose 2
  - p1: corrupt orb 1
  - p1: corrupt orb 2
expect:
  p2.orbs: 5
""")
    # with another allied servant, [Vanity] is off: only [Double Corrupt], nothing to choose
    r = run(ATTACK_PLAYER % ("Tempest Hydra", ", {card: Reef Crab, orientation: rested}", 7))
    assert r.g.pending.kind == "corrupt" and r.g.pending.player == 0


@pytest.mark.rules("caster", "1102.2")
def test_double_corrupt_applies_when_its_own_ability_corrupts() -> None:
    """CR 1102.2 says 'when this card corrupts an enemy orb': an ability of this card counts too."""
    run("""
cards:
  - name: Orb Render
    type: servant
    element: ignus
    cost: 1
    atk: 500
    def: 500
    keywords: [double_corrupt]
    text: "[Double Corrupt]\\n[Enter] ⇒ Corrupt an enemy orb."
    abilities:
      - auto: {on: enter, do: [{corrupt: {n: 1, player: enemy}}]}
""" + main_phase("{hand: [Orb Render], aether: [ignus], deck: 10}", "{orbs: 7, deck: 10}") + """
do:
  - p1: play Orb Render
  - p1: pay ignus
  - p1: pass
  - p2: pass
  - p1: enter recovered
  - p1: pass
  - p2: pass
  - p1: corrupt orb 1
  - p1: corrupt orb 2
expect:
  p2.orbs: 5
""")


# --------------------------------------------------------------------------- 1103 Break
def break_setup(attacker: str, p2: str) -> str:
    """p1 attacks p2 with ATTACKER; P2 is p2's setup (orbs and more), indented by 4."""
    return f"""
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{{card: {attacker}, id: a}}]
    deck: 10
  p2:
    deck: 10
{p2}
do:
  - p1: attack a -> p2
  - p1: pass
  - p2: pass
"""


@pytest.mark.rules("caster", "1103.1", "1103.2b", "1009.1")
def test_break_non_caster_is_played_free_at_once() -> None:
    run(break_setup("Harbor Sentinel", "    orbs: [{card: Ash Wall, id: w}]") + """
  - p1: corrupt orb 1
  - p2: play Ash Wall
  - p1: pass
  - p2: pass
  - p2: enter reversed
expect:
  w: {zone: p2.field, orientation: reversed}
  p2.aether: []
""")


@pytest.mark.rules("caster", "1103.2b")
def test_break_may_be_declined() -> None:
    run(break_setup("Harbor Sentinel", "    orbs: [{card: Ash Wall, id: w}]") + """
  - p1: corrupt orb 1
  - p2: pass
expect:
  w: {zone: p2.hand}
""")


@pytest.mark.rules("caster", "1103.3", "1103.3b", "203.2")
def test_break_cost_is_paid_with_aether_of_the_cards_element() -> None:
    # Sunken Sentinel: [Break](2), Aqua; p2 has an Aqua Lv2 caster
    run(break_setup("Harbor Sentinel", """    orbs: [{card: Sunken Sentinel, id: s}]
    casters: [{card: Tide Reader Lv2, id: tr}]""") + """
  - p1: corrupt orb 1
  - p2: play Sunken Sentinel
  - p2: "activate tr: [Rest]: Produce aether of this c"
  - p2: pay aqua, aqua
  - p1: pass
  - p2: pass
  - p2: enter recovered
expect:
  s: {zone: p2.field}
  tr: {orientation: rested}
""")
    # two void casters make 2 aether but no Aqua one: it cannot be paid, so it is not offered
    r = run(break_setup("Harbor Sentinel", """    orbs: [{card: Sunken Sentinel, id: s}]
    casters: [Hollow Acolyte Lv1, Nameless Pilgrim Lv1]""") + """
  - p1: corrupt orb 1
expect:
  s: {zone: p2.hand}
""")
    assert r.g.pending is None or r.g.pending.kind != "break"


@pytest.mark.rules("caster", "1103.2", "1103.2a", "1103.2a-1")
def test_break_caster_level_one_is_put_into_the_field() -> None:
    run(break_setup("Harbor Sentinel", "    orbs: [{card: Cinder Page Lv1, id: c}]") + """
  - p1: corrupt orb 1
  - p2: call Cinder Page Lv1
expect:
  c: {zone: p2.casters, orientation: recovered, face: up}
""")
    # not while p2 controls a caster with the same name
    r = run(break_setup("Harbor Sentinel", """    orbs: [{card: Cinder Page Lv1, id: c}]
    casters: [Cinder Page Lv1]""") + """
  - p1: corrupt orb 1
expect:
  c: {zone: p2.hand}
""")
    assert r.g.pending is None or r.g.pending.kind != "break"


@pytest.mark.rules("caster", "1103.2a", "1103.2a-2", "1022.1a")
def test_break_caster_level_two_levels_up_a_caster() -> None:
    run(break_setup("Harbor Sentinel", """    orbs: [{card: Gale Courier Lv2, id: c}]
    casters: [{card: Reef Crab, face: down, id: fd}]""") + """
  - p1: corrupt orb 1
  - p2: level up fd with Gale Courier Lv2
expect:
  c: {zone: p2.casters, level: 2, stock: 1}
""")


@pytest.mark.rules("caster", "1103.3", "1103.3a")
def test_break_cost_caster_pays_then_enters_the_field() -> None:
    card = """
cards:
  - name: Ashen Envoy
    type: caster
    level: 1
    element: ignus
    keywords: [{break: 1}]
    text: "[Break](1)"
"""
    run(card + break_setup("Harbor Sentinel", """    orbs: [{card: Ashen Envoy Lv1, id: e}]
    casters: [{card: Ember Wisp Lv1, id: w}]""") + """
  - p1: corrupt orb 1
  - p2: call Ashen Envoy Lv1
  - p2: "activate w: [Rest]: Produce aether of this c"
  - p2: pay ignus
expect:
  e: {zone: p2.casters, face: up}
  w: {orientation: rested}
""")
    r = run(card + break_setup("Harbor Sentinel", """    orbs: [{card: Ashen Envoy Lv1, id: e}]
    casters: [{card: Ember Wisp Lv1, id: w, orientation: rested}]""") + """
  - p1: corrupt orb 1
expect:
  e: {zone: p2.hand}
""")
    assert r.g.pending is None or r.g.pending.kind != "break"


@pytest.mark.rules("caster", "1103.4", "1009.1a", "1102.2")
def test_several_break_cards_are_played_in_the_order_their_owner_chooses() -> None:
    """Rules guide FAQ: both orbs go to the hand at once; the Break cards go to the chase zone
    in the order chosen, so the first one played resolves last."""
    orbs = "    orbs: [{card: Ash Wall, id: w}, {card: Deep Current, id: d}]"
    r = run(break_setup("Furnace Golem", orbs) + """
  - p1: corrupt orb 1
  - p1: corrupt orb 2
  - p2: play Deep Current
  - p2: play Ash Wall
""")
    assert [r.names.get(x) for x in r.g.zones[(-1, "chase")]] == ["d", "w"]
    r = run(break_setup("Furnace Golem", orbs) + """
  - p1: corrupt orb 1
  - p1: corrupt orb 2
  - p2: play Ash Wall
  - p2: play Deep Current
""")
    assert [r.names.get(x) for x in r.g.zones[(-1, "chase")]] == ["w", "d"]


CONDITIONAL_BREAKS = [
    # DCT Break needs Earnest cards in the graveyard
    pytest.param("Reliquary Golem", "graveyard: [Earnest Squire, Earnest Prayer, Earnest Acolyte]",
                 "graveyard: [Earnest Squire, Earnest Prayer, Kindled Hound]",
                 marks=pytest.mark.rules("caster", "1111.2c", "1103.5"), id="dct-break"),
    # BINGO Break needs a bingo line
    pytest.param("Jackpot Golem", "bingo: [Kindled Hound, Reef Crab, Flash Fire]",
                 "bingo: [Kindled Hound, Reef Crab, Ash Wall]",
                 marks=pytest.mark.rules("caster", "1117.2c", "314.1"), id="bingo-break"),
]


@pytest.mark.parametrize("golem,met,unmet", CONDITIONAL_BREAKS)
def test_a_conditional_break_needs_its_condition(golem: str, met: str, unmet: str) -> None:
    r = run(break_setup("Harbor Sentinel", f"""    orbs: [{{card: {golem}, id: g}}]
    {met}""") + "  - p1: corrupt orb 1\n")
    assert f"play {golem}" in labels(r)
    r = run(break_setup("Harbor Sentinel", f"""    orbs: [{{card: {golem}, id: g}}]
    {unmet}""") + """
  - p1: corrupt orb 1
expect:
  g: {zone: p2.hand}
""")
    assert r.g.pending is None or f"play {golem}" not in labels(r)


# ---------------------------------------------------------------------- 1104 Slow Start
@pytest.mark.rules("caster", "1104.1", "1104.2", "803.3a")
def test_slow_start_cannot_attack_the_turn_it_entered() -> None:
    setup = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Sea Serpent, id: s, summoned_this_turn: %s}, {card: Reef Crab, id: c}]
    deck: 10
  p2:
    orbs: 7
    deck: 10
"""
    opts = to_attack(run(setup % "true"))
    assert "attack c -> p2" in opts and "attack s -> p2" not in opts
    opts = to_attack(run(setup % "false"))
    assert "attack c -> p2" in opts and "attack s -> p2" in opts


# ----------------------------------------------------------------------- 1105 Quickcast
@pytest.mark.rules("caster", "1105.1", "1105.2", "604.1b", "604.2b")
def test_quickcast_is_played_whenever_its_controller_has_priority() -> None:
    run(main_phase(
        "{field: [{card: Kindled Hound, id: k}], deck: 10}",
        "{hand: [Flash Fire, Scorching Ray], casters: [Ember Wisp Lv2], orbs: 7, deck: 10}") + """
do:
  - p1: attack k -> p2
  - p1: pass
expect:
  options: {player: p2, include: ["play Flash Fire"], exclude: ["play Scorching Ray"]}
""")


@pytest.mark.rules("caster", "1105.3", "1114.2")
def test_losing_quickcast_before_reaching_the_chase_zone_rewinds_the_play() -> None:
    """Stepping up rests the only recovered Beast, which was what gave the card [Quickcast]:
    outside main timing the play is illegal and the game is rewound."""
    text = """
cards:
  - name: Pack Ambusher
    type: servant
    element: silva
    cost: 3
    atk: 3000
    def: 1000
    race: Beast
    keywords: [{step_up: Beast}]
    text: "[Step Up](Beast)\nAs long as you control a recovered Beast servant, this card has [Quickcast]."
    abilities:
      - static:
          grant: {keywords: [quickcast]}
          if: {exists: {type: servant, controller: you, race: Beast, orientation: recovered}}
        zones: [hand]
""" + main_phase(
    "{field: [{card: Kindled Hound, id: k}], deck: 10}",
    "{hand: [{card: Pack Ambusher, id: pa}], field: [{card: Packrunner Wolf, id: w}],"
    " aether: [silva, silva, silva], orbs: 7, deck: 10}") + """
do:
  - p1: attack k -> p2
  - p1: pass
  - p2: play Pack Ambusher
"""
    r = run(text + """
  - p2: step up with w
expect:
  pa: {zone: p2.hand}
  w: {orientation: recovered}
  log: ["lost [Quickcast]"]
""")
    assert r.g.pending.player == 1 and r.g.pending.kind == "priority"
    # without stepping up it keeps [Quickcast] and is played
    run(text + """
  - p2: pass
  - p2: pay silva, silva, silva
expect:
  pa: {zone: shared.chase}
""")


# --------------------------------------------------------------------------- 1106 Enter
@pytest.mark.rules("caster", "1106.1", "1106.2")
def test_enter_triggers_when_the_card_enters_the_field() -> None:
    run(main_phase(
        "{hand: [{card: Blaze Salamander, id: b}], aether: [ignus, ignus], deck: 10}",
        "{field: [{card: Kindled Hound, id: k}], deck: 10}") + """
do:
  - p1: play Blaze Salamander
  - p1: pay ignus, ignus
  - p1: pass
  - p2: pass
  - p1: enter recovered
  - p1: choose k
  - p1: pass
  - p2: pass
expect:
  b: {zone: p1.field}
  k: {zone: p2.graveyard}
""")


@pytest.mark.rules("caster", "1106.2", "1022.2")
def test_enter_triggers_when_a_caster_levels_up_into_the_field() -> None:
    """A levelled-up caster is put into the field (CR 1022.2): Lumen Herald Lv3's [Enter] mills two."""
    run("""
setup:
  turn: 3
  active: p1
  at: call
  p1:
    casters: [{card: Lumen Herald Lv2, id: h}]
    hand: [Lumen Herald Lv3]
    deck: 10
  p2:
    deck: 10
do:
  - p1: level up h with Lumen Herald Lv3
  - p1: pass
  - p2: pass
expect:
  p1.graveyard: 2
  p1.deck: 8
""")


# ---------------------------------------------------------------------- 1107 Last Words
LAST_WORDS = main_phase(
    "{hand: [%s], aether: [%s], deck: 10}",
    "{field: [{card: Earnest Squire, id: e}], deck: [Kindled Hound, Reef Crab]}") + """
do:
  - p1: play %s targeting e
  - p1: %s
  - p1: pass
  - p2: pass
"""


@pytest.mark.rules("caster", "1107.1", "1107.2")
def test_last_words_triggers_when_put_into_the_graveyard_from_the_field() -> None:
    run(LAST_WORDS % ("Scorching Ray", "ignus, ignus", "Scorching Ray", "pay ignus, ignus") + """
  - p1: pass
  - p2: pass
expect:
  e: {zone: p2.graveyard}
  p2.hand: 1
""")
    # returned to the hand, it does not go to the graveyard: no trigger
    run(LAST_WORDS % ("Undertow", "aqua, aqua", "Undertow", "pay aqua, aqua") + """
expect:
  e: {zone: p2.hand}
  p2.hand: 1
  p2.deck: 2
""")


@pytest.mark.rules("caster", "1107.2", "902.1a", "315.1b")
def test_stocks_put_into_the_graveyard_do_not_trigger_last_words() -> None:
    """Only entities' abilities are valid (CR 902.1a): an Earnest Squire stock under a Soul Bond
    servant that leaves the field goes to the graveyard (315.1b) without its [Last Words]."""
    run(main_phase(
        "{hand: [Zealous Verdict], aether: [solis, solis, solis],"
        " graveyard: [Earnest Squire, Earnest Acolyte], deck: 10}",
        "{field: [{card: Aurora Twinsoul, id: a, stock: [{card: Earnest Squire, id: es}]}],"
        " deck: [Kindled Hound, Reef Crab]}") + """
do:
  - p1: play Zealous Verdict targeting a
  - p1: pay solis, solis, solis
  - p1: pass
  - p2: pass
  - p2: pass
expect:
  a: {zone: p2.graveyard}
  es: {zone: p2.graveyard}
  p2.hand: 0
""")


# -------------------------------------------------------------------- 1108 United Front
UNITED = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    hand: [Solar Vanguard, Crusader of Dawn]
    casters: [%s, Hollow Acolyte Lv1, Nameless Pilgrim Lv1]
    deck: 10
  p2:
    deck: 10
"""


@pytest.mark.rules("caster", "1108.1", "1108.2", "203.2", "1002.4")
def test_united_front_lets_a_trait_caster_pay_the_element() -> None:
    # Thornwood Ranger is a Silva Justice caster: its aether pays Solar Vanguard's Solis aether
    run(UNITED % "{card: Thornwood Ranger Lv1, id: tw}" + """
do:
  - p1: play Solar Vanguard
  - p1: "activate tw: [Rest]: Produce aether of this c"
  - p1: activate Hollow Acolyte Lv1
  - p1: activate Nameless Pilgrim Lv1
  - p1: pay silva, void, void
  - p1: pass
  - p2: pass
  - p1: enter recovered
expect:
  p1.field: [Solar Vanguard]
  p1.aether: []
""")
    # a Solis card without [United Front] cannot be paid that way
    run(UNITED % "{card: Thornwood Ranger Lv1, id: tw}" + """
expect:
  options: {player: p1, include: ["play Solar Vanguard"], exclude: ["play Crusader of Dawn"]}
""")
    # and a Silva caster without the Justice trait cannot pay for it
    run(UNITED % "{card: Basalt Warden Lv1, id: bw}" + """
expect:
  options: {player: p1, exclude: ["play Solar Vanguard"]}
""")


# ------------------------------------------------------------------------- 1110 Hubris
HUBRIS = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: %s, id: a}]
    deck: 10
  p2:
    field: [{card: Harbor Sentinel, id: wall, orientation: reversed}]
    orbs: 7
    deck: 10
"""


@pytest.mark.rules("caster", "1110.1", "1110.2", "803.3b")
def test_hubris_attacks_the_player_past_reversed_servants() -> None:
    opts = to_attack(run(HUBRIS % "Skyreaver Falcon"))
    assert {"attack a -> p2", "attack a -> wall"} <= set(opts)
    opts = to_attack(run(HUBRIS % "Gale Raptor"))
    assert "attack a -> wall" in opts and "attack a -> p2" not in opts


@pytest.mark.rules("caster", "1110.2", "909.1c")
def test_hubris_granted_by_an_effect() -> None:
    """Gale Courier Lv1: '[Rest]: Target allied servant gains [Hubris] until end of turn.'"""
    r = run(main_phase(
        "{field: [{card: Gale Raptor, id: a}], casters: [{card: Gale Courier Lv1, id: gc}], deck: 10}",
        "{field: [{card: Harbor Sentinel, id: wall, orientation: reversed}], orbs: 7, deck: 10}") + """
do:
  - p1: "activate gc: [Rest]: Target allied servant ga"
  - p1: choose a
  - p1: pass
  - p2: pass
expect:
  a: {keywords: [double_corrupt, hubris]}
""")
    assert "attack a -> p2" in to_attack(r)


# --------------------------------------------------------------------------- 1116 Phi
PHI = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: %s, id: a}]
    deck: 10
  p2:
    field: [{card: %s, id: t, orientation: %s}]
    orbs: 7
    deck: 10
"""


@pytest.mark.rules("caster", "1116.1", "1116.2", "1116.2a")
def test_phi_attacker_cannot_choose_a_servant_without_phi() -> None:
    opts = to_attack(run(PHI % ("Phase Stalker", "Kindled Hound", "recovered")))
    assert "attack a -> p2" in opts and "attack a -> t" not in opts
    opts = to_attack(run(PHI % ("Phase Stalker", "Veilwing Specter", "recovered")))
    assert "attack a -> t" in opts


@pytest.mark.rules("caster", "1116.2b", "803.3b")
def test_servant_without_phi_cannot_choose_a_phi_servant() -> None:
    """Nor does a reversed Φ servant it may not attack shield the player (803.3b speaks of a
    reversed servant 'eligible for attack')."""
    opts = to_attack(run(PHI % ("Kindled Hound", "Phase Stalker", "reversed")))
    assert "attack a -> p2" in opts and "attack a -> t" not in opts
    opts = to_attack(run(PHI % ("Veilwing Specter", "Phase Stalker", "reversed")))
    assert "attack a -> t" in opts and "attack a -> p2" not in opts


@pytest.mark.rules("caster", "1116.2c", "804.1")
def test_phi_servant_made_to_battle_a_servant_without_phi_does_not() -> None:
    """The attacker gains [Φ] after declaring an attack on a servant without [Φ]: the two do
    not battle, so neither is destroyed (1116.2c)."""
    r = run("""
cards:
  - name: Veil Draught
    type: conjure
    element: luna
    cost: 0
    keywords: [quickcast]
    text: "[Quickcast]\\nTarget servant gains [Φ] until end of turn."
    effect:
      target: {as: t, type: servant}
      do:
        - grant: {what: t, keywords: [phi], until: end_of_turn}
""" + main_phase(
    "{field: [{card: Sea Serpent, id: a}], hand: [Veil Draught], deck: 10}",
    "{field: [{card: Kindled Hound, id: t}], orbs: 7, deck: 10}") + """
do:
  - p1: attack a -> t
  - p1: play Veil Draught targeting a
  - p1: pass
  - p2: pass
  - pass until battle end
expect:
  t: {zone: p2.field}
""")
    assert "phi" in r.pkg.obj_attr(r.g, r.current("a"), "keywords")


# ---------------------------------------------------------------------- 1109 Soul Seal
SEAL = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Abyss Leviathan, id: big}]
    hand: [Undertow]
    aether: [aqua, aqua]
    deck: 10
  p2:
    field: [{card: Aurora Twinsoul, id: a, stock: [{card: Lumen Herald Lv1, id: s1}, {card: Earnest Squire, id: s2}]}]
    orbs: 7
    deck: 10
"""


@pytest.mark.rules("caster", "1109.1", "1109.2", "910.1", "910.3")
def test_soul_seal_banishes_a_stock_instead_of_leaving_the_field() -> None:
    # destroyed in battle: p2 may banish a stock instead
    run(SEAL + """
do:
  - p1: attack big -> a
  - p1: pass
  - p2: pass
  - p2: banish s1
expect:
  a: {zone: p2.field, stock: 1}
  s1: {zone: p2.graveyard}
  s2: {zone: p2.field (stock)}
""")
    # returned by an effect: same; declining lets it go (to the extra deck, CR 315.2a)
    run(SEAL + """
do:
  - p1: play Undertow targeting a
  - p1: pay aqua, aqua
  - p1: pass
  - p2: pass
  - p2: pass
expect:
  a: {zone: p2.extra_deck}
  s1: {zone: p2.graveyard}
  s2: {zone: p2.graveyard}
""")


@pytest.mark.rules("caster", "1109.2", "315.1b")
def test_soul_seal_without_stock_cannot_replace() -> None:
    r = run(main_phase(
        "{field: [{card: Abyss Leviathan, id: big}], deck: 10}",
        "{field: [{card: Aurora Twinsoul, id: a}], orbs: 7, deck: 10}") + """
do:
  - p1: attack big -> a
  - p1: pass
  - p2: pass
expect:
  a: {zone: p2.graveyard}
""")
    assert r.g.pending is None or r.g.pending.kind != "replacement"


@pytest.mark.rules("caster", "1109.2", "701.2", "1106.2")
def test_soul_seal_banishes_a_stock_to_play_an_enter_ability_again_at_main_timing() -> None:
    text = """
setup:
  turn: 3
  active: p2
  at: main
  p2:
    field: [{card: Aurora Twinsoul, id: a, stock: [{card: Lumen Herald Lv1, id: s1}]}]
    deck: 10
  p1:
    field: [{card: Kindled Hound, id: k}, {card: Solar Vanguard, id: v}]
    deck: 10
"""
    run(text + """
do:
  - p2: activate a
  - p2: banish s1
  - p2: pass
  - p1: pass
  - p2: choose v
  - p2: pass
  - p1: pass
expect:
  a: {zone: p2.field, stock: 0}
  s1: {zone: p2.graveyard}
  v: {zone: p1.graveyard}
  k: {zone: p1.field}
""")
    # not at main timing (while something is in the chase zone): not offered
    r = run(text.replace("Kindled Hound, id: k}", "Kindled Hound, id: k}, {card: Ember Moth, id: m}")
            .replace("    deck: 10\n  p1:", "    hand: [Flash Fire]\n    casters: [Ember Wisp Lv1]\n    deck: 10\n  p1:")
            + """
do:
  - p2: play Flash Fire targeting a
  - p2: "activate Ember Wisp Lv1: [Rest]: Produce aether of this c"
  - p2: pay ignus
""")
    assert r.g.pending.kind == "priority" and r.g.zones[(-1, "chase")]
    assert "activate a" not in labels(r)


# ---------------------------------------------------------------------------- 1111 DCT
@pytest.mark.rules("caster", "1111.1", "1111.2", "1111.2b")
def test_dct_text_applies_while_enough_earnest_cards_are_in_the_graveyard() -> None:
    text = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Crusader of Dawn, id: c}]
    graveyard: [%s]
    deck: 10
  p2:
    deck: 10
"""
    r = run(text % "Earnest Squire, Earnest Prayer, Earnest Acolyte" + """
expect:
  c: {atk: 4000, keywords: [dct, hubris]}
""")
    r = run(text % "Earnest Squire, Earnest Prayer, Kindled Hound" + """
expect:
  c: {atk: 3000, keywords: [dct]}
""")
    del r


DCT_CONJURE = """
cards:
  - name: Grave Offering
    type: conjure
    element: solis
    cost: 0
    keywords: [quickcast]
    text: "[Quickcast]\\nPut the top card of your deck into your graveyard."
    effect:
      do:
        - move: {what: {zone: deck, player: you, top: 1}, to: graveyard}
""" + main_phase(
    "{hand: [Zealous Verdict, Grave Offering], aether: [solis, solis, solis], graveyard: [%s],"
    " deck: [Earnest Squire, Earnest Acolyte]}",
    "{field: [{card: Harbor Sentinel, id: t}], deck: 10}") + """
do:
  - p1: play Zealous Verdict targeting t
  - p1: pay solis, solis, solis
  - p1: play Grave Offering
  - p1: pass
  - p2: pass
  - p1: pass
  - p2: pass
"""


@pytest.mark.rules("caster", "1111.2a")
def test_dct_of_a_conjure_is_checked_as_it_is_played() -> None:
    # one Earnest card when played; a second arrives before it resolves: it still returns
    run(DCT_CONJURE % "Earnest Prayer" + """
expect:
  t: {zone: p2.hand}
  p1.graveyard: 4
""")
    # two when played: it destroys
    run(DCT_CONJURE % "Earnest Prayer, Earnest Squire" + """
expect:
  t: {zone: p2.graveyard}
""")


# ------------------------------------------------------------------------ 1112 Lethargy
@pytest.mark.rules("caster", "1112.1", "1112.2", "702.3")
def test_lethargy_enters_rested_without_a_choice() -> None:
    r = run(main_phase(
        "{hand: [{card: Dreaming Tortoise, id: d}], aether: [aqua, aqua], deck: 10}",
        "{deck: 10}") + """
do:
  - p1: play Dreaming Tortoise
  - p1: pay aqua, aqua
  - p1: pass
  - p2: pass
expect:
  d: {zone: p1.field, orientation: rested}
""")
    assert r.g.pending.kind != "enter"


@pytest.mark.rules("caster", "1112.2", "307.6")
def test_lethargy_applies_when_an_effect_puts_it_into_the_field() -> None:
    run("""
cards:
  - name: Summon Anew
    type: conjure
    element: void
    cost: 0
    text: "Put a servant from your graveyard into the field."
    effect:
      do:
        - select: {as: c, from: {zone: graveyard, player: you, type: servant}, n: 1}
        - put_field: c
""" + main_phase(
    "{hand: [Summon Anew], graveyard: [{card: Slumbering Colossus, id: s}], deck: 10}",
    "{deck: 10}") + """
do:
  - p1: play Summon Anew
  - p1: pass
  - p2: pass
  - p1: choose s
expect:
  s: {zone: p1.field, orientation: rested}
""")


# -------------------------------------------------------------------------- 1113 Vanity
@pytest.mark.rules("caster", "1113.1", "1113.2")
def test_vanity_applies_only_while_it_is_the_only_allied_servant() -> None:
    text = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Hermit Bear, id: b}%s]
    casters: [Thornwood Ranger Lv1]
    deck: 10
  p2:
    field: [Kindled Hound]
    deck: 10
"""
    run(text % "" + "expect:\n  b: {atk: 4000, def: 3000}\n")
    run(text % ", Reef Crab" + "expect:\n  b: {atk: 2000, def: 2000}\n")


# ------------------------------------------------------------------------- 1114 Step Up
STEP = main_phase(
    "{hand: [{card: Alpha Thornwolf, id: w}],"
    " field: [{card: Packrunner Wolf, id: p1w}, {card: %s, id: other}, {card: Harbor Sentinel, id: crab}],"
    " aether: [%s], deck: 10}",
    "{deck: 10}") + """
do:
  - p1: play Alpha Thornwolf
  - p1: step up with p1w
  - p1: step up with other
"""


@pytest.mark.rules("caster", "1114.1", "1114.2", "903.2a")
def test_step_up_total_greater_than_the_cost_plays_it_free_and_it_enters_rested() -> None:
    # Packrunner Wolf (2) + Hermit Bear (3) = 5 > 4: no aether at all
    r = run(STEP % ("Hermit Bear", "") + """
  - p1: pass
  - p2: pass
expect:
  w: {zone: p1.field, orientation: rested}
  p1w: {orientation: rested}
  other: {orientation: rested}
  crab: {orientation: recovered}
""")
    assert r.g.pending.kind != "enter"  # stepped up: rested, no recovered/reversed choice


@pytest.mark.rules("caster", "1114.2", "903.2g-5")
def test_step_up_total_equal_to_the_cost_reduces_it_to_its_element_floor() -> None:
    # 2 + 2 = 4, not greater than 4: the cost is reduced, but not below one Silva aether
    r = run(STEP % ("Packrunner Wolf", "silva") + """
expect:
  pending: {player: p1, kind: pay}
  options: {player: p1, include: ["pay silva"]}
""")
    del r
    # with no aether at all, it cannot be played
    r = run(STEP.split("do:")[0] % ("Packrunner Wolf", ""))
    assert "play Alpha Thornwolf" not in labels(r)


@pytest.mark.rules("caster", "1114.2", "1114.3")
def test_step_up_only_with_servants_of_the_race() -> None:
    r = run(STEP.split("do:")[0] % ("Hermit Bear", "") + """
do:
  - p1: play Alpha Thornwolf
""")
    opts = labels(r)
    assert "step up with p1w" in opts and "step up with other" in opts
    assert "step up with crab" not in opts  # Harbor Sentinel is a Soldier, not a Beast


# --------------------------------------------------------------------------- 1115 Unity
UNITY = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Packrunner Wolf, id: u}, {card: Kindled Hound, id: k1}, {card: Reef Crab, id: k2},
            {card: Harbor Sentinel, id: h}, {card: Packrunner Wolf, id: tired, orientation: rested}]
    deck: 10
  p2:
    field: [{card: Furnace Golem, id: g}]
    orbs: 7
    deck: 10
do:
  - p1: attack u -> g
  - p1: pass
  - p2: pass
"""


@pytest.mark.rules("caster", "1115.1", "1115.2")
def test_unity_rests_servants_sharing_a_race_for_their_total_atk() -> None:
    r = run(UNITY + """
  - p1: rest k1
  - p1: rest k2
  - p1: pass
  - p2: pass
  - pass until battle/judgment end
expect:
  u: {atk: 2500}
  k1: {orientation: rested}
  k2: {orientation: rested}
  h: {orientation: recovered}
  g: {zone: p2.field}
""")
    # Packrunner 1000 + Kindled Hound 1000 + Reef Crab 500 = 2500, not above Furnace Golem's 2500
    del r
    r = run(UNITY)
    opts = labels(r)
    assert r.g.pending.kind == "unity"
    assert "rest k1" in opts and "rest k2" in opts
    assert "rest h" not in opts  # a Soldier shares no race with the Beast
    assert "rest tired" not in opts  # only recovered servants


@pytest.mark.rules("caster", "1115.2", "804.3")
def test_unity_bonus_wins_the_battle() -> None:
    run(UNITY.replace("Furnace Golem", "Harbor Sentinel").replace("id: g}", "id: g, orientation: rested}") + """
  - p1: rest k1
  - p1: done
  - p1: pass
  - p2: pass
  - pass until battle/judgment end
expect:
  u: {atk: 2000}
  g: {zone: p2.graveyard}
""")


# --------------------------------------------------------------------- 1117 BINGO, 314
@pytest.mark.rules("caster", "1117.1", "1117.2", "1117.2b", "314.1", "314.2")
def test_bingo_text_applies_while_three_cards_in_the_bingo_zone_share_a_cost() -> None:
    text = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Carnival Barker, id: b}]
    bingo: [%s]
    deck: 10
  p2:
    deck: 10
"""
    run(text % "Gale Courier Lv1, Hollow Acolyte Lv1, Nameless Pilgrim Lv1" + "expect:\n  b: {atk: 3000}\n")
    run(text % "Gale Courier Lv1, Hollow Acolyte Lv1, Kindled Hound" + "expect:\n  b: {atk: 1000}\n")


@pytest.mark.rules("caster", "314.3", "314.3a")
def test_a_fourth_card_in_the_bingo_zone_makes_its_owner_banish_one() -> None:
    fourth = main_phase(
        "{field: [{card: Ticket Booth, id: t}], hand: [{card: Reef Crab, id: new}],"
        " bingo: [{card: Kindled Hound, id: b1}, {card: Flash Fire, id: b2}, {card: Ash Wall, id: b3}],"
        " deck: 10}",
        "{deck: 10}") + """
do:
  - p1: activate t
  - p1: pass
  - p2: pass
  - p1: choose new
"""
    r = run(fourth)
    assert r.g.pending.kind == "bingo" and r.g.pending.player == 0
    assert labels(r) == ["banish b1", "banish b2", "banish b3"]
    run(fourth + """  - p1: banish b2
expect:
  p1.bingo: [b1, b3, new]
  b2: {zone: p1.graveyard}
""")


@pytest.mark.rules("caster", "314.3", "314.3a")
def test_any_move_into_a_full_bingo_zone_asks_which_card_to_banish() -> None:
    run("""
cards:
  - name: Prize Wheel
    type: conjure
    element: void
    cost: 0
    text: "Put the top two cards of your deck into your BINGO zone."
    effect:
      do:
        - move: {what: {zone: deck, player: you, top: 2}, to: bingo}
""" + main_phase(
    "{hand: [Prize Wheel], bingo: [{card: Kindled Hound, id: b1}, {card: Flash Fire, id: b2}],"
    " deck: [{card: Reef Crab, id: d1}, {card: Ember Moth, id: d2}, Ash Wall]}",
    "{deck: 10}") + """
do:
  - p1: play Prize Wheel
  - p1: pass
  - p2: pass
  - p1: banish b1
expect:
  p1.bingo: 3
  b1: {zone: p1.graveyard}
  b2: {zone: p1.bingo}
  d1: {zone: p1.bingo}
  d2: {zone: p1.bingo}
""")


@pytest.mark.rules("caster", "1117.2a", "314.3")
def test_bingo_of_a_conjure_is_checked_as_it_is_played() -> None:
    """Lucky Draw puts a third cost-1 card into the BINGO zone itself, but its [BINGO] text was
    checked as it was played: no draw.  With the line already there, it draws two."""
    text = main_phase(
        "{hand: [Lucky Draw], aether: [aes], bingo: [%s],"
        " deck: [Reef Crab, Kindled Hound, Ember Moth, Flash Fire]}",
        "{deck: 10}") + """
do:
  - p1: play Lucky Draw
  - p1: pay aes
  - p1: pass
  - p2: pass
"""
    run(text % "Kindled Hound, Reef Crab" + "expect:\n  p1.hand: 0\n  p1.bingo: 3\n")
    run(text % "Kindled Hound, Reef Crab, Ember Moth" + "  - p1: banish Ember Moth\nexpect:\n  p1.hand: 2\n")


# ---------------------------------------------------------------------------- 1118 Ride
RIDE = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Starlit Chariot, id: ch}]
    casters: [{card: Lumen Herald Lv1, id: c1}, {card: Lumen Herald Lv2, id: c2}, {card: Earnest Squire, face: down, id: c3}, %s]
    deck: 10
  p2:
    field: [{card: Harbor Sentinel, id: wall, orientation: reversed}]
    orbs: 7
    deck: 10
"""


@pytest.mark.rules("caster", "1118.1", "1118.2", "1118.4")
def test_ride_rests_casters_with_exactly_that_level_total_and_becomes_a_servant() -> None:
    r = run(RIDE % "{card: Thornwood Ranger Lv2, id: c4}" + """
do:
  - p1: activate ch
""")
    assert r.g.pending.kind == "cost"
    # with 3 to reach, every caster can still be part of an exact total
    assert set(labels(r)) == {"rest c1", "rest c2", "rest c3", "rest c4"}
    r = run(RIDE % "{card: Thornwood Ranger Lv2, id: c4}" + """
do:
  - p1: activate ch
  - p1: rest c2
""")
    # 1 left: a level-2 caster would overshoot
    assert set(labels(r)) == {"rest c1", "rest c3"}
    r = run(RIDE % "{card: Thornwood Ranger Lv2, id: c4}" + """
do:
  - p1: activate ch
  - p1: rest c2
  - p1: rest c3
  - p1: pass
  - p2: pass
expect:
  ch: {orientation: recovered}
  c2: {orientation: rested}
  c3: {orientation: rested}
  c1: {orientation: recovered}
""")
    ch = r.current("ch")
    assert "servant" in r.g.chars(ch)["types"] and "barrier" not in r.g.chars(ch)["types"]
    assert r.g.chars(ch)["atk"] == 3000
    # a servant now: it attacks, and with [Hubris] past the reversed wall
    opts = to_attack(r)
    assert "attack ch -> p2" in opts


@pytest.mark.rules("caster", "1118.2")
def test_ride_needs_an_exact_total() -> None:
    r = run(RIDE.replace("{card: Lumen Herald Lv1, id: c1}, ", "").replace(
        "{card: Earnest Squire, face: down, id: c3}, ", "") % "{card: Thornwood Ranger Lv2, id: c4}")
    assert "activate ch" not in labels(r)  # 2 + 2 never makes exactly 3


@pytest.mark.rules("caster", "1118.3", "1014.1")
def test_ride_only_once_per_turn_and_it_stops_being_a_servant_at_end_of_turn() -> None:
    r = run(RIDE % "{card: Lumen Herald Lv3, id: c4}".replace("Lumen Herald Lv3", "Thornwood Ranger Lv3") + """
do:
  - p1: activate ch
  - p1: rest c4
  - p1: pass
  - p2: pass
""")
    assert "activate ch" not in labels(r)  # c1+c2 still make 3, but once per turn
    ch = r.current("ch")
    assert "servant" in r.g.chars(ch)["types"]
    for _ in range(200):  # to the next turn
        if r.g.turn != 3:
            break
        d = r.g.pending
        r.g.decide("pass" if "pass" in d.labels else 0)
    assert r.g.chars(ch)["types"] == ("barrier",)


@pytest.mark.rules("caster", "1118.4", "1118.4a")
def test_casters_that_ride_a_card_are_the_ones_rested_for_it() -> None:
    """Iron Palanquin: 'Whenever this card attacks => recover the casters that ride this card.'"""
    r = run("""
setup:
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Iron Palanquin, id: pq}]
    casters: [{card: Basalt Warden Lv2, id: bw}, {card: Basalt Warden Lv1, id: other, orientation: rested},
              {card: Thornwood Ranger Lv1, id: tr, orientation: rested}]
    deck: 10
  p2:
    orbs: 7
    deck: 10
do:
  - p1: activate pq
  - p1: rest bw
  - p1: pass
  - p2: pass
  - p1: attack pq -> p2
  - p1: pass
  - p2: pass
expect:
  bw: {orientation: recovered}
  other: {orientation: rested}
  tr: {orientation: rested}
""")
    assert r.g.record.get(f"ride:{r.current('pq')}") == [r.current("bw")]


# ------------------------------------------------------------------------ 1020 Soul Bond
@pytest.mark.rules("caster", "1020.1", "1020.1a", "201.3b", "212.2", "307.6")
def test_soul_bond_puts_the_card_into_the_field_with_its_materials_as_stock() -> None:
    r = run("""
setup:
  turn: 3
  active: p1
  at: main
  p1:
    hand: [Rite of Binding, {card: Earnest Squire, id: es}]
    casters: [{card: Lumen Herald Lv2, id: lh, stock: [{card: Lumen Herald Lv1, id: lh1}]}, Hollow Acolyte Lv1,
              Nameless Pilgrim Lv1]
    extra_deck: [{card: Aurora Twinsoul, id: a}, Abyssal Tidewyrm]
    deck: 10
  p2:
    field: [{card: Kindled Hound, id: k}]
    deck: 10
do:
  - p1: play Rite of Binding
  - p1: activate Hollow Acolyte Lv1
  - p1: activate Nameless Pilgrim Lv1
  - p1: pay void, void
  - p1: pass
  - p2: pass
  - p1: choose Aurora Twinsoul
  - p1: choose lh1
  - p1: enter reversed
expect:
  a: {zone: p1.field, orientation: reversed, stock: 2}
  lh1: {zone: p1.field (stock), face: up}
  es: {zone: p1.field (stock), face: up}
  lh: {zone: p1.casters, stock: 0}
""")
    opts = labels(r) if r.g.pending else []
    del opts
    # the Abyssal Tidewyrm's materials (Tide Reader, Moonlit Seer) are missing: not offered
    r = run(main_phase(
        "{hand: [Rite of Binding, Earnest Squire],"
        " casters: [Lumen Herald Lv1, Hollow Acolyte Lv1, Nameless Pilgrim Lv1],"
        " extra_deck: [Aurora Twinsoul, Abyssal Tidewyrm], deck: 10}",
        "{deck: 10}") + """
do:
  - p1: play Rite of Binding
  - p1: activate Hollow Acolyte Lv1
  - p1: activate Nameless Pilgrim Lv1
  - p1: pay void, void
  - p1: pass
  - p2: pass
""")
    assert r.g.pending.kind == "soul_bond"
    assert labels(r) == ["choose Aurora Twinsoul", "pass"]


@pytest.mark.rules("caster", "1020.1", "315.1d")
def test_a_caster_entity_used_as_material_leaves_its_stocks_in_the_graveyard() -> None:
    run("""
setup:
  turn: 3
  active: p1
  at: main
  p1:
    hand: [Rite of Binding, {card: Earnest Squire, id: es}]
    casters: [{card: Lumen Herald Lv2, id: lh, stock: [{card: Lumen Herald Lv1, id: lh1}]}, Hollow Acolyte Lv1,
              Nameless Pilgrim Lv1]
    extra_deck: [{card: Aurora Twinsoul, id: a}]
    deck: 10
  p2:
    deck: 10
do:
  - p1: play Rite of Binding
  - p1: activate Hollow Acolyte Lv1
  - p1: activate Nameless Pilgrim Lv1
  - p1: pay void, void
  - p1: pass
  - p2: pass
  - p1: choose Aurora Twinsoul
  - p1: choose lh
  - p1: enter recovered
expect:
  a: {zone: p1.field, stock: 2}
  lh1: {zone: p1.graveyard}
""")


# ------------------------------------------------------------------- 707, 1204 deities
DEITY = """
setup:
  turn: 3
  active: p1
  at: main
  p1:
    hand: [Invocation of Tides]
    aether: [aqua, aqua, aqua]
    extra_deck: [{card: "Maristhea, the Tidemother", id: m}]
    deck: 10
  p2:
    field: [{card: Kindled Hound, id: k}]
    deck: 10
do:
  - p1: play Invocation of Tides
  - p1: pay aqua, aqua, aqua
  - p1: pass
  - p2: pass
  - p1: choose m
"""


@pytest.mark.rules("caster", "1018.8", "307.1", "313.1")
def test_a_deity_enters_the_field_with_its_deity_counters() -> None:
    run(DEITY + """
expect:
  m: {zone: p1.field, counters: {deity: 3}}
""")


@pytest.mark.rules("caster", "707.1", "707.2", "604.2e", "1204.1", "1018.3")
def test_deity_active_abilities_at_main_timing_and_banished_without_counters() -> None:
    r = run(DEITY + """
  - p1: "activate m: Remove two deity counters from t"
  - p1: choose k
  - p1: pass
  - p2: pass
expect:
  m: {counters: {deity: 1}}
  k: {zone: p2.hand}
""")
    assert "activate m: Remove a deity counter from this" in labels(r)
    r = run(DEITY + """
  - p1: "activate m: Remove two deity counters from t"
  - p1: choose k
""")
    # the return is in the chase zone: not main timing, no deity ability (CR 707.1)
    assert r.g.pending.kind == "priority" and not any(lab.startswith("activate m") for lab in labels(r))
    r = run(DEITY + """
  - p1: "activate m: Remove two deity counters from t"
  - p1: choose k
  - p1: pass
  - p2: pass
  - p1: "activate m: Remove a deity counter from this"
  - p1: pass
  - p2: pass
expect:
  m: {zone: p1.graveyard}
  p1.hand: 1
""")


@pytest.mark.rules("caster", "707.1", "315.2a")
def test_a_deity_is_not_usable_on_the_opponents_turn_and_returns_to_the_extra_deck() -> None:
    r = run("""
setup:
  turn: 3
  active: p2
  at: main
  p1:
    field: [{card: "Maristhea, the Tidemother", id: m, counters: {deity: 3}}, {card: Reef Crab, id: c}]
    deck: 10
  p2:
    hand: [Undertow]
    aether: [aqua, aqua]
    deck: 10
do:
  - p2: play Undertow targeting c
  - p2: pay aqua, aqua
  - p2: pass
""")
    assert r.g.pending.player == 0 and not any(lab.startswith("activate m") for lab in labels(r))
