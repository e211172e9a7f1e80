"""Card files: every kind of malformed entry is rejected with a message that names
the file, the card and the field (DESIGN principle 8), and a good file loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgjudge.cards.language import CardError
from tcgjudge.cards.loader import load_card_file
from tcgjudge.games.caster import rules as caster_rules

BUILDER = caster_rules().builder

GOOD = """\
cards:
  - name: Good Card
    type: servant
    element: ignus
    cost: 1
    atk: 500
    def: 500
"""

BAD_HEAD = GOOD + """\
  - name: Bad Card
    type: servant
    element: ignus
    cost: 1
    atk: 500
    def: 500
"""


def load(tmp_path: Path, text: str, name: str = "cards.yaml") -> list:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return load_card_file(BUILDER, p)


def error(tmp_path: Path, text: str) -> str:
    with pytest.raises(CardError) as e:
        load(tmp_path, text)
    return str(e.value)


#: (what is wrong, lines added to "Bad Card", substrings the message must contain)
ADDED = [
    ("unknown field", "    colour: red\n", ["unknown field 'colour'", "fields: ", "element"]),
    ("unknown keyword", "    keywords: [flying]\n", ["keywords[0]: unknown keyword 'flying'", "quickcast"]),
    ("keyword without its value", "    keywords: [united_front]\n",
     ["keywords[0]: keyword 'united_front' needs a value"]),
    ("keyword with a value it does not take", "    keywords: [{quickcast: 2}]\n",
     ["keywords[0]: keyword 'quickcast' takes no value"]),
    ("keywords not a list", "    keywords: quickcast\n", ["keywords: expected a list"]),
    ("unknown instruction", "    abilities:\n      - auto: {on: enter, do: [explode: 2]}\n",
     ["abilities[0]: auto.do[0]: unknown instruction 'explode'", "known: ", "draw"]),
    ("unknown argument", "    abilities:\n      - auto: {on: enter, do: [{draw: {n: 1, colour: red}}]}\n",
     ["abilities[0]: auto.do[0].draw: unknown argument 'colour'; draw takes n, player, up_to"]),
    ("argument of the wrong type", "    abilities:\n      - auto: {on: enter, do: [{draw: {n: 1, up_to: maybe}}]}\n",
     ["auto.do[0].draw.up_to: expected true or false, got 'maybe'"]),
    ("missing required argument", "    abilities:\n      - auto: {on: enter, do: [{modify: {atk: 500}}]}\n",
     ["auto.do[0].modify: missing required argument 'what'"]),
    ("a number that is true/false", "    abilities:\n      - auto: {on: enter, do: [{draw: true}]}\n",
     ["auto.do[0].draw: expected a number, got true/false"]),
    ("unknown value", "    abilities:\n      - auto: {on: enter, do: [{draw: {n: {plenty: 3}}}]}\n",
     ["auto.do[0].draw.n: unknown value 'plenty'", "count"]),
    ("a player that is not a word", "    abilities:\n      - auto: {on: enter, do: [{draw: {n: 1, player: 5}}]}\n",
     ["auto.do[0].draw.player: expected a player word", "enemy"]),
    ("two instructions in one mapping", "    abilities:\n      - auto: {on: enter, do: [{draw: 1, destroy: t}]}\n",
     ["auto.do[0]: an instruction is one word or a mapping with exactly one key"]),
    ("a block that is not a list", "    abilities:\n      - auto: {on: enter, do: 5}\n",
     ["auto.do: expected a list of instructions, got int"]),
    ("unknown selector key", "    abilities:\n      - auto: {on: enter, do: [{destroy: {what: {type: servant, colour: red}}}]}\n",
     ["auto.do[0].destroy.what: unknown selector key 'colour'", "controller"]),
    ("a selector given where arguments go",
     "    abilities:\n      - auto: {on: enter, do: [{destroy: {type: servant}}]}\n",
     ["auto.do[0].destroy: unknown argument 'type'", "destroy: {what: {type: ...}}"]),
    ("unknown zone in a selector", "    abilities:\n      - auto: {on: enter, do: [{destroy: {what: {zone: moon}}}]}\n",
     ["auto.do[0].destroy.what.zone: unknown zone 'moon'", "graveyard"]),
    ("unknown selector key in a target", "    abilities:\n      - auto: {on: enter, target: {as: t, colour: red}, do: [destroy: t]}\n",
     ["auto.target[0].filter: unknown selector key 'colour'"]),
    ("unknown condition", "    abilities:\n      - auto: {on: enter, if: {sunny: true}, do: [draw: 1]}\n",
     ["abilities[0]: auto.if: unknown condition 'sunny'", "exists"]),
    ("unknown nested condition",
     "    abilities:\n      - auto: {on: enter, do: [{if: {cond: {and: [{sunny: 1}]}, then: [draw: 1]}}]}\n",
     ["auto.do[0].if.cond.and[0]: unknown condition 'sunny'"]),
    ("a condition that is not a mapping",
     "    abilities:\n      - auto: {on: enter, do: [{if: {cond: 5, then: [draw: 1]}}]}\n",
     ["auto.do[0].if.cond: expected a condition mapping, got 5"]),
    ("a comparison with an unknown operator",
     "    abilities:\n      - auto: {on: enter, if: {compare: [1, '~', 2]}, do: [draw: 1]}\n",
     ["auto.if.compare: expected [VALUE, OP, VALUE]", ">="]),
    ("unknown trigger", "    abilities:\n      - auto: {on: sunrise, do: [draw: 1]}\n",
     ["abilities[0]: auto.on: unknown trigger 'sunrise'", "enter"]),
    ("unknown trigger key", "    abilities:\n      - auto: {on: {event: move, colour: red}, do: [draw: 1]}\n",
     ["auto.on: unknown trigger key 'colour'", "subject"]),
    ("unknown cost", "    abilities:\n      - activated: {cost: [sacrifice], do: [draw: 1]}\n",
     ["abilities[0]: activated.cost[0]: unknown cost 'sacrifice'", "rest"]),
    ("unknown ability kind", "    abilities:\n      - triggered: {on: enter}\n",
     ["abilities[0]: an ability needs exactly one of activated, auto, static, replacement"]),
    ("unknown ability key", "    abilities:\n      - auto: {on: enter, when: now, do: [draw: 1]}\n",
     ["abilities[0].auto: unknown key 'when'"]),
    ("automatic ability without a trigger", "    abilities:\n      - auto: {do: [draw: 1]}\n",
     ["abilities[0].auto: an automatic ability needs 'on'"]),
    ("static ability with two effects",
     "    abilities:\n      - static: {modify: {atk: 1}, grant: {keywords: [quickcast]}}\n",
     ["abilities[0].static: name exactly one effect"]),
    ("unknown key in a static ability", "    abilities:\n      - static: {modify: {atk: 500}, colour: red}\n",
     ["abilities[0].static: unknown key 'colour'"]),
    ("unknown selector key in what a static ability affects",
     "    abilities:\n      - static: {modify: {atk: 500}, affects: {colour: red}}\n",
     ["static.affects: unknown selector key 'colour'"]),
    ("static effects with different conditions",
     "    abilities:\n      - static:\n          - {modify: {atk: 500}}\n          - {grant: {keywords: [hubris]}, if: {dct: 3}}\n",
     ["abilities[0].static: its effects have different conditions ('if')"]),
    ("a condition on an automatic ability", "    abilities:\n      - auto: {on: enter, if: {dct: 2}, do: [draw: 1]}\n",
     ["abilities[0].auto: if: the condition of an automatic ability goes in its trigger"]),
    ("a condition on a spell", "    effect: {if: {dct: 2}, do: [draw: 1]}\n",
     ["effect: if: a spell has no condition of its own"]),
    ("targets that must differ in what but a name",
     "    effect:\n      targets: [{as: t, zone: graveyard, n: 2, up_to: true, distinct: element}]\n      do: [draw: 1]\n",
     ["effect: targets[0].distinct: 'name' (no two targets share a name), not 'element'"]),
    ("abilities not a list", "    abilities: {auto: {on: enter}}\n", ["abilities: expected a list"]),
    ("a spell's effect that is not a mapping", "    effect: draw\n", ["effect: expected a mapping"]),
    ("unknown key in a spell's effect", "    effect: {do: [draw: 1], colour: 1}\n", ["effect: unknown key 'colour'"]),
    ("modes that are not a mapping", "    effect: {choose: [a, b]}\n", ["effect: choose: choose needs 'modes'"]),
    ("text that is not text", "    text: [a]\n", ["text: expected text"]),
]


@pytest.mark.parametrize("what,added,wanted", ADDED, ids=[a[0] for a in ADDED])
def test_malformed_entry_names_file_card_and_field(tmp_path: Path, what: str, added: str, wanted: list) -> None:
    msg = error(tmp_path, BAD_HEAD + added)
    assert msg.startswith(f"{tmp_path / 'cards.yaml'}: cards[1]: card 'Bad Card': "), msg
    for w in wanted:
        assert w in msg, f"{what}: {w!r} not in {msg!r}"


#: (what is wrong, a line of "Bad Card" and what it becomes, substrings of the message)
CHANGED = [
    ("atk that is not a number", ("    atk: 500\n", "    atk: lots\n"), ["atk: expected an integer, got 'lots'"]),
    ("a negative cost", ("    cost: 1\n", "    cost: -1\n"), ["cost: expected a whole number of 0 or more, or X, got -1"]),
    ("unknown type", ("    type: servant\n", "    type: wizard\n"), ["type: unknown type 'wizard'", "conjure"]),
    ("unknown element", ("    element: ignus\n", "    element: fire\n"), ["element: unknown element 'fire'", "aqua"]),
    ("an element that is a number", ("    element: ignus\n", "    element: 5\n"),
     ["element: expected an element name, a list of them, or void; got 5"]),
    ("a level on a servant", ("    def: 500\n", "    def: 500\n    level: 2\n"), ["level: only casters have a level"]),
    ("a servant without def", ("    def: 500\n", ""), ["needs atk and def"]),
]


@pytest.mark.parametrize("what,change,wanted", CHANGED, ids=[c[0] for c in CHANGED])
def test_wrong_types_name_the_field(tmp_path: Path, what: str, change: tuple, wanted: list) -> None:
    old, new = change
    i = BAD_HEAD.rindex(old)
    msg = error(tmp_path, BAD_HEAD[:i] + BAD_HEAD[i:].replace(old, new, 1))
    assert msg.startswith(f"{tmp_path / 'cards.yaml'}: cards[1]: card 'Bad Card': "), msg
    for w in wanted:
        assert w in msg, msg


def test_a_caster_level_must_be_a_number(tmp_path: Path) -> None:
    msg = error(tmp_path, GOOD + "  - name: Sage\n    type: caster\n    element: aqua\n    level: two\n")
    assert msg == f"{tmp_path / 'cards.yaml'}: cards[1]: card 'Sage': level: expected a level of 1 or more, got 'two'"


def test_invalid_yaml_names_the_file_and_line(tmp_path: Path) -> None:
    msg = error(tmp_path, BAD_HEAD + "    atk: [1, 2\n")
    assert msg.startswith(f"{tmp_path / 'cards.yaml'}:15:") and "not valid YAML" in msg, msg


def test_duplicate_card(tmp_path: Path) -> None:
    msg = error(tmp_path, BAD_HEAD.replace("Bad Card", "Good Card"))
    assert msg == f"{tmp_path / 'cards.yaml'}: cards[1]: card 'Good Card' is defined twice"


def test_caster_levels_are_different_cards(tmp_path: Path) -> None:
    text = "cards:\n" + "".join(f"  - {{name: Sage, type: caster, element: aqua, level: {n}}}\n" for n in (1, 2))
    assert [c.key for c in load(tmp_path, text)] == ["Sage Lv1", "Sage Lv2"]
    msg = error(tmp_path, text + "  - {name: Sage, type: caster, element: aqua, level: 1}\n")
    assert "cards[2]: card 'Sage Lv1' is defined twice" in msg


def test_entry_shapes(tmp_path: Path) -> None:
    f = tmp_path / "cards.yaml"
    assert error(tmp_path, "cards: {a: 1}\n") == f"{f}: 'cards' must be a list"
    assert error(tmp_path, "hello\n") == f"{f}: expected a list of cards or a mapping with 'cards'"
    assert error(tmp_path, "cards: [5]\n") == f"{f}: cards[0]: a card entry must be a mapping, got int"
    assert error(tmp_path, "cards: [{type: servant}]\n") == f"{f}: cards[0]: card without a 'name' (text)"
    with pytest.raises(CardError, match="cannot read"):
        load_card_file(BUILDER, tmp_path / "absent.yaml")


def test_a_good_file_loads(tmp_path: Path) -> None:
    text = GOOD + """\
  - name: Sparks
    type: conjure
    element: [ignus, aqua]
    cost: 2
    keywords: [quickcast]
    text: "Destroy target enemy servant with a cost of 2 or less."
    effect:
      target: {as: t, type: servant, controller: enemy, cost_max: 2}
      do: [destroy: t]
  - name: Watcher
    type: servant
    element: void
    cost: 0
    atk: 0
    def: 100
    race: Spirit/Construct
    abilities:
      - auto: {on: enter, do: [draw: 1]}
        text: "[Enter] => Draw a card."
      - static: {modify: {atk: 500}, affects: {type: servant, controller: you, other: true}}
"""
    cards = {c.key: c for c in load(tmp_path, text)}
    s = cards["Sparks"].chars
    assert s["elements"] == frozenset({"ignus", "aqua"}) and s["cost"] == 2
    assert s["keywords"] == (("quickcast", None),) and s["effect"].spec["targets"][0]["as"] == "t"
    w = cards["Watcher"].chars
    assert w["races"] == ("Spirit", "Construct")  # CR 206.2: "A/B" is two races
    assert [a.kind for a in w["abilities"]] == ["auto", "static"]
    assert w["abilities"][0].text == "[Enter] => Draw a card."


def test_on_stays_a_word(tmp_path: Path) -> None:
    """YAML 1.1 would read the key `on` as true; card files read it as the word."""
    (c,) = [x for x in load(tmp_path, GOOD.replace("    def: 500\n", "    def: 500\n    abilities:\n"
                                                   "      - auto: {on: enter, do: [draw: 1]}\n"))]
    assert c.chars["abilities"][0].spec["on"]["event"] == ("move",)


def test_the_shipped_pool_loads() -> None:
    pool = caster_rules().cards
    assert pool and all(c.game == "caster" for c in pool.values())
