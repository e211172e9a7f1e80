"""Replays (DESIGN principle 3): a game is (engine version, rules version, decks,
seed, decisions); a saved replay re-creates it exactly, and a corrupt replay
file gives a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgjudge.agents import make_agent
from tcgjudge.games import registry
from tcgjudge.interfaces.cli.main import main
from tcgjudge.interfaces.sim import play_game, replay_game
from tcgjudge.kernel import replay as replay_mod

PKG = registry.get("caster")


def decks(i: int) -> list:
    names = PKG.shipped_decks()
    return [PKG.load_deck(names[i % len(names)]), PKG.load_deck(names[(i + 1) % len(names)])]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_saved_replay_reproduces_the_game(tmp_path: Path, seed: int) -> None:
    g, rec = play_game(PKG, decks(seed), seed, ["random", "random"], auto=seed % 2 == 0)
    path = tmp_path / "game.json"
    replay_mod.save(g, path)
    data = replay_mod.load(path)
    assert data["format"] == replay_mod.FORMAT and data["game"] == "caster" and data["seed"] == seed
    assert data["decisions"] == g.history and data["turns"] == g.turn
    assert data["result"] == ("draw" if g.result == "draw" else f"p{g.result + 1}")
    assert data == json.loads(json.dumps(rec.replay))
    again = replay_game(PKG, data)
    assert again.fingerprint() == g.fingerprint()


def test_a_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    g = PKG.new_game(decks(1), 11, first=1)
    agent = make_agent("random", 5)
    for _ in range(150):
        g.decide(agent.choose({}, g.pending))
    replay_mod.save(g, tmp_path / "half.json")
    data = replay_mod.load(tmp_path / "half.json")
    assert data["result"] is None and data["first"] == 1
    again = replay_game(PKG, data)
    assert again.fingerprint() == g.fingerprint()
    # and it plays on the same way
    a2, b2 = make_agent("random", 9), make_agent("random", 9)
    for _ in range(50):
        if g.result is not None:
            break
        g.decide(a2.choose({}, g.pending))
        again.decide(b2.choose({}, again.pending))
    assert again.fingerprint() == g.fingerprint()


def test_a_different_decision_gives_a_different_game(tmp_path: Path) -> None:
    g, rec = play_game(PKG, decks(0), 4, ["random", "random"])
    data = dict(rec.replay)
    ds = list(data["decisions"])
    i = next(k for k, x in enumerate(ds) if x > 0)  # the first real choice
    ds[i] = 0
    data["decisions"] = ds[: i + 1]
    with pytest.raises(ValueError, match="the replay diverged"):
        replay_game(PKG, data)
    again = replay_game(PKG, data, verify=False)
    assert again.history == ds[: i + 1] and again.fingerprint() != g.fingerprint()


GOOD = {"format": replay_mod.FORMAT, "game": "caster", "seed": 1, "decks": [{}, {}], "decisions": []}

CORRUPT = [
    ("not JSON", "{not json", "not a readable replay"),
    ("not a replay", json.dumps({"format": "chess-pgn"}), "not a tcgjudge replay (format 'chess-pgn')"),
    ("a list", json.dumps([1, 2]), "not a tcgjudge replay (format None)"),
    ("missing decks", json.dumps({k: v for k, v in GOOD.items() if k != "decks"}), "replay is missing 'decks'"),
    ("missing decisions", json.dumps({k: v for k, v in GOOD.items() if k != "decisions"}),
     "replay is missing 'decisions'"),
    ("seed of the wrong type", json.dumps({**GOOD, "seed": "one"}), "seed: expected a whole number, got 'one'"),
    ("decks of the wrong type", json.dumps({**GOOD, "decks": "two"}), "decks: expected a list of decks"),
    ("decisions of the wrong type", json.dumps({**GOOD, "decisions": 3}), "decisions: expected a list"),
    ("a decision that is not an index", json.dumps({**GOOD, "decisions": [0, "pass"]}),
     "decisions[1]: expected an option index (a whole number of 0 or more) or 'concede p1'/'concede p2', got 'pass'"),
    ("a negative decision", json.dumps({**GOOD, "decisions": [-1]}), "decisions[0]: expected an option index"),
]


@pytest.mark.parametrize("what,text,wanted", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_a_corrupt_replay_file_gives_a_clear_error(tmp_path: Path, what: str, text: str, wanted: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as e:
        replay_mod.load(p)
    assert str(e.value).startswith(str(p)) and wanted in str(e.value), str(e.value)
    res = CliRunner().invoke(main, ["replay", str(p), "--no-step"])
    assert res.exit_code == 1 and wanted in res.output and "Traceback" not in res.output, res.output


def _saved(tmp_path: Path) -> tuple[Path, dict]:
    g, rec = play_game(PKG, decks(0), 2, ["random", "random"])
    p = tmp_path / "game.json"
    replay_mod.save(g, p)
    return p, json.loads(p.read_text())


def test_decisions_that_do_not_fit_the_game(tmp_path: Path) -> None:
    p, data = _saved(tmp_path)
    bad = dict(data, decisions=data["decisions"][:3] + [999])
    with pytest.raises(ValueError, match=r"replay decision 3: option index 999 is out of range"):
        replay_game(PKG, bad)
    p.write_text(json.dumps(bad))
    res = CliRunner().invoke(main, ["replay", str(p), "--no-step"])
    assert res.exit_code == 1 and "replay decision 3: option 999 does not exist" in res.output, res.output
    long = dict(data, decisions=data["decisions"] + [0])
    with pytest.raises(ValueError, match="the game has no pending decision"):
        replay_game(PKG, long)
    p.write_text(json.dumps(long))
    res = CliRunner().invoke(main, ["replay", str(p), "--no-step"])
    assert res.exit_code == 1 and "no decision is pending" in res.output, res.output


def test_a_replay_with_an_unknown_card(tmp_path: Path) -> None:
    p, data = _saved(tmp_path)
    data["decks"][0]["main"]["Card From Nowhere"] = 1
    p.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["replay", str(p), "--no-step"])
    assert res.exit_code == 1 and "unknown card 'Card From Nowhere'" in res.output, res.output
    assert "Traceback" not in res.output
