"""A message as a record (bot/words/said.py): rendered in one place, in the reader's language,
its text values escaped, its nested records in the same language, its plural form chosen by
the language's rule."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from bot.service.people.persons import add_person
from bot.service.platform import news, outbox
from bot.store import events_repo, groups_repo, outbox_repo
from bot.store.db import Database, Tx, open_database
from bot.words import DOMAIN, for_locale
from bot.words.said import (
    Rendered,
    Said,
    lines,
    paragraphs,
    plain,
    render,
    said,
    said_n,
    stacked,
)
from tests.bot import catalogues

EN = for_locale("en")
NOW = datetime(2016, 8, 1, 9, 0, tzinfo=UTC)


def test_text_values_are_escaped_and_the_message_s_tags_kept() -> None:
    record = said("<b>{name}</b> wrote: {text}", name="Ann <Lee>", text='a & "b"')
    assert render(record, EN) == "<b>Ann &lt;Lee&gt;</b> wrote: a &amp; &quot;b&quot;"


def test_numbers_keep_the_message_s_format_spec() -> None:
    record = said("{who} {change:+d} ({amount:.2f})", who="Ann", change=3,
                  amount=Decimal("5"))
    assert render(record, EN) == "Ann +3 (5.00)"


def test_a_nested_record_is_rendered_not_escaped() -> None:
    inner = said("<i>{name}</i>", name="Ben & Co")
    assert render(said("Winner: {who}.", who=inner), EN) == "Winner: <i>Ben &amp; Co</i>."


def test_a_sequence_of_records_is_joined_as_lines() -> None:
    record = said("<b>{event}</b>\n{lines}", event="Open",
                  lines=lines(said("one {x}", x="<1>"), None, said("two")))
    assert render(record, EN) == "<b>Open</b>\none &lt;1&gt;\ntwo"
    assert said("{lines}", lines=[said("a"), said("b")]) == said("{lines}",
                                                                lines=(said("a"), said("b")))


def test_records_stacked_one_per_line() -> None:
    record = stacked(said("<b>{a}</b>", a="A&"), None, said("b"))
    assert render(record, EN) == "<b>A&amp;</b>\nb"


def test_paragraphs_have_a_blank_line_between() -> None:
    record = paragraphs(said("<b>{a}</b>", a="A&"), said("b"), said("c"))
    assert render(record, EN) == "<b>A&amp;</b>\n\nb\n\nc"
    assert render(Said(""), EN) == ""


def test_plural_forms_follow_the_count() -> None:
    one = said_n("{n} game for {who}", "{n} games for {who}", 1, who="Ann")
    many = said_n("{n} game for {who}", "{n} games for {who}", 3, who="Ann")
    assert render(one, EN) == "1 game for Ann"
    assert render(many, EN) == "3 games for Ann"
    assert render(said_n("a game", "{n} games", 1), EN) == "a game"


def test_a_message_given_no_values_stands_as_written() -> None:
    assert render(said("Send {a score}"), EN) == "Send {a score}"


def test_a_value_that_is_neither_text_a_number_nor_a_record_is_refused() -> None:
    with pytest.raises(TypeError):
        said("{x}", x=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        said("{x}", x=True)


def test_html_written_before_is_kept_as_it_is() -> None:
    """An edit that adds a line to a message as sent (its row's text)."""
    record = said("{before}\n\n{note}", before=Rendered("<b>A &amp; B</b>"), note="x < y")
    assert render(record, EN) == "<b>A &amp; B</b>\n\nx &lt; y"


def test_a_label_is_plain_text() -> None:
    record = said("Approve {who} ({what})", who="Ann <Lee>", what=said("<{x}>", x="&"))
    assert plain(record, EN) == "Approve Ann <Lee> (<&>)"


def test_a_record_is_a_value_like_any_other() -> None:
    record = said("{a} v {b}", a="Ann", b="Ben")
    assert record == Said("{a} v {b}", (("a", "Ann"), ("b", "Ben")))
    assert record.named() == {"a": "Ann", "b": "Ben"}


def test_a_moment_is_written_in_the_reader_s_language_with_its_zone() -> None:
    """English reads as it always has; French has its own day and month names and no
    leading zero on the day; the zone's short name is the moment's own in both."""
    from zoneinfo import ZoneInfo

    moment = datetime(2026, 3, 7, 14, 0, tzinfo=UTC).astimezone(ZoneInfo("Europe/Paris"))
    record = said("Play by {when}.", when=moment)
    assert render(record, EN) == "Play by Sat 07 Mar 2026 15:00 (CET)."
    assert render(said("{when}", when=moment), for_locale("fr")) == "sam. 7 mars 2026 15:00 (CET)"
    assert plain(said("{day}", day=moment.date()), for_locale("fr")) == "sam. 7 mars 2026"
    assert render(said("{day}", day=moment.date()), EN) == "Sat 07 Mar 2026"
    assert plain(said("✅ {at:short}", at=moment), EN) == "✅ Sat 07 Mar 15:00"
    assert plain(said("{at:short}", at=moment), for_locale("fr")) == "sam. 7 mars 15:00"
    assert render(said("{at:day}", at=moment), EN) == "Sat 07 Mar 2026"


def test_a_moment_without_its_zone_is_refused() -> None:
    with pytest.raises(TypeError):
        said("{x}", x=datetime(2026, 3, 7, 15, 0))


@pytest.fixture
def fake_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A test catalogue: three messages in French, read instead of the package's own."""
    catalog = Catalog(locale="fr", domain=DOMAIN)
    catalog.add("Winner: {who}.", "Gagnant : {who}.")
    catalog.add("<i>{name}</i> by a bye", "<i>{name}</i> par forfait")
    catalog.add(("{n} game for {who}", "{n} games for {who}"),
                ("{n} partie pour {who}", "{n} de parties pour {who}",
                 "{n} parties pour {who}"))  # Babel's French: 0 and 1, millions, the rest
    catalogues.ship(catalog, tmp_path, monkeypatch)
    yield
    catalogues.forget()


def test_a_nested_record_is_rendered_in_the_reader_s_language(fake_french: None) -> None:
    record = said("Winner: {who}.", who=said("<i>{name}</i> by a bye", name="Zoé <Z>"))
    assert render(record, for_locale("fr")) == "Gagnant : <i>Zoé &lt;Z&gt;</i> par forfait."
    assert render(record, for_locale("en")) == "Winner: <i>Zoé &lt;Z&gt;</i> by a bye."
    # French puts 0 with 1 (its plural rule), English does not
    zero = said_n("{n} game for {who}", "{n} games for {who}", 0, who="Ann")
    assert render(zero, for_locale("fr")) == "0 partie pour Ann"
    assert render(zero, for_locale("en")) == "0 games for Ann"


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _rows(db: Database) -> list[tuple[int | str | None, str, object]]:
    async with db.transaction() as tx:
        rows = await outbox_repo.due(tx, 50, NOW + timedelta(minutes=1))
    return [(r.chat_id, r.text_html, r.buttons) for r in rows]


async def test_the_outbox_writes_a_record_in_its_reader_s_language(
        db: Database, fake_french: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The row keeps Telegram HTML (what the sender sends), written when the row is: Ann
    reads French, Ben English, the chat the language it is given; the buttons too."""
    async def language_of(tx: Tx, person_id: int) -> str:
        return "fr" if person_id == ann else "en"

    monkeypatch.setattr(outbox, "language_of", language_of)
    winner = said("Winner: {who}.", who=said("<i>{name}</i> by a bye", name="Ann & Co"))
    button = [[(said_n("{n} game for {who}", "{n} games for {who}", 2, who="Ben"), "x:1"),
               {"text": said("Winner: {who}.", who="<Ben>"), "url": "https://t.me/x"}]]
    async with db.transaction() as tx:
        ann = await add_person(tx, "Ann", NOW, tg_user_id=1001)
        ben = await add_person(tx, "Ben", NOW, tg_user_id=1002)
        await outbox.enqueue(tx, person_id=ann, said=winner, buttons=button, now=NOW)
        await outbox.enqueue(tx, person_id=ben, said=winner, now=NOW)
        await outbox.enqueue(tx, chat_id=-500, said=winner, lang="fr", now=NOW)
    assert await _rows(db) == [
        (1001, "Gagnant : <i>Ann &amp; Co</i> par forfait.",
         [[{"text": "2 parties pour Ben", "data": "x:1"},
           {"text": "Gagnant : <Ben>.", "url": "https://t.me/x"}]]),
        (1002, "Winner: <i>Ann &amp; Co</i> by a bye.", []),
        (-500, "Gagnant : <i>Ann &amp; Co</i> par forfait.", []),
    ]


async def test_an_edit_is_written_in_the_reader_s_language(
        db: Database, fake_french: None, monkeypatch: pytest.MonkeyPatch) -> None:
    async def language_of(tx: Tx, person_id: int) -> str:
        return "fr"

    monkeypatch.setattr(outbox, "language_of", language_of)
    async with db.transaction() as tx:
        ann = await add_person(tx, "Ann", NOW, tg_user_id=1001)
        first = await outbox.enqueue(tx, person_id=ann, text_html="one", now=NOW,
                                     dedupe_key="ask:1")
        (row,) = await outbox_repo.by_dedupe_prefix(tx, "ask:")
        await outbox.enqueue_edit(tx, row, said=said("Winner: {who}.", who="Ann"), now=NOW)
        await outbox_repo.mark_sent(tx, row.id, 55, NOW)
        (edit,) = await outbox_repo.due(tx, 10, NOW)
    assert (edit.edit_of, edit.text_html) == (first, "Gagnant : Ann.")


def test_a_message_is_a_record_or_html_never_both() -> None:
    with pytest.raises(ValueError):
        outbox._in_words("<b>x</b>", said("x"), None, for_locale())
    with pytest.raises(ValueError):
        outbox._in_words(None, None, None, for_locale())


async def test_news_writes_each_recipient_s_lines_in_their_language(
        db: Database, fake_french: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person's lines in theirs, the group's in the event's; the event's name heads a
    message with no lead, escaped. For someone not on Telegram yet the message is kept as
    its record, to be written in their language when they join."""
    async def language_of(tx: Tx, person_id: int) -> str:
        return "en"

    monkeypatch.setattr(outbox, "language_of", language_of)
    async def group_language(tx: Tx, event: object) -> str:
        return "fr"

    monkeypatch.setattr(news, "group_language", group_language)
    async with db.transaction() as tx:
        ann = await add_person(tx, "Ann", NOW, tg_user_id=1001)
        cai = await add_person(tx, "Cai", NOW)
        event_id = await events_repo.add(
            tx, slug="open", name="Ann & Ben's <Open>", format="knockout",
            time_zone="UTC", currency="SGD", fee_per_round=0, rules={}, created_by=None,
            now=NOW)
        await groups_repo.link(tx, event_id, -500)
        event = await events_repo.get(tx, event_id)
        assert event is not None
        told = news.News(event)
        told.add(news.GROUP, said("Winner: {who}.", who="Ann"))
        told.add(ann, said("Winner: {who}.", who="Ann"))
        told.add(cai, said("Winner: {who}.", who="Ann"))
        await told.send(tx, NOW)
        held = await outbox_repo.held(tx, cai)
    assert [(chat, text) for chat, text, _ in await _rows(db)] == [
        (-500, "<b>Ann &amp; Ben's &lt;Open&gt;</b>\nGagnant : Ann."),
        (1001, "<b>Ann &amp; Ben's &lt;Open&gt;</b>\nWinner: Ann."),
    ]
    assert len(held) == 1 and "Winner: {who}." in held[0][1]


def test_a_record_kept_as_json_reads_back_as_written() -> None:
    """A held message's record (bot/words/said_json.py): every kind of value comes back as
    it was, so it renders the same in any language; a moment keeps its zone's name."""
    from zoneinfo import ZoneInfo

    from bot.words.said_json import dumps, loads

    moment = datetime(2026, 3, 7, 15, 0, tzinfo=ZoneInfo("Europe/Paris"))
    record = said_n(
        "{n} game for {who}", "{n} games for {who}", 3, who="Ann <Lee>",
        inner=said("<i>{name}</i> by a bye", name="Zoé"), amount=Decimal("5.50"), share=0.5,
        change=-3, at=moment, fixed=datetime(2026, 3, 7, 15, 0, tzinfo=UTC), day=moment.date(),
        lines=lines(said("one {x}", x="<1>"), Rendered("<b>kept</b>")),
        before=Rendered("<b>A &amp; B</b>"))
    back = loads(dumps(record))
    assert back == record
    assert render(back, for_locale("fr")) == render(record, for_locale("fr"))
    assert render(loads(dumps(said("{at}", at=moment))), EN) == "Sat 07 Mar 2026 15:00 (CET)"
