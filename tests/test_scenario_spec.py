"""The scenario runner follows shared/conformance/SPEC.md to the letter: the forms SPEC gives are
accepted (``choose X`` for every object pick, printed names in ``call``, one-id ``exchange``,
``pass until`` that reaches its step, single-option decisions answered, inline cards whose text
defines them, inline tokens, SVE ``preparation``, Caster ``stock`` lists, ``illegal`` checked
against the player's own decision) and every malformed form is an error naming file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgjudge.interfaces.scenario import Runner, load, run_file, run_paths

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "conformance" / "caster"


def variant(tmp_path: Path, rel: str, *edits: tuple[str, str], name: str = "v") -> Path:
    """A shipped scenario with some text replaced (each replaced text must be there)."""
    text = (CONF / rel).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, (rel, old)
        text = text.replace(old, new)
    return write(tmp_path, text, name)


def write(tmp_path: Path, text: str, name: str = "s") -> Path:
    p = tmp_path / f"{name}.yaml"
    p.write_text(text, encoding="utf-8")
    return p


# ------------------------------------------------------------------------ accepted forms
CHOOSE = [
    ("keywords/soul-seal-keeps-the-servant.yaml", "p2: banish s2", "p2: choose s2"),  # Soul Seal
    ("keywords/unity-pack.yaml", "p1: rest m", "p1: choose m"),
    ("mutation/step-up-equal-total-pays-floor.yaml", "p1: step up with w", "p1: choose w"),
]

CALL = [
    ("mutation/enter-triggers-for-casters.yaml", "p1: call Bright Novice Lv1", "p1: call Bright Novice"),
    ("mutation/enter-triggers-for-casters.yaml", "p1: call Bright Novice Lv1", "p1: call n"),
    ("actions/level-up-removes-counters.yaml", "level up low with Sage Lv2", "level up low with Sage"),
]


@pytest.mark.parametrize("rel,old,new", CHOOSE + CALL, ids=[c[0] for c in CHOOSE] + [c[2] for c in CALL])
def test_choose_for_every_pick_and_call_by_printed_name_or_id(tmp_path: Path, rel: str, old: str, new: str) -> None:
    r = run_file(variant(tmp_path, rel, (old, new)))
    assert r.passed, r.line()


@pytest.mark.rules("caster", "403.5")
def test_exchange_of_one_card_ends_the_declaration(tmp_path: Path) -> None:
    p = variant(tmp_path, "setup/hand-exchange.yaml", ("p1: exchange a,b", "p1: exchange a"),
                ("p1.hand: [c, d1, d2]", "p1.hand: [b, c, d1]"), ("p1.deck: [d3, a, b]", "p1.deck: [d2, d3, a]"))
    r = run_file(p)
    assert r.passed, r.line()


CASTER_MAIN = """\
game: caster
name: {name}
rules: ["501.1"]
setup:
  turn: 3
  active: p1
  at: {at}
  p1: {{deck: {deck}}}
  p2: {{deck: 10}}
