"""Card fields that used to load and then fail (or do nothing) at play time are refused when
the card is loaded, naming the file, the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgjudge.cards.language import CardError
from tcgjudge.cards.loader import load_card_file
from tcgjudge.games.caster import rules as caster_rules

BUILDER = caster_rules().builder

HEAD = """\
cards:
  - name: Bad Spell
    type: conjure
    element: ignus
    cost: 1
"""


def load(tmp_path: Path, body: str) -> list:
    p = tmp_path / "cards.yaml"
    p.write_text(HEAD + body, encoding="utf-8")
    return load_card_file(BUILDER, p)


@pytest.mark.parametrize(("body", "field", "message"), [
    ("    effect: {do: [draw: lots]}\n", "effect: do[0].draw", "unknown value 'lots'"),
    ("    effect: {do: [draw: -3]}\n", "effect: do[0].draw", "expected a count of 0 or more, got -3"),
    ("    effect: {do: [{draw: {n: -3}}]}\n", "effect: do[0].draw.n", "expected a count of 0 or more"),
    ("    effect: {do: [destroy: zz]}\n", "effect: do[0].destroy", "unbound name 'zz'"),
    ("    effect: {targets: [{as: t, type: servant}], do: [destroy: tt]}\n", "effect: do[0].destroy",
     "unbound name 'tt'"),
    ("    effect: {targets: [{as: t, type: servant}], do: [{modify: {what: t, atk: 500, until: tomorrow}}]}\n",
     "effect: do[0].modify.until", "unknown duration 'tomorrow'; durations: end_of_battle, end_of_turn, permanent"),
    ("    effect: {targets: [{as: t, type: servant}], do: [{modify: {what: t, atk: big}}]}\n",
     "effect: do[0].modify.atk", "unknown value 'big'"),
    ("    abilities: [{static: {modify: {atk: big}, affects: self}}]\n", "abilities[0]: static.modify.atk",
     "unknown value 'big'"),
    ("    effect: {do: [{repeat: {n: 1000000000000, do: [draw: 1]}}]}\n", "effect: do[0].repeat.n",
     "expected a number from -1000000 to 1000000"),
    ("    effect: {do: [draw: '²']}\n", "effect: do[0].draw", "unknown value '²'"),
])
def test_bad_card_fields_fail_at_load(tmp_path: Path, body: str, field: str, message: str) -> None:
    with pytest.raises(CardError) as e:
        load(tmp_path, body)
    msg = str(e.value)
    assert msg.startswith(f"{tmp_path / 'cards.yaml'}: cards[0]: card 'Bad Spell': "), msg
    assert field in msg and message in msg, msg


@pytest.mark.parametrize("body", [
    "    effect: {targets: [{type: servant}], do: [destroy: t]}\n",  # a target without 'as' is t
    "    effect: {do: [{select: {as: pick, from: {type: servant}}}, {destroy: pick}]}\n",
    "    effect: {do: [draw: X]}\n",
    "    effect: {do: [{draw: '2'}]}\n",
    "    abilities: [{auto: {on: enter, do: [{rest: subject}]}}]\n",
    "    effect: {targets: [{as: t, type: servant}], do: [{modify: {what: t, atk: 500, until: end_of_battle}}]}\n",
])
def test_good_card_fields_still_load(tmp_path: Path, body: str) -> None:
    assert load(tmp_path, body)[0].key == "Bad Spell"
