"""Property-based fuzzing of everything a user or an attacker can hand the engine: answers to
decisions and concessions, deck files, card files, scenario files and replay files.

The properties are the guarantees of ``docs/input.md``: bad input raises the documented error
(IllegalAction, DeckError, CardError, a replay's ValueError, a scenario error result) with a
short message naming the file, and leaves the game as it was; nothing else escapes.  Each test
runs a fixed, bounded set of examples with no per-example deadline (the machine may be busy),
so the suite is repeatable and stays within a few seconds of CPU time per test; set
``TCGJUDGE_FUZZ_EXAMPLES=N`` to search N fresh random examples per test.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgjudge.cards.decks import DeckError
from tcgjudge.cards.language import CardError
from tcgjudge.cards.loader import load_card_file
from tcgjudge.games import registry
from tcgjudge.interfaces.scenario import run_file
from tcgjudge.interfaces.sim import play_game, replay_game
from tcgjudge.kernel import replay as replay_mod
from tcgjudge.kernel.decisions import IllegalAction

#: TCGJUDGE_FUZZ_EXAMPLES=N runs N fresh random examples per test instead of the fixed 40 of CI
_DEEP = os.environ.get("TCGJUDGE_FUZZ_EXAMPLES")
FUZZ = settings(max_examples=int(_DEEP or 40), deadline=None, derandomize=not _DEEP, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])
GAMES = registry.available()
MAX_MESSAGE = 4000  # an error quotes a short prefix of the input, never all of it

# ------------------------------------------------------------------------ plain data
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 15, 10 ** 15), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["X", "t", "self", "p1", "main", "Filler", "-1", "²"]))
plain = st.recursive(scalars, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=8) | st.sampled_from(
        ["name", "main", "extra", "cards", "do", "draw", "n", "as", "game", "setup", "seed", "decks"]),
        kids, max_size=4)), max_leaves=25)


def dump(data: object) -> str:
    return yaml.safe_dump(data, allow_unicode=True, default_flow_style=True, width=10_000)


hostile_texts = st.one_of(
    st.text(max_size=200),
    plain.map(dump),
    st.sampled_from([
        "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
        "[" * 5000, "main: {a: 1}\nmain: {a: 2}\n", "n: " + "9" * 5000, "!!python/object:os.system ls",
        "main: {Fire Lizard: 1000000000000}", "- " * 2000 + "x", "name: [a, b]", "\x00\x01", "? [a]\n: b\n",
    ]),
)


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8", errors="surrogatepass")
    return p


def short(e: BaseException, path: Path) -> None:
    msg = str(e)
    assert len(msg) < MAX_MESSAGE, msg[:200]
    assert str(path) in msg or path.name in msg, msg


# ---------------------------------------------------------------------- decisions
def _game(game_id: str, seed: int):
    pkg = registry.get(game_id)
    names = pkg.shipped_decks()
    return pkg.new_game([pkg.load_deck(names[seed % len(names)]), pkg.load_deck(names[(seed + 1) % len(names)])],
                        seed, auto=seed % 2 == 0)


class Rigged(int):
    def __lt__(self, other):  # noqa: ANN001
        return True

    __le__ = __ge__ = __gt__ = __lt__


junk_answers = st.one_of(
    st.integers(-10 ** 30, 10 ** 30), st.text(max_size=60), st.floats(), st.none(), st.booleans(),
    st.lists(st.integers(), max_size=2), st.integers(-5, 10 ** 6).map(Rigged), st.binary(max_size=4))


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(seed=st.integers(0, 50), steps=st.lists(st.tuples(st.booleans(), st.integers(0, 10 ** 6), junk_answers),
                                               min_size=1, max_size=30))
def test_bad_answers_never_change_a_game(game_id: str, seed: int, steps: list) -> None:
    g = _game(game_id, seed)
    for good, k, junk in steps:
        if g.result is not None:
            break
        d = g.pending
        if good:  # a real answer, by index or by label
            i = k % len(d.options)
            g.decide(d.labels[i] if k % 2 else i)
            continue
        legal = ((type(junk) is int or isinstance(junk, Rigged)) and 0 <= int(junk) < len(d.options)) or (
            isinstance(junk, str) and junk in d.labels)
        if legal:
            continue
        before = g.fingerprint()
        with pytest.raises(IllegalAction) as e:
            g.decide(junk)
        assert len(str(e.value)) < MAX_MESSAGE
        assert g.fingerprint() == before
    junk = steps[0][2]
    if g.result is None and not (type(junk) is int and 0 <= junk < len(g.players)):
        before = g.fingerprint()
        with pytest.raises(IllegalAction):
            g.concede(junk if not isinstance(junk, Rigged) else Rigged(5))
        assert g.fingerprint() == before


# ---------------------------------------------------------------------------- decks
@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(text=hostile_texts)
def test_any_deck_file_loads_or_is_a_deck_error(tmp_path_factory: pytest.TempPathFactory, game_id: str,
                                                text: str) -> None:
    pkg = registry.get(game_id)
    p = write(tmp_path_factory.mktemp("deck"), "deck.yaml", text)
    try:
        deck = pkg.load_deck(str(p))
    except DeckError as e:
        short(e, p)
        return
    pkg.check_deck(deck)  # a deck that loads can be checked: a list of problems, no exception


# ---------------------------------------------------------------------------- cards
card_values = st.one_of(scalars, plain)
card_entries = st.fixed_dictionaries(
    {"name": st.one_of(st.text(min_size=1, max_size=10), scalars)},
    optional={"type": st.sampled_from(["servant", "conjure", "follower", "spell", "amulet"]) | scalars,
              "cost": card_values, "atk": card_values, "def": card_values, "element": card_values,
              "keywords": card_values, "text": card_values,
              "effect": st.fixed_dictionaries({}, optional={
                  "do": st.lists(st.dictionaries(st.sampled_from(
                      ["draw", "destroy", "modify", "repeat", "discard", "token", "note", "bogus"]), card_values,
                      min_size=1, max_size=1), max_size=3),
                  "targets": card_values}),
              "abilities": st.lists(st.dictionaries(st.sampled_from(["auto", "static", "activated", "text"]),
                                                    card_values, max_size=2), max_size=2)})


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(cards=st.one_of(st.lists(card_entries, max_size=3).map(lambda c: dump({"cards": c})), hostile_texts))
def test_any_card_file_loads_or_is_a_card_error(tmp_path_factory: pytest.TempPathFactory, game_id: str,
                                                cards: str) -> None:
    builder = registry.get(game_id).card_builder()
    p = write(tmp_path_factory.mktemp("cards"), "cards.yaml", cards)
    try:
        load_card_file(builder, p)
    except CardError as e:
        short(e, p)


# ------------------------------------------------------------------------- scenarios
scenario_texts = st.one_of(
    hostile_texts,
    st.fixed_dictionaries({"game": st.sampled_from(GAMES) | scalars | st.just(["caster"]),
                           "name": st.text(max_size=10) | scalars, "rules": st.just(["100.1"]) | plain},
                          optional={"setup": plain, "do": plain, "expect": plain, "cards": plain}).map(dump),
)


@FUZZ
@given(text=scenario_texts)
def test_any_scenario_file_gives_a_result(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    p = write(tmp_path_factory.mktemp("scenario"), "s.yaml", text)
    r = run_file(p)  # never raises: a malformed file is an error result naming the file
    assert r.path == str(p)
    if r.error:
        assert str(p) in r.reason or "s.yaml" in r.reason or r.name, r.reason
    assert len(r.reason) < 20 * MAX_MESSAGE


# --------------------------------------------------------------------------- replays
@pytest.fixture(scope="module")
def recorded() -> dict[str, dict]:
    out = {}
    for game_id in GAMES:
        pkg = registry.get(game_id)
        names = pkg.shipped_decks()
        _, rec = play_game(pkg, [pkg.load_deck(names[0]), pkg.load_deck(names[1 % len(names)])], 1,
                           ["random", "random"])
        out[game_id] = rec.replay
    return out


replay_edits = st.lists(st.tuples(
    st.sampled_from(["game", "seed", "decks", "decisions", "first", "auto", "result", "turns", "stopped_after",
                     "format", "game_format"]),
    st.one_of(plain, st.integers(-3, 400), st.lists(st.integers(-1, 40), max_size=300))), max_size=3)


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(edits=replay_edits, cut=st.none() | st.integers(0, 400), text=st.none() | hostile_texts)
def test_any_replay_file_replays_exactly_or_is_an_error(tmp_path_factory: pytest.TempPathFactory,
                                                        recorded: dict, game_id: str, edits: list,
                                                        cut: int | None, text: str | None) -> None:
    data = dict(recorded[game_id])
    for k, v in edits:
        data[k] = v
    if cut is not None and isinstance(data.get("decisions"), list):
        data["decisions"] = data["decisions"][:cut]
    p = write(tmp_path_factory.mktemp("replay"), "r.json", text if text is not None else json.dumps(data))
    try:
        loaded = replay_mod.load(p)
        pkg = registry.get(loaded["game"])
        g = replay_game(pkg, loaded)
    except ValueError as e:  # ReplayError, DeckError, UnknownGame: all precise ValueErrors
        assert len(str(e)) < MAX_MESSAGE
        return
    # it replayed and verified: it is the recorded game
    assert replay_mod.result_text(g.result) == loaded["result"]
    assert len(g.history) == len(loaded["decisions"])
