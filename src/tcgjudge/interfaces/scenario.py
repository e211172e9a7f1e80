"""The conformance scenario runner (shared/conformance/SPEC.md).

A scenario sets up a position, makes decisions and checks the result.  A
malformed scenario is an error (never a pass) whose message names the file,
the key and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards.language import CardError
from ..cards.loader import read_yaml
from ..games import registry
from ..kernel.decisions import Decision, IllegalAction
from ..kernel.game import MARK, Game
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
    if not isinstance(data["game"], str):
        raise ScenarioError(f"{where}: game: expected a game name ({', '.join(registry.available())}), "
                            f"got {data['game']!r}")
    try:
        registry.get(data["game"])
    except registry.UnknownGame as e:
        raise ScenarioError(f"{where}: game: {e}") from None
    for k, t in (("cards", list), ("setup", dict), ("do", list), ("expect", dict)):
        if k in data and data[k] is not None and not isinstance(data[k], t):
            raise ScenarioError(f"{where}: {k}: expected a {'list' if t is list else 'mapping'}")
    for i, step in enumerate(data.get("do") or []):
        _check_step(step, f"{where}: do[{i}]")
    for i, entry in enumerate(data.get("cards") or []):
        if not isinstance(entry, dict):
            raise ScenarioError(f"{where}: cards[{i}]: expected a card (a mapping with name, type, ...)")
    _check_expect_shape(data.get("expect") or {}, where)
    return data


EXPECT_SHAPES = {"pending": ("player", "kind"), "options": ("player", "include", "exclude")}


def _check_expect_shape(expect: dict, where: str) -> None:
    """The parts of ``expect`` whose shape does not depend on the game (SPEC "expect")."""
    for key, want in expect.items():
        w = f"{where}: expect.{key}"
        if key == "winner":
            if str(want) not in ("p1", "p2", "draw", "none") or isinstance(want, bool):
                raise ScenarioError(f"{w}: expected p1, p2, draw or none, got {want!r}")
        elif key in EXPECT_SHAPES:
            if not isinstance(want, dict):
                raise ScenarioError(f"{w}: expected {{{', '.join(EXPECT_SHAPES[key])}}}")
            for k, v in want.items():
                if k not in EXPECT_SHAPES[key]:
                    raise ScenarioError(f"{w}.{k}: unknown key; keys: {', '.join(EXPECT_SHAPES[key])}")
                if k == "player" and v not in ("p1", "p2"):
                    raise ScenarioError(f"{w}.player: expected p1 or p2, got {v!r}")
                if k == "kind" and not isinstance(v, str):
                    raise ScenarioError(f"{w}.kind: expected a decision kind such as priority, got {v!r}")
                if k in ("include", "exclude") and not (
                        isinstance(v, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v)):
                    raise ScenarioError(f"{w}.{k}: expected a list of option labels, got {v!r}")
        elif key == "log":
            if not isinstance(want, list) or not all(isinstance(x, (str, int)) for x in want):
                raise ScenarioError(f"{w}: expected a list of texts, got {want!r}")


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


#: game packages with the cards of --cards files, by (game, files): imported once per run
_WITH_CARDS: dict[tuple, Any] = {}


class Runner:
    """Runs one loaded scenario.

    What differs between games comes from the game package: its zones (``rules.zone_specs``),
    player values (``player_value``), object attributes (``obj_attr``), where the game is
    (``where``), and the names ``scenario_at``, ``scenario_steps`` and ``pass_labels``."""

    def __init__(self, data: dict, path: Path, cards: tuple[str, ...] = ()) -> None:
        self.data = data
        self.where = str(path)
        self.pkg = registry.get(data["game"])
        if cards:  # --cards: the scenario may name the cards of these files too
            key = (data["game"], cards)
            if key not in _WITH_CARDS:
                try:
                    _WITH_CARDS[key] = self.pkg.with_cards(cards)
                except CardError as e:
                    raise ScenarioError(str(e)) from None
            self.pkg = _WITH_CARDS[key]
        self.g: Game | None = None
        #: (turn, place in the turn's order of steps) where the game was after the last step:
        #: ``pass until`` also counts steps the game went through without asking anything
        self._pos: tuple[int, float] | None = None

    @property
    def names(self) -> dict[int, str]:
        """Scenario ids by object id (the game keeps them: an object that moves keeps its id)."""
        return self.g.gvars.get("names", {}) if self.g is not None else {}

    # ------------------------------------------------------------------ set-up
    def setup(self) -> Game:
        cards = {}
        keys: dict[str, int] = {}
        tokens = {}
        builder = self.pkg.card_builder()
        if hasattr(builder, "learn"):
            builder.learn(self.data.get("cards") or [])
        for i, entry in enumerate(self.data.get("cards") or []):
            where = f"{self.where}: cards[{i}]"
            try:
                if isinstance(entry, dict) and set(entry) == {"name"}:  # SPEC: given only by name
                    c = self._pool_card(entry["name"], where)
                else:
                    entry = inline_entry(entry, where)
                    if hasattr(self.pkg, "inline_card"):
                        c = self.pkg.inline_card(entry, where)
                    else:
                        c = builder.card(entry, where)
            except CardError as e:
                raise ScenarioError(str(e)) from None
            if c.key in keys:
                raise ScenarioError(f"{where}.name: {c.key!r} is already defined by cards[{keys[c.key]}]; "
                                    f"each card of a scenario has its own name")
            keys[c.key] = i
            cards[c.key] = c
            if c.chars.get("name") and c.chars["name"] not in cards:
                cards[c.chars["name"]] = c
            if c.token:  # SPEC: an inline token can be created by name
                tokens[c.key] = c
                tokens.setdefault(c.chars.get("name") or c.key, c)
        try:
            g, names = self.pkg.build_scenario(self.data.get("setup") or {}, cards, self.where)
        except (ValueError, KeyError) as e:
            raise ScenarioError(str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)) from None
        g.info["tokens"] = tokens
        self.g = g
        _check_expect_shape(self.data.get("expect") or {}, self.where)
        self._check_expect_names()
        # SPEC "Names": a phase name in `at` means that phase is about to begin
        at = str((self.data.get("setup") or {}).get("at", "main"))
        lo = self._span(at)
        if lo is not None:
            self._pos = (0 if at in ONCE_STEPS else int((self.data.get("setup") or {}).get("turn", 1)), lo[0] - 0.5)
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

    def _check_expect_names(self) -> None:
        """Every key of ``expect`` names something of this game, every attribute is one the game
        has, every count is a count (before any step runs: a malformed file is an error even when
        an earlier expectation would fail)."""
        g = self.g
        zones = g.rules.zone_specs
        for key, want in (self.data.get("expect") or {}).items():
            key = str(key)
            w = f"{self.where}: expect.{key}"
            if key in ("winner", "log") or key in EXPECT_SHAPES:
                continue
            zone = self._zone_key(key)
            if zone is not None:
                if not (isinstance(want, list) or (isinstance(want, int) and not isinstance(want, bool) and want >= 0)):
                    raise ScenarioError(f"{w}: expected a count or a list of ids or names, got {want!r}")
                continue
            if "." in key and key.split(".", 1)[0] in ("p1", "p2"):
                what = key.split(".", 1)[1]
                try:
                    self.pkg.player_value(g, 0, what)
                except KeyError:
                    raise ScenarioError(f"{w}: unknown player value {what!r}; zones: "
                                        f"{', '.join(z for z in zones if not zones[z].shared)}") from None
                continue
            if key in self.names.values():
                if not isinstance(want, dict):
                    raise ScenarioError(f"{w}: expected a mapping such as {{zone: p2.graveyard}}")
                oid = self.current(key)
                for k in want:
                    if k == "zone":
                        continue
                    try:
                        self.pkg.obj_attr(g, oid, str(k))
                    except KeyError:
                        raise ScenarioError(f"{w}.{k}: unknown attribute {k!r}") from None
                continue
            raise ScenarioError(f"{w}: not an object id from setup, a PLAYER.ZONE, a player value, "
                                f"winner, pending, options or log")

    def _zone_key(self, key: str) -> tuple[int, str] | None:
        """``p1.hand`` -> (0, "hand"); ``chase`` / ``shared.chase`` -> (-1, "chase"); else None."""
        zones = self.g.rules.zone_specs
        who, _, what = key.partition(".")
        if who in ("p1", "p2") and what in zones and not zones[what].shared:
            return int(who[1]) - 1, what
        name = what if who == "shared" else key
        if name in zones and zones[name].shared:
            return -1, name
        return None

    # -------------------------------------------------------------------- labels
    def labels(self, d: Decision) -> list[set[str]]:
        """Acceptable labels per option: objects by scenario id, by card name or by card key
        (all of one label's objects written the same way or mixed)."""
        g = self.g
        assert g is not None
        plain = g._render([(r, None) for r in d.raw], d.player, named=False) if d.raw else None
        out = []
        for i, (lab, pay) in enumerate(d.options):
            s = {lab}
            if plain is not None:
                s.add(plain[i][0])
            raw = d.raw[i] if d.raw else None
            if raw is not None and MARK in raw:
                s |= self._spellings(raw.split(MARK), d.player)
            # an object named by its card key in the label and carried by the option's payload
            # (`call Alice Lv1`, `level up c with Alice Lv2`): its printed name or its scenario
            # id stand for it too
            for oid in _payload_ids(pay, g):
                key = g.objects[oid].card.key
                for one in [x for x in s if key in x]:
                    for alt in self._names_of(oid, d.player):
                        s.add(one.replace(key, alt))
            out.append(s)
        return out

    def _names_of(self, oid: int, viewer: int) -> set[str]:
        g = self.g
        o = g.objects.get(oid)
        out = set()
        sid = self.names.get(oid)
        if sid is not None:
            out.add(sid)
        if o is not None and g.rules.can_see(g, o, viewer):
            out.add(o.card.key)
            if o.card.chars.get("name"):
                out.add(str(o.card.chars["name"]))
        return out

    def _spellings(self, parts: list[str], viewer: int, limit: int = 64) -> set[str]:
        """Every way of writing a raw label whose object slots are written by id, name or key."""
        outs = [""]
        for i, part in enumerate(parts):
            if i % 2 == 0:
                outs = [o + part for o in outs]
                continue
            alts = self._names_of(int(part), viewer) or {self.g.rules.obj_name(self.g, int(part), viewer)}
            outs = [o + a for o in outs for a in sorted(alts)][:limit]
        return set(outs)

    def find(self, label: str) -> int | None:
        g = self.g
        d = g.pending
        if d is None:
            return None
        all_labels = self.labels(d)
        hits = [i for i, labs in enumerate(all_labels) if label in labs]
        if len(hits) == 1 or (hits and self._same(d, hits)):
            return hits[0]
        if hits:
            return None  # ambiguous: several options read the same
        # SPEC: `choose X` answers every decision that picks objects, whatever verb the engine's
        # own label uses (`banish ID`, `rest ID`, `step up with ID`); X may also be an option's text
        if label.startswith("choose ") and d.kind != "priority":
            x = label[len("choose "):].strip()
            hits = [i for i, labs in enumerate(all_labels) if x in labs]
            if not hits and x.endswith("."):  # an option's text written with its full stop
                hits = [i for i, labs in enumerate(all_labels) if x.rstrip(".") in {lab.rstrip(".") for lab in labs}
                        or f"choose {x.rstrip('.')}" in {lab.rstrip(".") for lab in labs}]
            if not hits:
                hits = [i for i, labs in enumerate(all_labels)
                        if any(lab.endswith(" " + x) and not lab.startswith(("play ", "activate ", "attack "))
                               for lab in labs)]
            if not hits:  # the order of triggered abilities: `choose ID` picks the one of that object
                hits = [i for i, labs in enumerate(all_labels)
                        if any(lab.startswith("trigger ") and lab.split(": ", 1)[0] == f"trigger {x}" for lab in labs)]
            if len(hits) == 1 or (hits and self._same(d, hits)):
                return hits[0]
            if hits:
                return None
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
                    # `trigger Watcher Wisp: ...` names one of two identical tokens (`Watcher Wisp#26`)
                    if (h == head or re.sub(r"#\d+$", "", h) == head) and t \
                            and (t.startswith(text) or text.startswith(t)):
                        hits.append(i)
                        break
            if len(hits) == 1 or (hits and self._same(d, hits)):
                return hits[0]
        return None

    def _same(self, d: Decision, hits: list[int]) -> bool:
        """Several options match: interchangeable only when they name copies of one card none
        of which the scenario named by an id (two identical cards in hand)."""
        g = self.g
        keys = set()
        for i in hits:
            ids = _payload_ids(d.options[i][1], g)
            if d.raw and MARK in d.raw[i]:
                ids = [int(x) for x in d.raw[i].split(MARK)[1::2]]
            if not ids or any(x in self.names for x in ids):
                return False
            keys.add(tuple(g.objects[x].card.key if x in g.objects else x for x in ids))
            keys.add(("label", d.options[i][0].split("#")[0]))
        return len(keys) == 2

    # --------------------------------------------------------------------- steps
    def answer(self, player: int, label: str, where: str, close: bool = True, force: bool = True) -> None:
        """Answer PLAYER's pending decision with ``label`` (or a chain of answers).  ``close``:
        a declaration a closing verb answers ends after it; ``force``: single-option decisions
        before it are answered (SPEC)."""
        g = self.g
        if g.result is not None:
            raise StepFailed(f"{where}: the game is over ({_result(g)}); cannot answer {label!r}")
        if g.pending is None:
            raise StepFailed(f"{where}: no decision is pending")
        start = g.clone() if force else None
        if force:
            self._forced(label, player)
        d = g.pending
        if (d is None or g.result is not None) and start is not None:
            # answering single-option decisions ended the game: the label was never an option;
            # report the decision the step was written against
            g.restore(start)
            d = g.pending
            raise StepFailed(f"{where}: no option {label!r} for p{d.player + 1}'s {d.kind} decision; "
                             f"options: {d.labels}")
        if d is None or g.result is not None:
            raise StepFailed(f"{where}: the game is over ({_result(g)}); cannot answer {label!r}")
        if d.player != player and start is not None and start.fingerprint() != g.fingerprint():
            g.restore(start)  # the single-option answers led elsewhere: report the step's own question
            d = g.pending
            if d.player == player:
                raise StepFailed(f"{where}: no option {label!r} for p{player + 1}'s {d.kind} decision; "
                                 f"options: {d.labels}")
        if d.player != player:
            raise StepFailed(f"{where}: the pending {d.kind} decision belongs to p{d.player + 1}, not p{player + 1} "
                             f"(options: {d.labels})")
        i = self.find(label)
        before = g.clone() if i is None else None
        if i is None and self._fast_forward(player, _head(label), force):
            i = self.find(label)
        if i is not None:
            verb = label.split(" ", 1)[0]
            g.decide(i)
            if close and verb in CLOSING_VERBS:
                self._close(player, d.kind)
            return
        d = g.pending
        # chained answers: "play X targeting A,B", "choose A,B", "exchange A,B"
        if d is not None and " targeting " in label:
            first, rest = label.split(" targeting ", 1)
            self.answer(player, first, where, force=force)
            for t in rest.split(","):
                self.answer(self._chooser(player), f"choose {t.strip()}", where)
            return
        if d is not None and "," in label and " " in label:
            verb, rest = label.split(" ", 1)
            items = [x.strip() for x in rest.split(",")]
            lead, _, num = items[0].rpartition(" ")
            if lead and num.isdigit() and all(x.isdigit() for x in items[1:]):
                # `corrupt orb 1,2` (SPEC: `corrupt orb N`, a list as with `choose A,B`)
                verb, items = f"{verb} {lead}", [num] + items[1:]
            kind = d.kind
            for it in items:
                self.answer(player, f"{verb} {it}", where, close=False, force=force)
            self._close(player, kind)
            return
        if start is not None and start.fingerprint() != g.fingerprint():
            g.restore(start)  # report the question the step was written against
            d = g.pending
        elif before is not None and before.fingerprint() != g.fingerprint():
            g.restore(before)
            d = g.pending
        if d is None:
            raise StepFailed(f"{where}: the game is over ({_result(g)}); cannot answer {label!r}")
        raise StepFailed(f"{where}: no option {label!r} for p{player + 1}'s {d.kind} decision; options: {d.labels}")

    def _close(self, player: int, kind: str) -> None:
        """After a list (`exchange A,B`, `choose A,B`), the same choice still asked is ended."""
        g = self.g
        nd = g.pending
        if nd is not None and nd.kind == kind and nd.player == player and "done" in nd.labels:
            g.decide("done")

    def _forced(self, label: str | None = None, player: int | None = None,
                kinds: frozenset[str] | None = None) -> None:
        """SPEC: a decision with exactly one option that no step names (a payment that can be
        made only one way, a single forced target, the other player's only choice: to pass) is
        answered by the runner, unless it is the step's own answer; ``kinds``: only decisions of
        those kinds."""
        g = self.g
        for _ in range(100):
            d = g.pending
            if d is None or g.result is not None or len(d.options) != 1 or (kinds is not None and d.kind not in kinds):
                return
            if (label is not None or player is not None) and (player is None or d.player == player) \
                    and (label is None or self.find(label) is not None):
                return
            g.decide(0)

    def _pass_labels(self) -> tuple[str, ...]:
        return tuple(getattr(self.pkg, "pass_labels", ("pass", "done", "keep hand")))

    def _fast_forward(self, player: int, label: str, force: bool = True) -> bool:
        """A step whose label is not available yet (``attack s -> w`` asked while the main
        phase still has priority) passes priority, only while the waiting area is empty,
        until it is.  Nothing but turn progress happens meanwhile."""
        g = self.g
        start_turn = g.turn
        for _ in range(200):
            if force:
                self._forced(label, player)
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

    def illegal(self, player: int, label: str, where: str) -> None:
        """SPEC: ``{PLAYER: LABEL, illegal: true}`` holds when PLAYER, at the decision they would
        face, cannot give LABEL (every answer of a chained label must be accepted for it to be
        legal); it answers nothing."""
        g = self.g
        snap = g.clone()
        try:
            d = g.pending
            if d is None or g.result is not None:  # SPEC: an error, never a vacuous pass
                raise ScenarioError(f"{self.where}: {where}: p{player + 1} has no pending decision to check {label!r} against "
                                 f"({_result(g) if g.result is not None else 'none is pending'})")
            if d.player != player:
                raise ScenarioError(f"{self.where}: {where}: the pending {d.kind} decision belongs to p{d.player + 1}, "
                                    f"not p{player + 1}; {label!r} cannot be checked against it")
            options = d.labels
            try:
                self.answer(player, label, where, force=False)
            except (StepFailed, IllegalAction):
                return  # refused: the label is illegal
            raise StepFailed(f"{where}: {label!r} should not be an option for p{player + 1} (options: {options})")
        finally:
            g.restore(snap)

    def steps(self) -> tuple[str, ...]:
        """The names `pass until STEP end` knows: the game's own, with the phases of its steps."""
        names = list(getattr(self.pkg, "scenario_steps", None) or getattr(self.pkg, "scenario_at", ()))
        for n in list(names):
            while "/" in n:
                n = n.rsplit("/", 1)[0]
                if n not in names:
                    names.append(n)
        return tuple(names)

    def _in(self, step: str) -> bool:
        here = self.pkg.where(self.g)
        return here == step or here.startswith(step + "/")

    def _order(self) -> list[str]:
        """The game's step names in the order a turn goes through them."""
        return list(getattr(self.pkg, "scenario_steps", None) or getattr(self.pkg, "scenario_at", ()))

    def _span(self, step: str) -> tuple[int, int] | None:
        """Where STEP (a step, or a phase covering steps) lies in the turn's order."""
        idx = [i for i, n in enumerate(self._order()) if n == step or n.startswith(step + "/")]
        return (min(idx), max(idx)) if idx else None

    def _here(self) -> tuple[int, float] | None:
        """(turn, place in the turn's order) of the game now; None where the order says nothing."""
        here = self.pkg.where(self.g)
        order = self._order()
        if here in order:
            return self.g.turn, float(order.index(here))
        sp = self._span(here) if here else None
        return (self.g.turn, sp[0] - 0.5) if sp else None

    def _went_through(self, step: str, before: tuple[int, float] | None, now: tuple[int, float] | None) -> bool:
        """The game went from ``before`` to ``now`` through the whole of STEP without a decision
        in it (SVE's start phase asks nothing; SPEC: `pass until X end` passes until the game has
        reached X and left it)."""
        sp = self._span(step)
        if before is None or now is None or sp is None:
            return False
        (t0, i0), (t1, i1) = before, now
        lo, hi = sp
        if step in ONCE_STEPS:  # the game's preparation comes once, before the first turn
            return t0 == 0 and i0 < lo and t1 >= 1
        if t1 == t0:
            return i0 < lo and hi < i1
        if t1 > t0:
            return i0 < lo or hi < i1 or t1 - t0 >= 2
        return False

    def pass_until(self, step: str, where: str) -> None:
        """SPEC: pass every decision that can be passed until the game has reached STEP and
        left it; an unknown STEP is an error; a game that ends meanwhile stops the passing."""
        known = self.steps()
        if step not in known:
            raise ScenarioError(f"{self.where}: {where}: pass until {step} end: the {self.data['game']} game has no "
                                f"step {step!r}; steps: {', '.join(known)}")
        g = self.g
        reached = self._in(step)
        passes = self._pass_labels()
        before = self._pos
        try:
            for _ in range(5000):
                if g.result is not None:
                    return
                now = self._here() or before
                if self._in(step):
                    reached = True
                elif reached or self._went_through(step, before, now):
                    return
                before = now
                d = g.pending
                if d is None:
                    return
                lab = next((x for x in passes if x in d.labels), None)
                if lab is not None:
                    g.decide(lab)
                elif len(d.options) == 1:
                    g.decide(0)  # SPEC: a decision with a single option is answered by the runner
                else:
                    raise StepFailed(f"{where}: while passing until {step} ends, p{d.player + 1}'s {d.kind} decision "
                                     f"cannot be passed (options: {d.labels})")
            raise StepFailed(f"{where}: {step} did not end after 5000 passes")
        finally:
            self._pos = self._here() or self._pos

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
            if d is None:
                raise StepFailed(f"pending: expected a {want.get('kind')} decision, but none is pending ({_result(g)})")
            if "player" in want and f"p{d.player + 1}" != want["player"]:
                raise StepFailed(f"pending: expected {want['player']}'s decision, it is p{d.player + 1}'s")
            if "kind" in want and d.kind != want["kind"]:
                raise StepFailed(f"pending: expected kind {want['kind']}, got {d.kind}")
            return
        if key == "options":
            d = g.pending
            if d is None:
                raise StepFailed("options: no decision is pending")
            if "player" in want and f"p{d.player + 1}" != want["player"]:
                raise StepFailed(f"options: the pending decision is p{d.player + 1}'s, not {want['player']}'s")
            labs = self.labels(d)
            allset = set().union(*labs) if labs else set()
            for lab in want.get("include", []) or []:
                if str(lab) not in allset:
                    raise StepFailed(f"options: {lab!r} is not among {d.labels}")
            for lab in want.get("exclude", []) or []:
                if str(lab) in allset:
                    raise StepFailed(f"options: {lab!r} should not be an option ({d.labels})")
            return
        if key == "log":
            # a line hidden from one player has two texts (what its player saw, what the other
            # saw: `p1 draws Zap` / `p1 draws a card`); either may be expected
            lines = [(ln,) if isinstance(ln, str) else tuple(x for x in ln[1:] if isinstance(x, str)) for ln in g.log]
            pos = 0
            for sub in want:
                while pos < len(lines) and not any(str(sub) in x for x in lines[pos]):
                    pos += 1
                if pos >= len(lines):
                    raise StepFailed(f"log: no line containing {sub!r} (in order); last lines: "
                                     f"{[x[0] for x in lines[-8:]]}")
                pos += 1
            return
        zone = self._zone_key(key)
        if zone is not None:
            p, name = zone
            spec = g.rules.zone_specs[name]
            ids = g.zones[(p, name)] if p < 0 else g.zone(p, name)
            if p >= 0 and hasattr(pkg, "scenario_zone"):  # cards the game keeps stacked (SVE Cross Craft leaders)
                ids = pkg.scenario_zone(g, p, name)
            ordered = (spec.ordered or p < 0) and name not in getattr(pkg, "reorderable_zones", ())
            self._check_zone(key, ids, want, ordered, name == "deck")
            return
        if "." in key and key.split(".", 1)[0] in ("p1", "p2"):
            who, what = key.split(".", 1)
            got = pkg.player_value(g, int(who[1]) - 1, what)
            if isinstance(want, list) and isinstance(got, list):
                if sorted(map(str, want)) != sorted(map(str, got)):
                    raise StepFailed(f"{key}: expected {want}, got {got}")
            elif got != want:
                raise StepFailed(f"{key}: expected {want}, got {got}")
            return
        self._check_obj(key, want)

    def _ident(self, oid: int) -> str:
        return self.names.get(oid) or self.g.objects[oid].card.key

    def _idents(self, oid: int) -> set:
        o = self.g.objects[oid]
        return {self.names.get(oid), o.card.key, o.card.chars.get("name")}

    def _check_zone(self, key: str, ids: list[int], want: Any, ordered: bool, top_first: bool) -> None:
        if isinstance(want, int) and not isinstance(want, bool):
            if len(ids) != want:
                raise StepFailed(f"{key}: expected {want} card(s), found {len(ids)}: {[self._ident(x) for x in ids]}")
            return
        got_ids = list(reversed(ids)) if top_first else list(ids)
        self._compare_list(key, got_ids, want, ordered)

    def _compare_list(self, key: str, got_ids: list[int], want: list, ordered: bool) -> None:
        got = [self._idents(oid) for oid in got_ids]
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
        if oid is None:
            if want.get("zone") in (None, "none", "gone"):
                return
            raise StepFailed(f"{sid}: no longer exists (a token erased?), expected in {want.get('zone')}")
        o = g.objects[oid]
        for k, v in want.items():
            if k == "zone":
                got = f"p{o.zp + 1}.{o.zone}" if o.zp >= 0 else o.zone
                if o.over is not None and o.zone not in getattr(self.pkg, "stacked_in_zone", ()):
                    got += " (stock)"
                if str(v) != got and not (o.zp < 0 and str(v) in (f"shared.{o.zone}",)):
                    raise StepFailed(f"{sid}: expected in {v}, it is in {got}")
                continue
            if isinstance(v, list) and k in LINKED_LISTS:
                # SPEC: a zone given as a list is compared as that list (Caster `stock: [ids]`)
                self._compare_list(f"{sid}.{k}", list(o.under or ()), v, False)
                continue
            linked = isinstance(v, dict) and hasattr(self.pkg, "linked_object")
            if linked:
                try:
                    lo = self.pkg.linked_object(g, oid, str(k))
                except KeyError:  # not a linked card (`counters: {stack: 1}`)
                    linked = False
            if linked:
                # SPEC linked cards as in setup: SVE `evolved: {card, id}` names the evolved card
                bad = [kk for kk in v if kk not in ("card", "id")]
                if bad:
                    raise ScenarioError(f"{self.where}: expect.{sid}.{k}.{bad[0]}: unknown key; keys: card, id")
                if lo is None:
                    raise StepFailed(f"{sid}.{k}: expected {v}, it has none")
                for kk, want_v in v.items():
                    if kk == "id" and self.names.get(lo) != str(want_v) or \
                            kk == "card" and str(want_v) not in self._idents(lo):
                        raise StepFailed(f"{sid}.{k}: expected {v}, it is {self._ident(lo)}")
                continue
            got = self.pkg.obj_attr(g, oid, k)
            if k == "keywords" and isinstance(v, list) and isinstance(got, list):
                # SPEC "Inline cards": keywords are matched case-insensitively (`Slow Start`, `slow_start`)
                v, got = sorted(str(_kw(str(x))) for x in v), sorted(str(_kw(str(x))) for x in got)
            if isinstance(v, list) and isinstance(got, list):
                if sorted(map(str, v)) != sorted(map(str, got)):
                    raise StepFailed(f"{sid}.{k}: expected {v}, got {got}")
            elif got != v:
                raise StepFailed(f"{sid}.{k}: expected {v!r}, got {got!r}")

    # ------------------------------------------------------------------- run
    def run(self, finish: bool = True) -> None:
        """Set up, make the steps, check ``expect``.  ``finish=False`` leaves a single-option
        decision after the last step pending (for callers that go on answering decisions
        themselves, as the test helpers do)."""
        self.setup()
        for i, step in enumerate(self.data.get("do") or []):
            where = f"do[{i}]"
            if isinstance(step, str):
                self.pass_until(step[len("pass until "):-len(" end")].strip(), where)
                continue
            who = "p1" if "p1" in step else "p2"
            p = int(who[1]) - 1
            label = str(step[who])
            try:
                if step.get("illegal"):
                    self.illegal(p, label, where)
                else:
                    self.answer(p, label, where)
                    self._pos = self._here() or self._pos
            except IllegalAction as e:
                raise StepFailed(f"{where}: {e}") from None
        expect = self.data.get("expect") or {}
        if finish and not {"pending", "options"} & set(expect):
            # after the last step too, for the decisions of a card or ability being played or
            # resolved, so that the last step's action is complete when ``expect`` is checked; a
            # decision of the turn itself (priority, the main phase, an attack) would play the
            # game on: left pending, as it is when ``expect`` inspects the pending decision
            self._forced(kinds=RESOLVING_KINDS)
        for k, v in expect.items():
            self.check(str(k), v)


#: the decisions of a card or ability being played or resolved (docs/protocol.md): answered by the
#: runner after the last step when they have a single option (``Runner._forced``)
RESOLVING_KINDS = frozenset({
    "target", "select", "search", "discard", "cost", "pay", "pay_energy", "number", "choose_mode", "divide",
    "order", "order_triggers", "timestamp", "element", "choose_player", "enter", "evolve_card",
    "deck_position", "bury", "look", "alternate_cost", "earth_rite"})
#: labels whose answer ends the declaration it belongs to, even for one object (SPEC: Caster
#: `exchange ID,ID`: "one id or several, the declaration ends after the list")
CLOSING_VERBS = ("exchange",)
#: steps that come once, in the game's preparation before the first turn (SPEC "Names": SVE
#: `preparation`, Caster `hand-exchange`)
ONCE_STEPS = ("preparation", "hand-exchange")
#: object attributes that are lists of the cards stacked beneath it (Caster stocks, CR 306.2)
LINKED_LISTS = ("stock",)


def _payload_ids(pay: Any, g: Game) -> list[int]:
    """Object ids an option's payload carries (a tuple such as ``("caster", oid, target)``)."""
    out: list[int] = []
    items = pay if isinstance(pay, (tuple, list)) else (pay,)
    for x in items:
        if isinstance(x, int) and not isinstance(x, bool) and x in g.objects:
            out.append(x)
    return out


def inline_entry(entry: Any, where: str) -> Any:
    """SPEC "Inline cards": keywords are matched case-insensitively (``[Ward]``, ``Last Words``)."""
    if not isinstance(entry, dict):
        return entry
    out = dict(entry)
    if isinstance(out.get("keywords"), list):
        out["keywords"] = [_kw(k) for k in out["keywords"]]
    sc = out.get("script")
    if isinstance(sc, dict) and isinstance(sc.get("keywords"), list):
        out["script"] = {**sc, "keywords": [_kw(k) for k in sc["keywords"]]}
    return out


def _kw(k: Any) -> Any:
    def norm(s: str) -> str:
        return s.strip().lower().replace(" ", "_").replace("-", "_")

    if isinstance(k, str):
        return norm(k)
    if isinstance(k, dict) and len(k) == 1:
        (name, val), = k.items()
        return {norm(name) if isinstance(name, str) else name: val}
    return k


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


def run_file(path: Path, cards: tuple[str, ...] = ()) -> Result:
    try:
        data = load(path)
    except ScenarioError as e:
        return Result(str(path), path.stem, False, str(e), error=True)
    r = Result(str(path), data["name"], False, game=data["game"], rules=data["rules"])
    try:
        Runner(data, path, cards).run()
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


def run_paths(paths: Iterable[str | Path], cards: Iterable[str] = ()) -> list[Result]:
    """Run the scenarios; ``cards``: card files (Cockatrice XML or pool files) whose cards the
    scenarios may name, per game."""
    files = tuple(str(c) for c in cards)
    return [run_file(p, files) for p in find_files(paths)]


__all__ = ["Result", "ScenarioError", "run_file", "run_paths", "find_files", "log_for"]
