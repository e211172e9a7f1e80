"""Card pools: real printed cards imported from card databases, kept in pool files, and found
by the names decks give them.

Importing (:func:`import_printings`) reads each printing's fields through the game's
:class:`Importer` (its Cockatrice field mapping and its text compiler), then groups the
printings of one name into cards: printings are **one card** when they agree on every field
both give (a printing that leaves a trait or the ATK/DEF out agrees with one that gives them)
and their texts mean the same (they compile to the same abilities; reminder text, spacing and
quote marks do not change a card).  Printings that differ are different cards of one name: a
deck names the one it means by its set code.

A card whose text the compiler cannot read (or whose compiled result the card loader rejects)
is imported as **not playable**, with the sentence that stopped it; it may be listed, never
played (every game's deck check refuses it).

A pool file (YAML) holds the imported cards in the card format: the printed ``text``, the
compiled abilities under ``script`` (so loading it does not compile again), ``set`` (the first
printing), ``printings`` (every set the card was printed in) and ``unplayable`` (the reason).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..kernel.objects import CardDef
from .cockatrice import Printing, clean_name, read_card_database
from .language import CardError
from .loader import CardBuilder, read_yaml

#: the card fields the compilers add that say what a card does (kept under ``script``)
BEHAVIOUR = ("keywords", "abilities", "effect")
#: the fields of a pool file's entry that are the pool's, not the card's
POOL_FIELDS = ("key", "printed_name", "printings", "unplayable")
#: the fields of a card entry that are not characteristics (not compared between printings)
_NOT_COMPARED = {"name", "text", "set", "number", "script", *POOL_FIELDS}


#: how the reason a card is not playable starts when the compiler could not read a sentence
UNREAD = "cannot read: "


def unread_sentence(reason: str | None) -> str | None:
    """The sentence that stopped the compiler, if that is why a card is not playable."""
    return reason[len(UNREAD):] if reason and reason.startswith(UNREAD) else None


class DeckNameError(CardError):
    """A deck names a card the pool does not have, or not precisely enough."""


@dataclass
class Importer:
    """What a game gives the importer: its Cockatrice field mapping, its text compiler and its
    card builder.

    ``entry_of(printing)`` returns the card entry (printed fields and ``text``), ``None`` for a
    record that is no card of the game; it raises ``CardError`` for data it cannot map.
    ``compile_entry(entry)`` returns the entry with its compiled fields, raising
    ``uncompilable`` (an exception with ``text``: the sentence) when the text cannot be read.
    ``placeholder(entry, key)`` gives the characteristics of a card that cannot be built (an
    unplayable card whose fields are incomplete), enough for listing and deck checks."""

    game: str
    builder: CardBuilder
    entry_of: Callable[[Printing], dict | None]
    compile_entry: Callable[[dict], dict]
    uncompilable: type[Exception]
    placeholder: Callable[[dict], dict]
    #: learns the vocabulary (races, traits, names) every entry of the import defines, before any
    #: text is compiled, so a card may name a race only a later card of the database has
    learn: Callable[[list[dict]], None] | None = None


@dataclass
class PoolCard:
    """One card of a pool: the printings that read the same."""

    name: str  # the printed name, as decks write it
    card: CardDef
    sets: list[str] = field(default_factory=list)
    entry: dict = field(default_factory=dict)  # the pool-file entry
    unplayable: str | None = None
    lines: tuple[int, int] = (0, 0)  # paragraphs of printed text: read, all

    @property
    def token(self) -> bool:
        return self.card.token


@dataclass
class CardPool:
    """The cards of one game that decks may name: imported cards, then the shipped ones."""

    game: str
    cards: list[PoolCard] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    excluded: list[tuple[str, str]] = field(default_factory=list)  # (name, why it is no card)

    # ------------------------------------------------------------------ lookups
    def by_key(self) -> dict[str, CardDef]:
        return {pc.card.key: pc.card for pc in self.cards}

    def named(self, name: str) -> list[PoolCard]:
        low = clean_name(name).lower()
        got = [pc for pc in self.cards if pc.name.lower() == low]
        return got or [pc for pc in self.cards if pc.card.key.lower() == low]

    def add(self, other: CardPool) -> None:
        """Another pool's cards, after this one's (a key both have is kept from this one)."""
        have = {pc.card.key for pc in self.cards}
        self.cards.extend(pc for pc in other.cards if pc.card.key not in have)
        self.sources.extend(other.sources)
        self.excluded.extend(other.excluded)

    def home_set(self, names: Iterable[str]) -> str | None:
        """The set most of these cards were printed in (a starter deck's own set)."""
        count: dict[str, int] = {}
        for n in names:
            for s in {s for pc in self.named(n) for s in pc.sets}:
                count[s] = count.get(s, 0) + 1
        return max(count, key=lambda s: count[s]) if count else None

    def find(self, name: str, code: str | None, where: str, *, first_printing: bool = False,
             home: str | None = None, notes: list[str] | None = None) -> PoolCard:
        """The card a deck line names.  A name printed with different text in several sets needs
        the set code; with ``first_printing`` (a deck format that names cards only, as
        Cockatrice's) the playable printing of the deck's ``home`` set, else the first playable
        printing, is taken, and ``notes`` says so."""
        got = self.named(name)
        if not got and code:  # "Name (CODE)" may be a name that ends in parentheses
            got, code = self.named(f"{name} ({code})"), None
        if not got:
            names = sorted({pc.name for pc in self.cards})
            close = difflib.get_close_matches(name, names, 3, 0.6)
            low = name.lower()
            close += [n for n in names if low in n.lower() and n not in close][:3 - len(close)]
            hint = f"; nearest: {', '.join(close)}" if close else ""
            raise DeckNameError(f"{where}: unknown card {name!r}{hint}")
        if code:
            with_code = [pc for pc in got if code.upper() in (s.upper() for s in pc.sets)]
            if not with_code:
                sets = sorted({s for pc in got for s in pc.sets})
                raise DeckNameError(f"{where}: {name!r} was not printed in {code!r}; its printings: "
                                    f"{', '.join(sets) or 'none (not an imported card)'}")
            got = with_code
        kinds = "; ".join(f"{'/'.join(pc.sets)}: {_gist(pc)}" for pc in got)
        if len(got) > 1 and first_printing:
            got = [pc for pc in got if not pc.unplayable] or got
            got = [pc for pc in got if home in pc.sets] + [pc for pc in got if home not in pc.sets]
            if notes is not None:
                why = (f"the printing of {home}, the set of most of the deck's cards" if home in got[0].sets
                       else "the first playable printing")
                notes.append(f"{where}: {name!r} was printed with different text ({kinds}); the deck gives no "
                             f"set, so {why} ({'/'.join(got[0].sets)}) is taken; add setShortName=\"SET\" to "
                             f"the card to choose another")
        elif len(got) > 1:
            raise DeckNameError(
                f"{where}: {name!r} was printed with different text ({kinds}); give the set code of the "
                f"printing you mean, e.g. '1 {name} ({got[-1].sets[0]})' in a decklist or "
                f"setShortName=\"{got[-1].sets[0]}\" in a .cod deck")
        return got[0]

    # ------------------------------------------------------------------ pool files
    def to_yaml(self) -> str:
        entries = [_plain(pc.entry) for pc in self.cards]
        doc = {"game": self.game, "imported_from": [Path(s).name for s in self.sources], "cards": entries}
        return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110)


