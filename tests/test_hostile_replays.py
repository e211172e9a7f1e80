"""Replays verify themselves, concessions are replayed, every field of a replay file is
checked, and the commands that write or read replays fail early and precisely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgjudge.games import registry
from tcgjudge.interfaces.cli import play as play_mod
from tcgjudge.interfaces.cli import sim_cmd
from tcgjudge.interfaces.cli.main import main
from tcgjudge.interfaces.sim import GameRecord, play_game, replay_game
from tcgjudge.kernel import replay as replay_mod

CASTER = registry.get("caster")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def decks(pkg, i: int = 0) -> list:
    names = pkg.shipped_decks()
    return [pkg.load_deck(names[i % len(names)]), pkg.load_deck(names[(i + 1) % len(names)])]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    g, _ = play_game(CASTER, decks(CASTER), 2, ["random", "random"])
    p = tmp_path_factory.mktemp("replay") / "game.json"
    replay_mod.save(g, p)
    return p, json.loads(p.read_text())


def write(tmp_path: Path, data: dict | str | bytes) -> Path:
    p = tmp_path / "r.json"
    if isinstance(data, bytes):
        p.write_bytes(data)
    else:
        p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


# --------------------------------------------------------------------------------- SVE
def test_sve_replays_can_be_read_back(tmp_path: Path) -> None:
    res = run("sim", "sve", "--games", "1", "--quiet", "--no-db", "--replay-dir", str(tmp_path))
    assert res.exit_code == 0, res.output
    f = next(tmp_path.glob("*.json"))
    data = replay_mod.load(f)
    assert data["format"] == replay_mod.FORMAT and data["game_format"] == "standard"
    res = run("replay", str(f), "--no-step")
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[-1] == f"result: {data['result']}"
    assert replay_game(registry.get("sve"), data).result is not None


# ------------------------------------------------------------------------ verification
@pytest.mark.parametrize("change", ["truncated", "emptied", "result", "turns"])
def test_a_replay_that_does_not_reach_its_record_fails(tmp_path: Path, saved: tuple[Path, dict],
                                                       change: str) -> None:
    _, data = saved
    bad = dict(data)
    if change == "truncated":
        bad["decisions"] = data["decisions"][: len(data["decisions"]) // 2]
    elif change == "emptied":
        bad["decisions"] = []
    elif change == "result":
        bad["result"] = "p1" if data["result"] != "p1" else "p2"
    else:
        bad["turns"] = data["turns"] + 1
    with pytest.raises(ValueError, match="the replay diverged"):
        replay_game(CASTER, bad)
    res = run("replay", str(write(tmp_path, bad)), "--no-step")
    assert res.exit_code == 1 and "the replay diverged" in res.output, res.output
    assert "Traceback" not in res.output


def test_a_conceded_game_replays_to_its_result(tmp_path: Path) -> None:
    g = CASTER.new_game(decks(CASTER), 5, auto=True)
    for _ in range(20):
        g.decide(0)
    g.concede(0)
    p = tmp_path / "conceded.json"
    replay_mod.save(g, p)
    data = replay_mod.load(p)
    assert data["result"] == "p2" and data["decisions"][-1] == "concede p1"
    again = replay_game(CASTER, data)
    assert again.fingerprint() == g.fingerprint()
    res = run("replay", str(p), "--no-step")
    assert res.exit_code == 0 and "concede p1" in res.output and res.output.endswith("result: p2\n"), res.output
    # a concession is the last answer of a game
    with pytest.raises(ValueError, match=r"decisions\[20\]: a concession ends the game"):
        replay_mod.check({**data, "decisions": data["decisions"] + [0]})


# ------------------------------------------------------------------------ bad fields
BAD_FIELDS = [
    ({"decks": []}, "decks: expected 2 decks, one per player, got 0"),
    ({"decks": "ONE"}, "decks: expected a list of decks"),
    ("one deck", "decks: expected 2 decks, one per player, got 1"),
    ("three decks", "decks: expected 2 decks, one per player, got 3"),
    ({"first": "p1"}, "first: expected the first player's index (0 or 1) or null, got 'p1'"),
    ({"first": 2}, "first: expected the first player's index"),
    ({"game": 7}, "game: expected a game id (text), got 7"),
    ({"game": ["caster"]}, "game: expected a game id (text), got ['caster']"),
    ({"auto": "no"}, "auto: expected true or false, got 'no'"),
    ({"stopped_after": "junk"}, "stopped_after: expected a number of decisions (1 or more), got 'junk'"),
    ({"stopped_after": 3}, "stopped_after: the game was stopped after 3 decisions, but the file lists"),
    ({"result": "p3"}, "result: expected p1, p2, draw or null, got 'p3'"),
    ({"turns": -1}, "turns: expected a whole number of 0 or more, got -1"),
    ({"seed": 10 ** 30}, "seed: expected a whole number"),
    ({"decisions": [0, "concede p9"]}, "decisions[1]: expected an option index"),
]


@pytest.mark.parametrize(("change", "message"), BAD_FIELDS, ids=[m.split(":")[0] + str(i)
                                                                 for i, (_, m) in enumerate(BAD_FIELDS)])
def test_bad_replay_fields_are_precise_errors(tmp_path: Path, saved: tuple[Path, dict], change, message: str) -> None:
    _, data = saved
    if change == "one deck":
        change = {"decks": data["decks"][:1]}
    elif change == "three decks":
        change = {"decks": data["decks"] + data["decks"][:1]}
    p = write(tmp_path, {**data, **change})
    with pytest.raises(ValueError) as e:
        replay_mod.load(p)
    assert str(e.value).startswith(str(p)) and message in str(e.value), str(e.value)
    res = run("replay", str(p), "--no-step")
    assert res.exit_code == 1 and message in res.output and "Traceback" not in res.output, res.output


@pytest.mark.parametrize(("content", "message"), [
    (b'{"format": "caf\xe9"}', "r.json:1: not UTF-8"),
    ("[" * 100_000 + "]" * 100_000, "not a readable replay"),
    ('{"seed": ' + "9" * 5000 + "}", "not a readable replay"),
])
def test_unreadable_replay_files(tmp_path: Path, content, message: str) -> None:
    p = write(tmp_path, content)
    with pytest.raises(ValueError, match=message):
        replay_mod.load(p)
    res = run("replay", str(p), "--no-step")
    assert res.exit_code == 1 and message in res.output and "Traceback" not in res.output, res.output


def test_a_device_is_no_replay() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(ValueError, match="not a regular file"):
        replay_mod.load("/dev/zero")


# ------------------------------------------------------------------------------ play
def test_play_checks_the_replay_path_before_the_game(tmp_path: Path) -> None:
    res = run("play", "caster", "--seed", "1", "--replay", str(tmp_path / "no" / "dir" / "x.json"), input="0\n" * 50)
    assert res.exit_code == 2 and "no such folder" in res.output, res.output
    assert "you are p1" not in res.output


def test_play_with_an_illegal_deck(tmp_path: Path) -> None:
    deck = tmp_path / "small.yaml"
    deck.write_text("name: small\nmain: {Kindled Hound: 3}\n", encoding="utf-8")
    res = run("play", "caster", "--deck", str(deck), "--seed", "1", input="quit\n")
    assert res.exit_code == 1 and "p1's deck 'small' is not legal" in res.output, res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "١", "-0"])
def test_terminal_input_that_is_no_plain_number(typed: str) -> None:
    res = run("play", "caster", "--seed", "3", input=f"{typed}\nquit\n")
    assert res.exit_code == 1 and "Aborted" in res.output and "Traceback" not in res.output, res.output
    assert "is not an option" in res.output and len(res.output) < 20_000


def test_conceding_at_the_terminal_is_recorded(tmp_path: Path) -> None:
    rp = tmp_path / "g.json"
    res = run("play", "caster", "--seed", "4", "--replay", str(rp), input="concede\n")
    assert res.exit_code == 0 and "game over: you lose" in res.output, res.output
    data = replay_mod.load(rp)
    assert data["decisions"][-1] == "concede p1" and data["result"] == "p2"
    assert replay_game(CASTER, data).result == 1
    assert "'concede' concedes the game" in play_mod.HELP


# ------------------------------------------------------------------------------- sim
@pytest.mark.parametrize("n", ["0", "-3"])
def test_sim_needs_a_process(n: str) -> None:
    res = run("sim", "caster", "--games", "1", "--processes", n)
    assert res.exit_code == 2 and "--processes" in res.output, res.output


def test_ctrl_c_during_sim_reports_the_finished_games(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    def interrupted(job, ks, **kw):  # noqa: ANN001
        yield 0, GameRecord(0, ("a", "b"), 0, 5, 40)
        yield 1, GameRecord(1, ("b", "a"), "draw", 7, 60)
        raise KeyboardInterrupt

    monkeypatch.setattr(sim_cmd, "run_games", interrupted)
    res = run("sim", "caster", "--games", "10", "--quiet", "--db", str(tmp_path / "r.sqlite"))
    assert res.exit_code == 130, res.output
    assert "interrupted: 2 of 10 games finished" in res.output
    assert "2 games of caster" in res.output and "p1 seat (random): 1 wins" in res.output
    assert "draws: 1" in res.output and "Aborted" not in res.output
