"""The people half of the chat: invite lists per role, buttons that no handler knows, and
a definition file Telegram cannot serve.

Rules checked: a TD hands out player and adjudicator links, only an organiser hands out
TD and organiser links (bot/service/people/invites.py ``create_invite``), so /invites shows each
role only the links it may hand out; every button press is answered (an unanswered one
spins for ever on the phone); a file that cannot be fetched is said so, with what to do.
"""

from __future__ import annotations

import logging
import re
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.fakebot import faults
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.lookup import lookup_event
from bot.service.people import invite_texts, invites
from bot.service.people.persons import add_person
from bot.service.platform import callbacks, outbox
from bot.service.platform.actors import Actor
from bot.telegram import texts
from bot.telegram.harness import BotUnderTest

DEFINITION = (Path(__file__).parent / "data" / "club_cup.toml").read_text()
TARA, OLGA, ANN = 9001, 500, 9011


@pytest.fixture
async def bot(tmp_path: Path):
    """The club cup, created by organiser Olga, with TD Tara and player Ann on Telegram,
    and one more link of every role."""
    text = DEFINITION.replace('name = "Tara TD"', f'name = "Tara TD"\ntelegram_id = {TARA}')
    text = text.replace('name = "Ann Lee"', f'name = "Ann Lee"\ntelegram_id = {ANN}')
    under_test = BotUnderTest(tmp_path / "bot.sqlite3", organisers=frozenset({OLGA}))
    async with under_test:
        now = under_test.clock()
        async with under_test.runtime.db.transaction() as tx:
            olga = await add_person(tx, "Olga", now, tg_user_id=OLGA)
            created = await event_setup.create_event(
                tx, parse_definition(text), by=Actor.person(olga, "Olga", organiser=True), now=now)
            for role in ("organiser", "td", "adjudicator"):
                await invites.create_invite(tx, created.event_id, role, by=Actor.cli(), now=now)
        for tg_id, name in ((TARA, "Tara"), (OLGA, "Olga"), (ANN, "Ann")):
            under_test.telegram.chat_of(under_test.telegram.add_user(name, user_id=tg_id))
        yield under_test


async def say(bot: BotUnderTest, tg_id: int, text: str) -> str:
    return await bot.say(bot.telegram.world.users[tg_id], text)


def roles_listed(text: str) -> list[str]:
    """The role of each link listed (its first word; "neutral adjudicator" is one role)."""
    return sorted(line.removeprefix("neutral ").split()[0] for line in text.splitlines()
                  if "?start=" in line)


async def test_a_td_sees_only_the_links_a_td_may_hand_out(bot: BotUnderTest) -> None:
    listed = await say(bot, TARA, "/invites")
    # the general player link, Ben, Cai and Dev's personal links (Ann is on Telegram and
    # has hers too), and the adjudicator link: no TD or organiser link
    assert roles_listed(listed) == ["adjudicator"] + ["player"] * 5, listed
    assert "Tara TD" not in listed
    assert "player anyone (pick a name): https://" in listed
    assert "neutral adjudicator the first to follow it: https://" in listed


async def test_an_organiser_sees_every_link(bot: BotUnderTest) -> None:
    listed = await say(bot, OLGA, "/invites")
    assert roles_listed(listed) == ["TD", "TD", "adjudicator", "organiser", "player", "player",
                                    "player", "player", "player"], listed
    assert re.search(r"TD Tara TD: https://t\.me/tdbot_demo_bot\?start=", listed)


async def test_a_player_sees_none(bot: BotUnderTest) -> None:
    assert "for the TDs and organisers" in await say(bot, ANN, "/invites")


