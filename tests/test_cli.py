"""The ``tcgjudge`` command: exit codes and messages of every command."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tcgjudge.games import registry
from tcgjudge.interfaces.cli import play as play_mod
from tcgjudge.interfaces.cli.main import main
from tcgjudge.interfaces.sim import replay_game
from tcgjudge.kernel import replay as replay_mod

PKG = registry.get("caster")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # `sim` stores its games in the current folder


# ------------------------------------------------------------------------ sim
def test_sim_with_checks() -> None:
    res = run("sim", "caster", "--games", "5", "--check", "--quiet")
    assert res.exit_code == 0, res.output
    out = res.output
    assert out.startswith("5 games of caster, agents random (p1) vs random (p2), seeds 0..4")
    assert "  p1 seat (random): " in out and "  p2 seat (random): " in out and "  draws: " in out
    assert "invariants: all held" in out
    wins = [int(line.split(": ")[1].split(" wins")[0]) for line in out.splitlines() if " seat (" in line]
    draws = int(next(line for line in out.splitlines() if "draws:" in line).split(": ")[1])
    assert sum(wins) + draws == 5


@pytest.mark.parametrize("args,wanted", [
    (["sim", "chess"], "unknown game 'chess'"),
    (["sim", "caster", "--agents", "random"], "give two agents"),
    (["sim", "caster", "--agents", "random,genius"], "unknown agent 'genius'"),
    (["sim", "caster", "--games", "0"], "give at least one game"),
    (["sim", "caster", "--games", "many"], "'many' is not a valid integer"),
])
def test_sim_bad_arguments(args: list, wanted: str) -> None:
    res = run(*args)
    assert res.exit_code == 2 and wanted in res.output, res.output


def test_sim_with_an_unknown_deck() -> None:
    res = run("sim", "caster", "--games", "1", "--decks", "no-such-deck", "--quiet")
    assert res.exit_code == 1 and "no such deck file or shipped deck" in res.output, res.output


def test_sim_is_deterministic() -> None:
    a = run("sim", "caster", "--games", "3", "--seed", "40", "--quiet", "--db", "a.sqlite")
    b = run("sim", "caster", "--games", "3", "--seed", "40", "--quiet", "--db", "b.sqlite")

    def strip(out: str) -> list[str]:
        return [ln for ln in out.splitlines() if "speed:" not in ln and "stored in" not in ln]

    assert a.exit_code == b.exit_code == 0 and strip(a.output) == strip(b.output)


# ---------------------------------------------------------------- deck tools
def test_deck_check(tmp_path: Path) -> None:
    name = PKG.shipped_decks()[0]
    ok = run("deck", "check", "caster", name)
    assert ok.exit_code == 0 and f"{name}: the deck" in ok.output and "is legal (50 cards" in ok.output, ok.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Tiny\ngame: caster\nmain:\n  Kindled Hound: 5\n", encoding="utf-8")
    res = run("deck", "check", "caster", str(bad))
    assert res.exit_code == 1, res.output
    assert "  CR 402.2: the deck must have exactly 50 cards; it has 5" in res.output
    assert "  CR 402.2a: at most 4 copies of Kindled Hound; the deck has 5" in res.output
    assert f"Error: {bad}: the deck 'Tiny' is not legal (2 problem(s))" in res.output
    typo = tmp_path / "typo.yaml"
    typo.write_text("name: T\nmain:\n  Kindle Hound: 4\n", encoding="utf-8")
    res = run("deck", "check", "caster", str(typo))
    assert res.exit_code == 1 and f"Error: {typo}: main: unknown card 'Kindle Hound' (did you mean Kindled Hound?)" \
        in res.output, res.output
    res = run("deck", "check", "caster", str(tmp_path / "absent.yaml"))
    assert res.exit_code == 1 and "no such deck file or shipped deck" in res.output
    res = run("deck", "check", "chess", str(bad))
    assert res.exit_code == 2 and "unknown game 'chess'" in res.output


def test_deck_and_card_lists() -> None:
    res = run("deck", "list", "caster")
    assert res.exit_code == 0
    assert [ln.split(":")[0] for ln in res.output.splitlines()] == PKG.shipped_decks()
    res = run("cards", "list", "caster")
    assert res.exit_code == 0
    starts = [ln.split(":")[0] for ln in res.output.splitlines()]
    for key in PKG.pool():
        assert key in starts


# -------------------------------------------------------------------- replay
def test_replay_of_a_simulated_game(tmp_path: Path) -> None:
    res = run("sim", "caster", "--games", "2", "--seed", "7", "--replay-dir", str(tmp_path), "--quiet")
    assert res.exit_code == 0, res.output
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["caster-7.json", "caster-8.json"]
    data = replay_mod.load(files[0])
    out = run("replay", str(files[0]), "--no-step")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[-1] == f"result: {data['result']}"
    n = len(data["decisions"])
    assert sum(1 for ln in lines if ln.startswith("[") and f"/{n}] p" in ln) == n
    assert f"[1/{n}] p" in out.output and f"[{n}/{n}] p" in out.output
    assert replay_game(PKG, data).result is not None


def test_replay_as_one_player_hides_the_other(tmp_path: Path) -> None:
    run("sim", "caster", "--games", "1", "--seed", "3", "--replay-dir", str(tmp_path), "--quiet")
    (f,) = tmp_path.glob("*.json")
    out = run("replay", str(f), "--no-step", "--as", "p1")
    assert out.exit_code == 0, out.output
    g = replay_game(PKG, replay_mod.load(f))
    assert "p2 draws a card" in out.output
    for line in g.log:
        if isinstance(line, tuple) and line[0] == 1 and line[1] != line[2]:
            assert line[1] not in out.output  # p2's private lines (e.g. what p2 drew)
    for line in out.output.splitlines():
        if line.startswith("[") and "] p2 " in line:
            assert ":" not in line.split("] p2 ", 1)[1], line  # p2's answers are not shown to p1


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    res = run("replay", str(tmp_path / "absent.json"))
    assert res.exit_code == 2 and "does not exist" in res.output


# ---------------------------------------------------------------------- play
def test_play_reasks_after_bad_input() -> None:
    inputs = ["help", "board", "log", "nonsense", "99", "-1", "", "keep", "quit"]
    res = run("play", "caster", "--seed", "3", "--vs", "random", input="\n".join(inputs) + "\n")
    out = res.output
    assert res.exit_code == 1 and "Aborted" in out, out  # 'quit' ends the game
    assert out.startswith("The Caster Chronicles: you are p1")
    assert "Type an option's number or its label (or the start of one)." in out
    assert "'nonsense' is not an option: type a number from 0 to" in out
    assert "'99' is not an option" in out and "'-1' is not an option" in out
    assert "-- p1 (you): hand 7" in out  # the board
    # 'keep' is the start of one label only ('keep hand'): the hand was kept, p1 is asked again
    assert out.count("p1, choose cards to exchange") == 8  # asked once, then again after each of 7 inputs
    assert out.count("p1, ") > 7


def test_play_a_whole_game_and_replay_it(tmp_path: Path) -> None:
    rp = tmp_path / "mine.json"
    res = run("play", "caster", "--seed", "5", "--as", "p2", "--vs", "random", "--replay", str(rp),
              input="0\n" * 5000)
    assert res.exit_code == 0, res.output[-2000:]
    assert "you are p2" in res.output and "game over: " in res.output and f"replay saved to {rp}" in res.output
    data = replay_mod.load(rp)
    g = replay_game(PKG, data)
    assert g.result is not None
    res2 = run("replay", str(rp), "--no-step", "--as", "p2")
    assert res2.exit_code == 0 and res2.output.splitlines()[-1] == f"result: {data['result']}"


def test_play_ends_cleanly_at_end_of_input() -> None:
    res = run("play", "caster", "--seed", "1", input="")
    assert res.exit_code == 1 and "Aborted" in res.output


def test_play_with_a_bad_deck(tmp_path: Path) -> None:
    res = run("play", "caster", "--deck", str(tmp_path / "none.yaml"))
    assert res.exit_code == 1 and "no such deck file" in res.output
    res = run("play", "caster", "--vs", "genius", "--seed", "1", input="quit\n")
    assert res.exit_code == 2 and "unknown agent 'genius'" in res.output and "Traceback" not in res.output, res.output


def test_ask_human_by_number_label_and_prefix(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    g = PKG.new_game([PKG.load_deck(n) for n in PKG.shipped_decks()[:2]], 2, first=0)
    d = g.pending
    assert d.player == 0 and d.labels[0] == "keep hand"
    answers = iter(["", "zzz", str(len(d.options)), d.labels[2], "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert play_mod.ask_human(PKG, g, 0) == 2  # after three bad inputs, the label of option 2
    out = capsys.readouterr().out
    assert out.count("is not an option") == 3
    for typed, want in (("1", 1), ("keep h", 0), (d.labels[1], 1)):
        monkeypatch.setattr("builtins.input", lambda prompt="", t=typed: t)
        assert play_mod.ask_human(PKG, g, 0) == want
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    with pytest.raises(click.Abort):
        play_mod.ask_human(PKG, g, 0)


# ------------------------------------------------------------------- misc
def test_version_and_help() -> None:
    res = run("--version")
    assert res.exit_code == 0 and "version" in res.output
    res = run("--help")
    assert res.exit_code == 0
    for cmd in ("play", "sim", "replay", "deck", "scenario", "rules", "cards"):
        assert f"  {cmd}" in res.output


def test_rules_coverage_json(shared: Path) -> None:
    res = run("rules", "coverage", "caster", "--json")
    assert res.exit_code == 0, res.output
    json.loads(res.output)


def test_every_command_and_option_is_documented() -> None:
    """docs/cli.md has a section per command naming each of its options."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")

    def walk(group: click.Group, prefix: str):
        for name, cmd in sorted(group.commands.items()):
            if isinstance(cmd, click.Group):
                yield from walk(cmd, f"{prefix} {name}")
            else:
                yield f"{prefix} {name}", cmd

    n = 0
    for path, cmd in walk(main, "tcgjudge"):
        args = " ".join(p.name.upper() + ("..." if p.nargs == -1 else "") for p in cmd.params
                        if isinstance(p, click.Argument))
        heading = f"## `{path}{' ' + args if args else ''}`"
        assert heading in text, f"no section {heading!r} in docs/cli.md"
        body = text.split(heading, 1)[1].split("\n## ", 1)[0]
        for p in cmd.params:
            if isinstance(p, click.Option):
                for opt in p.opts + p.secondary_opts:
                    assert f"`{opt}" in body or f"/ {opt}`" in body, f"{path}: option {opt} is not documented"
        n += 1
    assert n >= 8
