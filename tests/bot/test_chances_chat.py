"""/chances, /rating and the decided prizes of /pending in the chat, and their CLI twins.

The weekly Swiss of tests/bot/round_event.py (nine players, five rounds, the Gibson rule,
one prize) played through the fake Bot API: when round 4, the second-to-last, opens, every
player is told once what they can still reach; /chances answers a player any time; Ann,
who has clinched first place after four rounds, is told so in plain words; /rating shows
a player their NASPA estimate from the final results, and a TD the table; once all is
played, /pending names the decided prize place.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.service.formats.rounds.chances import FEWEST_RUNS, RUNS, outlook_of, runs_for
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.telegram.harness import BotUnderTest
from core.chances import Remaining
from tests.bot.club_chat import club_cup_bot
from tests.bot.round_event import IDS, NAMES, definition
from tests.bot.test_round_events_e2e import play_round, say, texts, until, user


async def _state(bot: BotUnderTest):  # type: ignore[no-untyped-def]
    async with bot.runtime.db.transaction() as tx:
        return await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]


async def _open(bot: BotUnderTest, number: int) -> None:
    if number > 1:
        await bot.advance(timedelta(days=7))
    opened = await say(bot, "Tara TD", f"/openround {number} until {await until(bot)}")
    assert f"Round {number}" in opened, opened


async def test_chances_rating_and_decided_prizes_in_the_chat(tmp_path: Path,
                                                             db_target: Path | str) -> None:
    async with club_cup_bot(tmp_path, definition(ids=True), ids=IDS, draw=False,
                            db=db_target, open_sf=False) as bot:
        tg = bot.telegram
        await say(bot, "Tara TD", "/draw 5")
        early = await say(bot, "Ben Ong", "/chances")
        assert "no round paired yet" in early, early
        for number in (1, 2, 3):
            await _open(bot, number)
            await play_round(bot, number)
        told_before = {n: len(tg.sent(user(bot, n))) for n in NAMES}
        await _open(bot, 4)
        # every player: the opening (or bye) message, then once their outlook
        for name in NAMES:
            new = texts(bot, user(bot, name))[told_before[name]:]
            outlook = [t for t in new if "what you can still reach" in t]
            assert len(outlook) == 1, (name, new)
            assert " to play." in outlook[0] and "Ask again any time: /chances" in outlook[0]
        ivy = texts(bot, user(bot, "Ivy Goh"))[-1]
        assert "A prize (1st place) is out of reach now." in ivy, ivy
        # the stored messages: one outlook per player for round 4, by its dedupe key
        async with bot.runtime.db.transaction() as tx:
            told = await tx.scalar("SELECT count(*) FROM outbox WHERE dedupe_key "
                                   "LIKE 'chances:%'")
        assert told == len(NAMES)

        await play_round(bot, 4)
        state = await _state(bot)
        view = outlook_of(state)
        ann_no = next(n for n, e in state.entries.items() if e.name == "Ann Lee")
        # level on wins with Ben, but 500 points of spread ahead with one round left: the
        # event's Gibson rule (NSC 2006 limits) counts her uncatchable; on wins alone she
        # could still be passed
        assert ann_no in view.gibsonized and view.found[ann_no].prize(1) == "open"
        await _open(bot, 5)
        ann = await say(bot, "Ann Lee", "/chances")
        assert "You have clinched first place: even if you lose every game left" in ann, ann
        assert "your spread lead is beyond" in ann and "Gibson rule" in ann, ann
        assert "Worst:" not in ann
        ben = await say(bot, "Ben Ong", "/chances")
        assert "You are 2nd now with 3 wins." in ben and "Likely finish, from 200 simulated endings" in ben
        assert "Gibson" not in ben
        # the same answer again: the simulation's seed is the event and its results
        assert await say(bot, "Ben Ong", "/chances") == ben
        tara = await say(bot, "Tara TD", "/chances")
        assert "for the players of" in tara, tara

        rating = await say(bot, "Ben Ong", "/rating")
        assert "your rating estimate (NASPA's method)" in rating, rating
        assert "after 4 rated games" in rating and "An estimate only" in rating
        division = await say(bot, "Ben Ong", "/rating all")
        assert "rating estimate after round 4" in division and "Ivy Goh: 1500 → " in division
        assert "Before sending the results to the rating body" not in division  # the TDs' task
        wrong = await say(bot, "Ben Ong", "/rating Ann")
        assert "/rating all for everyone's" in wrong, wrong
        table = await say(bot, "Tara TD", "/rating")
        assert "rating estimate after round 4" in table and "Ann Lee: 1900 → " in table
        assert "Before sending the results to the rating body" in table

        pending = await say(bot, "Tara TD", "/pending")
        assert "Prize places decided" in pending, pending
        assert "1st: Ann Lee (clinched under the Gibson rule)" in pending, pending
        await play_round(bot, 5)
        pending = await say(bot, "Tara TD", "/pending")
        assert "• 1st: Ann Lee\n" in pending + "\n" and "Gibson" not in pending, pending
        over = await say(bot, "Hal Ng", "/chances")
        assert "the event is over: you finished 8th." in over, over


def test_a_large_field_simulates_fewer_finishes() -> None:
    small = Remaining(dict.fromkeys(range(1, 10), 0), rounds=2)
    assert runs_for(small) == RUNS
    large = Remaining(dict.fromkeys(range(1, 501), 0), rounds=3)
    assert runs_for(large) == FEWEST_RUNS
    assert runs_for(Remaining(dict.fromkeys(range(1, 101), 0), rounds=2)) == 100
    assert runs_for(Remaining({1: 2, 2: 0})) == 0  # nothing left to play
