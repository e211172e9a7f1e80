"""Shadowverse: Evolve (comprehensive rules 1.16.0)."""

from __future__ import annotations

from functools import lru_cache

from ...cards.decks import require_legal
from ...kernel.game import Game
from .cards import FILLER, PLAIN_LEADER, builder, shipped_pool
from .deck import FORMATS, Deck, DeckError, check_deck, load_deck, possible_bases, shipped_deck_names
from .rules import SveRules


@lru_cache(maxsize=1)
def rules() -> SveRules:
    r = SveRules()
    r.builder = builder()
    cards, tokens = shipped_pool()
    r.cards = dict(cards)
    r.tokens = dict(tokens)
    r.filler = r.builder.card(FILLER, "filler")
    r.plain_leader = r.builder.card(PLAIN_LEADER, "leader")
    return r


def new_game(deck_a: Deck, deck_b: Deck, seed: int = 0, *, first: int | None = None, check: bool = True,
             auto: bool = False, format: str | None = None, rules_obj: SveRules | None = None,
             card_files: tuple[str, ...] = ()) -> Game:
    """A new game at its first decision (game preparation, 6.2); ``rules_obj``: the rules with
    imported cards (``PACKAGE.with_cards``), whose files ``card_files`` the replay records."""
    fmt = format or deck_a.format
    if fmt not in FORMATS:
        raise DeckError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")
    for i, d in enumerate((deck_a, deck_b)):
        if d.format != fmt and format is None:
            raise DeckError(f"p{i + 1}'s deck {d.name!r} is a {d.format} deck; the game is {fmt}")
        if check:
            d2 = Deck(d.name, d.leader, d.main, d.evolve, fmt, d.basis, d.source)
            require_legal(i, d, check_deck(d2))
    r = rules_obj or rules()
    g = Game(r, seed)
    g.auto = auto
    g.gvars["format"] = fmt
    g.info = {"game": "sve", "seed": seed, "first": first, "format": fmt,
              "decks": [deck_a.to_json(), deck_b.to_json()], "auto": auto}
    if card_files:
        g.info["cards"] = list(card_files)
    for p, deck in enumerate((deck_a, deck_b)):
        place_leaders(g, p, deck.leader)
        bases = possible_bases(deck)
        if check and len(bases) > 1:  # 6.2.1.3: only a basis the deck is legal for may be declared
            bases = [b for b in bases if not check_deck(Deck(deck.name, deck.leader, deck.main, deck.evolve, fmt,
                                                              b, deck.source))] or bases
        g.players[p]["bases"] = list(bases)
        if len(bases) == 1:
            g.players[p]["basis"] = bases[0]
            if bases[0] == "universe":
                g.players[p]["universe"] = deck.leader[0].chars.get("universe")
        for c in deck.main:
            g.create(c, p, "deck", p, face_up=False)  # 6.2.1.4
        for c in deck.evolve:
            g.create(c, p, "evolve_deck", p, face_up=False)  # 6.2.1.5
        g.players[p].update({"pp": 0, "max_pp": 0, "ep": 0, "leader_def": 20})
    g.push("setup", first=first)
    g.advance()
    return g


def place_leaders(g: Game, p: int, leaders: list) -> int:
    """6.2.1.2: the leader card in the leader area.  Cross Craft's second leader card is kept under
    the first (one leader, two classes); a player with no leader card (Sealed) gets a plain one."""
    r = g.rules
    if not leaders:
        return g.create(r.plain_leader, p, "leader", p)
    top = g.create(leaders[0], p, "leader", p)
    for c in leaders[1:]:
        u = g.create(c, p, "leader", p)
        g.zones[(p, "leader")].remove(u)
        g.w(u).over = top
        t = g.w(top)
        t.under = (t.under or []) + [u]
    return top


__all__ = ["SveRules", "Deck", "DeckError", "check_deck", "load_deck", "new_game", "rules", "shipped_deck_names"]
