"""Reaching the opponent through the bot (bot/service/between/relay.py): relayed, marked with the
match, never showing a phone; kept for the TDs who may rule on the match; rate-limited;
mutable; a one-message draft after the "Reply" button."""

from __future__ import annotations

from bot.service.between import relay
from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import match_id, rows
from tests.bot.club_chat import last, report_game, say, tap, user


async def test_a_message_reaches_the_opponent_marked_with_the_match(bot: BotUnderTest) -> None:
    answer = await say(bot, "Ann Lee", "/tell M1 Can we play on Saturday?\nI am free all day.")
    assert answer == "✅ Sent to Dev Rao."
    got = last(bot, "Dev Rao")
    assert got.startswith("✉️ Ann Lee writes about your SF match (Club Cup <2026>):")
    assert "Can we play on Saturday?\nI am free all day." in got
    assert "8333" not in got and "@" not in got  # no phone, no account
    m1 = await match_id(bot, "M1")
    stored = await rows(bot, "SELECT match_id, text, state FROM relay_messages")
    assert stored == [(m1, "Can we play on Saturday?\nI am free all day.", "relayed")]
    # the TD who may rule on M1 reads it
    log = await say(bot, "Tara TD", "/matchlog M1")
    assert "Ann Lee wrote: Can we play on Saturday?" in log, log


async def test_a_stranger_to_the_match_cannot_write_in_it(bot: BotUnderTest) -> None:
    answer = await say(bot, "Ben Ong", "/tell M1 hello Dev")
    assert answer.startswith("⚠️ You play in no match 'M1'"), answer
    assert await rows(bot, "SELECT count(*) FROM relay_messages") == [(0,)]


async def test_too_many_messages_are_refused_with_when_to_write_again(bot: BotUnderTest) -> None:
    for i in range(relay.RELAY_LIMIT):
        await say(bot, "Ann Lee", f"/tell M1 message {i}")
    answer = await say(bot, "Ann Lee", "/tell M1 one more")
    assert answer.startswith(f"⚠️ You have sent Dev Rao {relay.RELAY_LIMIT} messages in the last 24 hours"), answer
    assert "you can write again from Tue 03 Mar 2026 17:00 (+08)" in answer, answer
    assert await rows(bot, "SELECT count(*) FROM relay_messages") == [(relay.RELAY_LIMIT,)]


async def test_when_to_write_again_is_in_the_zone_the_player_set(bot: BotUnderTest) -> None:
    await say(bot, "Ann Lee", "/timezone Europe/London")
    for i in range(relay.RELAY_LIMIT):
        await say(bot, "Ann Lee", f"/tell M1 message {i}")
    answer = await say(bot, "Ann Lee", "/tell M1 one more")
    assert "you can write again from Tue 03 Mar 2026 09:00 (GMT, Europe/London)" in answer, answer


async def test_a_muted_match_keeps_the_messages_for_the_tds_only(bot: BotUnderTest) -> None:
    assert (await say(bot, "Dev Rao", "/mute M1")).startswith("🔕 Messages from Ann Lee are muted")
    before = len(bot.telegram.sent(user(bot, "Dev Rao")))
    answer = await say(bot, "Ann Lee", "/tell M1 are you there?")
    assert "has muted your messages in this match, so it was not delivered" in answer
    assert len(bot.telegram.sent(user(bot, "Dev Rao"))) == before
    assert await rows(bot, "SELECT state FROM relay_messages") == [("muted",)]
    assert "(not delivered: muted)" in await say(bot, "Tara TD", "/matchlog M1")
    await say(bot, "Dev Rao", "/unmute M1")
    await say(bot, "Ann Lee", "/tell M1 now?")
    assert "now?" in last(bot, "Dev Rao")


async def test_reply_button_sends_the_next_message_only(bot: BotUnderTest) -> None:
    await say(bot, "Ann Lee", "/tell M1 Saturday?")
    await tap(bot, "Dev Rao", "↩️ Reply")
    assert last(bot, "Dev Rao").startswith("Write your message to Ann Lee now")
    assert (await say(bot, "Dev Rao", "412-380 is not a result, it is my address")) == \
        "✅ Sent to Ann Lee."
    assert "412-380 is not a result" in last(bot, "Ann Lee")
    assert await rows(bot, "SELECT count(*) FROM slips") == [(0,)]
    # the draft is used up: the next message is a result again
    await say(bot, "Dev Rao", "412-380")
    assert await rows(bot, "SELECT count(*) FROM relay_messages") == [(2,)]
    assert await rows(bot, "SELECT count(*) FROM slips") == [(1,)]


