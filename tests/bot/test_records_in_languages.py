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
from bot.words.said import Said, english, render
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
        "<b>Open</b>, Ronde 2 : un arbitre a noté que vous ne pouvez pas jouer cette ronde : je "
        "ne vous y apparierai pas (une exemption demandée, un demi-point).")


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


def test_matches_show_their_times_in_the_reader_s_language() -> None:
    """/matches: the agreed time, the round's deadline and a result's time to agree, written
    in French for a French reader, as they always were in English."""
    from zoneinfo import ZoneInfo

    from bot.service.events.my_match import MyMatch, MyMatchState
    from bot.service.events.my_matches_texts import match_line
    from bot.words.said import render

    paris = ZoneInfo("Europe/Paris")
    match = MyMatch(1, 1, "Open", "sssg", "SF", "M1", "Ben", 3, MyMatchState.PLAYING, "",
                    datetime(2026, 3, 8, 23, 59, tzinfo=paris), 1, None,
                    open_slips=((1, "you", datetime(2026, 3, 4, 9, 0, tzinfo=paris)),),
                    agreed_at=datetime(2026, 3, 7, 15, 0, tzinfo=paris))
    french = render(match_line(match), for_locale("fr"))
    assert "Échéance : dim. 8 mars 2026 23:59 (CET)" in french
    assert "sam. 7 mars 2026 15:00 (CET)" in french
    assert "mer. 4 mars 2026 09:00 (CET)" in french
    english = render(match_line(match), for_locale("en"))
    assert "Deadline: Sun 08 Mar 2026 23:59 (CET)" in english
    assert "Agreed time: Sat 07 Mar 2026 15:00 (CET)" in english
    assert "Game 1 awaits your agreement until Wed 04 Mar 2026 09:00 (CET)" in english


def test_the_shipped_french_says_best_of_and_assumes_no_gender() -> None:
    """"En 3 parties" reads as exactly three games: a best-of is "au meilleur des 3 parties".
    What is said to a reader, or of a named person, agrees with no gender ("vous avez manqué",
    "je le lui ai dit", "après l'exclusion de Ben Ong", not "vous n'êtes pas venu", "il en est
    informé", "Ben Ong a été exclu"), without a
    "joueur·euse" anywhere."""
    from babel.messages.pofile import read_po

    from bot.service.between import no_show_texts
    from bot.words import LOCALES
    from bot.words.said import render

    with (LOCALES / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as fp:
        catalog = read_po(fp, locale="fr", domain=DOMAIN)
    best_of = [m for m in catalog if m.id and "best of {best_of}" in str(m.id)]
    assert best_of and all("au meilleur des {best_of} parties" in m.string for m in best_of)
    # a match's length said on its own: a one-game match is not "au meilleur des 1 parties"
    length = catalog.get(("best of {n}", "best of {n}"))
    assert length is not None
    assert tuple(length.string) == ("en une partie", "au meilleur des {n} parties")
    french = [s for m in catalog if m.id
              for s in (m.string if isinstance(m.string, tuple | list) else [m.string])]
    assert not [s for s in french if "·" in s or "en {best_of} parties" in s]
    gendered = ("n'êtes pas venu", "n'est pas venu", "vous êtes exempt", "vous êtes inscrit",
                "il en est informé", "est qualifié", "Quel joueur êtes-vous",
                "gagne-t-il", "serez pas apparié", "a été exclu", "est exclu lui", "} est exclu (", "il quitte",
                "vous serez qualifié", "vous avez été exclu", "étiez pas indiqué", "exclu par",
                "a été déplacé")
    assert not [s for s in french if any(g in s for g in gendered)]
    fr = for_locale("fr")
    at = datetime(2026, 3, 7, 15, 0, tzinfo=UTC)
    assert render(no_show_texts.claimed("M1", "Ann Lee", at), fr) == (
        "🚫 Noté : Ann Lee a manqué votre partie. Votre adversaire peut répondre jusqu'au "
        "sam. 7 mars 2026 15:00 (UTC) ; ensuite les arbitres décident, et je vous préviendrai.")


def test_an_outage_notice_is_said_in_the_reader_s_language() -> None:
    """The TDs' notice of a time the database could not be written: its times in their
    language; the end as a time of day alone when it is the same day."""
    from zoneinfo import ZoneInfo

    from bot.service.platform.outages import held
    from bot.words.said import english, render

    sgt = ZoneInfo("Asia/Singapore")
    since = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    notice = held(since, since + timedelta(minutes=7), sgt)
    assert render(notice, for_locale("fr")) == (
        "Je n'ai pas pu écrire dans ma base de données du lun. 2 mars 2026 17:00 (+08) à "
        "17:07. Les messages ont été retenus entre-temps et partent maintenant ; aucun n'a "
        "été perdu.")
    assert english(held(since, since + timedelta(hours=8), sgt)) == (
        "I could not write to my database from Mon 02 Mar 2026 17:00 (+08) to Tue 03 Mar 2026 "
        "01:00 (+08). Messages were held meanwhile and are going out now; none was lost.")


def test_moved_dates_are_written_in_the_reader_s_language() -> None:
    """"Start it today": the schedule's new first day and the old one, in the reader's words."""
    from datetime import date

    from bot.service.events.setup_texts import dates_moved

    moved = dates_moved("Club Cup", 3652, date(2016, 3, 2), date(2026, 3, 2))
    assert render(moved, for_locale("fr")) == (
        "📅 Toutes les dates de <b>Club Cup</b> ont été décalées de +3652 jours : le calendrier "
        "commence le lun. 2 mars 2026 (au lieu du mer. 2 mars 2016), les écarts entre les dates "
        "restant les mêmes.")
    assert english(moved) == (
        "📅 Every date of <b>Club Cup</b> moved +3652 days: the schedule starts Mon 02 Mar 2026 "
        "(it started Wed 02 Mar 2016), the gaps between the dates as they were.")


def test_memberships_ending_are_listed_in_the_reader_s_language() -> None:
    from datetime import date

    from bot.service.people import membership_texts
    from bot.words.said import english, render

    told = membership_texts.ending("Open", "SF", [("P1", date(2016, 8, 20)),
                                                   ("P2 <x>", date(2016, 9, 1))])
    assert english(told) == (
        "<b>Open: SF</b> is open. Membership ends before the round closes (para 11): P1 (ends "
        "Sat 20 Aug 2016), P2 &lt;x&gt; (ends Thu 01 Sep 2016). Ask them to renew.")
    assert "P1 (fin le sam. 20 août 2016), P2 &lt;x&gt; (fin le jeu. 1 sept. 2016)" in render(
        told, for_locale("fr"))


def test_a_time_in_the_reader_s_own_zone_names_it_in_their_language() -> None:
    """A time in a message with no note of its zone (a photo's due time, a no-show's new
    close): the reader's own zone is named by it, the event's is not; French words."""
    from bot.service.between.player_zones import Zone
    from bot.words.said import english, render

    moment = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
    own, events = Zone("Europe/London", True), Zone("Asia/Singapore", False)
    assert render(own.told(moment), for_locale("fr")) == (
        "mar. 3 mars 2026 09:00 (GMT, Europe/London)")
    assert english(own.told(moment)) == "Tue 03 Mar 2026 09:00 (GMT, Europe/London)"
    assert render(events.told(moment), for_locale("fr")) == "mar. 3 mars 2026 17:00 (+08)"
