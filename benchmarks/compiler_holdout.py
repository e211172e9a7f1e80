"""How much of the real card data each text compiler reads, on the build sets and on the sets
set aside to estimate what a user with an unseen set gets.

    python benchmarks/compiler_holdout.py GAME [--part build|holdout] [--compiler old|grammar]
                                           [--failures] [--compare]

(Shadowverse: Evolve has one compiler, the grammar: ``--compiler`` and ``--compare`` are for
games that still have a template compiler beside their grammar.)

The cards of ``../shared/data`` are split by set.  A card is a *build* card when one of its
printings is in a build set (SVE: SD01-SD06, CSD01; Caster: SD01, SD02, BP01); every other card
is *set aside* (SVE: BP01 of both sources, and any later set; Caster: BP01S, promos, and any
later set).  Grammar work looks only at build cards; ``--failures`` refuses to print the
sentences of set-aside cards, so that their text stays unseen.

``--compare`` compiles every build card with both compilers and lists the cards whose
effect-language output differs (and the cards only one of them reads).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"

BUILD_SETS = {"sve": {"SD01", "SD02", "SD03", "SD04", "SD05", "SD06", "CSD01"},
              "caster": {"SD01", "SD02", "BP01"}}
SOURCES = {"sve": [DATA / "sve" / "cockatrice" / "ShadowverseEvolveTCG.dev.xml",
                   *sorted((DATA / "sve" / "second-source").glob("*.xml"))],
           "caster": [DATA / "caster" / "cockatrice" / "TheCasterChroniclesTCG.dev.xml"]}


def _records(path: Path) -> list[tuple[dict, set[str]]]:
    """Each card record of a Cockatrice file as the fields the game's compiler reads, with its sets."""
    out = []
    for c in ET.parse(path).getroot().iter("card"):
        def get(p: str, c: Any = c) -> str:
            e = c.find(p)
            return (e.text or "").strip() if e is not None and e.text else ""
        sets = {(s.text or "").strip() for s in c.findall("set")}
        out.append(({"get": get}, sets))
    return out


def cards(game: str, part: str) -> list[tuple[str, dict, bool]]:
    """(label, card entry, has text) of one part ("build" or "holdout") of a game's data."""
    comp = importlib.import_module(f"tcgjudge.games.{game}.{'text_report' if game == 'sve' else 'compiler'}")
    out = []
    for path in SOURCES[game]:
        for rec, sets in _records(path):
            get = rec["get"]
            is_build = bool(sets & BUILD_SETS[game])
            if (part == "build") != is_build:
                continue
            if game == "sve":
                card = {"name": get("name"), "types": [b.strip() for b in get("prop/type").split("|")],
                        "text": get("text")}
                entry = comp.entry_of(card)
                if entry is None:
                    continue
                has_text = bool(comp.notation(entry["text"]).strip())
            else:
                card = {"name": get("name"), "type": get("type"), "color": get("color"),
                        "cost": get("manacost") or get("cmc"), "pt": get("pt"), "text": get("text"),
                        "token": get("token") == "1"}
                entry = comp.entry_of(card)
                has_text = bool(comp.notation(entry["text"]))
            out.append((f"{path.name}:{card['name']}", entry, has_text))
            _SEEN_TYPES.setdefault((game, part), []).append((get("name"), get("prop/type") or get("type")))
    return out


_SEEN_TYPES: dict = {}


def learn_vocabulary(game: str, part: str) -> None:
    """The grammar compiler reads the vocabulary of the cards it compiles (their traits, token and
    card names), as an import of that database does."""
    import re

    if game == "caster":
        from tcgjudge.games.caster import grammar_compiler as cg

        races = []
        for _, typ in _SEEN_TYPES.get((game, part), []):
            if " - " in typ:
                races.extend(r.strip() for r in re.split(r"[/|]", typ.split(" - ", 1)[1]))
        cg.vocabulary(races=[r for r in races if r])
        return

    from tcgjudge.games.sve import grammar_compiler as g

    g._pool_vocabulary()
    traits, tokens, names = [], [], []
    for name, typ in _SEEN_TYPES.get((game, part), []):
        name = re.sub(r"\s*\((?:Evolved?|U)\)\s*", " ", name).strip()
        names.append(name)
        bits = [b.strip() for b in typ.split("|")]
        if "Token" in bits:
            tokens.append(name)
        if " - " in typ:
            traits.extend(t.strip() for t in re.split(r"[/|]", typ.split(" - ", 1)[1]))
    g.vocabulary(traits=[t for t in traits if t], tokens=tokens, names=names)


#: games whose template compiler was removed once the grammar read everything it read
NO_TEMPLATES = {"caster", "sve"}


