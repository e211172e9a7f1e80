"""Soul Bond servants read from a Cockatrice database as the community database words them
(CR 201.3a-b, 209.3, 212.2, 402.3, 1020, 1109): the type line ``Soul Bond Servant - ...``, the
colour ``Soulbond``, the materials line, [Soul Seal] with its reminder; the conjure "Soul Bond";
malformed variants; decks (decklists and ``.cod``) with them."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from click.testing import CliRunner

from tcgjudge.cards.cockatrice import read_card_database
from tcgjudge.cards.language import CardError
from tcgjudge.cards.pool import read_pool
from tcgjudge.games import registry
from tcgjudge.interfaces.cli.main import main

CASTER = registry.get("caster")

SOUL_SEAL = ("[Soul Seal] (This card has \"Banish one of this card's stock: Play this card's [Enter]. Play this "
             "ability only during main timing.\". If this card would leave the field for a non-field zone. Banish "
             "one of this card's stock instead.)")
SOUL_BOND_TEXT = (
    "You may pay the Aes aether cost of this card with aether of any element. (Aether of no element still cannot "
    "be used.)\nChoose a soul bond servant from your extra deck and soul bond it. (Choose one of each of the "
    "required soul bond material casters from among the allied caster zone, or your hand. If you do, put the "
    "revealed soul bond servant into the allied servant zone with the soul bond materials as its stock.)")


def _card(name: str, color: str, typ: str, text: str, cost: str = "", pt: str = "") -> str:
    """A card as BP02.source.xml writes it (the layout of the community database)."""
    out = ["    <card>", f"      <name>{escape(name)}</name>", "      <set>BP02</set>",
           f"      <color>{color}</color>" if color else "      <color/>",
           f"      <manacost>{cost}</manacost>" if cost else "      <manacost/>",
           f"      <cmc>{cost}</cmc>" if cost else "      <cmc/>", f"      <type>{escape(typ)}</type>"]
    if pt:
        out.append(f"      <pt>{pt}</pt>")
    out += ["      <tablerow>2</tablerow>", f"      <text>{escape(text)}</text>", "    </card>"]
    return "\n".join(out)


def _kururu(name: str = "Kururu Sentline", color: str = "Soulbond", typ: str = "Soul Bond Servant - Spirit Form",
            materials: str = '"Twinkle Charm" ♥ "Zoi Russel"') -> str:
    return _card(name, color, typ, f"{materials}\n{SOUL_SEAL}\n[Enter] ⇒ Target enemy player banishes a servant.",
                 pt="10/10")


def _db(tmp_path: Path, *extra: str) -> Path:
    cards = [
        _card("Twinkle Charm Lv1", "Aes", "Caster", "[Rest]: Draw a card."),
        _card("Zoi Russel Lv1", "Luna", "Caster", ""),
        _kururu(),
        _card("Soul Bond", "Aes", "Conjure", SOUL_BOND_TEXT, cost="2"),
    ] + [_card(f"Filler {i}", "Luna", "Servant - Spirit Form", "", cost="1", pt="10/10") for i in range(12)]
    p = tmp_path / "BP02.xml"
    p.write_text("<?xml version='1.0' encoding='utf-8'?>\n<cockatrice_carddatabase version=\"3\">\n  <cards>\n"
                 + "\n".join(cards + list(extra)) + "\n  </cards>\n</cockatrice_carddatabase>\n", encoding="utf-8")
    return p


def test_soul_bond_servant_as_the_database_words_it(tmp_path: Path) -> None:
    pool = read_pool(CASTER.importer(), [_db(tmp_path)])
    k = pool.named("Kururu Sentline")[0]
    assert k.unplayable is None
    ch = k.card.chars
    assert ch["types"] == ("servant",) and ch["additional"] == ("soul bond",)  # CR 201.3a
    assert ch["materials"] == ("Twinkle Charm", "Zoi Russel")  # CR 212.2, as printed
    assert ch["elements"] == frozenset() and ch["cost"] == 0  # CR 209.3 ("Soulbond": no icon), 203.3
    assert (ch["atk"], ch["def"], ch["races"]) == (1000, 1000, ("Spirit Form",))
    assert "soul_seal" in [kw if isinstance(kw, str) else kw[0] for kw in ch["keywords"]]  # CR 1109
    assert [a.text for a in ch["abilities"] if a.kind == "auto"] == [
        "[Enter] ⇒ Target enemy player banishes a servant."]
    assert k.lines == (3, 3)  # the materials line is read, as a field
    conj = pool.named("Soul Bond")[0]
    assert conj.unplayable is None
    (static,) = [a for a in conj.card.chars["abilities"] if a.kind == "static"]
    assert "chase" in static.zones and "hand" in static.zones
    assert conj.card.chars["effect"].spec["do"][0][0] == "soul_bond"


def test_report_paths_agree(tmp_path: Path) -> None:
    """`tcgjudge cards report` (the importer) and the compiler's own report read them alike."""
    from tcgjudge.games.caster.report import compile_report

    p = _db(tmp_path)
    res = CliRunner().invoke(main, ["cards", "report", "caster", str(p)])
    assert res.exit_code == 0, res.output
    assert "Kururu Sentline [BP02]: compiled" in res.output and "Soul Bond [BP02]: compiled" in res.output
    rep = compile_report(p)
    assert (rep.failures, rep.invalid) == ([], []) and rep.compiled == rep.total == 16


