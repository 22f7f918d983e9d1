"""Bracket pictures through the chat, with the real PTB Application and the fake Bot API.

A 4-player double elimination, best of 3 (SF: M1 Ann v Dev, M2 Ben v Cai; the grand
final best of 4, the upper-bracket winner one game up): its pictures are the upper
bracket, the lower bracket and the grand final. /bracket sends them in order, each
captioned with the part it shows; a match under way is drawn with its running score; a
decided match goes to the linked group with the one picture that holds it.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from bot.fakebot import FakeChat
from bot.pictures.bracket import Fonts, render
from bot.pictures.layout import WIDTH, Box, Layout, RowStyle
from bot.service.events.lookup import get_event
from bot.service.formats.knockout import brackets
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import reading
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import IDS, TD_PHONE, club_cup_bot, linked_definition, report_game, user

NAME = "Club Double <2026>"
DOUBLE = f"""\
[event]
slug = "club-double"
name = "{NAME}"
format = "double"
best_of = 3
best_of_step = 0
time_zone = "Asia/Singapore"

[[tds]]
name = "Tara TD"

[[rounds]]
name = "SF"
best_of = 3
opens = 2026-03-02
closes = 2026-03-09
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {r}\n' for n, r in
              [("Ann Lee", 1800), ("Ben Ong", 1700), ("Cai Wen", 1600), ("Dev Rao", 1500)])


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    """The double elimination drawn and its SF open."""
    async with club_cup_bot(tmp_path, linked_definition(base=DOUBLE, phones=TD_PHONE)) as b:
        yield b


async def pictures_now(bot: BotUnderTest) -> list[Layout]:
    """The event's pictures as the bot would draw them now."""
    async with reading(bot.runtime.db) as tx:
        event = await get_event(tx, bot.event_id)  # type: ignore[attr-defined]
        shown = await brackets.pictured_event(tx, event)
    return shown.layouts(NAME, Fonts.default().measure)


async def asks_for_the_bracket(bot: BotUnderTest, name: str) -> list[tuple[str, bytes]]:
    """(caption, PNG) of each photo the bot sends ``name`` after /bracket, in order."""
    person = user(bot, name)
    before = len(bot.telegram.sent(person))
    bot.telegram.user_sends(person, "/bracket")
    await bot.settle()
    sent = bot.telegram.sent(person)[before:]
    assert all(m.photo is not None for m in sent)
    return [(m.caption or "", m.photo.data) for m in sent if m.photo is not None]


async def test_bracket_sends_each_picture_in_order_captioned_with_the_part_it_shows(
    bot: BotUnderTest,
) -> None:
    photos = await asks_for_the_bracket(bot, "Ben Ong")
    assert [caption for caption, _ in photos] == [
        f"{NAME}: the bracket now\nDouble elimination · upper bracket",
        f"{NAME}: Double elimination · lower bracket",
        f"{NAME}: Double elimination · grand final",
    ]
    fonts = Fonts.default()
    for (_, png), layout in zip(photos, await pictures_now(bot), strict=True):
        assert png == render(layout, fonts)
        image = Image.open(io.BytesIO(png))
        assert image.width == WIDTH and image.height <= 2560


async def test_a_match_under_way_is_drawn_with_its_running_score(bot: BotUnderTest) -> None:
    """Ann wins game 1 of her best of 3: the upper bracket shows Ann 1, Dev 0, in play."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    upper = (await pictures_now(bot))[0]
    m1 = next(b for b in upper.boxes if b.match_id == "M1")
    assert [(r.text, r.score, r.style) for r in m1.rows] == [
        ("Ann Lee", "1", RowStyle.PLAYER), ("Dev Rao", "0", RowStyle.PLAYER)]
    assert m1.note == "in play"
    m2 = next(b for b in upper.boxes if b.match_id == "M2")
    assert [r.score for r in m2.rows] == ["", ""] and m2.note == ""
    (_, png), *_ = await asks_for_the_bracket(bot, "Ann Lee")
    assert png == render(upper, Fonts.default())  # that is the picture the chat gets


def box(layout: Layout, match: str) -> Box:
    return next(b for b in layout.boxes if b.match_id == match)


async def test_a_result_not_final_is_drawn_under_way_and_sends_nobody_on_until_it_is(
    bot: BotUnderTest,
) -> None:
    """Ann wins M1 2-0 by her own slips, which Dev can still dispute (SSSg para 24): the
    picture /bracket sends draws M1 with its score but nobody through, says what it
    waits for, and the upper final and the lower bracket's match wait for its winner and
    its loser, as before it was played. Once Dev agrees to both
    games, Ann is through and named where she goes, and Dev where he drops."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await report_game(bot, "Ann Lee", "400-350")
    upper, lower, _ = await pictures_now(bot)
    m1 = box(upper, "M1")
    assert [(r.text, r.score, r.style) for r in m1.rows] == [
        ("Ann Lee", "2", RowStyle.PLAYER), ("Dev Rao", "0", RowStyle.PLAYER)]
    assert m1.note.startswith("awaiting agreement") and m1.alert
    fed = [(b.match_id, r.text, r.style) for lay in (upper, lower) for b in lay.boxes
           for r in b.rows if "Ann Lee" in r.text or "Dev Rao" in r.text or "M1" in r.text]
    assert [f for f in fed if f[0] != "M1"] == [  # the names do not fit a box: its id
        ("M3", "Winner of M1", RowStyle.PENDING), ("M4", "Loser of M1", RowStyle.PENDING)]
    (_, png), *_ = await asks_for_the_bracket(bot, "Ben Ong")
    assert png == render(upper, Fonts.default())  # that is the picture the chat gets

    for _ in range(2):
        await bot.tap(user(bot, "Dev Rao"), "Agree")
    upper, lower, _ = await pictures_now(bot)
    assert [(r.text, r.style) for r in box(upper, "M1").rows] == [
        ("Ann Lee", RowStyle.WINNER), ("Dev Rao", RowStyle.LOSER)]
    assert box(upper, "M1").note == ""
    assert "Ann Lee" in [r.text for r in box(upper, "M3").rows]
    assert "Dev Rao" in [r.text for r in box(lower, "M4").rows]
    (_, png), *_ = await asks_for_the_bracket(bot, "Ben Ong")
    assert png == render(upper, Fonts.default())


