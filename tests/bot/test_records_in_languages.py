"""A room that says records (bot/words/said.py) reaches each person in their own language:
a club night's pairing, to a French reader and an English one, the outbox rows written
in each reader's language (languages.language_of) and the group's in the event's."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from bot.service.events.definitions import parse_definition
from bot.service.events.event_setup import create_event
from bot.service.formats.club import club_nights
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.store import people_repo
from bot.store.db import Database, open_database
from bot.words import DOMAIN, for_locale
from bot.words.said import Said
from tests.bot import catalogues

NOW = datetime(2026, 3, 3, 11, 0, tzinfo=UTC)
CLUB = """
[event]
slug = "wed-club"
name = "Wednesday Club"
format = "club"

[club]
method = "random"
rounds = 2

[club.members."Ann Lee"]
sessions = 30

[club.members."Ben <Ong>"]
sessions = 30

[[tds]]
name = "Tara TD"

[[players]]
name = "Ann Lee"

[[players]]
name = "Ben <Ong>"
"""
OPPONENT = ("🎲 <b>{event}</b>, night {night} round {round}: table {table}, you play "
            "<b>{opponent}</b>. Draw tiles to see who starts; the winner sends the score "
            "here, e.g. <code>412-380</code>.")


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A test catalogue: the pairing's message in French."""
    catalog = Catalog(locale="fr", domain=DOMAIN)
    catalog.add(OPPONENT, "🎲 <b>{event}</b>, soirée {night}, ronde {round} : table {table}, "
                          "vous jouez contre <b>{opponent}</b>. Tirez les lettres pour savoir "
                          "qui commence ; le gagnant envoie le score ici, par ex. "
                          "<code>412-380</code>.")
    catalogues.ship(catalog, tmp_path, monkeypatch)
    yield
    catalogues.forget()


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def test_a_pairing_reaches_each_player_in_their_language(db: Database,
                                                                french: None) -> None:
    async with db.transaction() as tx:
        event_id = (await create_event(tx, parse_definition(CLUB), by=Actor.cli(),
                                       now=NOW)).event_id
        people = {r["name"]: r["id"] for r in await tx.all("SELECT id, name FROM people")}
        await people_repo.set_language(tx, people["Ann Lee"], "fr")
    req = Request.cli(NOW)
    await club_nights.start_night(db, req, event_id)
    for name in ("Ann Lee", "Ben <Ong>"):
        await club_nights.check_in_member(db, Request.cli(NOW + timedelta(minutes=1)),
                                          event_id, name)
    await club_nights.pair_round(db, Request.cli(NOW + timedelta(minutes=2)), event_id)
    async with db.transaction() as tx:
        rows = await tx.all("SELECT person_id, text_html FROM outbox WHERE text_html LIKE "
                            "'🎲%' ORDER BY id")
    told = {r["person_id"]: r["text_html"] for r in rows}
    assert told[people["Ann Lee"]] == (
        "🎲 <b>Wednesday Club</b>, soirée 1, ronde 1 : table 1, vous jouez contre "
        "<b>Ben &lt;Ong&gt;</b>. Tirez les lettres pour savoir qui commence ; le gagnant "
        "envoie le score ici, par ex. <code>412-380</code>.")
    assert told[people["Ben <Ong>"]] == (
        "🎲 <b>Wednesday Club</b>, night 1 round 1: table 1, you play <b>Ann Lee</b>. Draw "
        "tiles to see who starts; the winner sends the score here, e.g. <code>412-380</code>.")


def test_the_shipped_french_says_the_records() -> None:
    """The catalogue that ships (bot/words/locales/fr) translates the records' messages,
    nested ones too."""
    from bot.service.between import relay_texts
    from bot.service.formats.rounds import availability_texts
    from bot.words.said import render

    fr = for_locale("fr")
    assert render(relay_texts.told("M1", "Ben <Ong>", True, 2), fr) == (
        "✅ Envoyé à Ben &lt;Ong&gt; (encore 2 aujourd'hui).")
    assert render(availability_texts.told_by_td("Open", "Round 2", True, 0.5), fr) == (
        "<b>Open</b> : un arbitre a noté que vous ne pouvez pas jouer Round 2 : vous n'y serez "
        "pas apparié (une exemption demandée, un demi-point).")


def test_the_shipped_french_says_arranging_a_time() -> None:
    """Arranging a game's messages (arranging_texts.py) in the shipped French: the list of
    times and the zone's note are records put into the message, translated with it; a time
    is written with French day and month names, English reads it as it always has."""
    from zoneinfo import ZoneInfo

    from bot.service.between import arranging_texts
    from bot.service.between.player_zones import Zone
    from bot.words.said import english, plain, render

    fr = for_locale("fr")
    at = datetime(2026, 3, 7, 15, 0, tzinfo=ZoneInfo("Asia/Singapore"))
    sent = arranging_texts.proposed("Eve <Tan>", [at], Zone("Asia/Singapore", own=False))
    assert render(sent, fr) == (
        "📅 Envoyé à Eve &lt;Tan&gt; :\n• sam. 7 mars 2026 15:00 (+08)\nLes horaires sont en "
        "Asia/Singapore, le fuseau horaire de l'épreuve : /timezone Région/Ville règle le "
        "vôtre. Je vous préviendrai quand Eve &lt;Tan&gt; acceptera.")
    assert english(sent) == (
        "📅 Sent to Eve &lt;Tan&gt;:\n• Sat 07 Mar 2026 15:00 (+08)\nTimes are in "
        "Asia/Singapore, the event's time zone: /timezone Region/City sets yours. I will tell "
        "you when Eve &lt;Tan&gt; agrees.")
    paris = datetime(2026, 3, 7, 8, 0, tzinfo=ZoneInfo("Europe/Paris"))
    assert render(arranging_texts.zone_set("Europe/Paris", paris),
                  fr) == ("🌍 Vos horaires sont désormais lus et affichés en Europe/Paris (il y "
                          "est sam. 7 mars 2026 08:00 (CET)).")
    ((label, _),), _ = arranging_texts.proposal_buttons(5, [(9, at)], Zone("Europe/Paris", True))
    assert isinstance(label, Said)
    assert plain(label, fr) == "✅ sam. 7 mars 08:00"
    assert plain(label, for_locale("en")) == "✅ Sat 07 Mar 08:00"
