"""The conformance scenario runner (shared/conformance/SPEC.md).

A scenario sets up a position, makes decisions and checks the result.  A
malformed scenario is an error (never a pass) whose message names the file,
the key and what was expected.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards.language import CardError
from ..cards.loader import read_yaml
from ..games import registry
from ..kernel.decisions import Decision, IllegalAction
from ..kernel.game import Game
from ..kernel.view import log_for

TOP_KEYS = {"game", "name", "rules", "cards", "setup", "do", "expect", "description", "notes", "faq"}


class ScenarioError(ValueError):
    """The scenario file itself is malformed."""


class StepFailed(AssertionError):
    pass


@dataclass
class Result:
    path: str
    name: str
    passed: bool
    reason: str = ""
    error: bool = False
    game: str = ""
    rules: list[str] = field(default_factory=list)

    def line(self) -> str:
        if self.passed:
            return f"PASS {self.name}"
        tag = "ERROR" if self.error else "FAIL"
        return f"{tag} {self.name} — {self.reason}"


def find_files(paths: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*.yaml") if x.is_file()))
            out.extend(sorted(x for x in p.rglob("*.yml") if x.is_file()))
        elif p.exists():
            out.append(p)
        else:
            raise ScenarioError(f"{p}: no such file or folder")
    return out


def load(path: Path) -> dict:
    try:
        data = read_yaml(path)
    except CardError as e:
        raise ScenarioError(str(e)) from None
    where = str(path)
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a mapping with game, name, rules, setup, do, expect")
    for k in data:
        if k not in TOP_KEYS:
            raise ScenarioError(f"{where}: unknown top-level key {k!r}; keys: {', '.join(sorted(TOP_KEYS))}")
    for k in ("game", "name", "rules"):
        if k not in data:
            raise ScenarioError(f"{where}: missing required key {k!r}")
    if not isinstance(data["name"], str) or not data["name"].strip():
        raise ScenarioError(f"{where}: name: expected text")
    rules = data["rules"]
    if not isinstance(rules, list) or not rules or not all(isinstance(r, (str, int, float)) for r in rules):
        raise ScenarioError(f"{where}: rules: expected a non-empty list of rule numbers such as [\"804.4\"]")
    data["rules"] = [str(r) for r in rules]
    try:
        registry.get(data["game"])
    except registry.UnknownGame as e:
        raise ScenarioError(f"{where}: game: {e}") from None
    for k, t in (("cards", list), ("setup", dict), ("do", list), ("expect", dict)):
        if k in data and data[k] is not None and not isinstance(data[k], t):
            raise ScenarioError(f"{where}: {k}: expected a {'list' if t is list else 'mapping'}")
    for i, step in enumerate(data.get("do") or []):
        _check_step(step, f"{where}: do[{i}]")
    return data


def _check_step(step: Any, where: str) -> None:
    if isinstance(step, str):
        if not (step.startswith("pass until ") and step.endswith(" end")):
            raise ScenarioError(f"{where}: a text step must be 'pass until STEP end', got {step!r}")
        return
    if not isinstance(step, dict):
        raise ScenarioError(f"{where}: expected 'PLAYER: LABEL' or 'pass until STEP end'")
    players = [k for k in step if k in ("p1", "p2")]
    extra = [k for k in step if k not in ("p1", "p2", "illegal")]
    if len(players) != 1 or extra:
        raise ScenarioError(f"{where}: a step names exactly one player (p1 or p2) and optionally "
                            f"'illegal: true'; got keys {sorted(step)}")
    if not isinstance(step[players[0]], (str, int)):
        raise ScenarioError(f"{where}.{players[0]}: expected an option label")
    if "illegal" in step and not isinstance(step["illegal"], bool):
        raise ScenarioError(f"{where}.illegal: expected true or false")


class Runner:
    """Runs one loaded scenario."""

    def __init__(self, data: dict, path: Path) -> None:
        self.data = data
        self.where = str(path)
        self.pkg = registry.get(data["game"])
        self.g: Game | None = None
        self.names: dict[int, str] = {}

    # ------------------------------------------------------------------ set-up
    def setup(self) -> Game:
        cards = {}
        builder = self.pkg.card_builder()
        for i, entry in enumerate(self.data.get("cards") or []):
            try:
                if isinstance(entry, dict) and set(entry) == {"name"}:  # SPEC: given only by name
                    c = self._pool_card(entry["name"], f"{self.where}: cards[{i}]")
                elif hasattr(self.pkg, "inline_card"):
                    c = self.pkg.inline_card(entry, f"{self.where}: cards[{i}]")
                else:
                    c = builder.card(entry, f"{self.where}: cards[{i}]")
            except CardError as e:
                raise ScenarioError(str(e)) from None
            cards[c.key] = c
            if c.chars.get("name") and c.chars["name"] not in cards:
                cards[c.chars["name"]] = c
        try:
            g, names = self.pkg.build_scenario(self.data.get("setup") or {}, cards, self.where)
        except (ValueError, KeyError) as e:
            raise ScenarioError(str(e)) from None
        self.g = g
        self.names = names
        return g

    def _pool_card(self, name: Any, where: str):
        """A card of the shipped pool, by key or by a name only one card there has."""
        pool = self.pkg.pool()
        c = pool.get(str(name))
        if c is None:
            same = [x for x in pool.values() if x.chars.get("name") == str(name)]
            if len(same) == 1:
                c = same[0]
            elif same:
                raise ScenarioError(f"{where}: {name!r} names several cards of the shipped pool "
                                    f"({', '.join(sorted(x.key for x in same))}); give one of these")
        if c is None:
            raise ScenarioError(f"{where}: {name!r} is given only by name, and the shipped {self.data['game']} "
                                f"pool has no such card")
        return c

    # -------------------------------------------------------------------- steps
    def labels(self, d: Decision) -> list[set[str]]:
        """Acceptable labels per option: with scenario ids and with card names."""
        g = self.g
        assert g is not None
        plain = g._render([(r, None) for r in d.raw], d.player, named=False) if d.raw else None
        out = []
        for i, (lab, _) in enumerate(d.options):
            s = {lab}
            if plain is not None:
                s.add(plain[i][0])
            out.append(s)
        return out

    def find(self, label: str) -> int | None:
        g = self.g
        d = g.pending
        if d is None:
            return None
        all_labels = self.labels(d)
        for i, labs in enumerate(all_labels):
            if label in labs:
                return i
        # "activate ID: TEXT" / "trigger NAME: TEXT": TEXT is the start of the ability's text
        # (SPEC.md); the engine shortens long texts, so a start of either length matches.
        if ": " in label:
            head, text = label.split(": ", 1)
            text = text.strip().lower()
            hits = []
            for i, labs in enumerate(all_labels):
                for lab in labs:
                    if ": " not in lab:
                        continue
                    h, t = lab.split(": ", 1)
                    t = t.strip().lower()
                    if h == head and t and (t.startswith(text) or text.startswith(t)):
                        hits.append(i)
                        break
            if len(hits) == 1:
                return hits[0]
        return None

    def answer(self, player: int, label: str, where: str) -> None:
        g = self.g
        if g.pending is not None and self.find(label) is None:
            self._answer_forced(label)  # SPEC: one-option decisions that no step names
        d = g.pending
        if g.result is not None:
            raise StepFailed(f"{where}: the game is over ({_result(g)}); cannot answer {label!r}")
        if d is None:
            raise StepFailed(f"{where}: no decision is pending")
        if d.player != player:
            raise StepFailed(f"{where}: the pending {d.kind} decision belongs to p{d.player + 1}, not p{player + 1} "
                             f"(options: {d.labels})")
        i = self.find(label)
        before = g.clone() if i is None else None

        if i is None and self._fast_forward(player, _head(label)):
            i = self.find(label)
        if i is not None:
            g.decide(i)
            return
        d = g.pending
        # chained answers: "play X targeting A,B", "choose A,B", "exchange A,B"
        if " targeting " in label:
            first, rest = label.split(" targeting ", 1)
            self.answer(player, first, where)
            for t in rest.split(","):
                self.answer(self._chooser(player), f"choose {t.strip()}", where)
            return
        if "," in label and " " in label:
            verb, rest = label.split(" ", 1)
            items = [x.strip() for x in rest.split(",")]
            kind = d.kind
            for it in items:
                self.answer(player, f"{verb} {it}", where)
            nd = g.pending
            if nd is not None and nd.kind == kind and nd.player == player and "done" in nd.labels:
                g.decide("done")
            return
        if before is not None and before.fingerprint() != g.fingerprint():
            g.restore(before)  # report the question the step was written against
            d = g.pending
        raise StepFailed(f"{where}: no option {label!r} for p{player + 1}'s {d.kind} decision; options: {d.labels}")

    def _answer_forced(self, label: str) -> bool:
        """Answer pending decisions that have a single option not named by ``label`` (a payment
        that can be made only one way, a forced target, a pass that is the only option), as
        SPEC.md asks of the runner.  True if any was answered."""
        g = self.g
        head = _head(label)
        n = 0
        while g.pending is not None and g.result is None and len(g.pending.options) == 1 and n < 200:
            labs = self.labels(g.pending)[0]
            if label in labs or head in labs:
                break
            g.decide(0)
            n += 1
        return n > 0

    def _fast_forward(self, player: int, label: str) -> bool:
        """A step whose label is not available yet (``attack s -> w`` asked while the main
        phase still has priority) passes priority, only while the waiting area is empty,
        until it is.  Nothing but turn progress happens meanwhile."""
        g = self.g
        start_turn = g.turn
        for _ in range(200):
            d = g.pending
            if d is None or g.result is not None or g.turn != start_turn:
                return False
            if self.find(label) is not None and d.player == player:
                return True
            if d.kind != "priority" or "pass" not in d.labels or not self.pkg.waiting_empty(g):
                return False
            g.decide("pass")
        return False

    def _chooser(self, player: int) -> int:
        d = self.g.pending
        return d.player if d is not None else player

    def pass_until(self, step: str, where: str) -> None:
        g = self.g
        for _ in range(2000):
            if g.result is not None:
                return
            here = self.pkg.where(g)
            if not (here == step or here.startswith(step + "/")):
                return
            d = g.pending
            if d is None:
                return
            if "pass" in d.labels:
                g.decide("pass")
            elif len(d.options) == 1:  # SPEC: a one-option decision is answered by the runner
                g.decide(0)
            elif "done" in d.labels:
                g.decide("done")
            elif "keep hand" in d.labels:
                g.decide("keep hand")
            elif "end main phase" in d.labels:  # SVE 7.3.3: the main phase's way to pass
                g.decide("end main phase")
            elif "no block" in d.labels:  # NOVA 405.5.3: declining to block
                g.decide("no block")
            else:
                raise StepFailed(f"{where}: while passing until {step} ends, p{d.player + 1}'s {d.kind} decision "
                                 f"cannot be passed (options: {d.labels})")
        raise StepFailed(f"{where}: {step} did not end after 2000 passes")

    # ------------------------------------------------------------------- expect
    def current(self, sid: str) -> int | None:
        g = self.g
        best = None
        for oid, n in self.names.items():
            if n == sid and oid in g.objects:
                best = oid if best is None or oid > best else best
        return best

    def check(self, key: str, want: Any) -> None:
        g = self.g
        pkg = self.pkg
        if key == "winner":
            got = _result(g)
            if str(want) != got:
                raise StepFailed(f"winner: expected {want}, got {got}")
            return
        if key == "pending":
            d = g.pending
            if not isinstance(want, dict):
                raise ScenarioError(f"{self.where}: expect.pending: expected {{player, kind}}")
            if d is None:
                raise StepFailed(f"pending: expected a {want.get('kind')} decision, but none is pending ({_result(g)})")
            if "player" in want and f"p{d.player + 1}" != want["player"]:
                raise StepFailed(f"pending: expected p{want['player']}'s decision, it is p{d.player + 1}'s")
            if "kind" in want and d.kind != want["kind"]:
                raise StepFailed(f"pending: expected kind {want['kind']}, got {d.kind}")
            return
        if key == "options":
            d = g.pending
            if not isinstance(want, dict):
                raise ScenarioError(f"{self.where}: expect.options: expected {{player, include, exclude}}")
            if d is None:
                raise StepFailed("options: no decision is pending")
            if "player" in want and f"p{d.player + 1}" != want["player"]:
                raise StepFailed(f"options: the pending decision is p{d.player + 1}'s, not {want['player']}'s")
            labs = self.labels(d)
            allset = set().union(*labs) if labs else set()
            for lab in want.get("include", []) or []:
                if lab not in allset:
                    raise StepFailed(f"options: {lab!r} is not among {d.labels}")
            for lab in want.get("exclude", []) or []:
                if lab in allset:
                    raise StepFailed(f"options: {lab!r} should not be an option ({d.labels})")
            return
        if key == "log":
            lines = [ln if isinstance(ln, str) else ln[1] for ln in g.log]
            pos = 0
            for sub in want:
                while pos < len(lines) and str(sub) not in lines[pos]:
                    pos += 1
                if pos >= len(lines):
                    raise StepFailed(f"log: no line containing {sub!r} (in order); last lines: {lines[-8:]}")
                pos += 1
            return
        if "." in key:
            who, what = key.split(".", 1)
            if who in ("p1", "p2"):
                p = int(who[1]) - 1
                zones = g.rules.zone_specs
                if what in zones and not zones[what].shared:
                    self._check_zone(key, g.zone(p, what), want, zones[what].ordered, what == "deck")
                    return
                try:
                    got = pkg.player_value(g, p, what)
                except KeyError:
                    raise ScenarioError(f"{self.where}: expect.{key}: unknown player value {what!r}") from None
                if isinstance(want, list) and isinstance(got, list):
                    if sorted(map(str, want)) != sorted(map(str, got)):
                        raise StepFailed(f"{key}: expected {want}, got {got}")
                elif got != want:
                    raise StepFailed(f"{key}: expected {want}, got {got}")
                return
            if who == "shared" or who in g.rules.zone_specs:
                zname = what if who == "shared" else who
                self._check_zone(key, g.zones[(-1, zname)], want, True, False)
                return
        if key in g.rules.zone_specs and g.rules.zone_specs[key].shared:
            self._check_zone(key, g.zones[(-1, key)], want, True, False)
            return
        if key in self.names.values():
            self._check_obj(key, want)
            return
        raise ScenarioError(f"{self.where}: expect.{key}: not an object id from setup, a PLAYER.ZONE, a player "
                            f"value, winner, pending, options or log")

    def _ident(self, oid: int) -> str:
        return self.names.get(oid) or self.g.objects[oid].card.key

    def _check_zone(self, key: str, ids: list[int], want: Any, ordered: bool, top_first: bool) -> None:
        if isinstance(want, int) and not isinstance(want, bool):
            if len(ids) != want:
                raise StepFailed(f"{key}: expected {want} card(s), found {len(ids)}: {[self._ident(x) for x in ids]}")
            return
        if not isinstance(want, list):
            raise ScenarioError(f"{self.where}: expect.{key}: expected a count or a list of ids or names")
        got_ids = list(reversed(ids)) if top_first else list(ids)
        got = []
        for oid in got_ids:
            got.append({self.names.get(oid), self.g.objects[oid].card.key, self.g.objects[oid].card.chars.get("name")})
        want_s = [str(x) for x in want]
        if len(got) != len(want_s):
            raise StepFailed(f"{key}: expected {want_s}, found {[self._ident(x) for x in got_ids]}")
        if ordered:
            for w, gset in zip(want_s, got):
                if w not in gset:
                    raise StepFailed(f"{key}: expected {want_s} in this order, found {[self._ident(x) for x in got_ids]}")
            return
        remaining = list(got)
        for w in want_s:
            for i, gset in enumerate(remaining):
                if w in gset:
                    remaining.pop(i)
                    break
            else:
                raise StepFailed(f"{key}: expected {want_s}, found {[self._ident(x) for x in got_ids]}")

    def _check_obj(self, sid: str, want: Any) -> None:
        g = self.g
        oid = self.current(sid)
        if not isinstance(want, dict):
            raise ScenarioError(f"{self.where}: expect.{sid}: expected a mapping such as {{zone: p2.graveyard}}")
        if oid is None:
            if want.get("zone") in (None, "none", "gone"):
                return
            raise StepFailed(f"{sid}: no longer exists (a token erased?), expected in {want.get('zone')}")
        o = g.objects[oid]
        for k, v in want.items():
            if k == "zone":
                got = f"p{o.zp + 1}.{o.zone}" if o.zp >= 0 else o.zone
                if o.over is not None:
                    got += " (stock)"
                if str(v) != got and not (o.zp < 0 and str(v) in (f"shared.{o.zone}",)):
                    raise StepFailed(f"{sid}: expected in {v}, it is in {got}")
                continue
            try:
                got = self.pkg.obj_attr(g, oid, k)
            except KeyError:
                raise ScenarioError(f"{self.where}: expect.{sid}.{k}: unknown attribute {k!r}") from None
            if isinstance(v, list) and isinstance(got, list):
                if sorted(map(str, v)) != sorted(map(str, got)):
                    raise StepFailed(f"{sid}.{k}: expected {v}, got {got}")
            elif got != v:
                raise StepFailed(f"{sid}.{k}: expected {v!r}, got {got!r}")

    # ------------------------------------------------------------------- run
    def run(self) -> None:
        self.setup()
        for i, step in enumerate(self.data.get("do") or []):
            where = f"do[{i}]"
            if isinstance(step, str):
                self.pass_until(step[len("pass until "):-len(" end")], where)
                continue
            who = "p1" if "p1" in step else "p2"
            p = int(who[1]) - 1
            label = str(step[who])
            if step.get("illegal"):
                d = self.g.pending
                if d is not None and d.player == p and self.find(label) is not None:
                    raise StepFailed(f"{where}: {label!r} should not be an option for p{p + 1} (options: {d.labels})")
                continue
            try:
                self.answer(p, label, where)
            except IllegalAction as e:
                raise StepFailed(f"{where}: {e}") from None
        for k, v in (self.data.get("expect") or {}).items():
            self.check(str(k), v)


def _head(label: str) -> str:
    """The first answer of a chained label (``play X targeting A`` -> ``play X``,
    ``choose A,B`` -> ``choose A``): what fast-forwarding waits for."""
    if " targeting " in label:
        return label.split(" targeting ", 1)[0]
    if "," in label and " " in label:
        verb, rest = label.split(" ", 1)
        return f"{verb} {rest.split(',', 1)[0].strip()}"
    return label


def _result(g: Game) -> str:
    if g.result is None:
        return "none"
    return "draw" if g.result == "draw" else f"p{g.result + 1}"


def run_file(path: Path) -> Result:
    try:
        data = load(path)
    except ScenarioError as e:
        return Result(str(path), path.stem, False, str(e), error=True)
    r = Result(str(path), data["name"], False, game=data["game"], rules=data["rules"])
    try:
        Runner(data, path).run()
        r.passed = True
    except ScenarioError as e:
        r.reason, r.error = str(e), True
    except StepFailed as e:
        r.reason = str(e)
    except Exception as e:  # an engine failure is a failure of the scenario, reported precisely
        import traceback

        tb = traceback.extract_tb(e.__traceback__)[-1]
        r.reason = f"engine error {type(e).__name__}: {e} (at {Path(tb.filename).name}:{tb.lineno})"
    return r


def run_paths(paths: Iterable[str | Path]) -> list[Result]:
    return [run_file(p) for p in find_files(paths)]


__all__ = ["Result", "ScenarioError", "run_file", "run_paths", "find_files", "log_for"]
