"""The import graph follows DESIGN.md's layers, and the lowest layers read bottom-up.

The graph has an edge for every ``import`` and ``from ... import`` statement
of every module under ``src/tcgjudge``: module level, function-local and
under ``TYPE_CHECKING`` alike (a reader must be able to read the modules in
an order where each one only names what came before).  ``from P import N``
points at the module ``P.N`` when there is one, else at ``P``.

Checked: (a) no import cycle inside ``kernel`` nor inside ``cards``;
(b) imports point down the layers (kernel → cards → games → agents →
interfaces): the kernel imports nothing above it, cards only the kernel,
a game package only cards, the kernel, the shared game modules and itself
(never another game, agents or interfaces), agents never interfaces.

Run as a script (``python tests/test_layers.py``) to print every cycle.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PKG = "tcgjudge"

#: the layers, lowest first (DESIGN.md "Layers")
LAYERS = ("kernel", "cards", "games", "agents", "interfaces")

#: import cycles inside the game packages that are still to be untangled; a cycle found there must
#: be one of these or part of one (they may shrink, never grow).  Kernel and cards have none.
KNOWN_GAME_CYCLES = (
)


def modules(src: Path = SRC) -> dict[str, tuple[Path, bool]]:
    """Dotted module name -> (file, is a package's ``__init__``)."""
    out = {}
    for p in sorted((src / PKG).rglob("*.py")):
        parts = list(p.relative_to(src).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts.pop()
        out[".".join(parts)] = (p, is_pkg)
    return out


def import_graph(src: Path = SRC) -> dict[str, set[str]]:
    """Module -> the project modules its import statements name (all of them, wherever they are)."""
    mods = modules(src)

    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, (path, is_pkg) in mods.items():
        here = name if is_pkg else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [known(a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = here.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else known(base) for a in node.names]
            else:
                continue
            edges.update(t for t in targets if t is not None and t != name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp.add(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    out.append(comp)
    return out


def layer_of(module: str) -> str | None:
    """``kernel``, ``cards``, ... for a module of a layer; None for the package's top modules."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def game_of(module: str) -> str | None:
    """The game package a module belongs to (``caster``, ``sve``), None for shared game modules."""
    parts = module.split(".")
    if layer_of(module) != "games" or len(parts) < 3:
        return None
    return parts[2] if len(parts) > 3 or (SRC / PKG / "games" / parts[2]).is_dir() else None


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    out = []
    for a, targets in sorted(graph.items()):
        la = layer_of(a)
        if la is None:
            continue
        for b in sorted(targets):
            lb = layer_of(b)
            if lb is None or LAYERS.index(lb) > LAYERS.index(la):
                out.append(f"{a} imports {b}: {la} may only import lower layers")
            elif la == "games" and lb == "games" and game_of(a) and game_of(b) and game_of(a) != game_of(b):
                out.append(f"{a} imports {b}: one game never imports another")
    return out


def test_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    # the checker itself: module-level, relative, function-local and TYPE_CHECKING imports count
    pkg = tmp_path / PKG / "kernel"
    pkg.mkdir(parents=True)
    (tmp_path / PKG / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\n")
    (pkg / "b.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("import tcgjudge.kernel.a\n")
    (pkg / "d.py").write_text("from tcgjudge.kernel import a\n")
    g = import_graph(tmp_path)
    assert g["tcgjudge.kernel.a"] == {"tcgjudge.kernel.b"}
    assert g["tcgjudge.kernel.b"] == {"tcgjudge.kernel.c"}
    assert g["tcgjudge.kernel.d"] == {"tcgjudge.kernel.a"}
    assert cycles(g) == [{"tcgjudge.kernel.a", "tcgjudge.kernel.b", "tcgjudge.kernel.c"}]
    g["tcgjudge.kernel.a"].add("tcgjudge.cards.x")
    g["tcgjudge.cards.x"] = set()
    assert layer_violations(g) == ["tcgjudge.kernel.a imports tcgjudge.cards.x: kernel may only import lower layers"]


def test_no_cycles_in_kernel_and_cards() -> None:
    graph = import_graph()
    assert "tcgjudge.kernel.game" in graph and "tcgjudge.cards.play" in graph
    found = [sorted(c) for c in cycles(graph) if {layer_of(m) for m in c} & {"kernel", "cards"}]
    assert found == []


def test_game_cycles_are_only_the_known_ones() -> None:
    unknown = [sorted(c) for c in cycles(import_graph())
               if {layer_of(m) for m in c} == {"games"} and not any(c <= k for k in KNOWN_GAME_CYCLES)]
    assert unknown == [], "new import cycle in a game package (untangle it; KNOWN_GAME_CYCLES may only shrink)"


def test_imports_point_down_the_layers() -> None:
    assert layer_violations(import_graph()) == []


if __name__ == "__main__":
    for comp in cycles(import_graph()):
        print(" ".join(sorted(comp)))
    for line in layer_violations(import_graph()):
        print(line)
    sys.exit(0)
