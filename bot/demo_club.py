"""`tdbot demo --club`: a club night and a ladder challenge in miniature, played by the real
bot against the in-process fake Telegram (``bot.demo``'s machinery), printed as people read
the chats.

The story: the club's TD, also its organiser, sends the club's two definitions (a club
night, ``format = "club"``, and its challenge ladder, ``format = "ladder"``; both from
``examples/club_night.toml`` and ``examples/club_ladder.toml``, cut down, with each
member's Telegram id so that nobody needs an invite link). On the night the TD opens it
(/night); members check in (a student at the student rate), a newcomer who walked in is
added by the TD and follows the link the TD passes on; round 1 is paired by King of the
Hill with the newcomer kept from the club's top players ("Pairing Players at Club"); a
latecomer checks in after it and plays from round 2, where the odd player has the bye
("Odd Number of Players"); games are reported in the chat (the slip, who started, Confirm,
the opponent's Agree); one is a member's 50th club win, announced once ("Expert Points");
the TD marks two fees paid with two taps ("Player Fees at Club"); a member reads her record
(/me); the TD ends the night. The next day, the ladder: a member looks at it, challenges by
button, the challenged member accepts, the game is reported and the challenger leapfrogs
(NASPA Director's Manual, *Pairing Players at Club*, "a rigid ladder system"). It all
happens within a day of the night, before any board-photo window (SSSg para 25) closes.

Time is a simulated clock; the database is a temporary file; nothing leaves the process.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.demo import ORGANISER_ID, Script, invite_codes, run
from bot.telegram.harness import BotUnderTest

#: The people's Telegram ids (the TD is the organiser who sends the files).
IDS = {"Tara TD": ORGANISER_ID, "Ann Lee": 201, "Ben Ong": 202, "Cai Wen": 203,
       "Dev Rao": 204}


def _people() -> str:
    tds = f'[[tds]]\nname = "Tara TD"\ntelegram_id = {IDS["Tara TD"]}\n'
    ratings = {"Ann Lee": 1800, "Ben Ong": 1700, "Cai Wen": 1600, "Dev Rao": 1500}
    players = "".join(f'\n[[players]]\nname = "{name}"\nrating = {rating}\n'
                      f'telegram_id = {IDS[name]}\n' for name, rating in ratings.items())
    return tds + players


CLUB = """\
# A Scrabble club's nights: two rounds a night, King of the Hill.
[event]
slug = "tuesday-club"
name = "Tuesday Scrabble Club"
format = "club"
time_zone = "Asia/Singapore"
currency = "SGD"

[club]
method = "koth"
rounds = 2
newcomer_sessions = 3
protect_top = 2
bye = "spread"
bye_spread = 50
fee = 5
student_fee = 3
free_sessions = 1

# The club's records from before the bot.
[club.members."Ann Lee"]
sessions = 40
wins = 49
spread = 2100

[club.members."Ben Ong"]
sessions = 35
wins = 30

[club.members."Cai Wen"]
sessions = 12
wins = 9
student = true

[club.members."Dev Rao"]
sessions = 20
wins = 12

""" + _people()

LADDER = """\
# The club's challenge ladder: challenge up to 3 rungs up; a win leapfrogs.
[event]
slug = "club-ladder"
name = "Club Ladder"
format = "ladder"
time_zone = "Asia/Singapore"

[ladder]
reach = "3"
accept_hours = 48
play_days = 7
on_win = "leapfrog"
best_of = 1

""" + _people()


async def play(db_path: Path | None = None) -> str:
    """Play the club demo; return the transcript. A temporary database unless one is given."""
    return await run(_script, db_path)


async def _script(bot: BotUnderTest) -> str:
    s = Script(bot)
    tg = bot.telegram
    tara = tg.add_user("Tara", last_name="(TD)", user_id=IDS["Tara TD"])
    ann, ben, cai, dev = (tg.add_user(name.split()[0], user_id=IDS[name])
                          for name in ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"))
    eve = tg.add_user("Eve")
    for person in (ann, ben, cai, dev, eve):
        tg.chat_of(person)  # each has a private chat with the bot already
    s.out.append(f"TDBot club demo: a fake Telegram in this process, a temporary database, "
                 f"simulated time starting {bot.clock():%a %d %b %Y %H:%M} UTC.")

    s.chapter("The TD sends the club's two files: its nights and its ladder")
    await s.sends_file(tara, CLUB, "tuesday-club.toml")
    await s.sends_file(tara, LADDER, "club-ladder.toml")
    club = tg.add_group("Tuesday club chat", [tara, ann, ben, cai, dev, eve])
    await s.says(tara, "/link tuesday-club", chat=club)

    s.chapter("Tuesday 7 pm: the TD opens the night, members check in")
    await s.later(timedelta(days=1, hours=2))
    await s.says(tara, "/night")
    await s.says(ann, "/checkin")
    await s.says(ben, "/checkin")
    await s.says(cai, "/checkin")

    s.chapter("A newcomer walks in: the TD adds her, she follows her link")
    await s.says(tara, "/checkin new Eve Tan")
    code = invite_codes(tg.last_sent(tara).text or "")
    await s.says(eve, f"/start {next(iter(code.values()))}")

    s.chapter("Round 1 is paired; then Dev arrives late and plays from round 2")
    await s.says(tara, "/pairround")
    await s.says(dev, "/checkin")

    s.chapter("Ann reports her win, says who started, Ben agrees: her 50th club win")
    await s.says(ann, "420-350")
    await s.taps(ann, "I started")
    await s.taps(ann, "✅ Confirm")
    await s.taps(ben, "Agree")

    s.chapter("Eve, the newcomer, wins her first game at the club")
    await s.says(eve, "402-388")
    await s.taps(eve, "Cai Wen started")
    await s.taps(eve, "✅ Confirm")
    await s.taps(cai, "Agree")

    s.chapter("Round 2: five players now, so one has the bye")
    await s.says(tara, "/pairround")
    await s.says(cai, "395-371")
    await s.taps(cai, "Ann Lee started")
    await s.taps(cai, "✅ Confirm")
    await s.taps(ann, "Agree")
    await s.says(dev, "433-340")
    await s.taps(dev, "I started")
    await s.taps(dev, "✅ Confirm")
    await s.taps(eve, "Agree")

    s.chapter("Fees: Ann and Cai pay the TD, two taps")
    await s.says(tara, "/fees")
    await s.taps(tara, "💰 Ann Lee: SGD 5.00")
    await s.taps(tara, "💰 Cai Wen: SGD 3.00")

    s.chapter("Ann looks at her club record; the TD ends the night")
    await s.says(ann, "/me")
    await s.says(tara, "/endnight")

    s.chapter("Wednesday morning: Dev, last on the club's ladder, challenges by button")
    await s.later(timedelta(hours=14))
    await s.says(dev, "/ladder")
    await s.says(dev, "/challenge")
    await s.taps(dev, "Ben Ong")
    await s.taps(ben, "✅ Accept")

    s.chapter("At lunch they play: Dev wins, Ben agrees, Dev leapfrogs Ben and Cai")
    await s.later(timedelta(hours=4))
    await s.says(dev, "412-380")
    await s.taps(dev, "Ben Ong started")
    await s.taps(dev, "✅ Confirm")
    await s.taps(ben, "Agree")
    await s.says(ann, "/ladder")
    return s.transcript()
