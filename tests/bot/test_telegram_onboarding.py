"""Onboarding through the real PTB Application against the in-process fake Telegram.

Rules checked ("Onboarding" and "The bot platform"): a stranger gets a friendly
answer saying what TDBot is and how to join; an organiser listed in settings creates an
event by sending its TOML definition as a document and gets the invite deep links; whoever
follows a player link picks their name and a TD approves; a personal link links at once;
/help and the command menus show only what that person may do; a player cannot use TD
buttons.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from bot.fakebot import FakeUser
from bot.telegram.harness import BotUnderTest

DEFINITION = (Path(__file__).parent / "data" / "club_cup.toml").read_bytes()
ORGANISER_ID = 500


@pytest.fixture
async def bot(tmp_path: Path):
    under_test = BotUnderTest(tmp_path / "bot.sqlite3", organisers=frozenset({ORGANISER_ID}))
    async with under_test:
        yield under_test


def links(text: str) -> dict[str, str]:
    """'player', and '<role> <name>' for personal links -> start code."""
    found: dict[str, str] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.search(r"\?start=([\w-]+)", line)
        if not m:
            continue
        label = line.split(":")[0] if ": https" in line else "player"
        if "Player link" in lines[i - 1]:
            label = "player"
        found[label] = m.group(1)
    return found


async def create_event(bot: BotUnderTest) -> tuple[FakeUser, dict[str, str]]:
    tg = bot.telegram
    olga = tg.add_user("Olga", user_id=ORGANISER_ID)
    tg.user_sends_document(olga, DEFINITION, "club_cup.toml")
    await bot.settle()
    reply = tg.last_sent(olga).text or ""
    assert "Created Club Cup <2026>" in reply  # escaped in HTML, shown as text
    return olga, links(reply)


async def test_a_stranger_learns_what_tdbot_is_and_how_to_join(bot: BotUnderTest) -> None:
    tg = bot.telegram
    sam = tg.add_user("Sam")
    tg.user_sends(sam, "hi there")
    await bot.settle()
    answer = tg.last_sent(sam).text or ""
    assert "TDBot" in answer and "invite link" in answer
    tg.user_sends(sam, "/help")
    await bot.settle()
    help_text = tg.last_sent(sam).text or ""
    assert "/start" in help_text and "/draw" not in help_text and "/matches" not in help_text


async def test_only_listed_organisers_may_create_events(bot: BotUnderTest) -> None:
    tg = bot.telegram
    mallory = tg.add_user("Mallory")
    tg.user_sends_document(mallory, DEFINITION, "club_cup.toml")
    await bot.settle()
    said = tg.last_sent(mallory).text or ""
    assert "TDBOT_ORGANISERS" in said
    assert said.endswith(f"Your Telegram id is {mallory.id}."), said  # what the host needs
    assert tg.calls("getFile") == []  # refused before downloading anything


async def test_a_bad_definition_names_the_key(bot: BotUnderTest) -> None:
    tg = bot.telegram
    olga = tg.add_user("Olga", user_id=ORGANISER_ID)
    bad = DEFINITION.replace(b"best_of = 3", b"best_of = 4")
    tg.user_sends_document(olga, bad, "club_cup.toml")
    await bot.settle()
    assert "rounds[0].best_of: must be odd" in (tg.last_sent(olga).text or "")


async def test_a_bad_definition_is_refused_in_the_organiser_s_language(
        bot: BotUnderTest) -> None:
    """An organiser whose Telegram reads French uploads a definition with two mistakes:
    each is named by its key, as the file writes it, with how to fix it, in French (in
    English: ``test_a_bad_definition_names_the_key``); no event is created."""
    tg = bot.telegram
    odile = tg.add_user("Odile", user_id=ORGANISER_ID, language_code="fr")
    bad = DEFINITION.replace(b"best_of = 3", b"best_of = 4").replace(
        b"[event]", b"[event]\nnmae = 1", 1)
    tg.user_sends_document(odile, bad, "club_cup.toml")
    await bot.settle()
    answer = tg.last_sent(odile).text or ""
    assert answer.startswith("⚠️ club_cup.toml : "), answer
    assert "event.nmae : clé inconnue : vouliez-vous dire name ?" in answer, answer
    assert "; rounds[0].best_of : doit être impair (un best_of pair demande" in answer, answer
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT COUNT(*) FROM events") == 0


async def test_a_definition_nested_too_deep_is_refused_in_words(bot: BotUnderTest) -> None:
    """500 nested brackets overflowed the TOML reader's recursion: the organiser got the
    apology for a bug. Now they are told what is wrong with their file."""
    tg = bot.telegram
    olga = tg.add_user("Olga", user_id=ORGANISER_ID)
    deep = DEFINITION + b"\nx = " + b"[" * 500 + b"]" * 500 + b"\n"
    tg.user_sends_document(olga, deep, "club_cup.toml")
    await bot.settle()
    answer = tg.last_sent(olga).text or ""
    assert "nested" in answer and "went wrong" not in answer
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM events") == 0


async def test_organiser_gets_links_and_players_join_by_picking_their_name(
    bot: BotUnderTest,
) -> None:
    tg = bot.telegram
    olga, codes = await create_event(bot)
    assert {"player", "TD Tara TD", "player Ann Lee"} <= set(codes)
    assert "matches" not in tg.commands_shown(olga) and "draw" in tg.commands_shown(olga)

    tara = tg.add_user("Tara")
    tg.user_sends(tara, f"/start {codes['TD Tara TD']}")
    await bot.settle()
    assert "You are a TD" in (tg.last_sent(tara).text or "")
    assert "draw" in tg.commands_shown(tara)

    ben = tg.add_user("Benny")
    tg.user_sends(ben, f"/start {codes['player']}")
    await bot.settle()
    menu = tg.last_sent(ben)
    labels = [b["text"] for row in menu.buttons() for b in row]
    assert labels == ["Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"]
    tg.user_taps(ben, menu, text="Ben Ong")
    await bot.settle()
    assert "asked the tournament directors" in (tg.last_sent(ben).text or "")
    picked = tg.world.message(menu.chat.id, menu.message_id)  # no question left on it
    assert picked is not None and picked.buttons() == []
    assert picked.text == "Welcome to Club Cup <2026>! You said you are Ben Ong."
    ask = tg.last_sent(tara)
    assert "Ben Ong" in (ask.text or "") and "Benny" in (ask.text or "")

    # Tara and the organiser both press Approve on their copies, Olga before Tara's
    # verdict reaches her: one approval, both copies say who decided, Olga is told.
    olga_ask = next(m for m in tg.sent(olga) if m.buttons())
    tg.user_taps(tara, ask, text="Approve")
    tg.user_taps(olga, olga_ask, text="Approve")
    await bot.settle()
    assert [m.text for m in tg.sent(ben)].count(
        "Welcome to Club Cup <2026>, Ben Ong! A TD approved your entry. "
        "Send /matches to see your matches.") == 1
    for copy in (ask, olga_ask):
        now_shown = tg.world.message(copy.chat.id, copy.message_id)
        assert now_shown is not None and now_shown.buttons() == []
        assert (now_shown.text or "").endswith("Approve?\n\n✅ Approved by Tara TD.")
    assert tg.last_sent(olga).text == "This request was decided already: ✅ Approved by Tara TD."
    assert "matches" in tg.commands_shown(ben) and "draw" not in tg.commands_shown(ben)


async def test_a_personal_link_links_at_once(bot: BotUnderTest) -> None:
    tg = bot.telegram
    _olga, codes = await create_event(bot)
    ann = tg.add_user("Ann")
    tg.user_sends(ann, f"/start {codes['player Ann Lee']}")
    await bot.settle()
    assert (tg.last_sent(ann).text or "").startswith(
        "Welcome! You are Ann Lee, a player of Club Cup <2026>.")
    assert "matches" in tg.commands_shown(ann)
    tg.user_sends(ann, "/help")
    await bot.settle()
    help_text = tg.last_sent(ann).text or ""
    assert "/matches" in help_text and "/draw" not in help_text


async def test_an_unknown_invite_code_is_refused_plainly(bot: BotUnderTest) -> None:
    tg = bot.telegram
    eve = tg.add_user("Eve")
    tg.user_sends(eve, "/start nosuchcode")
    await bot.settle()
    assert "not valid" in (tg.last_sent(eve).text or "")


async def test_a_listed_organiser_without_events_is_told_how_to_create_one(
    bot: BotUnderTest,
) -> None:
    tg = bot.telegram
    olga = tg.add_user("Olga", user_id=ORGANISER_ID)
    tg.user_sends(olga, "hello")
    await bot.settle()
    assert "send me the event's definition file" in (tg.last_sent(olga).text or "")
    tg.user_sends(olga, "/help")
    await bot.settle()
    help_text = tg.last_sent(olga).text or ""
    assert ".toml" in help_text and "/draw" not in help_text  # no event to draw yet


async def test_someone_waiting_for_approval_is_told_so_not_greeted_as_a_stranger(
    bot: BotUnderTest,
) -> None:
    """Onboarding: between picking their name and a TD's approval a player is
    neither a stranger nor in the event; "hello" or /help tells them their request waits."""
    tg = bot.telegram
    _olga, codes = await create_event(bot)
    ben = tg.add_user("Benny")
    tg.user_sends(ben, f"/start {codes['player']}")
    await bot.settle()
    tg.user_taps(ben, tg.last_sent(ben), text="Ben Ong")
    await bot.settle()
    for said in ("hello?", "/help"):
        tg.user_sends(ben, said)
        await bot.settle()
        answer = tg.last_sent(ben).text or ""
        assert "You have asked to join Club Cup <2026>" in answer, said
        assert "open your invite link" not in answer and "To join an event" not in answer


async def test_a_td_can_decide_join_requests_from_pending(bot: BotUnderTest) -> None:
    """/pending lists the join requests with their buttons, so a TD need not scroll back to
    the original request ("the read models the chat needs ... what awaits a TD")."""
    tg = bot.telegram
    _olga, codes = await create_event(bot)
    tara = tg.add_user("Tara")
    tg.user_sends(tara, f"/start {codes['TD Tara TD']}")
    ben = tg.add_user("Benny")
    tg.user_sends(ben, f"/start {codes['player']}")
    await bot.settle()
    tg.user_taps(ben, tg.last_sent(ben), text="Ben Ong")
    await bot.settle()
    tg.user_sends(tara, "/pending")
    await bot.settle()
    listing = tg.last_sent(tara)
    assert "Benny says they are Ben Ong" in (listing.text or "")
    tg.user_taps(tara, listing, text="Approve Ben Ong")
    await bot.settle()
    assert "A TD approved your entry" in (tg.last_sent(ben).text or "")


async def test_a_definition_with_past_dates_is_created_with_a_warning_and_start_it_today(
    bot: BotUnderTest,
) -> None:
    """The club cup written for 2016: created, but the organiser is warned that its rounds'
    closing dates have passed, and "Start it today" moves every date as ``tdbot event
    create FILE --start today`` does (the gaps kept); SF then opens with its new dates. A
    file whose dates are ahead gets neither the warning nor the button."""
    from bot.service.platform import callbacks

    tg = bot.telegram
    olga = tg.add_user("Olga", user_id=ORGANISER_ID)
    old = DEFINITION.replace(b"2026-03", b"2016-03").replace(b"club-cup", b"old-cup")
    tg.user_sends_document(olga, old, "old_cup.toml")
    await bot.settle()
    created = tg.last_sent(olga)
    assert (created.text or "").endswith(
        "⚠️ Its dates are past: SF closed Wed 09 Mar 2016; Final closed Thu 17 Mar 2016, so "
        "these rounds cannot open as dated. Tap Start it today to move every date by the "
        "same number of days so that the first is today (the gaps stay), as tdbot event "
        "create FILE --start today does."), created.text
    assert [b["text"] for row in created.buttons() for b in row] == ["Start it today"]
    await bot.tap(olga, "Start it today")
    assert tg.last_sent(olga).text == (
        "📅 Every date of Club Cup <2026> moved +3652 days: the schedule starts Mon 02 Mar "
        "2026 (it started Wed 02 Mar 2016), the gaps between the dates as they were.")
    shown = tg.world.message(created.chat.id, created.message_id)
    assert shown is not None and shown.buttons() == []
    async with bot.runtime.db.transaction() as tx:
        rules = await tx.scalar("SELECT rules_json FROM events WHERE slug = 'old-cup'")
        event_id = await tx.scalar("SELECT id FROM events WHERE slug = 'old-cup'")
    assert '"closes": "2026-03-09"' in rules and '"opens": "2026-03-10"' in rules
    # a second press of the same button (the reply was slow) moves nothing
    tg.user_forges_tap(olga, callbacks.event_today(event_id, date(2016, 3, 2)), created)
    await bot.settle()
    assert tg.last_sent(olga).text == ("The dates of Club Cup <2026> were moved already: its "
                                       "schedule starts Mon 02 Mar 2026.")
    await bot.say(olga, "/draw 1")
    opened = await bot.say(olga, "/openround SF anyway: fees at the venue")
    assert "Opened SF" in opened and "Deadline: Mon 09 Mar 2026 23:59 (+08)." in opened, opened
    # once drawn, the rounds keep their dates
    tg.user_forges_tap(olga, callbacks.event_today(event_id, date(2026, 3, 2)), created)
    await bot.settle()
    assert "is drawn: its rounds keep the dates they were made with" in (
        tg.last_sent(olga).text or "")

    tg.user_sends_document(olga, DEFINITION, "club_cup.toml")  # dated ahead
    await bot.settle()
    fresh = tg.last_sent(olga)
    assert "Created Club Cup" in (fresh.text or "") and "past" not in (fresh.text or "")
    assert fresh.buttons() == []


async def test_the_weekly_swiss_example_opens_round_1_without_a_refusal(
    bot: BotUnderTest,
) -> None:
    """examples/weekly_swiss.toml sent as it ships: no warning, and /openround 1 opens it
    (round_days gives the close: its rounds carry no date to go stale)."""
    example = Path(__file__).resolve().parents[2] / "examples" / "weekly_swiss.toml"
    tg = bot.telegram
    olga = tg.add_user("Olga", user_id=ORGANISER_ID)
    tg.user_sends_document(olga, example.read_bytes(), "weekly_swiss.toml")
    await bot.settle()
    created = tg.last_sent(olga)
    assert "Created Tuesday Club Swiss" in (created.text or "") and created.buttons() == []
    await bot.say(olga, "/draw 1")
    opened = await bot.say(olga, "/openround 1")
    assert opened.startswith("Opened Round 1 of Tuesday Club Swiss."), opened
    assert "Deadline: Sun 08 Mar 2026 17:00 (+08)." in opened, opened