do:
{do}
expect:
{expect}
"""


def caster(tmp_path: Path, do: str, expect: str, at: str = "main", deck: int = 10, name: str = "s") -> Path:
    return write(tmp_path, CASTER_MAIN.format(name=name, at=at, deck=deck, do=do, expect=expect), name)


@pytest.mark.rules("caster", "501.1", "508.1")
def test_pass_until_reaches_the_step_then_leaves_it(tmp_path: Path) -> None:
    p = caster(tmp_path, "  - pass until end end", "  winner: none")
    run = Runner(load(p), p)
    run.run()
    assert run.g.turn == 4 and run.g.active == 1, (run.g.turn, run.pkg.where(run.g))  # the end phase was left
    p = caster(tmp_path, "  - pass until main end", "  winner: none")
    run = Runner(load(p), p)
    run.run()
    assert run.g.turn == 3 and run.pkg.where(run.g).startswith("battle"), run.pkg.where(run.g)


def test_pass_until_an_unknown_step_is_an_error(tmp_path: Path) -> None:
    r = run_file(caster(tmp_path, "  - pass until no-such-step end", "  winner: none"))
    assert r.error and "do[0]: pass until no-such-step end: the caster game has no step 'no-such-step'" in r.reason, \
        r.line()


@pytest.mark.rules("caster", "1202.1")
def test_a_game_that_ends_while_passing_is_checked(tmp_path: Path) -> None:
    r = run_file(caster(tmp_path, "  - pass until draw end", "  winner: p2", at="recovery", deck=0))
    assert r.passed, r.line()
    r = run_file(variant(tmp_path, "mutation/endless-mandatory-loop-is-a-draw.yaml",
                         ("  - p1: pass\n  - p2: pass\n  - pass until main end\n", "  - pass until main end\n")))
    assert r.passed, r.line()


def test_a_single_option_decision_is_answered_by_the_runner(tmp_path: Path) -> None:
    """The payment can be made only one way: no step names it."""
    r = run_file(variant(tmp_path, "keywords/soul-seal-keeps-the-servant.yaml", ("  - p1: pay aqua, aqua\n", "")))
    assert r.passed, r.line()


SVE_WARD = """\
game: sve
name: inline text
rules: ["12.8.1"]
cards:
  - name: Warded Martyr
    type: follower
    class: neutral
    cost: 1
    atk: 1
    def: 1
    keywords: {keywords}
    text: "Ward. Last Words: Give your leader +4 defense."
  - name: Axe
    type: spell
    class: neutral
    cost: 0
    text: "Select an enemy follower on the field and destroy it."
setup:
  turn: 3
  active: p2
  at: main
  p1:
    field: [{{card: Warded Martyr, id: m}}]
    deck: 10
  p2:
    hand: [Axe]
    pp: 3
    deck: 10
do:
  - p2: play Axe targeting m
expect:
  m: {{zone: p1.cemetery}}
  p1.leader_def: 24
"""


@pytest.mark.rules("sve", "5.3.1")
@pytest.mark.parametrize("keywords", ["[ward]", "[Ward]", "[WARD, Last Words]"])
def test_inline_text_defines_the_card_even_with_keywords(tmp_path: Path, keywords: str) -> None:
    r = run_file(write(tmp_path, SVE_WARD.format(keywords=keywords)))
    assert r.passed, r.line()


def test_inline_text_that_cannot_be_read_is_an_error(tmp_path: Path) -> None:
    bad = SVE_WARD.format(keywords="[ward]").replace("Ward. Last Words: Give your leader +4 defense.",
                                                     "Ward. Frobnicate the leader sideways.")
    r = run_file(write(tmp_path, bad))
    assert r.error and "cards[0]: card 'Warded Martyr': text:" in r.reason, r.line()
    text = CASTER_MAIN.format(name="c", at="main", deck=5, do="  []", expect="  winner: none").replace(
        "setup:", "cards:\n  - {name: Odd, type: servant, element: ignus, cost: 1, atk: 1, def: 1, "
                  "text: \"Frobnicate the orbs.\"}\nsetup:")
    r = run_file(write(tmp_path, text, "c"))
    assert r.error and "cards[0]: card 'Odd': text: cannot compile" in r.reason, r.line()


@pytest.mark.rules("sve", "9.1.2.3")
def test_an_inline_token_is_created_by_name(tmp_path: Path) -> None:
    text = """\
game: sve
name: inline token
rules: ["9.1.2.3"]
cards:
  - {name: Wisp Scout, type: follower, class: neutral, cost: 0, atk: 1, def: 1, token: true, text: ""}
  - name: Caller
    type: spell
    class: neutral
    cost: 0
    text: "Summon a Wisp Scout."
    script:
      effect:
        do: [token: {card: Wisp Scout}]