async def test_share_shows_the_username_the_player_chose(bot: BotUnderTest) -> None:
    user(bot, "Ann Lee").username = "annlee"
    await say(bot, "Ann Lee", "/tell M1 before sharing")
    assert "@annlee" not in last(bot, "Dev Rao")
    assert "@annlee" in await say(bot, "Ann Lee", "/share")
    await say(bot, "Ann Lee", "/tell M1 after sharing")
    assert "Ann Lee (@annlee) writes" in last(bot, "Dev Rao")
    assert await rows(bot, "SELECT username FROM player_prefs") == [("annlee",)]
    await say(bot, "Ann Lee", "/share off")
    assert await rows(bot, "SELECT username FROM player_prefs") == [(None,)]


async def test_the_round_opening_message_and_matches_offer_the_buttons(bot: BotUnderTest) -> None:
    """The message announcing the match carries "write to" and "propose a time"; so does
    /matches, for each match being played."""
    opened = bot.telegram.sent(user(bot, "Ann Lee"))
    announcing = next(m for m in opened if "SF is open" in (m.text or ""))
    labels = [b["text"] for row in announcing.buttons() for b in row]
    assert labels == ["✉️ Write to Dev Rao", "📅 Propose a time"]
    await say(bot, "Ann Lee", "/matches")
    assert "✉️ Write to Dev Rao" in [b["text"] for row in bot.telegram.last_sent(
        user(bot, "Ann Lee")).buttons() for b in row]
    await tap(bot, "Ann Lee", "✉️ Write to Dev Rao")
    await say(bot, "Ann Lee", "Hello from the buttons")
    assert await rows(bot, "SELECT text FROM relay_messages") == [("Hello from the buttons",)]


async def test_a_question_asked_after_write_to_is_answered_first(bot: BotUnderTest) -> None:
    """The newest question wins: Dev taps "Write to", then disputes Ann's slip; his next
    text is the dispute's reason, never relayed to Ann."""
    await say(bot, "Ann Lee", "/tell M1 hi")
    await tap(bot, "Dev Rao", "↩️ Reply")
    await say(bot, "Ann Lee", "412-380")
    await tap(bot, "Ann Lee", "I started")
    await tap(bot, "Ann Lee", "✅ Confirm")
    await tap(bot, "Dev Rao", "Dispute")
    answer = await say(bot, "Dev Rao", "I had 390, not 380")
    assert answer.startswith("Thank you: I passed your reason on to"), answer
    assert await rows(bot, "SELECT text FROM relay_messages") == [("hi",)]
    assert await rows(bot, "SELECT reason FROM disputes") == [("I had 390, not 380",)]


async def test_a_match_with_no_opponent_yet_is_refused_in_names(bot: BotUnderTest) -> None:
    """Ann won her SF (final: Dev agreed both games); the Final waits for Ben v Cai. Writing
    to her Final opponent is refused, saying whom it waits for in people's names, and
    nothing is relayed."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ann Lee", "400-350")
    await tap(bot, "Dev Rao", "Agree")
    answer = await say(bot, "Ann Lee", "/tell M3 good luck")
    assert answer == ("⚠️ Your Final match has no opponent yet: it waits for the winner of "
                      "Ben Ong v Cai Wen"), answer
    assert await rows(bot, "SELECT count(*) FROM relay_messages") == [(0,)]


def test_the_buttons_of_several_matches_say_whose_match_each_is() -> None:
    """Under /matches with two matches being played, each row's buttons name its opponent
    (a player knows people, not match codes); with one, "Propose a time" says enough."""
    from bot.service.between.relay_texts import match_buttons
    from bot.words.said import english

    two = [[english(label) for label, _ in row]
           for row in match_buttons([(1, "R1-1", "Ann Lee"), (7, "M3", "Dev Rao")])]
    assert two == [["✉️ Write to Ann Lee", "📅 Propose a time to Ann Lee"],
                   ["✉️ Write to Dev Rao", "📅 Propose a time to Dev Rao"]]
    one = [[english(label) for label, _ in row]
           for row in match_buttons([(1, "R1-1", "Ann Lee")])]
    assert one == [["✉️ Write to Ann Lee", "📅 Propose a time"]]
    assert not any("R1-1" in label or "M3" in label for row in two + one for label in row)