def compiler(game: str, which: str):
    if game in NO_TEMPLATES:
        return importlib.import_module(f"tcgjudge.games.{game}.grammar_compiler")  # the only reader
    mod = "compiler" if which == "old" else "grammar_compiler"
    return importlib.import_module(f"tcgjudge.games.{game}.{mod}")


def measure(game: str, part: str, which: str):
    comp = compiler(game, which)
    b = importlib.import_module(f"tcgjudge.games.{game}.cards").builder()
    rep = importlib.import_module("tcgjudge.games.sve.text_report").Report() if game == "sve" else comp.Report()
    if game == "sve":
        which = "grammar"
    part_cards = cards(game, part)
    if which == "grammar":
        learn_vocabulary(game, part)
    for label, entry, has_text in part_cards:
        rep.add(label, entry, comp.compile_entry, has_text, b, part)
    return rep


def compare(game: str, part: str = "build") -> int:
    if game in NO_TEMPLATES:
        print(f"{game}: the grammar is the only reader of card text (the template compiler is gone)")
        return 0
    old, new = compiler(game, "old"), compiler(game, "grammar")
    b = importlib.import_module(f"tcgjudge.games.{game}.cards").builder()
    n_old = n_new = same = 0
    diffs, only_old, only_new = [], [], []

    def run(c, entry):
        try:
            full = c.compile_entry(entry)
            b.card(full, "compare")
            return full
        except Exception as e:  # noqa: BLE001 - a card either compiles or it does not
            return e

    build = cards(game, part)
    learn_vocabulary(game, part)
    for label, entry, _ in build:
        a, g = run(old, entry), run(new, entry)
        ok_a, ok_g = not isinstance(a, Exception), not isinstance(g, Exception)
        n_old += ok_a
        n_new += ok_g
        if ok_a and ok_g:
            if _canon(a) == _canon(g):
                same += 1
            else:
                diffs.append((label, a, g))
        elif ok_a:
            only_old.append((label, str(g)))
        elif ok_g:
            only_new.append(label)
    print(f"{game} {part} cards read: old {n_old}, grammar {n_new}; both read {same + len(diffs)}, "
          f"equivalent {same}, different {len(diffs)}")
    for label, a, g in diffs:
        print(f"DIFF {label}\n  old:     {json.dumps(_canon(a), sort_keys=True)}\n"
              f"  grammar: {json.dumps(_canon(g), sort_keys=True)}")
    for label, err in only_old:
        print(f"ONLY OLD {label}: {err[:200]}")
    for label in only_new:
        print(f"ONLY GRAMMAR {label}")
    return 0 if n_new >= n_old and not diffs else 1


def _canon(entry: dict) -> dict:
    """The behaviour fields of a compiled entry (what is compared)."""
    keep = ("keywords", "abilities", "effect", "alt_names", "static", "cost_mod")
    return {k: entry[k] for k in sorted(entry) if k in keep or k not in ("name", "text", "type", "cost", "atk",
                                                                          "def", "special", "token", "level",
                                                                          "race", "element")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(BUILD_SETS))
    ap.add_argument("--part", choices=["build", "holdout"], default="build")
    ap.add_argument("--compiler", choices=["old", "grammar"], default="old")
    ap.add_argument("--failures", action="store_true")
    ap.add_argument("--compare", action="store_true")
    a = ap.parse_args(argv)
    if not DATA.is_dir():
        print(f"no card data at {DATA}", file=sys.stderr)
        return 2
    if a.compare:
        return compare(a.game, a.part)
    rep = measure(a.game, a.part, a.compiler)
    print(f"{a.game} {a.part} ({a.compiler} compiler)")
    print("\n".join(rep.summary().splitlines()[:2]))
    failed = {nm.split(":", 1)[0] for nm, _ in rep.failures + rep.invalid}
    by_file: dict = {}
    for nm, _ in rep.failures + rep.invalid:
        by_file[nm.split(":", 1)[0]] = by_file.get(nm.split(":", 1)[0], 0) + 1
    totals: dict = {}
    for label, _, _ in cards(a.game, a.part):
        totals[label.split(":", 1)[0]] = totals.get(label.split(":", 1)[0], 0) + 1
    if len(totals) > 1 or failed:
        for f, n in sorted(totals.items()):
            ok = n - by_file.get(f, 0)
            print(f"  {f}: {ok} of {n} cards ({100 * ok / n:.1f}%)")
    if rep.invalid:
        print(f"compiled but rejected by the card loader: {len(rep.invalid)}")
    if a.failures:
        if a.part == "holdout":
            print("the sentences of set-aside cards are not shown", file=sys.stderr)
            return 2
        for nm, s in rep.failures:
            print(f"  FAIL {nm}: {s}")
        for nm, s in rep.invalid:
            print(f"  INVALID {nm}: {s}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