setup:
  turn: 3
  active: p1
  at: main
  p1: {hand: [Caller], deck: 10}
  p2: {deck: 10}
do:
  - p1: play Caller
expect:
  p1.field: [Wisp Scout]
"""
    r = run_file(write(tmp_path, text))
    assert r.passed, r.line()


@pytest.mark.rules("caster", "306.2")
def test_caster_stock_is_compared_as_a_list(tmp_path: Path) -> None:
    rel = "keywords/soul-seal-keeps-the-servant.yaml"
    ok = run_file(variant(tmp_path, rel, ("w: {zone: p2.field, stock: 1}", "w: {zone: p2.field, stock: [s1]}")))
    assert ok.passed, ok.line()
    bad = run_file(variant(tmp_path, rel, ("w: {zone: p2.field, stock: 1}", "w: {zone: p2.field, stock: [s2]}")))
    assert not bad.passed and not bad.error and "w.stock: expected ['s2']" in bad.reason, bad.line()


ZAP = """\
game: caster
name: illegal
rules: ["903.2e"]
cards:
  - {name: Striker, type: servant, element: ignus, cost: 1, atk: 500, def: 300}
  - name: Zap
    type: conjure
    element: void
    cost: 0
    effect:
      target: {as: t, type: servant, controller: enemy}
      do: [destroy: t]
setup:
  turn: 3
  active: p1
  at: main
  p1: {field: [{card: Striker, id: s}], hand: [Zap], deck: 10}
  p2: {field: [{card: Striker, id: w}], deck: 10}
do:
  - STEP
expect:
  winner: none
