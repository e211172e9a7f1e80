"""Broken and hostile input (DESIGN principle 8): files that could hang or exhaust the engine
are refused with an error naming the file, bad answers and concessions raise IllegalAction and
change nothing, and option labels identify their option."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tcgjudge.cards.decks import MAX_COUNT, DeckError
from tcgjudge.cards.language import CardError
from tcgjudge.cards.loader import load_card_file
from tcgjudge.cards.yamlio import MAX_DEPTH, YamlError, load_text, read_yaml
from tcgjudge.games import registry
from tcgjudge.interfaces.sim import play_game
from tcgjudge.kernel.decisions import IllegalAction, brief, clip

CASTER = registry.get("caster")

BOMB = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f'{chr(98 + i)}: &{chr(98 + i)} [{",".join(["*" + chr(97 + i)] * 9)}]\n' for i in range(8))


def write(tmp_path: Path, text: str | bytes, name: str = "f.yaml") -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


# ------------------------------------------------------------------------------- YAML files
def test_an_alias_bomb_is_refused_at_once(tmp_path: Path) -> None:
    t0 = time.process_time()
    with pytest.raises(YamlError, match="aliases expand to"):
        read_yaml(write(tmp_path, BOMB))
    for load in (lambda p: CASTER.load_deck(str(p)), lambda p: load_card_file(CASTER.card_builder(), p)):
        with pytest.raises(ValueError, match=r"f\.yaml.*aliases expand"):
            load(write(tmp_path, BOMB))
    assert time.process_time() - t0 < 2


def test_a_few_aliases_and_merges_still_load() -> None:
    assert load_text("x: &x [1, 2]\ny: *x\n") == {"x": [1, 2], "y": [1, 2]}
    assert load_text("x: &x {a: 1}\ny: {<<: *x, a: 2}\n")["y"] == {"a": 2}


def test_a_key_written_twice_is_an_error() -> None:
    with pytest.raises(YamlError, match=r"f:3:1: .*key 'a' appears twice"):
        load_text("a: 1\nb: 2\na: 3\n", "f")


@pytest.mark.parametrize("text", ["[" * 10_000 + "]" * 10_000, "a: {" * 5000 + "}" * 5000,
                                  "- " * 3000 + "x"])
def test_deep_nesting_is_an_error_not_a_recursion_error(text: str) -> None:
    with pytest.raises(YamlError, match=f"nested more than {MAX_DEPTH} levels"):
        load_text(text, "deep.yaml")


def test_a_huge_number_is_an_error() -> None:
    with pytest.raises(YamlError, match="more than 100 digits"):
        load_text("n: " + "9" * 5000)


def test_a_non_utf8_file_names_the_file(tmp_path: Path) -> None:
    p = write(tmp_path, b"name: caf\xe9\n")
    with pytest.raises(YamlError, match=r"f\.yaml:1: not UTF-8"):
        read_yaml(p)
    with pytest.raises(DeckError, match=r"f\.yaml:1: not UTF-8"):
        CASTER.load_deck(str(p))


def test_a_device_is_not_read() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(YamlError, match="/dev/zero: not a regular file"):
        read_yaml("/dev/zero")
    with pytest.raises(DeckError, match="not a regular file"):
        CASTER.load_deck("/dev/zero")


# ------------------------------------------------------------------------------------ decks
@pytest.mark.parametrize(("text", "message"), [
    ("name: [a, b]\nmain: {Fire Lizard: 1}\n", r"name: expected text, got \['a', 'b'\]"),
    ("main: {Fire Lizard: 1000000000000}\n", f"whole number from 1 to {MAX_COUNT}, got 1000000000000"),
    ("main: [{card: Fire Lizard, n: 1000000000000}]\n", f"from 1 to {MAX_COUNT}"),
    ("main: {Fire Lizard: 1}\nmain: {Fire Lizard: 2}\n", "key 'main' appears twice"),
    ("main:\n  - " + "x" * 10_000 + "\n", r"unknown card 'xxxxxxxx.*\(10000 characters\)"),
])
def test_bad_decks_are_precise_errors(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message) as e:
        CASTER.load_deck(str(write(tmp_path, text, "deck.yaml")))
    assert "deck.yaml" in str(e.value) and len(str(e.value)) < 500


# ------------------------------------------------------------------------------- decisions
class Rigged(int):
    """An int whose comparisons always say yes."""

    def __lt__(self, other):  # noqa: ANN001
        return True

    def __le__(self, other):  # noqa: ANN001
        return True

    def __ge__(self, other):  # noqa: ANN001
        return True


class Indexed:
    def __init__(self, i: int) -> None:
        self.i = i

    def __index__(self) -> int:
        return self.i


def game():
    names = CASTER.shipped_decks()
    return CASTER.new_game([CASTER.load_deck(names[0]), CASTER.load_deck(names[1])], 3)


BAD_ANSWERS = [Rigged(10 ** 6), Rigged(-5), True, 0.0, None, [0], "x" * 100_000, 10 ** 5000, Indexed(-1), b"0"]


@pytest.mark.parametrize("bad", BAD_ANSWERS, ids=[f"bad{i}" for i in range(len(BAD_ANSWERS))])
def test_bad_answers_change_nothing(bad: object) -> None:
    g = game()
    before = g.fingerprint()
    with pytest.raises(IllegalAction) as e:
        g.decide(bad)
    assert g.fingerprint() == before and g.pending is not None
    assert len(str(e.value)) < 2000  # a short prefix of the input, never all of it


def test_an_object_with_index_is_an_answer() -> None:
    g, h = game(), game()
    g.decide(Indexed(1))
    h.decide(1)
    assert g.fingerprint() == h.fingerprint() and type(g.history[0]) is int


def test_brief_quotes_a_prefix() -> None:
    assert brief("x" * 1000).startswith("'xxxx") and len(brief("x" * 1000)) < 80
    assert brief(10 ** 5000) == f"a {(10 ** 5000).bit_length()}-bit number"
    assert brief(Rigged(3)) == "a value of type Rigged"


@pytest.mark.parametrize("text", ["[Rest], discard a card: Put the top card", "Look at the top card of your deck",
                                  "a" * 60, "short", "ends in space   "])
def test_clipped_text_never_ends_in_whitespace(text: str) -> None:
    out = clip(text, 32)
    assert out == out.strip() and len(out) <= 44 and text.startswith(out)
    assert len(out) >= 16 or len(text.strip()) < 16


# ------------------------------------------------------------------------------ concession
@pytest.mark.parametrize("bad", [0.5, "0", None, 2, -1, True, Rigged(5), Indexed(7)])
def test_a_bad_concession_changes_nothing(bad: object) -> None:
    g = game()
    before = g.fingerprint()
    with pytest.raises(IllegalAction):
        g.concede(bad)
    assert g.fingerprint() == before


def test_a_concession_is_recorded() -> None:
    g = game()
    g.decide(0)
    g.concede(Indexed(1))
    assert g.result == 0 and g.pending is None and g.history[-1] == "concede p2"
    with pytest.raises(IllegalAction, match="over"):
        g.concede(0)


# ---------------------------------------------------------------------------------- labels
def test_soul_bond_labels_tell_copies_apart() -> None:
    deck = CASTER.load_deck("wildwood-stampede")
    seen = []

    def on(g) -> None:
        d = g.pending
        if d is not None and d.kind == "soul_bond":
            seen.append(d)

    play_game(CASTER, [deck, deck], 6, ["random", "random"], on_decision=on)
    assert seen
    for d in seen:
        assert len(set(d.labels)) == len(d.labels), d.labels
        assert len({repr(d.options[d.index_of(lab)][1]) for lab in d.labels}) == len(d.labels)


@pytest.mark.parametrize("game_id", registry.available())
def test_labels_identify_options_in_random_games(game_id: str) -> None:
    pkg = registry.get(game_id)
    names = pkg.shipped_decks()
    bad: list[str] = []

    def on(g) -> None:
        d = g.pending
        if d is None:
            return
        labels = d.labels
        if len(set(labels)) != len(labels):
            bad.append(f"repeated label in {d.kind}: {labels}")
        bad.extend(f"label with outer whitespace in {d.kind}: {lab!r}" for lab in labels if lab != lab.strip())

    for seed in range(40):
        a, b = names[seed % len(names)], names[(seed * 3 + seed // len(names)) % len(names)]
        play_game(pkg, [pkg.load_deck(a), pkg.load_deck(b)], seed, ["random", "random"], on_decision=on)
    assert not bad, bad[:5]


def test_card_files_keep_reporting_card_errors(tmp_path: Path) -> None:
    with pytest.raises(CardError, match=r"cards\.yaml:1: not UTF-8"):
        load_card_file(CASTER.card_builder(), write(tmp_path, b"\xff\xfe", "cards.yaml"))


# ------------------------------------------------------------------------------- scenarios
def test_bad_scenario_files_do_not_stop_a_folder_run(tmp_path: Path) -> None:
    from tcgjudge.interfaces.scenario import run_paths

    root = Path(__file__).resolve().parents[1]
    good = root / "conformance" / "caster" / "abilities" / "trigger-count-per-event.yaml"
    write(tmp_path, good.read_text(encoding="utf-8"), "good.yaml")
    write(tmp_path, 'game: [caster]\nname: x\nrules: ["1"]\n', "bad1.yaml")
    write(tmp_path, BOMB, "bad2.yaml")
    write(tmp_path, b"name: caf\xe9\n", "bad3.yaml")
    write(tmp_path, 'game: caster\nname: big\nrules: ["1"]\nsetup: {p1: {deck: 1000000000000}}\n', "bad4.yaml")
    results = {Path(r.path).name: r for r in run_paths([tmp_path])}
    assert results["good.yaml"].passed
    for name, wanted in (("bad1.yaml", "game: expected a game name"), ("bad2.yaml", "aliases expand"),
                         ("bad3.yaml", "not UTF-8"), ("bad4.yaml", "setup.p1.deck: expected a number of cards of 0 or more (at most 1000)")):
        r = results[name]
        assert r.error and name in r.reason and wanted in r.reason, r.reason
