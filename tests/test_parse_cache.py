"""The parse trees kept between runs (cards/parse_cache.py): a kept tree is the tree the current
grammar builds, a refusal is kept as one, and a damaged cache file only costs time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lark import Tree

from tcgjudge.cards.parse_cache import NO_PARSE, ParseCache, cache_file


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TCGJUDGE_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_trees_are_kept_between_processes_for_the_same_grammar(cache_dir):
    a = ParseCache("g")
    a.use("start: WORD")
    tree = Tree("start", ["x"])
    a.put("start", "x", tree)
    a.put("start", "nonsense", NO_PARSE)
    b = ParseCache("g")  # another process: only the file is shared
    b.use("start: WORD")
    got = b.get("start", "x")
    assert got == tree and got is not tree
    assert b.get("start", "nonsense") is NO_PARSE
    assert b.get("start", "y") is None
    assert cache_file() == cache_dir / "parses.sqlite3"


def test_another_grammar_or_game_does_not_see_the_trees(cache_dir):
    a = ParseCache("g")
    a.use("start: WORD")
    a.put("start", "x", Tree("start", ["x"]))
    a.use("start: WORD | NUMBER")  # the vocabulary grew: the parser is another one
    assert a.get("start", "x") is None
    other = ParseCache("h")
    other.use("start: WORD")
    assert other.get("start", "x") is None


def test_a_kept_tree_is_a_copy_readers_may_annotate(cache_dir):
    a = ParseCache("g")
    a.use("start: WORD")
    a.put("start", "x", Tree("start", ["x"]))
    first = a.get("start", "x")
    first.children.append("mark")
    assert a.get("start", "x") == Tree("start", ["x"])


def test_a_damaged_cache_file_is_ignored(cache_dir):
    (cache_dir / "parses.sqlite3").write_bytes(b"this is not a database" * 100)
    a = ParseCache("g")
    a.use("start: WORD")
    a.put("start", "x", Tree("start", ["x"]))  # kept in memory only
    assert a.get("start", "x") == Tree("start", ["x"])
    assert ParseCache("g").get("start", "x") is None


def test_off_keeps_trees_in_memory_only(monkeypatch, tmp_path):
    monkeypatch.setenv("TCGJUDGE_CACHE_DIR", "off")
    assert cache_file() is None
    a = ParseCache("g")
    a.use("start: WORD")
    a.put("start", "x", Tree("start", ["x"]))
    assert a.get("start", "x") == Tree("start", ["x"])
    assert list(tmp_path.iterdir()) == []


DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
DATABASES = {"sve": DATA / "sve" / "cockatrice" / "ShadowverseEvolveTCG.dev.xml",
             "caster": DATA / "caster" / "cockatrice" / "TheCasterChroniclesTCG.dev.xml"}


@pytest.mark.parametrize("game", sorted(DATABASES))
def test_a_database_imports_the_same_from_kept_trees(game, cache_dir, tmp_path):
    """The pool imported with every tree read from the cache file equals the one read afresh."""
    if not DATABASES[game].is_file():
        pytest.skip(f"needs the community card data in {DATABASES[game]} (../shared beside the project)")
    outs = []
    for run in range(2):
        out = tmp_path / f"pool{run}.yaml"
        subprocess.run([sys.executable, "-m", "tcgjudge.interfaces.cli.main", "cards", "import", game,
                        str(DATABASES[game]), "-o", str(out)], check=True, capture_output=True, text=True)
        outs.append(out.read_text(encoding="utf-8"))
    assert (cache_dir / "parses.sqlite3").stat().st_size > 0
    assert outs[0] == outs[1] and "abilities" in outs[0]