"""


@pytest.mark.parametrize("step,passes,why", [
    ("{p1: play Zap targeting s, illegal: true}", True, ""),  # its own servant is no legal target
    ("{p1: play Zap targeting w, illegal: true}", False, "'play Zap targeting w' should not be an option"),
    ("{p2: pass, illegal: true}", False, "belongs to p1, not p2"),  # not p2's decision: never vacuous
])
def test_illegal_is_checked_against_the_players_decision(tmp_path: Path, step: str, passes: bool, why: str) -> None:
    r = run_file(write(tmp_path, ZAP.replace("STEP", step)))
    assert r.passed == passes and why in r.reason, r.line()


# ------------------------------------------------------------------------- malformed forms
MALFORMED = [
    ("expect.options.inclde: unknown key", "options: {inclde: [pass]}"),
    ("expect.pending.knd: unknown key", "pending: {knd: priority}"),
    ("expect.options.exclude: expected a list of option labels", "options: {exclude: pass}"),
    ("expect.options.player: expected p1 or p2", "options: {player: 1, include: [pass]}"),
    ("expect.winner: expected p1, p2, draw or none", "winner: p3"),
    ("expect.log: expected a list of texts", "log: attacks"),
    ("expect.p1.hand: expected a count or a list", "p1.hand: -1"),
    ("expect.w.colour: unknown attribute", "w: {colour: red}"),
]


@pytest.mark.parametrize("why,expect", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_expect_is_an_error(tmp_path: Path, why: str, expect: str) -> None:
    # the first expectation is false: the malformed one after it is still found
    p = write(tmp_path, ZAP.replace("  - STEP\n", "  - p1: pass\n").replace("  winner: none", "  p2.hand: 99\n  " + expect))
    r = run_file(p)
    assert r.error and str(p) in r.reason and why in r.reason, r.line()


SETUP_MALFORMED = [
    ("setup.p1.deck: expected a number of cards of 0 or more", ("p1: {field:", "p1: {deck: -3, field:"),
     ("deck: 10}\n  p2", "}\n  p2")),
    ("setup.p2.field[0].counters.poison: expected a whole number of 0 or more, got 'lots'",
     ("{card: Striker, id: w}", "{card: Striker, id: w, counters: {poison: lots}}"), ("", "")),
    ("cards[2].name: 'Zap' is already defined by cards[1]",
     ("  - name: Zap\n", "  - {name: Zap, type: conjure, element: void, cost: 1}\n  - name: Zap\n"), ("", "")),
    ("game: expected a game name", ("game: caster", "game: [caster]"), ("", "")),
]


@pytest.mark.parametrize("why,e1,e2", SETUP_MALFORMED, ids=[m[0][:40] for m in SETUP_MALFORMED])
def test_malformed_setup_and_cards_are_errors(tmp_path: Path, why: str, e1: tuple, e2: tuple) -> None:
    text = ZAP.replace("  - STEP\n", "  - p1: pass\n")
    for old, new in (e1, e2):
        assert old in text
        text = text.replace(old, new, 1)
    p = write(tmp_path, text)
    r = run_file(p)
    assert r.error and str(p) in r.reason and why in r.reason, r.line()


def test_one_bad_file_does_not_stop_a_folder_run(tmp_path: Path) -> None:
    write(tmp_path, ZAP.replace("STEP", "p1: pass"), "a-good")
    write(tmp_path, "game: caster\nname: [\n", "b-broken")
    write(tmp_path, ZAP.replace("STEP", "p1: pass").replace("game: caster", "game: [caster]"), "c-bad")
    write(tmp_path, ZAP.replace("STEP", "p1: pass"), "d-good")
    res = run_paths([tmp_path])
    assert [r.passed for r in res] == [True, False, False, True], [r.line() for r in res]
    assert res[1].error and res[2].error


@pytest.mark.rules("caster", "1302.1")
def test_an_inline_caster_token_is_created_by_name(tmp_path: Path) -> None:
    """Without the scenario's definition the name would make a 0/0 "Wisp Scout token"."""
    text = """\
game: caster
name: inline token
rules: ["1302.1"]
cards:
  - {name: Wisp Scout, type: servant, element: void, cost: 0, atk: 700, def: 300, token: true}
  - name: Call Wisps
    type: conjure
    element: void
    cost: 0
    effect:
      do: [token: {card: Wisp Scout}]
setup:
  turn: 3
  active: p1
  at: main
  p1: {hand: [Call Wisps], deck: 10}
  p2: {deck: 10}
do:
  - p1: play Call Wisps
  - p1: pass
  - p2: pass
expect:
  p1.field: [Wisp Scout]
"""
    p = write(tmp_path, text)
    run = Runner(load(p), p)
    run.run()
    g = run.g
    (oid,) = g.zone(0, "field")
    assert g.chars(oid)["atk"] == 700 and g.objects[oid].card.token, g.chars(oid)


SVE_PASS = """game: sve
name: pass until a phase that asks nothing
rules: ["7.1.1"]
setup:
  turn: 3
  active: p1
  at: {at}
  p1: {{deck: 20}}
  p2: {{deck: 20}}
do:
  - pass until {step} end
expect:
  winner: none
"""


@pytest.mark.rules("sve", "7.1.1", "7.2.1")
@pytest.mark.parametrize("at, step, turn, where", [
    ("main", "start", 4, "main"),   # the next turn's start phase asks nothing: its end is still seen
    ("start", "start", 3, "main"),  # `at: start`: the phase is about to begin, then runs and ends
    ("main", "end", 4, "main"),
])
def test_pass_until_a_step_the_game_goes_through_without_a_decision(
        tmp_path: Path, at: str, step: str, turn: int, where: str) -> None:
    """SPEC: `pass until X end` passes until the game has reached X and left it, also when X
    asks nothing (SVE's start phase): it never passes on through later turns."""
    p = write(tmp_path, SVE_PASS.format(at=at, step=step))
    run = Runner(load(p), p)
    run.run()
    assert (run.g.turn, run.pkg.where(run.g)) == (turn, where)


