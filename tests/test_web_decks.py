"""The web server's decks and real cards: pasted Cockatrice decks and decklists with their errors,
``--cards`` and ``--deck-dir``, games of imported cards resumed after a restart, and agents that
go on after a restart exactly as they would have without it."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from tcgjudge.games import registry  # noqa: E402
from tcgjudge.interfaces.web.decks import text_form  # noqa: E402
from tcgjudge.interfaces.web.server import Settings, create_app  # noqa: E402
from tcgjudge.interfaces.web.store import Store  # noqa: E402
from web_util import check_messages  # noqa: E402

FAST = dict(ws_rate=10_000.0, ws_burst=10_000, http_rate=1000.0, http_burst=1000)
SVE = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "sve" / "cockatrice"
SVE_XML = SVE / "ShadowverseEvolveTCG.dev.xml"
needs_data = pytest.mark.skipif(not SVE_XML.exists(), reason="the real card data (../shared/data/sve) is absent")


def client(db: str = ":memory:", **kw) -> TestClient:
    return TestClient(create_app(Settings(db=db, **{**FAST, **kw})))


def post(c: TestClient, game: str, deck: dict, opponent: dict | None = None):
    return c.post("/api/games", json={"game": game, "deck": deck, "opponent": opponent or {"person": True}})


def hello(ws, token=None) -> dict:
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return json.loads(ws.receive_text())


def my_turn(ws) -> dict:
    while True:
        state = json.loads(ws.receive_text())
        assert state["type"] == "state", state
        if "decision" in state["view"] or state["view"].get("result") is not None:
            return state


def decide(ws, s: dict, rnd: random.Random) -> dict:
    ws.send_text(json.dumps({"type": "decide", "index": rnd.randrange(len(s["view"]["decision"]["options"])),
                             "seq": s["seq"]}))
    return my_turn(ws)


def decklist(deck_json: dict, sections: tuple[str, ...]) -> str:
    lines = [f"Name: {deck_json['name']}"]
    for sec in sections:
        lines.append(f"{sec}:")
        lines += [f"{n}x {k}" for k, n in deck_json[sec].items()]
    return "\n".join(lines) + "\n"


def test_the_forms_of_pasted_text():
    assert text_form("3 Rose Gardener\n") == "decklist"
    assert text_form("Main deck:\n3 Rose Gardener\nEvolve:\n3 Rose Gardener (Evolved)\n") == "decklist"
    assert text_form("name: x\nmain: {A: 3}\n") == "yaml"
    assert text_form("name: x\nmain:\n  - A\n") == "yaml"
    assert text_form('\ufeff<?xml version="1.0"?><cockatrice_deck/>') == "cod"


def test_pasted_decklist_and_cod_of_shipped_cards():
    pkg = registry.get("caster")
    ref = pkg.load_deck("tidal-oracle")
    text = decklist(ref.to_json(), ("main",))
    cod = ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n<deckname>Oracle cod</deckname>\n'
           '<zone name="main">\n' + "".join(f'  <card number="{n}" name="{k}"/>\n' for k, n in ref.to_json()["main"].items())
           + "</zone>\n</cockatrice_deck>\n")
    with client() as c:
        r = post(c, "caster", {"text": text})
        assert r.status_code == 200, r.text
        got = c.app.state.store.get(r.json()["id"]).decks[0]
        assert got["main"] == ref.to_json()["main"] and got["name"] == "Tidal Oracle"
        r = post(c, "caster", {"text": cod}, {"agent": "random", "deck": {"text": text}})
        assert r.status_code == 200, r.text
        sg = c.app.state.store.get(r.json()["id"])
        assert sg.decks[0]["name"] == "Oracle cod" and sg.decks[0]["main"] == sg.decks[1]["main"] == ref.to_json()["main"]


def test_pasted_deck_errors_name_the_line_and_the_nearest_cards():
    pkg = registry.get("caster")
    ref = pkg.load_deck("tidal-oracle").to_json()
    first = next(iter(ref["main"]))
    typo = decklist(ref, ("main",)).replace(f"x {first}\n", f"x {first[:-1]}\n", 1)
    cases = [
        (typo, [f"pasted deck:3: unknown card {first[:-1]!r}; nearest:", first]),
        ("Main deck:\n3 Tide Reader Lv1\nthree Reef Crab\n", ["pasted deck:3: expected 'COUNT Card Name'",
                                                             "'three Reef Crab'"]),
        ("Sideboard:\n3 Reef Crab\n", ["pasted deck:2: unknown deck section 'sideboard'"]),
        ("main:\n  - Reef Crab\n bad: [\n", ["pasted deck:2: expected", "as a deck file (YAML)", "line 3"]),
        ('<cockatrice_deck version="1">\n<zone name="main">\n<card number="3" name="Reef Crabb"/>\n</zone>\n'
         "</cockatrice_deck>", ["pasted deck:3: unknown card 'Reef Crabb'; nearest: Reef Crab"]),
        ('<cockatrice_deck version="1"><zone name="main"><card number="3" name="Reef Crab">', ["not a valid Cockatrice "
                                                                                              "deck (XML)"]),
        ('<!DOCTYPE x [<!ENTITY a "aaaa">]><cockatrice_deck/>', ["document type declaration"]),
        ("4 Reef Crab\n", ["is not legal", "402"]),
    ]
    with client() as c:
        for text, wants in cases:
            r = post(c, "caster", {"text": text})
            assert r.status_code == 400, (text, r.text)
            for want in wants:
                assert want in r.json()["error"], (text, r.json()["error"])
        # the person who joins gets the same errors, in the game's page
        r = post(c, "caster", {"shipped": "tidal-oracle"})
        g = r.json()
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            hello(ws, g["join_url"].split("#token=")[1])
            ws.send_text(json.dumps({"type": "deck", "deck": {"text": typo}}))
            m = json.loads(ws.receive_text())
            assert m["type"] == "error" and "pasted deck:3: unknown card" in m["message"]
            assert c.app.state.store.get(g["id"]).decks[1] is None


def test_a_listed_deck_is_never_a_client_path(tmp_path):
    (tmp_path / "mine.txt").write_text(decklist(registry.get("caster").load_deck("tidal-oracle").to_json(), ("main",)))
    (tmp_path / "broken.txt").write_text("3 Nothing Such\n")
    with client(deck_dirs=(str(tmp_path),)) as c:
        caster = next(g for g in c.get("/api/meta").json()["games"] if g["id"] == "caster")
        assert {"name": "mine.txt", "title": "Tidal Oracle"} in caster["decks"]
        assert "broken.txt" not in {d["name"] for d in caster["decks"]}
        assert post(c, "caster", {"shipped": "mine.txt"}).status_code == 200
        for bad in (str(tmp_path / "mine.txt"), "../mine.txt", "mine", "broken.txt"):
            r = post(c, "caster", {"shipped": bad})
            assert r.status_code == 400 and "no deck" in r.json()["error"], bad


@pytest.mark.parametrize("restart_at", [9])
def test_an_agent_goes_on_after_a_restart_as_without_it(tmp_path, restart_at):
    """The same game, once played straight through and once with the server restarted after
    ``restart_at`` answers: the random agent's answers are the same."""
    runs = []
    for restart in (False, True):
        db = str(tmp_path / f"games-{restart}.sqlite3")
        rnd = random.Random(21)
        with client(db, seed=77) as c:
            r = post(c, "sve", {"shipped": "blade-vanguard"}, {"agent": "random", "deck": {"shipped": "night-court"}})
            g = r.json()
            with c.websocket_connect(f"/ws/{g['id']}") as ws:
                s = hello(ws, g["token"])
                for n in range(400):
                    if s["view"].get("result") is not None or (restart and n == restart_at):
                        break
                    s = decide(ws, s, rnd)
        if restart:
            with client(db, seed=500) as c:
                with c.websocket_connect(f"/ws/{g['id']}") as ws:
                    s = hello(ws, g["token"])
                    for _ in range(400 - restart_at):
                        if s["view"].get("result") is not None:
                            break
                        s = decide(ws, s, rnd)
        sg = Store(db).get(g["id"])
        assert sg.seats[1]["seed"] == 77 + 7919 * 2
        runs.append(sg.decisions)
    assert len(runs[0]) > restart_at + 20
    assert runs[0] == runs[1]


