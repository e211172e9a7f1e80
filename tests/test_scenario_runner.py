"""The scenario runner (shared/conformance/SPEC.md): malformed files are ERRORs
that name the file and the key, never passes; false expectations FAIL; the
shorthands work; ``tcgjudge scenario run`` prints one line per scenario and a
summary, and exits non-zero on failures."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgjudge.interfaces.cli.main import main
from tcgjudge.interfaces.scenario import Runner, ScenarioError, find_files, load, run_file, run_paths

HEAD = """\
game: caster
name: {name}
rules: ["804.4"]
"""

CARDS = """\
cards:
  - {name: Striker, type: servant, element: ignus, cost: 1, atk: 500, def: 300}
  - {name: Wall, type: servant, element: aqua, cost: 1, atk: 200, def: 600}
  - name: Zap
    type: conjure
    element: void
    cost: 0
    effect:
      target: {as: t, type: servant, controller: enemy}
      do: [destroy: t]
  - name: Double Zap
    type: conjure
    element: void
    cost: 0
    effect:
      targets: [{as: a, type: servant, controller: enemy}, {as: b, type: servant, controller: enemy}]
      do: [destroy: [a, b]]
  - name: Cull
    type: conjure
    element: void
    cost: 0
    effect:
      do:
        - select: {as: s, from: {type: servant, controller: enemy}, n: 2}
        - destroy: s
  - {name: Colossus, type: servant, element: ignus, cost: 9, atk: 9000, def: 9000}
"""

SETUP = """\
setup:
  seed: 1
  turn: 3
  active: p1
  at: main
  p1:
    field: [{card: Striker, id: s}]
    hand: [Zap, Double Zap, Cull, {card: Colossus, id: big}]
    deck: 20
  p2:
    field: [{card: Wall, id: w, orientation: reversed}, {card: Wall, id: w2}, {card: Wall, id: w3}]
    orbs: 7
    deck: 20
