"""`tcgjudge sim`: games stored in SQLite, resumed, reported; deck matrices; the Ray backend."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgjudge.interfaces.cli.main import main
from tcgjudge.interfaces.sim import SimJob
from tcgjudge.interfaces.simdb import SimDB
from tcgjudge.interfaces.simmatrix import matrix
from tcgjudge.interfaces.simrun import run_games


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def lines(out: str) -> list[str]:
    return [ln for ln in out.splitlines() if "speed:" not in ln and "stored in" not in ln]


def test_sim_stores_every_game_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    res = run("sim", "caster", "--games", "3", "--seed", "5", "--db", str(db), "--quiet")
    assert res.exit_code == 0, res.output
    assert f"stored in {db} (run 1): 3 game(s) played now, 0 already there" in res.output
    con = sqlite3.connect(db)
    rows = con.execute("SELECT k, seed, deck1, deck2, agent1, agent2, winner, turns, decisions, replay "
                       "FROM games ORDER BY k").fetchall()
    assert [r[:2] for r in rows] == [(0, 5), (1, 6), (2, 7)]
    assert all(r[4:6] == ("random", "random") and r[6] in ("p1", "p2", "draw") and r[7] > 0 and r[8] > 0
               for r in rows)
    assert '"decisions": [' in rows[0][9]
    # an interrupted run: lose the last game, ask for five; only the missing three are played
    con.execute("DELETE FROM games WHERE k = 2")
    con.commit()
    con.close()
    res = run("sim", "caster", "--games", "5", "--seed", "5", "--db", str(db), "--quiet")
    assert res.exit_code == 0, res.output
    assert f"stored in {db} (run 1): 3 game(s) played now, 2 already there" in res.output
    fresh = run("sim", "caster", "--games", "5", "--seed", "5", "--no-db", "--quiet")
    assert lines(fresh.output) == lines(res.output)  # resuming changes nothing in the results
    # other settings are another run in the same file
    other = run("sim", "caster", "--games", "1", "--seed", "5", "--agents", "greedy,random", "--db", str(db),
                "--quiet")
    assert "(run 2): 1 game(s) played now" in other.output, other.output
    rep = run("sim", "report", str(db))
    assert rep.exit_code == 0, rep.output
    assert "run 1 (sim, " in rep.output and "run 2 (sim, " in rep.output
    assert "  5 games of caster, agents random (p1) vs random (p2), seeds 5..9" in rep.output
    assert "  1 games of caster, agents greedy (p1) vs random (p2), seeds 5..5" in rep.output


def test_sim_report_of_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    bad = tmp_path / "x.sqlite"
    bad.write_text("not a database at all, just some text " * 20)
    res = run("sim", "report", str(bad))
    assert res.exit_code == 1 and "not a tcgjudge results database" in res.output, res.output
    res = run("sim", "report", str(tmp_path / "absent.sqlite"))
    assert res.exit_code == 2


def test_sim_with_search_agents(tmp_path: Path) -> None:
    res = run("sim", "sve", "--games", "2", "--agents", "mcts:4,greedy", "--no-db", "--quiet", "--check")
    assert res.exit_code == 0, res.output
    assert "agents mcts:4 (p1) vs greedy (p2)" in res.output and "invariants: all held" in res.output
    res = run("sim", "sve", "--agents", "mcts:x,greedy", "--no-db")
    assert res.exit_code == 2 and "positive whole number" in res.output


def test_matrix_plays_every_pairing_in_both_seats(tmp_path: Path) -> None:
    png = tmp_path / "m.png"
    db = tmp_path / "m.sqlite"
    decks = ["cinder-blitz", "tidal-oracle", "gale-carnival"]
    res = run("sim", "matrix", "caster", "--decks", ",".join(decks), "--games", "2", "--png", str(png),
              "--db", str(db), "--quiet")
    assert res.exit_code == 0, res.output
    assert "caster: 3 decks, 3 pairings, 4 games each (2 per seat), 12 games" in res.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    sdb = SimDB(db)
    rows = sdb.games(sdb.runs()[0])
    sdb.close()
    assert len(rows) == 12
    seats = {(r.deck1, r.deck2) for r in rows}
    assert seats == {(a, b) for a in decks for b in decks if a != b}
    cells = matrix(decks, rows)
    for a in decks:
        for b in decks:
            if a != b:
                assert cells[(a, b)].games == 4
                assert cells[(a, b)].wins + cells[(b, a)].wins == pytest.approx(4)
    table = res.output.splitlines()
    assert any(ln.startswith("cinder-blitz ") and "%" in ln for ln in table)
    rep = run("sim", "report", str(db))
    assert "run 1 (matrix, " in rep.output and "12 games" in rep.output
    again = run("sim", "matrix", "caster", "--decks", ",".join(decks), "--games", "2", "--png", str(png),
                "--db", str(db), "--quiet")
    assert "0 game(s) played now, 12 already there" in again.output


@pytest.mark.parametrize("args,wanted", [
    (["sim", "matrix", "caster", "--decks", "cinder-blitz"], "at least two different decks"),
    (["sim", "matrix", "caster", "--decks", "cinder-blitz,cinder-blitz"], "at least two different decks"),
    (["sim", "matrix", "caster", "--decks", "cinder-blitz,tidal-oracle", "--games", "0"], "at least one game"),
    (["sim", "matrix", "chess", "--decks", "a,b"], "unknown game 'chess'"),
    (["sim", "caster", "--backend", "cloud"], "'cloud' is not one of"),
])
def test_matrix_and_backend_bad_arguments(args: list, wanted: str) -> None:
    res = run(*args)
    assert res.exit_code == 2 and wanted in res.output, res.output


def test_ray_backend_gives_the_local_results() -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'tcgjudge[ray]')")
    job = SimJob("caster", ["cinder-blitz", "tidal-oracle"], ["random", "greedy"], seed=11)
    ks = [0, 1, 2, 3]
    local = dict(run_games(job, ks))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = dict(run_games(job, ks, backend="ray"))
    finally:
        ray.shutdown()
    assert sorted(remote) == ks
    for k in ks:
        a, b = local[k], remote[k]
        assert (a.seed, a.decks, a.result, a.turns, a.decisions, a.replay["decisions"]) == \
            (b.seed, b.decks, b.result, b.turns, b.decisions, b.replay["decisions"])


def test_play_against_the_default_search_agent() -> None:
    res = run("play", "caster", "--seed", "4", input="0\n" * 2 + "quit\n")
    assert res.exit_code == 1 and "against mcts" in res.output, res.output


def test_ladder_script_resumes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("ladder", Path(__file__).resolve().parents[1] / "benchmarks"
                                                  / "ladder.py")
    ladder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ladder)
    db = str(tmp_path / "l.sqlite")
    ladder.main(["run", "--db", db, "--game", "sve", "--agents", "random,greedy", "--games", "2"])
    ladder.main(["run", "--db", db, "--game", "sve", "--agents", "random,greedy", "--games", "3"])
    rows = sqlite3.connect(db).execute("SELECT r, p1, p2, deck1, deck2, seed FROM ladder ORDER BY r").fetchall()
    assert [r[0] for r in rows] == [0, 1, 2]
    assert rows[0][1:3] == ("random", "greedy") and rows[1][1:3] == ("greedy", "random")
    assert rows[0][3:] == rows[1][3:]  # the same decks and seed, seats swapped
    capsys.readouterr()
    ladder.main(["report", "--db", db])
    out = capsys.readouterr().out
    assert "(`sve`): 3 games, 3 per pairing" in out and "| **greedy** | " in out and "n=3" in out
    assert "`greedy` " in out and "`random` (" in out  # the rung against the one below it
    # --until HH:MM is the next time the clock shows it, past midnight too
    at = time.struct_time((2026, 11, 26, 23, 41, 30, 3, 330, 0))
    assert ladder.seconds_until("02:10", at) == (2 * 60 + 29) * 60 - 30
    assert ladder.seconds_until("23:50", at) == 9 * 60 - 30
    code = sqlite3.connect(db).execute("SELECT DISTINCT code FROM ladder").fetchall()
    assert len(code) == 1 and code[0][0] and code[0][0] in out  # the commit that played them
    # --write puts the tables between the markers, and leaves the rest of the file alone
    doc = tmp_path / "agents.md"
    doc.write_text("# Agents\n\nbefore\n<!-- ladder:begin -->\nold tables\n<!-- ladder:end -->\nafter\n")
    ladder.main(["report", "--db", db, "--write", str(doc)])
    text = doc.read_text()
    assert "old tables" not in text and text.startswith("# Agents\n\nbefore\n<!-- ladder:begin -->\n")
    assert text.endswith("<!-- ladder:end -->\nafter\n") and "3 per pairing" in text
    doc.write_text("no markers\n")
    with pytest.raises(SystemExit, match="ladder:begin"):
        ladder.main(["report", "--db", db, "--write", str(doc)])
    assert doc.read_text() == "no markers\n"