@pytest.mark.parametrize(
    "data",
    [
        "stale:1",  # a button of an older version of the bot
        "join:pick:abc:x1",  # garbled join buttons
        "join:pick:abc",
        "join:approve:12x",
        "join:maybe:12",
    ],
)
async def test_a_button_no_handler_knows_is_answered_not_left_spinning(
    bot: BotUnderTest, data: str
) -> None:
    async with bot.runtime.db.transaction() as tx:
        await outbox.enqueue(tx, chat_id=ANN, text_html="An old message", now=bot.clock(),
                             buttons=[[("Press", data)]])
    await bot.settle()
    ann = bot.telegram.world.users[ANN]
    before = len(bot.telegram.sent(ann))
    query = bot.telegram.user_taps(ann, bot.telegram.last_sent(ann), text="Press")
    await bot.settle()
    assert query.answered and query.answer_text == texts.BUTTON_REFUSED
    assert bot.telegram.unanswered_taps() == []
    # the one neutral answer a refused press gets (tests/bot/test_forged_buttons.py)
    assert [m.text for m in bot.telegram.sent(ann)[before:]] == [
        texts.refused(texts.BUTTON_REFUSED)]


@given(code=st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=1,
                    max_size=16),
       entry_id=st.integers(min_value=1, max_value=10**12), approve=st.booleans())
def test_button_data_parses_back_to_what_built_it(code: str, entry_id: int, approve: bool) -> None:
    assert callbacks.parse_join_pick(callbacks.join_pick(code, entry_id)) == (code, entry_id)
    assert callbacks.parse_join_decide(callbacks.join_decide(entry_id, approve)) == (
        entry_id, approve)
    for row in invite_texts.pick_buttons(code, [(entry_id, "A name")]):
        assert all(len(data.encode()) <= 64 for _, data in row)  # Telegram's limit
    for data in (callbacks.join_decide(entry_id, approve), callbacks.slip("agree", entry_id),
                 callbacks.slip("start", entry_id, 1)):
        assert len(data.encode()) <= 64


@given(action=st.sampled_from(sorted(callbacks.SLIP_ACTIONS)),
       slip_id=st.integers(min_value=1, max_value=10**17), side=st.sampled_from([0, 1]))
def test_slip_buttons_parse_back(action: str, slip_id: int, side: int) -> None:
    data = callbacks.slip(action, slip_id, side if action == "start" else None)
    assert callbacks.parse_slip(data) == (action, slip_id, side if action == "start" else None)
    assert callbacks.parse_slip(data + ":9") is None and callbacks.parse_join_pick(data) is None


def test_data_of_another_kind_does_not_parse() -> None:
    assert callbacks.parse_join_pick(callbacks.join_decide(5, True)) is None
    assert callbacks.parse_join_decide(callbacks.join_pick("abc", 5)) is None
    assert callbacks.parse_join_decide("join:approve:²") is None  # a digit, but not 0-9
    assert callbacks.parse_join_pick(None) is None


async def test_a_definition_telegram_cannot_serve_is_asked_for_again(
    bot: BotUnderTest, caplog: pytest.LogCaptureFixture
) -> None:
    """getFile answers 400 (Telegram lost the file, or it is temporarily unavailable): the
    organiser is told the file could not be fetched and to send it again; it is no error
    of the bot's. Sent again, it works."""
    tg = bot.telegram
    olga = tg.world.users[OLGA]
    second = DEFINITION.replace('slug = "club-cup"', 'slug = "club-cup-2"').encode()
    tg.faults.add("getFile", faults.bad_request(
        "wrong file_id or the file is temporarily unavailable"))
    with caplog.at_level(logging.WARNING, logger="bot.telegram"):
        tg.user_sends_document(olga, second, "club_cup_2.toml")
        await bot.settle()
    answer = tg.last_sent(olga).text or ""
    assert answer == ("⚠️ club_cup_2.toml: I could not fetch this file from Telegram; "
                      "please send it again."), answer
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    tg.user_sends_document(olga, second, "club_cup_2.toml")
    await bot.settle()
    assert "Created Club Cup <2026> (club-cup-2)" in (tg.last_sent(olga).text or "")
    # the event remembers the bot its links are for (``tdbot players import`` prints them)
    assert (await lookup_event(bot.runtime.db, "club-cup-2")).bot_username == "tdbot_demo_bot"
