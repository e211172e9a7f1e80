"""Shadowverse: Evolve's text compiler: printed English card text -> the effect language.

SVE's English text is a templating language ("Fanfare: Select an enemy follower on the field and
deal it 3 damage."), so a card can be written with only its printed ``text``; :func:`compile_text`
reads the text with the grammar of that language (``grammar.lark``, read by ``grammar_compiler``)
and returns the card's ``keywords``, ``abilities`` and (for a spell) ``effect``, the same data a
card file's fields hold.  Text the grammar does not read raises :class:`Uncompilable` naming the
paragraph: the card is not playable, with that sentence (DESIGN principle 7: reported, never
dropped or guessed).  ``docs/card-grammar.md`` describes the grammar.

The modules of the compiler, bottom-up: ``notation`` (icon forms, reminder text), ``assembly``
(the meanings of phrases as effect-language items, assembled into abilities), ``grammar_compiler``
(the grammar's semantics), this module (the entry points), ``text_report`` (how much of a card
database is read).
"""

from __future__ import annotations

from ...cards.textcompiler import Uncompilable, normalize
from .assembly import BEHAVIOUR_FIELDS
from .grammar_compiler import (
    compile_entry,
    compile_text,
    database_vocabulary,
    learn_entries,
    learn_entry,
    vocabulary,
)
from .notation import KEYWORDS, TOKEN_NAMES, notation, render

#: words (instruction arguments, flags, cost items) the compiler writes that the engine does not yet
#: have; empty: every word it writes is read by the engine
ENGINE_WORDS_NEEDED: dict[str, str] = {}


def read_text(text: str, *, card_type: str = "follower", name: str = "") -> dict:
    """A card's text read by the grammar of SVE's templating language (:func:`compile_text`)."""
    return compile_text(text, card_type=card_type, name=name)


__all__ = ["BEHAVIOUR_FIELDS", "ENGINE_WORDS_NEEDED", "KEYWORDS", "TOKEN_NAMES", "Uncompilable", "compile_entry",
           "compile_text", "database_vocabulary", "learn_entries", "learn_entry", "normalize", "notation", "read_text", "render",
           "vocabulary"]