def group_of(bot: BotUnderTest) -> FakeChat:
    return bot.telegram.add_group("Club", [bot.telegram.world.users[i] for i in IDS.values()])


async def test_a_decided_match_goes_to_the_group_with_the_picture_that_holds_it(
    bot: BotUnderTest,
) -> None:
    chat = group_of(bot)
    bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-double", chat=chat)
    await bot.settle()
    before = len(bot.telegram.sent(chat))
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await report_game(bot, "Ann Lee", "400-350")
    for _ in range(2):  # Dev agrees both games: the result is final, and goes to the group
        await bot.tap(user(bot, "Dev Rao"), "Agree")
    photos = [m for m in bot.telegram.sent(chat)[before:] if m.photo is not None]
    (post,) = photos  # the upper bracket only: not the lower bracket Dev drops into
    caption = post.caption or ""
    assert "Ann Lee 2-0 Dev Rao" in caption
    assert caption.endswith("\nDouble elimination · upper bracket")
    upper = (await pictures_now(bot))[0]
    assert upper.name == "double-upper"
    assert post.photo is not None and post.photo.data == render(upper, Fonts.default())
    m1 = next(b for b in upper.boxes if b.match_id == "M1")
    assert [(r.text, r.style) for r in m1.rows] == [
        ("Ann Lee", RowStyle.WINNER), ("Dev Rao", RowStyle.LOSER)]


async def test_a_picture_queued_under_its_divisions_old_name_is_drawn_as_its_first_part(
    bot: BotUnderTest,
) -> None:
    """A message waiting in the outbox across an upgrade names "double", a picture that
    is now three: it goes with the first of them, the upper bracket."""
    from bot.store import media_repo

    db, event_id = bot.runtime.db, bot.event_id  # type: ignore[attr-defined]
    async with db.transaction() as tx:
        old = await media_repo.add_bracket(tx, event_id, "double", NAME, bot.clock())
        gone = await media_repo.add_bracket(tx, event_id, "plate", NAME, bot.clock())
    upper = (await pictures_now(bot))[0]
    assert await brackets.picture_png(db, old, bot.clock()) == render(upper, Fonts.default())
    with pytest.raises(Invalid, match="no picture called 'plate'"):
        await brackets.picture_png(db, gone, bot.clock())


async def test_bracket_is_drawn_and_captioned_in_the_asker_s_language(bot: BotUnderTest) -> None:
    """Ben reads French, Ann English: each asks for the bracket; each picture's caption
    names the part in the asker's language, its words are drawn in it (the picture's
    media row keeps the language it is drawn in), and Ann's is the English picture as
    before."""
    from bot.store import media_repo
    from bot.words import for_locale

    async with bot.runtime.db.transaction() as tx:
        await tx.execute("UPDATE people SET language = 'fr' WHERE name = 'Ben Ong'")
    french = await asks_for_the_bracket(bot, "Ben Ong")
    assert [caption for caption, _ in french] == [
        f"{NAME} : le tableau à présent\nDouble élimination · tableau principal",
        f"{NAME} : Double élimination · tableau des perdants",
        f"{NAME} : Double élimination · grande finale",
    ], [caption for caption, _ in french]
    async with reading(bot.runtime.db) as tx:
        event = await get_event(tx, bot.event_id)  # type: ignore[attr-defined]
        shown = await brackets.pictured_event(tx, event)
        kept = [await media_repo.get(tx, media_id) for (media_id,) in await tx.all(
            "SELECT id FROM media ORDER BY id")]
    assert [(m.picture, m.lang) for m in kept if m is not None] == [
        ("double-upper", "fr"), ("double-lower", "fr"), ("double-final", "fr")]
    layouts = shown.layouts(NAME, Fonts.default().measure, for_locale("fr"))
    final = layouts[2]
    assert "Le vainqueur du tableau principal commence avec 1 partie d'avance" in {
        t.text for t in final.texts}
    assert [r.text for r in box(final, final.boxes[0].match_id).rows][0].startswith(
        "Vainqueur de ")
    for (_, png), layout in zip(french, layouts, strict=True):
        assert png == render(layout, Fonts.default())
    english = await asks_for_the_bracket(bot, "Ann Lee")
    assert [png for _, png in english] == [
        render(lay, Fonts.default()) for lay in await pictures_now(bot)]
    assert [png for _, png in english] != [png for _, png in french]