@needs_data
def test_starter_decks_of_imported_cards_with_a_restart(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    sd01, sd05 = SVE / "sd01-regalfairyprincess-forest.cod", SVE / "sd05-waltzoftheundyingnight-abyss.cod"
    rnd = random.Random(3)
    with client(db, card_files=(str(SVE_XML),), deck_dirs=(str(SVE),)) as c:
        sve = next(g for g in c.get("/api/meta").json()["games"] if g["id"] == "sve")
        listed = {d["name"] for d in sve["decks"]}
        assert {p.name for p in SVE.glob("*.cod")} <= listed
        # a pasted .cod of real cards, against the agent playing a listed starter deck
        r = post(c, "sve", {"text": sd01.read_text()}, {"agent": "random", "deck": {"shipped": sd05.name}})
        assert r.status_code == 200, r.text
        g = r.json()
        sg = c.app.state.store.get(g["id"])
        assert sg.cards == [str(SVE_XML)]
        assert "Aria, Fairy Princess" in sg.decks[0]["main"]
        # a pasted decklist of real cards with a typo: the line and the nearest name
        r = post(c, "sve", {"text": "Leader:\n1 Arisa\nMain deck:\n3 Rose Gardner\n"})
        assert r.status_code == 400 and "pasted deck:4: unknown card 'Rose Gardner'; nearest: Rose Gardener" \
            in r.json()["error"]
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            s = hello(ws, g["token"])
            for _ in range(12):
                s = decide(ws, s, rnd)
    # a server started without --cards resumes the game from the card files it recorded
    with client(db) as c:
        assert g["id"] in c.app.state.live
        with c.websocket_connect(f"/ws/{g['id']}") as ws:
            s = hello(ws, g["token"])
            messages = []
            for _ in range(3000):
                if s["view"].get("result") is not None:
                    break
                ws.send_text(json.dumps({"type": "decide", "index": rnd.randrange(len(s["view"]["decision"]["options"])),
                                         "seq": s["seq"]}))
                while True:
                    raw = ws.receive_text()
                    messages.append(("p1", raw))
                    s = json.loads(raw)
                    if "decision" in s["view"] or s["view"].get("result") is not None:
                        break
            assert s["view"]["result"] in ("p1", "p2", "draw")
        data = c.get(f"/api/games/{g['id']}/replay", headers={"X-Token": g["token"]}).json()
        assert data["cards"] == [str(SVE_XML)]
        # an uploaded replay's card files are matched by name against the server's own: this one has none
        r = c.post("/api/replays", json=data)
        assert r.status_code == 400 and "ShadowverseEvolveTCG.dev.xml, which this server does not have" \
            in r.json()["error"]
    assert check_messages(db, g["id"], messages) == len(messages)
    with client(card_files=(str(SVE_XML),)) as c:
        r = c.post("/api/replays", json={**data, "cards": ["/elsewhere/ShadowverseEvolveTCG.dev.xml"]})
        assert r.status_code == 200, r.text
        assert r.json()["steps"] == len(data["decisions"])


def test_a_card_file_no_game_plays_is_an_error_naming_it(tmp_path):
    from tcgjudge.cards.language import CardError
    from tcgjudge.interfaces.web.cardfiles import games_of_card_files

    bad = tmp_path / "nothing.xml"
    bad.write_text('<?xml version="1.0"?><cockatrice_carddatabase version="4"><cards></cards></cockatrice_carddatabase>')
    with pytest.raises(CardError, match=r"nothing\.xml: no game plays any card of this file \(caster: 0 playable"):
        games_of_card_files([str(bad)])
    with pytest.raises(CardError, match="no such card file"):
        games_of_card_files([str(tmp_path / "absent.xml")])


@needs_data
def test_each_card_file_goes_to_its_game():
    from tcgjudge.interfaces.web.cardfiles import games_of_card_files

    caster = SVE.parents[1] / "caster" / "cockatrice" / "TheCasterChroniclesTCG.dev.xml"
    assert games_of_card_files([str(SVE_XML), str(caster)]) == {"sve": (str(SVE_XML),), "caster": (str(caster),)}
    # the Caster decklists the package ships are offered once the server has the Caster cards
    with client(card_files=(str(caster),)) as c:
        names = {d["name"] for g in c.get("/api/meta").json()["games"] if g["id"] == "caster" for d in g["decks"]}
        assert "decklists/ignus-wings-of-anger" in names
        r = post(c, "caster", {"shipped": "decklists/ignus-wings-of-anger"},
                 {"agent": "random", "deck": {"shipped": "decklists/luna-greed"}})
        assert r.status_code == 200, r.text
        assert c.app.state.store.get(r.json()["id"]).cards == [str(caster)]


def test_any_pasted_text_is_a_deck_or_a_deck_input_error():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tcgjudge.interfaces.web.decks import DeckInputError, deck_from_text

    pkg = registry.get("caster")
    pieces = st.sampled_from(["3 Reef Crab", "Main deck:", "main:", "  - Reef Crab", "{", "[", "<cockatrice_deck>",
                              '<zone name="main">', '<card number="x" name="Reef Crab"/>', "</zone>", "</cockatrice_deck>",
                              "Name: x", "0 Reef Crab", "name: [1]", "main: {Reef Crab: 3}", "main: {Reef Crab: -1}",
                              "extra: 7", "#", "&a", "!!python/object:os.system", "\x00", "\ufeff"])
    texts = st.one_of(st.text(max_size=200), st.lists(pieces, max_size=12).map("\n".join))

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(texts)
    def run(text):
        try:
            deck_from_text(pkg, text)
        except DeckInputError as e:
            assert str(e).startswith("pasted deck"), str(e)

    run()


def test_serve_refuses_a_card_file_no_game_plays(tmp_path):
    from click.testing import CliRunner

    from tcgjudge.interfaces.cli.main import main

    bad = tmp_path / "nothing.xml"
    bad.write_text('<?xml version="1.0"?><cockatrice_carddatabase version="4"><cards></cards></cockatrice_carddatabase>')
    r = CliRunner().invoke(main, ["serve", "--port", "0", "--db", str(tmp_path / "g.sqlite3"), "--cards", str(bad)])
    assert r.exit_code == 1 and "nothing.xml: no game plays any card of this file" in r.output, r.output