def test_caster_hand_exchange_is_before_the_first_turn(tmp_path: Path) -> None:
    """SPEC `at: hand-exchange` (CR 403.5) is the game's preparation whatever `turn` says."""
    p = caster(tmp_path, "  - pass until hand-exchange end", "  winner: none", at="hand-exchange")
    run = Runner(load(p), p)
    run.run()
    assert run.g.turn == 1 and run.pkg.where(run.g) == "recovery", (run.g.turn, run.pkg.where(run.g))


def test_corrupt_orb_list_answers_successive_choices(tmp_path: Path) -> None:
    """SPEC `corrupt orb N` and lists (`choose A,B`): `corrupt orb 1,2` answers a [Double Corrupt]
    attack's two orb choices (CR 1102.2)."""
    p = variant(tmp_path, "../caster/independent/double-corrupt-trigger-once.yaml",
                ("p1: corrupt orb 1,2", "p1: corrupt orb 2,3"))
    assert run_file(p).passed
    p = variant(tmp_path, "../caster/independent/double-corrupt-trigger-once.yaml",
                ("p1: corrupt orb 1,2", "p1: corrupt orb 1,9"), name="bad")
    r = run_file(p)
    assert not r.passed and "corrupt orb 9" in r.reason, r.line()


SVE_INDEPENDENT = ROOT / "conformance" / "sve" / "independent"


def test_a_label_that_is_no_option_never_plays_the_game_on(tmp_path: Path) -> None:
    """A step whose label is not among the options fails naming the decision it was written
    against: the runner's answers to single-option decisions (here SVE's `end main phase` when
    nothing else can be done) never carry the game on to its end."""
    text = (SVE_INDEPENDENT / "choose-option-without-target.yaml").read_text(encoding="utf-8")
    r = run_file(write(tmp_path, text.replace("choose Draw a card.", "choose Draw two cards")))
    assert not r.passed and not r.error
    assert "no option 'choose Draw two cards' for p1's choose_mode decision" in r.reason, r.line()


@pytest.mark.parametrize("label", ["choose Draw a card.", "choose Draw a card"])
def test_choose_an_option_text_with_or_without_its_full_stop(tmp_path: Path, label: str) -> None:
    text = (SVE_INDEPENDENT / "choose-option-without-target.yaml").read_text(encoding="utf-8")
    assert run_file(write(tmp_path, text.replace("choose Draw a card.", label))).passed


def test_sve_cross_craft_leader_area_holds_both_leaders(tmp_path: Path) -> None:
    """B-2:6.1.1.1: `p2.leader` lists both leader cards."""
    text = (SVE_INDEPENDENT / "cross-craft-two-leaders.yaml").read_text(encoding="utf-8")
    assert run_file(write(tmp_path, text)).passed
    r = run_file(write(tmp_path, text.replace("p2.leader: [Sword Leader, Rune Leader]", "p2.leader: 1"), "one"))
    assert not r.passed and "expected 1 card(s), found 2" in r.reason, r.line()


def test_single_option_answers_that_lead_elsewhere_are_undone(tmp_path: Path) -> None:
    """A label that is not an option of the step's own decision fails naming that decision, even
    when answering the single-option decisions before it (priority passes) would reach another
    player's turn."""
    text = (ROOT / "conformance/caster/independent/up-to-two-targets-one.yaml").read_text(encoding="utf-8")
    r = run_file(write(tmp_path, text.replace("  - p1: play Tide targeting q\n",
                                              "  - p1: play Tide targeting q\n  - p1: done\n")))
    assert not r.passed and "do[1]: no option 'done' for p1's priority decision" in r.reason, r.line()


CASTER_FORMS = """game: caster
name: caster inline element forms and attack-declaration pending
rules: ["209.3", "803.3"]
cards:
  - {name: Twin, type: servant, element: [solis, ignus], cost: 1, atk: 1000, def: 1000, race: "Beast/Knight"}
  - {name: Nothing, type: servant, element: void, cost: 1, atk: 1000, def: 1000, keywords: ["Slow Start"]}
setup:
  turn: 3
  active: p1
  at: battle/attack-declaration
  p1: {field: [{card: Twin, id: t}, {card: Nothing, id: n, state: recovered}], deck: 5}
  p2: {deck: 5, orbs: 3}
expect:
  pending: {player: p1, kind: attack}
  t: {element: [ignus, solis], race: [Beast, Knight]}
  n: {element: void, keywords: ["Slow Start"]}
"""