BAD = {
    "one material": (_kururu(materials='"Twinkle Charm"'), "text: materials line '\"Twinkle Charm\"'"),
    "no materials line": (_kururu(materials="[Hubris]"), "text: '[Hubris]' is not its materials"),
    "unknown colour": (_kururu(color="Soulbound"), "color 'Soulbound' is no element"),
    "a Soul Bond conjure": (_kururu(typ="Soul Bond Conjure"), "type line 'Soul Bond Conjure': Soul Bond is an "
                                                              "additional type of servants only (CR 201.3a)"),
    "Soulbond colour on a plain servant": (_kururu(typ="Servant - Spirit Form"),
                                           "color 'Soulbond' is the colour of a Soul Bond servant"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_malformed_soul_bond_cards_are_precise_errors(tmp_path: Path, case: str) -> None:
    xml, msg = BAD[case]
    p = tmp_path / "bad.xml"
    p.write_text("<cockatrice_carddatabase version='3'><cards>" + xml.replace("Kururu Sentline", "Odd Spirit")
                 + "</cards></cockatrice_carddatabase>", encoding="utf-8")
    (pr,) = read_card_database(p)
    with pytest.raises(CardError) as e:
        CASTER.importer().entry_of(pr)
    assert str(e.value).startswith(f"{p}: card 1: card 'Odd Spirit': ") and msg in str(e.value), str(e.value)
    # imported anyway, as a card that cannot be played, with the reason
    odd = read_pool(CASTER.importer(), [p]).named("Odd Spirit")[0]
    assert odd.unplayable and msg.split(": ", 1)[-1][:20] in odd.unplayable


def test_a_reminder_is_skipped_only_after_a_keyword_of_the_rules(tmp_path: Path) -> None:
    bad = _kururu(name="Odd Spirit").replace("[Soul Seal] (", "[Soul Sealing] (")
    pool = read_pool(CASTER.importer(), [_db(tmp_path, bad)])
    assert "[Soul Sealing]" in (pool.named("Odd Spirit")[0].unplayable or "")


def test_a_material_that_is_no_card_of_the_pool_is_imported(tmp_path: Path) -> None:
    """Nothing in CR 212 or 1020 asks a material's name to be a card: imported as printed (it
    can then never be Soul Bonded, conformance/caster/cards/soul-bond-none-without-its-materials)."""
    pool = read_pool(CASTER.importer(), [_db(tmp_path, _kururu(name="Lonely", materials='"Twinkle Charm" ♥ "Nobody"'))])
    lonely = pool.named("Lonely")[0]
    assert lonely.unplayable is None and lonely.card.chars["materials"] == ("Twinkle Charm", "Nobody")


def _main_deck() -> str:
    return "".join(f"4 Filler {i}\n" for i in range(12)) + "1 Twinkle Charm Lv1\n1 Zoi Russel Lv1\n"


def test_decks_put_soul_bond_servants_in_the_extra_deck(tmp_path: Path) -> None:
    db = _db(tmp_path)
    pkg = CASTER.with_cards([db])
    # a decklist: the extra deck's section, or no section at all (the card says where it goes, 402.3)
    for text in ("Main deck:\n" + _main_deck() + "Extra deck:\n2 Kururu Sentline\n",
                 _main_deck() + "2 Kururu Sentline\n"):
        p = tmp_path / "d.txt"
        p.write_text(text, encoding="utf-8")
        d = pkg.load_deck(str(p))
        assert [c.key for c in d.extra] == ["Kururu Sentline"] * 2 and len(d.main) == 50
        assert pkg.check_deck(d) == []
    # a Cockatrice deck: the side zone holds the extra deck
    cod = tmp_path / "d.cod"
    mains = "".join(f'<card number="4" name="Filler {i}"/>' for i in range(12))
    cod.write_text('<?xml version="1.0"?><cockatrice_deck version="1"><deckname>Bond</deckname><zone name="main">'
                   + mains + '<card number="1" name="Twinkle Charm Lv1"/><card number="1" name="Zoi Russel Lv1"/>'
                   '</zone><zone name="side"><card number="3" name="Kururu Sentline" setShortName="BP02"/></zone>'
                   "</cockatrice_deck>", encoding="utf-8")
    d = pkg.load_deck(str(cod))
    assert [c.key for c in d.extra] == ["Kururu Sentline"] * 3 and pkg.check_deck(d) == []
    # in the main deck's section it breaks CR 402.2; deck check says so
    p = tmp_path / "bad.txt"
    p.write_text("Main deck:\n" + _main_deck().replace("4 Filler 0\n", "3 Filler 0\n") + "1 Kururu Sentline\n",
                 encoding="utf-8")
    res = CliRunner().invoke(main, ["deck", "check", "caster", str(p), "--cards", str(db)])
    assert res.exit_code == 1
    assert "CR 402.2: Kururu Sentline is a Soul Bond servant or deity and belongs in the extra deck" in res.output


# ------------------------------------------------------- the development data, when it is there
ROOT = Path(__file__).resolve().parents[1]
SHIPPED_XML = ROOT.parent / "shared" / "data" / "caster" / "cockatrice" / "TheCasterChroniclesTCG.dev.xml"
BP02_SOURCE = ROOT.parent / "devdata-caster" / "bp02" / "BP02.source.xml"


@pytest.mark.skipif(not (SHIPPED_XML.is_file() and BP02_SOURCE.is_file()),
                    reason="needs ../shared/data (the shipped card database) and ../devdata-caster/bp02/BP02.source.xml "
                           "(BP02 as the community database has it), which are not part of the repository")
def test_real_soul_bond_servants_in_a_deck(tmp_path: Path) -> None:
    pkg = CASTER.with_cards([SHIPPED_XML, BP02_SOURCE])
    p = tmp_path / "bond.txt"
    p.write_text("Main deck:\n2 Carella Lv1\n2 Crimson Nicola Lv1\n2 Flame Rouge Lv1\n2 Sunny Lv1\n2 Paruetta Lv1\n"
                 "3 Passion Wing Lv1\n2 Passion Wing Lv2\n2 Shera Angellica Lv1\n2 Chain of Hearts Lv1\n"
                 "1 Twinkle Charm Lv1\n1 Zoi Russel Lv1\n3 Disembodied Soul\n3 Explosive Bamboo\n3 Little Match Girl\n"
                 "3 Straw Effigy\n3 Yoshitsune\n2 Tanuki of Kachi-Kachi Mountain\n2 Firewheel\n3 Kindle the Spirit\n"
                 "3 Fire Arrow\n4 Soul Bond\nExtra deck:\n2 Ranniart\n2 Floom Heidi\n1 Kururu Sentline\n",
                 encoding="utf-8")
    d = pkg.load_deck(str(p))
    assert pkg.check_deck(d) == [] and len(d.main) == 50
    assert sorted({c.key for c in d.extra}) == ["Floom Heidi", "Kururu Sentline", "Ranniart"]
    assert {c.key: c.chars["materials"] for c in d.extra}["Ranniart"] == ("Sunny", "Shera Angellica")


def test_materials_line_and_field_must_agree() -> None:
    from tcgjudge.games.caster.compiler import Uncompilable, compile_entry

    entry = {"name": "Kururu Sentline", "type": "servant", "additional_type": "soul bond", "atk": 1000, "def": 1000,
             "text": '"Twinkle Charm" ♥ "Zoi Russel"\n[Enter] ⇒ Draw a card.'}
    out = compile_entry(entry)
    assert out["materials"] == ["Twinkle Charm", "Zoi Russel"] and out["text"] == entry["text"]
    assert compile_entry({**entry, "materials": "Twinkle Charm♥Zoi Russel"})["materials"] == "Twinkle Charm♥Zoi Russel"
    with pytest.raises(Uncompilable, match="not the card.+s materials Twinkle Charm ♥ Miu"):
        compile_entry({**entry, "materials": ["Twinkle Charm", "Miu"]})
    # on a card that is no Soul Bond servant the line is text the grammar does not read (CR 201.3b)
    with pytest.raises(Uncompilable):
        compile_entry({k: v for k, v in entry.items() if k != "additional_type"})
