"""The documentation of the card format and the effect language stays true:
every word of the vocabulary (core and Caster) is documented, with the
arguments the code declares, and the documentation names no word the code
does not know."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tcgjudge.cards.language import Vocabulary
from tcgjudge.cards.loader import COMMON_FIELDS
from tcgjudge.games.caster.cards import FIELDS as CASTER_FIELDS
from tcgjudge.games.caster.vocabulary import vocabulary

DOCS = Path(__file__).resolve().parents[1] / "docs"
LANG = (DOCS / "effect-language.md").read_text(encoding="utf-8")
CARDS = (DOCS / "card-format.md").read_text(encoding="utf-8")
VOCAB: Vocabulary = vocabulary()

#: how the documentation writes each argument shape
SHAPE_WORDS = {"value": "value", "player": "player", "ref": "objects", "selector": "selector",
               "cond": "condition", "block": "instructions", "str": "text", "int": "whole number",
               "bool": "true/false", "any": "see below", "zone": "zone", "trigger": "trigger", "strs": "words"}


def section(text: str, title: str) -> str:
    """The text of a `## title` section, up to the next `## ` heading."""
    m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert m, f"no section '## {title}'"
    return m.group(1)


def table_words(text: str) -> list[str]:
    """The words in backticks in the first column of a Markdown table (`a`, `b` is two)."""
    out: list[str] = []
    for cell in re.findall(r"^\| (`[^|]+`) \|", text, re.M):
        out.extend(re.findall(r"`([^`]+)`", cell))
    return out


def test_instructions_are_documented_with_their_arguments() -> None:
    body = section(LANG, "Instructions") + section(LANG, "Caster instructions")
    entries = dict(re.findall(r"^### `(\w+)`\n(.*?)(?=^### |\Z)", body, re.S | re.M))
    assert sorted(entries) == sorted(VOCAB.ops), (
        f"undocumented: {sorted(set(VOCAB.ops) - set(entries))}; unknown: {sorted(set(entries) - set(VOCAB.ops))}")
    for name, spec in VOCAB.ops.items():
        text = entries[name]
        line = next((ln for ln in text.splitlines() if ln.startswith("Arguments: ")), None)
        assert line is not None, f"{name}: no 'Arguments:' line"
        got = dict(re.findall(r"`(\w+)` \(([^)]*)\)", line))
        assert list(got) == list(spec.args), f"{name}: documented arguments {list(got)}, code {list(spec.args)}"
        for arg, shape in spec.args.items():
            words = got[arg].split(", ")
            assert words[0] == SHAPE_WORDS[shape], f"{name}.{arg}: documented as {words[0]!r}, it is {shape!r}"
            assert ("required" in words) == (arg in spec.required), f"{name}.{arg}: required?"
        short = f"Short form: `{name}: {spec.short.upper()}`." if spec.short else None
        if short:
            assert short in text, f"{name}: the short form ({spec.short}) is not documented"
        else:
            assert "Short form" not in text, f"{name} has no short form"
        prose = text.split(line, 1)[1].strip()
        assert prose, f"{name}: no description"


@pytest.mark.parametrize("title,words,extra", [
    ("Selector keys", "filters", ()),
    ("Values", "values", ()),
    ("Conditions", "conds", ()),
    ("Trigger patterns", "trigger_keys", ()),
    ("Named triggers", "triggers", ()),
    ("Cost items", "costs", ()),
    ("Static abilities", "statics", ("who",)),
    ("Ability keys", "ability_keys", ()),
    ("Player words", "players", ()),
])
def test_every_word_is_documented(title: str, words: str, extra: tuple) -> None:
    documented = table_words(section(LANG, title))
    assert len(documented) == len(set(documented)), f"{title}: a word is documented twice"
    want = set(getattr(VOCAB, words)) | set(extra)
    assert set(documented) == want, (f"{title}: undocumented {sorted(want - set(documented))}; "
                                     f"not in the vocabulary {sorted(set(documented) - want)}")


def test_keywords_and_fields_are_documented() -> None:
    kws = table_words(section(CARDS, "Keywords"))
    assert sorted(kws) == sorted(VOCAB.keywords), sorted(set(VOCAB.keywords) ^ set(kws))
    documented = set(table_words(section(CARDS, "Fields common to all games")))
    assert documented == COMMON_FIELDS, sorted(documented ^ COMMON_FIELDS)
    caster = set(table_words(section(CARDS, "The Caster Chronicles fields")))
    assert caster == set(CASTER_FIELDS) | {"type"}, sorted(caster ^ (set(CASTER_FIELDS) | {"type"}))


def test_zones_named_in_the_docs_are_the_games_zones() -> None:
    row = next(ln for ln in LANG.splitlines() if ln.startswith("| zone |"))
    assert set(re.findall(r"`(\w+)`", row)) == VOCAB.zones


def test_documented_yaml_examples_load(tmp_path: Path) -> None:
    """The card entries shown in the card format page are valid cards."""
    from tcgjudge.cards.loader import load_card_file
    from tcgjudge.games.caster import rules

    blocks = re.findall(r"```yaml\n(.*?)```", CARDS, re.S)
    n = 0
    for i, b in enumerate(blocks):
        if not b.lstrip().startswith("- name:") and "cards:" not in b:
            continue
        p = tmp_path / f"example{i}.yaml"
        p.write_text(b, encoding="utf-8")
        n += len(load_card_file(rules().builder, p))
    assert n >= 10