def _gist(pc: PoolCard) -> str:
    e = pc.entry
    bits = [str(e.get("type", ""))]
    if pc.unplayable:
        bits.append("not playable")
    text = re.sub(r"\s+", " ", str(e.get("text", "")))
    bits.append(repr(text[:60] + ("..." if len(text) > 60 else "")))
    return " ".join(b for b in bits if b)


def _plain(x: Any) -> Any:
    """Plain YAML data: tuples as lists, frozensets sorted."""
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(_plain(v) for v in x)
    return x


def _strip_texts(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _strip_texts(v) for k, v in x.items() if k != "text"}
    if isinstance(x, (list, tuple)):
        return [_strip_texts(v) for v in x]
    return x


def normal_text(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'").replace("\u2018", "'")).strip()


def paragraphs(text: str) -> list[str]:
    """The lines of printed text (a paragraph each; blank lines are none)."""
    return [ln.strip() for ln in (text or "").splitlines() if ln.strip()]


# ---------------------------------------------------------------------- importing
@dataclass
class _Read:
    """One printing, read: its entry, its compiled entry or the reason it is not playable."""

    printing: Printing
    entry: dict
    compiled: dict | None
    failure: str | None  # the sentence the compiler could not read
    meaning: str  # what must be equal for two printings to be one card


def _read(imp: Importer, pr: Printing) -> _Read | None:
    try:
        entry = imp.entry_of(pr)
    except CardError as e:
        entry = {"name": pr.name, "text": pr.text, "_bad": "bad card data: " + str(e).split(f"card {pr.name!r}: ", 1)[-1]}
    if entry is None:
        return None
    if "_bad" in entry:
        return _Read(pr, entry, None, entry["_bad"], json.dumps(["bad", pr.name, normal_text(pr.text)]))
    try:
        compiled = imp.compile_entry(dict(entry))
    except imp.uncompilable as e:
        sentence = getattr(e, "text", None) or str(e)
        return _Read(pr, entry, None, UNREAD + sentence, json.dumps(["unread", normal_text(pr.text)]))
    behaviour = {k: v for k, v in compiled.items() if k not in entry or k in BEHAVIOUR}
    return _Read(pr, entry, compiled, None, json.dumps(_plain(_strip_texts(behaviour)), sort_keys=True))


def _agree(a: dict, b: dict) -> bool:
    for k in (set(a) & set(b)) - _NOT_COMPARED:
        if _plain(a[k]) != _plain(b[k]):
            return False
    return True


def import_printings(imp: Importer, printings: Iterable[Printing], sources: list[str]) -> CardPool:
    """The cards of the printings, grouped into cards and compiled (see the module's text)."""
    pool = CardPool(imp.game, sources=list(sources))
    if imp.learn is not None:
        printings = list(printings)
        entries = []
        for pr in printings:
            try:
                e = imp.entry_of(pr)
            except CardError:
                continue
            if e is not None:
                entries.append(e)
        imp.learn(entries)
    groups: dict[str, list[list[_Read]]] = {}
    order: list[tuple[str, int]] = []
    for pr in printings:
        r = _read(imp, pr)
        if r is None:
            pool.excluded.append((pr.name, f"{pr.set}: not a card of the game"))
            continue
        variants = groups.setdefault(pr.name.lower(), [])
        for v in variants:
            if v[0].meaning == r.meaning and all(_agree(x.entry, r.entry) for x in v):
                v.append(r)
                break
        else:
            variants.append([r])
            order.append((pr.name.lower(), len(variants) - 1))
    built: list[PoolCard] = []
    for low, i in order:
        built.append(_card(imp, groups[low][i]))
    # a name with several different cards: each is told apart by its first set
    keys: dict[str, int] = {}
    for pc in built:
        keys[pc.card.key] = keys.get(pc.card.key, 0) + 1
    seen: dict[str, int] = {}
    for pc in built:
        if keys[pc.card.key] > 1:
            k = f"{pc.card.key} [{pc.sets[0]}]"
            seen[k] = seen.get(k, 0) + 1
            if seen[k] > 1:
                k = f"{k} #{seen[k]}"
            pc.card.key = k
            pc.entry["key"] = k
    pool.cards = built
    return pool


def _card(imp: Importer, reads: list[_Read]) -> PoolCard:
    first = reads[0]
    entry: dict[str, Any] = {}
    for r in reads:  # the fields every printing gives, the first printing's where they agree
        for k, v in r.entry.items():
            entry.setdefault(k, v)
    entry.pop("_bad", None)
    sets: list[str] = []
    for r in reads:
        if r.printing.set not in sets:
            sets.append(r.printing.set)
    name = first.printing.name
    failure = first.failure
    lines = paragraphs(first.printing.text)
    compiled = None
    if failure is None:
        try:
            compiled = imp.compile_entry(dict(entry))
        except imp.uncompilable as e:
            failure = UNREAD + (getattr(e, "text", None) or str(e))
    out = dict(entry)
    out["set"] = sets[0]
    card = None
    if compiled is not None:
        script = {k: compiled[k] for k in BEHAVIOUR if k in compiled}
        for k, v in compiled.items():
            if k not in BEHAVIOUR and k not in entry:
                out[k] = v
        out["script"] = script
        try:
            card = imp.builder.card(_plain(out), first.printing.where)
        except CardError as e:
            failure = "the card loader rejects the compiled card: " + str(e).split(": card ", 1)[-1]
            out = dict(entry, set=sets[0])
    if failure is not None:
        out["script"] = {}
        card = _unplayable_card(imp, out, first.printing.where)
    assert card is not None
    _mark(card, sets, failure)
    if len(sets) > 1:
        out["printings"] = sets
    if failure is not None:
        out["unplayable"] = failure
    if clean_name(str(entry.get("name", ""))) != name:
        out["printed_name"] = name
    read = len(lines) if failure is None else _lines_read(imp, entry, lines)
    return PoolCard(name, card, sets, out, failure, (read, len(lines)))


def _mark(card: CardDef, sets: list[str], failure: str | None) -> None:
    card.extra = {**(card.extra or {}), "sets": tuple(sets)}
    if failure is not None:
        card.extra["unplayable"] = failure


def _lines_read(imp: Importer, entry: dict, lines: list[str]) -> int:
    """How many paragraphs of a card that did not compile as a whole the compiler reads, each
    paragraph compiled on its own."""
    n = 0
    base = {k: v for k, v in entry.items() if k != "script"}
    for ln in lines:
        try:
            imp.compile_entry({**base, "text": ln})
        except imp.uncompilable:
            continue
        except Exception:  # a paragraph that means nothing alone (e.g. a choice's option)
            continue
        n += 1
    return n


def _unplayable_card(imp: Importer, entry: dict, where: str) -> CardDef:
    """A card that is imported but cannot be played: built without abilities when its fields
    allow, else with the characteristics the game's placeholder gives."""
    try:
        return imp.builder.card(_plain({k: v for k, v in entry.items() if k not in POOL_FIELDS}), where)
    except CardError:
        chars = imp.placeholder(entry)
        key = entry.get("key") or imp.builder.key_of({**entry, **chars})
        return CardDef(key, chars, text=str(entry.get("text", "")), token=bool(entry.get("token")),
                       game=imp.game, extra={"set": entry.get("set")})


# ---------------------------------------------------------------------- pool files
def load_pool_file(imp: Importer, path: str | Path) -> CardPool:
    """A pool file written by ``tcgjudge cards import``."""
    p = Path(path)
    data = read_yaml(p)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardError(f"{p}: a pool file is a mapping with 'game' and 'cards' (a list of card entries)")
    if data.get("game", imp.game) != imp.game:
        raise CardError(f"{p}: this is a pool of {data.get('game')!r} cards, not {imp.game}")
    pool = CardPool(imp.game, sources=[str(p)])
    for i, e in enumerate(data["cards"]):
        where = f"{p}: cards[{i}]"
        if not isinstance(e, dict):
            raise CardError(f"{where}: a card entry must be a mapping")
        entry = {k: v for k, v in e.items() if k not in POOL_FIELDS}
        if "script" not in entry:
            raise CardError(f"{where}: card {e.get('name')!r}: script: a pool file's card gives its compiled "
                            f"abilities under 'script' ({{}} for none)")
        reason = e.get("unplayable")
        if reason is not None and not isinstance(reason, str):
            raise CardError(f"{where}: card {e.get('name')!r}: unplayable: expected the reason (text)")
        card = _unplayable_card(imp, entry, where) if reason else imp.builder.card(entry, where)
        if "key" in e:
            card.key = str(e["key"])
        sets = [str(s) for s in (e.get("printings") or ([e["set"]] if e.get("set") else []))]
        _mark(card, sets, reason)
        lines = paragraphs(str(e.get("text", "")))
        read = len(lines) if not reason else _lines_read(imp, entry, lines)
        pool.cards.append(PoolCard(_printed_name(e), card, sets, dict(e), reason, (read, len(lines))))
    return pool


def _printed_name(e: dict) -> str:
    return str(e.get("printed_name") or e["name"])


def read_pool(imp: Importer, paths: Iterable[str | Path]) -> CardPool:
    """The cards of Cockatrice card databases (``.xml``: imported now) and pool files (others).
    The printings of all the databases are imported together, so a card reprinted in another
    database is one card."""
    paths = [Path(p) for p in paths]
    printings: list[Printing] = []
    xmls = [p for p in paths if p.suffix.lower() == ".xml"]
    for p in xmls:
        printings.extend(read_card_database(p))
    pool = import_printings(imp, printings, [str(p) for p in xmls]) if xmls else CardPool(imp.game)
    for p in paths:
        if p.suffix.lower() != ".xml":
            pool.add(load_pool_file(imp, p))
    return pool


def shipped_as_pool(game: str, cards: dict[str, CardDef]) -> CardPool:
    """The shipped cards, as pool cards decks can name (by key or by name)."""
    out = CardPool(game)
    for key, c in cards.items():
        out.cards.append(PoolCard(key, c))
    return out


__all__ = ["UNREAD", "unread_sentence", "BEHAVIOUR", "CardPool", "DeckNameError", "Importer", "PoolCard", "import_printings", "load_pool_file",
           "normal_text", "paragraphs", "read_pool", "shipped_as_pool"]