NOVA_FORMS = """game: nova
name: every SPEC name of nova in setup and expect
rules: ["001.1"]
setup:
  seed: 2
  turn: 3
  active: p1
  first_player: p1
  at: main1
  p1:
    deck: 5
    character_deck: 0
    hand: 1
    field: []
    energy: 0
    graveyard: 2
    removed: 1
    retired: 0
    life: 7
    limit_level: 2
    energy_stock: [red]
  p2: {deck: 5}
expect:
  p1.deck: 5
  p1.character_deck: 0
  p1.hand: 1
  p1.field: 0
  p1.energy: 0
  p1.graveyard: 2
  p1.removed: 1
  p1.retired: 0
  p1.life: 7
  p1.limit_level: 2
  waiting: 0
  winner: none
"""


@pytest.mark.parametrize("text", [CASTER_FORMS, NOVA_FORMS], ids=["caster", "nova"])
def test_spec_names_and_value_forms(tmp_path: Path, text: str) -> None:
    """SPEC "Names in setup and expect" and "Inline cards": Caster elements as a list or `void`,
    races split at '/', keywords compared case-insensitively in `expect` too, `at` a battle step
    with its choice pending; every NOVA zone and player value by its SPEC name."""
    r = run_file(write(tmp_path, text))
    assert r.passed, r.line()


def test_caster_graveyard_list_in_any_order(tmp_path: Path) -> None:
    """CR 310.2: a graveyard's order may be changed freely, so `PLAYER.graveyard: [...]` is
    compared in any order; the deck stays ordered (top first)."""
    text = (ROOT / "conformance/caster/independent/stolen-servant-destroyed-to-owner.yaml").read_text(encoding="utf-8")
    for order in ("[Charm, Smite]", "[Smite, Charm]"):
        r = run_file(write(tmp_path, text.replace("p1.graveyard: 2", f"p1.graveyard: {order}"), "g"))
        assert r.passed, r.line()
    r = run_file(write(tmp_path, text.replace("p1.graveyard: 2", "p1.graveyard: [Smite, Smite]"), "bad"))
    assert not r.passed


def test_sve_evolved_expected_as_in_setup(tmp_path: Path) -> None:
    """SPEC linked cards: `evolved: {card, id}` in `expect` names the linked evolved card."""
    text = (SVE_INDEPENDENT / "evolved-card-named.yaml").read_text(encoding="utf-8")
    assert run_file(write(tmp_path, text)).passed
    r = run_file(write(tmp_path, text.replace("id: ev}}", "id: zz}}"), "bad"))
    assert not r.passed and "c.evolved: expected" in r.reason, r.line()


SVE_CARDS = ROOT / "conformance" / "sve" / "cards"


@pytest.mark.parametrize("answer,passes", [("choose w", True), ("choose l", True), ("choose s", False),
                                           ('"trigger w: Whenever another"', True)])
def test_choose_an_object_orders_its_triggered_ability(tmp_path: Path, answer: str, passes: bool) -> None:
    """SPEC: `choose X` answers every decision that picks objects: the order of triggered abilities
    (10.7.3) names the object whose ability resolves first; an object with no waiting ability is an
    error."""
    text = (SVE_CARDS / "another-follower-evolves-is-not-this-card.yaml").read_text(encoding="utf-8")
    assert "- p1: choose w" in text
    r = run_file(write(tmp_path, text.replace("- p1: choose w", f"- p1: {answer}")))
    assert r.passed is passes, r.line()
    if not passes:
        assert "no option 'choose s'" in r.line()