"""


def scenario(tmp_path: Path, body: str, name: str = "case", head: str | None = None) -> Path:
    p = tmp_path / f"{name}.yaml"
    p.write_text((HEAD.format(name=name) if head is None else head) + body, encoding="utf-8")
    return p


def result_of(tmp_path: Path, body: str, name: str = "case"):
    return run_file(scenario(tmp_path, body, name))


# ------------------------------------------------------------------ malformed files
MALFORMED = [
    ("missing game", "name: x\nrules: ['1']\n", "missing required key 'game'"),
    ("missing name", "game: caster\nrules: ['1']\n", "missing required key 'name'"),
    ("missing rules", "game: caster\nname: x\n", "missing required key 'rules'"),
    ("empty rules", "game: caster\nname: x\nrules: []\n", "rules: expected a non-empty list of rule numbers"),
    ("unknown game", "game: chess\nname: x\nrules: ['1']\n", "game: unknown game 'chess'"),
    ("unknown top-level key", HEAD.format(name="x") + "expected: {}\n", "unknown top-level key 'expected'"),
    ("not a mapping", "- game: caster\n", "a scenario is a mapping"),
    ("invalid YAML", "game: [caster\n", "not valid YAML"),
    ("setup not a mapping", HEAD.format(name="x") + "setup: [1]\n", "setup: expected a mapping"),
    ("do not a list", HEAD.format(name="x") + "do: {p1: pass}\n", "do: expected a list"),
    ("step with two players", HEAD.format(name="x") + "do:\n  - {p1: pass, p2: pass}\n",
     "do[0]: a step names exactly one player (p1 or p2)"),
    ("step with an unknown key", HEAD.format(name="x") + "do:\n  - {p1: pass, quickly: true}\n",
     "do[0]: a step names exactly one player"),
    ("step that is a list", HEAD.format(name="x") + "do:\n  - [p1, pass]\n",
     "do[0]: expected 'PLAYER: LABEL' or 'pass until STEP end'"),
    ("text step that is not pass until", HEAD.format(name="x") + "do:\n  - pass\n",
     "do[0]: a text step must be 'pass until STEP end', got 'pass'"),
    ("label that is not text", HEAD.format(name="x") + "do:\n  - p1: [pass]\n", "do[0].p1: expected an option label"),
    ("illegal that is not a boolean", HEAD.format(name="x") + "do:\n  - {p1: pass, illegal: yes}\n",
     "do[0].illegal: expected true or false"),
]


@pytest.mark.parametrize("what,text,wanted", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_file_is_an_error(tmp_path: Path, what: str, text: str, wanted: str) -> None:
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    r = run_file(p)
    assert not r.passed and r.error, r
    assert r.line().startswith("ERROR "), r.line()
    assert str(p) in r.reason and wanted in r.reason, r.reason


SETUP_ERRORS = [
    ("unknown card in setup", SETUP.replace("hand: [Zap,", "hand: [Zapp,"),
     "setup.p1.hand[0]: unknown card 'Zapp'"),
    ("unknown zone", SETUP.replace("    deck: 20\n  p2:", "    library: 20\n  p2:"),
     "setup.p1.library: unknown zone or player value 'library'"),
    ("bad at", SETUP.replace("at: main", "at: lunch"), "setup.at: unknown 'lunch'; one of"),
    ("bad orientation", SETUP.replace("orientation: reversed", "orientation: sideways"),
     "setup.p2.field[0].orientation: expected one of recovered, rested, reversed"),
    ("unknown key in a card entry", SETUP.replace("{card: Striker, id: s}", "{card: Striker, id: s, hp: 3}"),
     "setup.p1.field[0]: unknown key 'hp'"),
    ("id used twice", SETUP.replace("{card: Wall, id: w2}", "{card: Wall, id: w}"),
     "setup.p2.field[1].id: id 'w' is used twice"),
    ("bad active player", SETUP.replace("active: p1", "active: p3"), "setup.active: expected p1 or p2, got 'p3'"),
    ("bad aether", SETUP.replace("    deck: 20\n  p2:", "    aether: [fire]\n  p2:"),
     "setup.p1.aether: unknown aether 'fire'"),
    ("unknown setup key", SETUP.replace("  seed: 1\n", "  seeds: 1\n"), "setup.seeds: unknown key; keys: seed, turn"),
    ("turn that is not a number", SETUP.replace("turn: 3", "turn: three"),
     "setup.turn: expected a whole number, got 'three'"),
]


@pytest.mark.parametrize("what,setup,wanted", SETUP_ERRORS, ids=[s[0] for s in SETUP_ERRORS])
def test_setup_errors(tmp_path: Path, what: str, setup: str, wanted: str) -> None:
    r = result_of(tmp_path, CARDS + setup + "do: []\nexpect: {}\n")
    assert not r.passed and r.error and r.line().startswith("ERROR case — "), r.line()
    assert str(tmp_path / "case.yaml") in r.reason and wanted in r.reason, r.reason


def test_malformed_inline_card_is_an_error(tmp_path: Path) -> None:
    r = result_of(tmp_path, "cards:\n  - {name: Odd, type: servant, cost: 1, atk: 1, def: 1, keywords: [flying]}\n"
                            + SETUP + "expect: {}\n")
    assert r.error and "cards[0]: card 'Odd': keywords[0]: unknown keyword 'flying'" in r.reason, r.reason


EXPECT_ERRORS = [
    ("unknown expect key", "expect:\n  nobody: {zone: p1.field}\n", "expect.nobody: not an object id from setup"),
    ("unknown player value", "expect:\n  p1.mana: 3\n", "expect.p1.mana: unknown player value 'mana'"),
    ("unknown object attribute", "expect:\n  s: {colour: red}\n", "expect.s.colour: unknown attribute 'colour'"),
    ("object expectation not a mapping", "expect:\n  s: p1.field\n", "expect.s: expected a mapping"),
    ("pending not a mapping", "expect:\n  pending: priority\n", "expect.pending: expected {player, kind}"),
    ("zone expectation of the wrong shape", "expect:\n  p1.field: {s: 1}\n",
     "expect.p1.field: expected a count or a list"),
]


@pytest.mark.parametrize("what,expect,wanted", EXPECT_ERRORS, ids=[e[0] for e in EXPECT_ERRORS])
def test_expect_errors(tmp_path: Path, what: str, expect: str, wanted: str) -> None:
    r = result_of(tmp_path, CARDS + SETUP + "do: []\n" + expect)
    assert not r.passed and r.error, r.line()
    assert str(tmp_path / "case.yaml") in r.reason and wanted in r.reason, r.reason


def test_load_checks_the_shape_before_running(tmp_path: Path) -> None:
    p = scenario(tmp_path, "do:\n  - {p1: pass, p2: pass}\n")
    with pytest.raises(ScenarioError, match=r"case\.yaml: do\[0\]"):
        load(p)
    with pytest.raises(ScenarioError, match="no such file or folder"):
        find_files([tmp_path / "absent"])


# --------------------------------------------------------------------- pass / fail
@pytest.mark.rules("caster", "804.4")
def test_a_true_scenario_passes_and_a_false_one_fails(tmp_path: Path) -> None:
    body = CARDS + SETUP + "do:\n  - p1: attack s -> w\n  - pass until battle end\n"
    ok = result_of(tmp_path, body + "expect:\n  w: {zone: p2.field}\n  p2.orbs: 7\n  winner: none\n", "ok")
    assert ok.passed and ok.line() == "PASS ok", ok.line()
    bad = result_of(tmp_path, body + "expect:\n  w: {zone: p2.graveyard}\n", "bad")
    assert not bad.passed and not bad.error
    assert bad.line() == "FAIL bad — w: expected in p2.graveyard, it is in p2.field", bad.line()
    for exp, why in [("p2.orbs: 6", "p2.orbs: expected 6 card(s), found 7"), ("winner: p1", "winner: expected p1, got none"),
                     ("p2.field: 2", "p2.field: expected 2 card(s), found 3"),
                     ("log: ['s attacks w', 'is destroyed']", "log: no line containing 'is destroyed'"),
                     ("pending: {player: p2, kind: priority}", "pending: expected")]:
        r = result_of(tmp_path, body + f"expect:\n  {exp}\n", "f")
        assert not r.passed and not r.error and why in r.reason, (exp, r.line())


def test_a_label_that_is_not_an_option_fails(tmp_path: Path) -> None:
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p1: play Nothing\n")
    assert not r.passed and not r.error
    # (the runner first passed priority to look for the option in a later step)
    # the failure names the question the step was written against, not where passing stopped
    assert "do[0]: no option 'play Nothing' for p1's priority decision; options: ['pass'" in r.reason, r.reason
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p2: pass\n")
    assert "do[0]: the pending priority decision belongs to p1, not p2" in r.reason, r.reason


def test_pass_until_step_end(tmp_path: Path) -> None:
    path = scenario(tmp_path, CARDS + SETUP + "do:\n  - p1: attack s -> w\n  - pass until battle end\n")
    run = Runner(load(path), path)
    run.run()
    g = run.g
    assert run.pkg.where(g) == "end", run.pkg.where(g)
    assert any("s attacks w" in (ln if isinstance(ln, str) else ln[1]) for ln in g.log)  # objects by their ids
    # the attack was judged: the reversed Wall (DEF 600) survives Striker's 500 ATK (CR 804.4)
    assert run.current("w") in g.zone(1, "field")


def test_illegal_true(tmp_path: Path) -> None:
    body = CARDS + SETUP
    ok = result_of(tmp_path, body + "do:\n  - {p1: play Colossus, illegal: true}\n  - p1: play Zap targeting w\n"
                                    "expect:\n  w: {zone: p2.field}\n  pending: {player: p1, kind: priority}\n")
    assert ok.passed, ok.line()  # nothing was answered by the illegal step; Zap waits in the chase
    bad = result_of(tmp_path, body + "do:\n  - {p1: play Zap, illegal: true}\n")
    assert not bad.passed and "'play Zap' should not be an option for p1" in bad.reason, bad.line()


def test_chained_targeting(tmp_path: Path) -> None:
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p1: play Zap targeting w2\n  - p1: pass\n  - p2: pass\n"
                                            "expect:\n  w2: {zone: p2.graveyard}\n  w: {zone: p2.field}\n"
                                            "  w3: {zone: p2.field}\n")
    assert r.passed, r.line()
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p1: play Double Zap targeting w, w3\n  - p1: pass\n"
                                            "  - p2: pass\nexpect:\n  w: {zone: p2.graveyard}\n"
                                            "  w3: {zone: p2.graveyard}\n  w2: {zone: p2.field}\n")
    assert r.passed, r.line()
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p1: play Zap targeting s\n")
    assert not r.passed and "no option 'choose s'" in r.reason, r.line()  # not an enemy servant


def test_chained_choose(tmp_path: Path) -> None:
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p1: play Cull\n  - p1: pass\n  - p2: pass\n"
                                            "  - p1: choose w2,w3\n"
                                            "expect:\n  w2: {zone: p2.graveyard}\n  w3: {zone: p2.graveyard}\n"
                                            "  w: {zone: p2.field}\n  p2.graveyard: [w2, w3]\n")
    assert r.passed, r.line()


def test_fast_forward_to_a_later_step(tmp_path: Path) -> None:
    """`attack s -> w` asked during the main phase passes priority until it is an option."""
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p1: attack s -> w\n"
                                            "expect:\n  log: ['s attacks w']\n")
    assert r.passed, r.line()


def test_names_and_ids_are_both_accepted(tmp_path: Path) -> None:
    """A label may name every object by its scenario id or every object by its card name."""
    setup = SETUP.replace(", {card: Wall, id: w2}, {card: Wall, id: w3}", "")
    for label in ("attack s -> w", "attack Striker -> Wall"):
        r = result_of(tmp_path, CARDS + setup + f"do:\n  - p1: {label}\n  - pass until battle end\n"
                                                "expect:\n  log: ['s attacks w']\n  p1.field: [Striker]\n"
                                                "  p2.field: [w]\n  p2.graveyard: 0\n"
                                                "  options: {player: p1, include: [pass]}\n")
        assert r.passed, r.line()
    r = result_of(tmp_path, CARDS + SETUP + "do:\n  - p1: attack s -> Wall\n")
    assert not r.passed, r.line()  # three Walls: the name is ambiguous


# ----------------------------------------------------------------------------- CLI
def test_cli_scenario_run(tmp_path: Path) -> None:
    body = CARDS + SETUP + "do:\n  - p1: attack s -> w\n  - pass until battle end\n"
    scenario(tmp_path, body + "expect:\n  w: {zone: p2.field}\n", "a-pass")
    scenario(tmp_path, body + "expect:\n  w: {zone: p2.graveyard}\n", "b-fail")
    scenario(tmp_path, body + "expect:\n  nobody: 1\n", "c-error")
    res = CliRunner().invoke(main, ["scenario", "run", str(tmp_path)])
    assert res.exit_code == 1, res.output
    lines = res.output.strip().splitlines()
    assert lines[0] == "PASS a-pass"
    assert lines[1] == "FAIL b-fail — w: expected in p2.graveyard, it is in p2.field"
    assert lines[2].startswith("ERROR c-error — ") and "expect.nobody" in lines[2]
    assert lines[-1] == "1 passed, 2 failed"
    quiet = CliRunner().invoke(main, ["scenario", "run", "--quiet", str(tmp_path)])
    assert "PASS" not in quiet.output and quiet.output.strip().endswith("1 passed, 2 failed")
    good = CliRunner().invoke(main, ["scenario", "run", str(tmp_path / "a-pass.yaml")])
    assert good.exit_code == 0 and good.output == "PASS a-pass\n1 passed, 0 failed\n", good.output
    missing = CliRunner().invoke(main, ["scenario", "run", str(tmp_path / "nope")])
    assert missing.exit_code != 0 and "no such file or folder" in missing.output


def test_run_paths_reads_folders_in_order(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    scenario(tmp_path / "sub", CARDS + SETUP + "expect:\n  winner: none\n", "two")
    scenario(tmp_path, CARDS + SETUP + "expect:\n  winner: none\n", "one")
    res = run_paths([tmp_path])
    assert [r.name for r in res] == ["one", "two"] and all(r.passed for r in res)


def test_a_card_given_only_by_name_comes_from_the_pool(tmp_path: Path) -> None:
    setup = SETUP.replace("hand: [Zap, Double Zap, Cull, {card: Colossus, id: big}]", "hand: [{card: Kindled Hound, id: kh}]")
    r = result_of(tmp_path, CARDS + "  - name: Kindled Hound\n" + setup + "expect:\n  kh: {zone: p1.hand, atk: 1000}\n")
    assert r.passed, r.line()
    r = result_of(tmp_path, CARDS + "  - name: Nobody Special\n" + SETUP + "expect: {}\n")
    assert r.error and "cards[6]: 'Nobody Special' is given only by name, and the shipped caster pool has no such card" \
        in r.reason, r.line()
    r = result_of(tmp_path, CARDS + "  - name: Ember Wisp\n" + SETUP + "expect: {}\n")
    assert r.error and "'Ember Wisp' names several cards of the shipped pool (Ember Wisp Lv1" in r.reason, r.line()


def test_activate_label_accepts_any_start_of_the_ability_text(tmp_path: Path) -> None:
    """SPEC: `activate ID: TEXT`, TEXT the start of the ability's text when it has several."""
    text = """
game: caster
name: two abilities
rules: ["704.1"]
cards:
  - name: Twin Lamp
    type: barrier
    element: void
    cost: 1
    abilities:
      - activated: {do: [{counter: {what: self, name: red, n: 1}}]}
        text: "Put a red counter on this card, then admire the long description of this lamp."
      - activated: {do: [{counter: {what: self, name: blue, n: 1}}]}
        text: "Put a blue counter on this card."
setup:
  turn: 3
  at: main
  p1: {field: [{card: Twin Lamp, id: l}], deck: 5}
  p2: {deck: 5}
do:
  - p1: "activate l: Put a red counter on this card, then admire the long description of this lamp."
  - pass until main end
expect:
  l: {counters: {red: 1}}
"""
    f = tmp_path / "s.yaml"
    f.write_text(text)
    assert run_file(f).passed, run_file(f).reason
    short = text.replace('"activate l: Put a red counter on this card, then admire the long description of this lamp."',
                         '"activate l: Put a red"')
    f.write_text(short)
    assert run_file(f).passed, run_file(f).reason
    ambiguous = text.replace('"activate l: Put a red counter on this card, then admire the long description of this lamp."',
                             '"activate l: Put a"')
    f.write_text(ambiguous)
    r = run_file(f)
    assert not r.passed and "no option" in r.reason


SVE_FORCED = """\
game: sve
name: a single forced target after the last step
rules: ["10.6.2.3"]
cards:
  - {name: Smite, type: spell, cost: 0, text: "Select an enemy follower on the field and destroy it."}
  - {name: Pawn, type: follower, cost: 1, atk: 1, def: 1, text: ""}
setup:
  turn: 3
  active: p1
  at: main
  p1: {hand: [Smite], deck: 5}
  p2: {field: [{card: Pawn, id: e}], deck: 5}
do:
  - p1: play Smite
"""


def test_a_forced_decision_after_the_last_step_is_answered(tmp_path: Path) -> None:
    """SPEC: a decision with one option that no step names is answered by the runner, after the
    last step too (the spell's only target), unless ``expect`` looks at the pending decision."""
    r = run_file(scenario(tmp_path, SVE_FORCED + "expect:\n  e: {zone: p2.cemetery}\n", head=""))
    assert r.passed, r.line()
    r = run_file(scenario(tmp_path, SVE_FORCED + "expect:\n  pending: {player: p1, kind: target}\n"
                                                 "  e: {zone: p2.field}\n", name="pending", head=""))
    assert r.passed, r.line()
