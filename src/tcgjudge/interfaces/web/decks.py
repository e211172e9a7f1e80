"""Decks a player brings to the web server: a shipped deck by name, or pasted text.

Pasted text goes through :func:`deck_from_text` alone.  A game package that
reads more kinds of text (plain decklists, exported deck files) offers
``pkg.deck_from_text(text)``, and this function hands the text to it;
otherwise the text is read as the project's own deck file (YAML, see
docs/card-format.md).  Client text never names a file: a shipped deck is
looked up among ``pkg.shipped_decks()`` by exact name.
"""

from __future__ import annotations

from typing import Any

import yaml

MAX_TEXT = 64_000


class DeckInputError(ValueError):
    """A deck the client asked for that cannot be used; the message says why."""


def deck_from_text(pkg: Any, text: str) -> Any:
    """The deck that pasted ``text`` describes, for the game of ``pkg``."""
    if not isinstance(text, str) or not text.strip():
        raise DeckInputError("pasted deck: the text is empty")
    if len(text) > MAX_TEXT:
        raise DeckInputError(f"pasted deck: the text is too long ({len(text)} characters; at most {MAX_TEXT})")
    hook = getattr(pkg, "deck_from_text", None)
    if hook is not None:
        try:
            return hook(text)
        except ValueError as e:
            raise DeckInputError(str(e)) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise DeckInputError(f"pasted deck: not a deck file: {e}") from None
    if not isinstance(data, dict) or "main" not in data:
        raise DeckInputError("pasted deck: expected a deck file: a mapping with 'name' and 'main' "
                             "(see docs/card-format.md, Decks)")
    try:
        return pkg.deck_from_json(data)
    except ValueError as e:
        raise DeckInputError(str(e).replace("replay:", "pasted deck:", 1)) from None


def deck_from_request(pkg: Any, spec: Any) -> Any:
    """``{"shipped": NAME}`` or ``{"text": TEXT}`` -> a legal deck (raises DeckInputError)."""
    if not isinstance(spec, dict) or len(spec) != 1 or not ({"shipped", "text"} & set(spec)):
        raise DeckInputError('deck: expected {"shipped": NAME} or {"text": DECK TEXT}')
    if "shipped" in spec:
        names = pkg.shipped_decks()
        known = [n for n in names if n == spec["shipped"]]
        if not known:
            raise DeckInputError(f"deck: no shipped deck {str(spec['shipped'])[:60]!r}; decks: {', '.join(names)}")
        deck = pkg.load_deck(known[0])  # the package's own name, not the client's string
    else:
        deck = deck_from_text(pkg, spec["text"])
    problems = pkg.check_deck(deck)
    if problems:
        raise DeckInputError(f"deck {deck.name!r} is not legal: " + "; ".join(problems[:8]))
    return deck
