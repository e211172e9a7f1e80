"""The decision protocol (DESIGN principles 1, 4 and 8).

Every decision of a game, reached by random play with decks that also ask the
rarer questions of the effect language (modes, X, may, select, choose a
player, search, an opponent's discard), must have non-empty labels, unique
within the decision, and be plain JSON.  A wrong answer raises IllegalAction
and changes nothing; an answer by label is the same as the answer by index.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgjudge.agents import make_agent
from tcgjudge.cards.loader import load_yaml_text
from tcgjudge.games import registry
from tcgjudge.games.caster import rules as caster_rules
from tcgjudge.games.caster.deck import Deck
from tcgjudge.kernel.decisions import Decision, IllegalAction
from tcgjudge.kernel.game import Game

PKG = registry.get("caster")

QUESTION_CARDS = """
- {name: Two Roads, type: conjure, element: void, cost: 0,
   effect: {choose: {n: 1, modes: [{text: draw, do: [draw: 1]}, {text: look, do: [look: {n: 1}]}]}}}
- {name: Perhaps, type: conjure, element: void, cost: 0, effect: {do: [may: {do: [draw: 1]}]}}
- {name: Pointing Finger, type: conjure, element: void, cost: 0,
   effect: {do: [{choose_player: {as: who}}, {draw: {n: 1, player: who}}]}}
- {name: Rally Call, type: conjure, element: void, cost: 0,
   effect: {do: [{select: {as: s, from: {type: servant}, n: 2, up_to: true}}, {rest: s}]}}
- {name: Seeker, type: conjure, element: void, cost: 0, effect: {do: [search: {filter: {type: servant}}]}}
- {name: Mind Thief, type: conjure, element: void, cost: 0,
   effect: {do: [discard: {n: 1, player: enemy, chooser: you}]}}
- {name: Surge, type: conjure, element: void, cost: X, effect: {do: [draw: X]}}
"""

_b = caster_rules().builder
CARDS = [_b.card(e, "test_protocol") for e in load_yaml_text(QUESTION_CARDS)]


def new_game(seed: int) -> Game:
    decks = []
    for i, name in enumerate(PKG.shipped_decks()[:2]):
        main = list(PKG.load_deck(name).main)
        for j, c in enumerate(CARDS * 2):
            main[(j * 3 + seed + i) % len(main)] = c
        decks.append(Deck(f"{name} (questions)", main, []))
    return PKG.new_game(decks, seed, auto=seed % 2 == 0)


def check_decision(d: Decision) -> None:
    labels = d.labels
    assert labels, d
    for lab in labels:
        assert isinstance(lab, str) and lab.strip() == lab and lab, f"bad label {lab!r} in {d}"
        assert "\x00" not in lab, f"an object placeholder was not rendered: {lab!r}"
    assert len(set(labels)) == len(labels), f"duplicate labels in {d.kind}: {labels}"
    j = d.to_json()
    again = json.loads(json.dumps(j))
    assert again == j
    assert again["player"] == d.player and again["kind"] == d.kind and isinstance(again["prompt"], str)
    assert [o["label"] for o in again["options"]] == labels
    assert [o["index"] for o in again["options"]] == list(range(len(labels)))


def test_every_decision_is_well_formed() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        g = new_game(seed)
        agent = make_agent("random", seed)
        while g.result is None:
            d = g.pending
            assert d is not None, "the engine stopped with no decision and no result"
            check_decision(d)
            kinds.add(d.kind)
            g.decide(agent.choose({}, d))
    # the games did ask the kinds of questions this test is about
    for k in ("exchange", "priority", "call", "pay", "target", "attack", "corrupt", "enter", "choose_mode",
              "may", "choose_player", "select", "search", "discard", "number"):
        assert k in kinds, f"no {k} decision was reached ({sorted(kinds)})"


def _play_to(seed: int, steps: int) -> Game:
    g = new_game(seed)
    agent = make_agent("random", seed + 1)
    for _ in range(steps):
        if g.result is not None:
            break
        g.decide(agent.choose({}, g.pending))
    return g


BAD_ANSWERS = [-1, 10_000, True, False, None, 1.0, "0", "", "definitely not an option", ["pass"], (0,)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5000), steps=st.integers(0, 700), pick=st.integers(0, 10_000))
def test_bad_answers_change_nothing_and_labels_equal_indexes(seed: int, steps: int, pick: int) -> None:
    g = _play_to(seed, steps)
    if g.result is not None:
        before = g.fingerprint()
        with pytest.raises(IllegalAction, match="no decision is pending"):
            g.decide(0)
        assert g.fingerprint() == before
        return
    d = g.pending
    check_decision(d)
    before = g.fingerprint()
    for bad in BAD_ANSWERS + [len(d.options)]:
        if isinstance(bad, str) and bad in d.labels:
            continue
        with pytest.raises(IllegalAction):
            g.decide(bad)
        assert g.fingerprint() == before, f"answering {bad!r} changed the game"
        assert g.pending is d
    # by label == by index
    i = pick % len(d.options)
    a, b = g.clone(), g.clone()
    a.decide(i)
    b.decide(d.labels[i])
    assert a.fingerprint() == b.fingerprint()
    assert g.fingerprint() == before


def test_illegal_action_message_lists_the_options() -> None:
    g = _play_to(1, 0)
    with pytest.raises(IllegalAction) as e:
        g.decide("fly to the moon")
    msg = str(e.value)
    assert "'fly to the moon' is not an option" in msg and g.pending.kind in msg
    for lab in g.pending.labels[:3]:
        assert lab in msg
    with pytest.raises(IllegalAction, match=r"out of range 0\.\.\d+"):
        g.decide(len(g.pending.options))


def test_a_decision_needs_options() -> None:
    with pytest.raises(ValueError, match="has no options"):
        Decision(0, "priority", "you have priority", [])


def test_decision_repr_and_json_name_the_player() -> None:
    d = Decision(1, "may", "do it?", [("yes", "yes"), ("no", "no")])
    assert d.labels == ["yes", "no"] and d.index_of("no") == 1
    assert repr(d) == "Decision(p2 may: ['yes', 'no'])"
    assert d.to_json() == {"player": 1, "kind": "may", "prompt": "do it?",
                           "options": [{"index": 0, "label": "yes"}, {"index": 1, "label": "no"}]}


def test_the_documented_python_examples_run() -> None:
    """The Python API examples of README.md and docs/protocol.md run as written."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    played = 0
    for doc, first in ((root / "README.md", False), (root / "docs" / "protocol.md", True)):
        blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
        for code in blocks[:1] if first else blocks:  # the README's every example; protocol.md's first
            ns: dict = {}
            exec(compile(code, str(doc), "exec"), ns)  # noqa: S102 - the project's own documentation
            if "g" in ns:  # the decision-protocol example plays a whole game
                assert ns["g"].result is not None, doc
                played += 1
    assert played == 2
