"""Expulsion in the chat (SSSg Annex A paras 26, 29): a player not paid-up when the TD opens
the Final is expelled once the TD confirms; the TDs choose who takes the slot from para 29's
candidates (the expelled player's previous opponent first, then the previous round's best
loser by wins then spread, footnote 11) or nobody; the players are told at each step; the
slot's match waits until it is filled; /pending lists it; /expel expels a player at any time.

The club cup (tests/bot/club_chat.py): SF Ann v Dev and Ben v Cai, then the Final.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.store import entries_repo, expulsions_repo
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    say,
    tap,
    user,
)


async def _play_sf(bot: BotUnderTest) -> None:
    """Ann beats Dev 2-0 (+200), Ben beats Cai 2-1 (+50): paper slips, final at once."""
    db, ev, now = bot.runtime.db, bot.event_id, bot.clock()  # type: ignore[attr-defined]
    for players, scores, starter in (
        (("Ann Lee", "Dev Rao"), (450, 350), "Dev Rao"), (("Ann Lee", "Dev Rao"), (450, 350), None),
        (("Ben Ong", "Cai Wen"), (400, 300), "Cai Wen"), (("Cai Wen", "Ben Ong"), (400, 350), None),
        (("Ben Ong", "Cai Wen"), (400, 300), None),
    ):
        await reporting.enter_game(db, Request.cli(now), ev, players, scores, starter=starter)
    await bot.settle()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path) as running:
        await _play_sf(running)
        yield running


def _question(bot: BotUnderTest) -> str:
    """The TD's latest para 29 question."""
    return next(m.text or "" for m in reversed(bot.telegram.sent(user(bot, "Tara TD")))
                if "place against" in (m.text or ""))


async def _expelled(bot: BotUnderTest, name: str) -> bool:
    async with bot.runtime.db.transaction() as tx:
        entry = await entries_repo.named(tx, bot.event_id, name)  # type: ignore[attr-defined]
        assert entry is not None
        return entry.state == "expelled"


async def test_opening_the_final_expels_the_unpaid_player_and_the_td_fills_the_slot(
    bot: BotUnderTest,
) -> None:
    assert "Paid: Ben Ong" not in await say(bot, "Tara TD", "/paid Ben Ong Final")
    refused = await say(bot, "Tara TD", "/openround Final")
    assert "Final cannot open yet: not paid for this round" in refused
    assert "Ann Lee" in refused and "/openround Final expel" in refused  # as typed
    assert not await _expelled(bot, "Ann Lee")  # nothing changed

    opened = await say(bot, "Tara TD", "/openround Final expel")
    assert "Opened <b>Final</b>" not in opened  # the chat shows text, not HTML
    assert "Opened Final of Club Cup <2026>." in opened
    assert "🚫 Expelled, not paid-up (para 26): Ann Lee." in opened
    assert await _expelled(bot, "Ann Lee")
    assert ("Ann Lee, you have been expelled from the tournament. The tournament director gave "
            "this reason: “not paid-up for Final") in last(bot, "Ann Lee")
    assert "your opponent in Final, Ann Lee, has been expelled" in last(bot, "Ben Ong")
    question = _question(bot)
    assert "Who takes Ann Lee's place against Ben Ong in M3 (Final)?" in question
    assert "Para 29 lets you offer it to:" in question
    assert "If nobody takes it, Ben Ong goes through without playing." in question
    assert "1. Dev Rao: Ann Lee's opponent in the previous round (para 29)" in question
    assert "2. Cai Wen: eligible loser #1 of the previous round" in question
    assert buttons_of(bot, "Tara TD")[-3:] == [
        "Dev Rao (opponent)", "Cai Wen (best loser)", "Nobody: Ben Ong goes through"]

    # the match waits: Ben cannot play it yet, and /pending says what waits
    assert ("Ann Lee was expelled on Mon 02 Mar 2026 17:00 (+08); the TDs are choosing who "
            "takes the place in your match against Ann Lee.") in await say(bot, "Ben Ong", "400-300")
    assert "your opponent was expelled: the TDs choose who takes the place" in await say(
        bot, "Ben Ong", "/matches")
    pending = await say(bot, "Tara TD", "/pending")
    assert "Expelled players' slots: who takes them (para 29) (1):" in pending
    assert "M3: Ann Lee's slot v Ben Ong; 2 candidate(s)" in pending
    assert ("Unfinished matches of open rounds (1):\n• M3: Ann Lee v Ben Ong (Final) — waiting "
            "for a player") in pending

    await tap(bot, "Tara TD", "Cai Wen (best loser)")
    assert last(bot, "Tara TD").startswith("✅ Cai Wen takes Ann Lee's slot in M3 against Ben Ong")
    assert ("Club Cup <2026>: you take the place of Ann Lee, who was expelled (SSSg para 29); "
            "your opponent is Ben Ong.") in last(bot, "Cai Wen")
    assert "Your next match: Final against Ben Ong" in last(bot, "Cai Wen")
    assert "Cai Wen takes the place of Ann Lee, who was expelled (para 29)." in last(bot, "Ben Ong")
    edited = [m.text or "" for m in bot.telegram.sent(user(bot, "Tara TD"))
              if "place against" in (m.text or "")]
    assert edited and "✅ Tara TD decided: Cai Wen takes the slot." in edited[-1]
    # the slot is filled; the Final is still to be played in its open round
    pending = await say(bot, "Tara TD", "/pending")
    assert "slots" not in pending
    assert pending.endswith("Unfinished matches of open rounds (1):\n• M3: Cai Wen v Ben Ong "
                            "(Final)"), pending

    # the Final is now Ben v Cai, in an open round: Cai can play and report it
    assert "against Ben Ong, best of 5: being played" in await say(bot, "Cai Wen", "/matches")
    answer = await say(bot, "Cai Wen", "400-300")
    assert "Ben" in answer and "no match" not in answer.casefold()
    # Ann is out: a result of hers says who took her place, and records nothing
    assert (await say(bot, "Ann Lee", "400-300")).startswith(
        "⚠️ You were expelled on Mon 02 Mar 2026 17:00 (+08); Cai Wen took the place in your match against Ben Ong.")


async def test_a_slot_offered_to_nobody_puts_the_opponent_through(bot: BotUnderTest) -> None:
    """Nobody takes Ann's place: Ben goes through unplayed, is told so, and the event's
    group sees the walkover as it sees any final result."""
    group = bot.telegram.add_group("Club", [user(bot, name) for name in ("Tara TD", "Ben Ong")])
    bot.telegram.user_sends(user(bot, "Tara TD"), "/link club-cup", chat=group)
    await bot.settle()
    await say(bot, "Tara TD", "/paid Ben Ong Final")
    await say(bot, "Tara TD", "/openround Final expel")
    await tap(bot, "Tara TD", "Nobody: Ben Ong goes through")
    assert "Nobody takes Ann Lee's slot in M3: Ben Ong goes through" in last(bot, "Tara TD")
    assert ("you go through Final unplayed: Ann Lee was expelled and nobody takes the place "
            "(para 29). You have no match left to play.") in last(bot, "Ben Ong")
    async with bot.runtime.db.transaction() as tx:
        row = await tx.one("SELECT state, winner_side, entry_a, entry_b FROM matches "
                           "WHERE code = 'M3'")
        ben = await entries_repo.named(tx, bot.event_id, "Ben Ong")  # type: ignore[attr-defined]
    assert row is not None and ben is not None
    assert row["state"] == "bye" and (row["entry_a"], row["entry_b"])[row["winner_side"]] == ben.id
    posted = [m.text or m.caption or "" for m in bot.telegram.sent(group)]
    assert sum("Final: Ben Ong goes through unplayed" in p for p in posted) == 1, posted
    assert ("Club Cup &lt;2026&gt;, Final: Ben Ong goes through unplayed: Ann Lee was expelled "
            "and nobody takes the place.") not in posted  # the chat shows text, not HTML
    assert any("Club Cup <2026>, Final: Ben Ong goes through unplayed: Ann Lee was expelled "
               "and nobody takes the place." in p for p in posted), posted
    # a second press (another TD's, or the same one) changes nothing
    async with bot.runtime.db.transaction() as tx:
        open_slots = await expulsions_repo.open_of_event(tx, bot.event_id)  # type: ignore[attr-defined]
    assert open_slots == []


async def test_expel_command_mid_round_and_who_may_fill(tmp_path: Path) -> None:
    """/expel during the SF (para 29: any breach): Dev's slot is open; a player pressing a
    forged button or /expel is refused; with nobody from a previous round, the only answer
    is Nobody; the expelled player cannot report."""
    async with club_cup_bot(tmp_path) as bot:
        refused = await say(bot, "Ben Ong", "/expel Dev Rao: no show")
        assert "for the TDs and organisers" in refused
        usage = await say(bot, "Tara TD", "/expel Dev Rao")
        assert "/expel NAME: REASON" in usage
        done = await say(bot, "Tara TD", "/expel Dev Rao: did not turn up for three dates")
        assert done.startswith("🚫 Expelled Dev Rao (did not turn up for three dates); they are told.")
        question = _question(bot)
        assert "Nobody from the previous round can take it (para 29)." in question
        assert buttons_of(bot, "Tara TD")[-1:] == ["Nobody: Ann Lee goes through"]
        assert (await say(bot, "Dev Rao", "400-300")).startswith(
            "⚠️ You were expelled on Mon 02 Mar 2026 17:00 (+08); the TDs are choosing who "
            "takes the place in your match against Ann Lee. Nothing more is recorded in your "
            "matches.")
        again = await say(bot, "Tara TD", "/expel Dev Rao: twice")
        assert "already expelled" in again


async def test_an_event_that_holds_unpaid_players_does_not_expel_on_opening(
    tmp_path: Path,
) -> None:
    definition = linked_definition('fee_reminder_days = []\nunpaid = "hold"')
    async with club_cup_bot(tmp_path, definition) as bot:
        await _play_sf(bot)
        refused = await say(bot, "Tara TD", "/openround Final")
        assert "Final cannot open: not paid for this round" in refused
        assert "expel" not in refused.split("SSSg rules para 26")[1].split("Record")[0]
        refused = await say(bot, "Tara TD", "/openround Final expel")
        assert 'holds players not paid-up for a TD (rules.unpaid = "hold")' in refused
        assert not await _expelled(bot, "Ann Lee")


async def test_both_players_of_a_match_expelled_neither_goes_through(tmp_path: Path) -> None:
    """Ann alone has paid for the SF: Ben and Cai (M2) and Dev (M1) are expelled as it
    opens. Neither M2 player is told the other's news as if they were to play, the Nobody
    button says M2 is not played, and pressing it closes both slots: a bye goes on, no
    expelled player goes through. Dev's slot given to nobody puts Ann through the SF, and
    the Final, where nobody is left to meet her."""
    async with club_cup_bot(tmp_path, open_sf=False) as bot:
        await say(bot, "Tara TD", "/paid Ann Lee SF")
        await say(bot, "Tara TD", "/openround SF expel")
        assert "your opponent" not in last(bot, "Ben Ong") and "your opponent" not in last(
            bot, "Cai Wen")
        assert buttons_of(bot, "Tara TD").count("Nobody: M2 is not played") == 2
        await tap(bot, "Tara TD", "Nobody: M2 is not played")
        assert ("nor that of Ben Ong, expelled too: M2 is not played and a bye goes on"
                in last(bot, "Tara TD"))
        assert "Nobody: M2 is not played" not in buttons_of(bot, "Tara TD")  # both answered
        async with bot.runtime.db.transaction() as tx:
            states = [x.state for x in await expulsions_repo.open_of_event(
                tx, bot.event_id)]  # type: ignore[attr-defined]
            m2 = await tx.one("SELECT state, winner_side FROM matches WHERE code = 'M2'")
        assert len(states) == 1  # only Dev's slot in M1 is still open
        assert m2 is not None and (m2["state"], m2["winner_side"]) == ("bye", None)
        await tap(bot, "Tara TD", "Nobody: Ann Lee goes through")
        told = [m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee"))][-2:]
        assert "you go through SF unplayed: Dev Rao was expelled" in told[0]
        assert ("you go through Final unplayed: nobody is left to meet you there (players "
                "were expelled, para 29). You have no match left to play.") in told[1]


async def _counts(bot: BotUnderTest) -> tuple[int, ...]:
    """Games, disputes, slips, photos and journal lines stored: a refused act adds none."""
    async with bot.runtime.db.transaction() as tx:
        return tuple([int(await tx.scalar(f"SELECT COUNT(*) FROM {table}"))
                      for table in ("games", "disputes", "slips", "photos", "journal")])


async def test_a_player_expelled_mid_match_can_no_longer_report_or_be_ruled_on(
    tmp_path: Path,
) -> None:
    """Para 29 then 27: Dev Rao wins game 1 of M1 and Ann Lee disputes it; the TD expels Dev,
    so M1 goes to Ann as a match bye (its game void). The dispute closes with it: the TD's
    notice says so and keeps no ruling button. Dev's next result and his board photo are
    each refused with what the expulsion decided, and nothing of them is stored."""
    async with club_cup_bot(tmp_path) as bot:
        await say(bot, "Dev Rao", "412-380")
        await tap(bot, "Dev Rao", "Ann Lee started")
        await tap(bot, "Dev Rao", "✅ Confirm")
        await tap(bot, "Ann Lee", "Dispute")
        await say(bot, "Ann Lee", "the scores are the other way round")
        assert "Uphold" in buttons_of(bot, "Tara TD")
        done = await say(bot, "Tara TD", "/expel Dev Rao: abusive to his opponent")
        assert "M1 had games: match bye to Ann Lee (para 27), its games void." in done
        async with bot.runtime.db.transaction() as tx:
            m1 = await tx.one("SELECT state, winner_side, match_bye_side FROM matches"
                              " WHERE code = 'M1'")
        assert m1 is not None and tuple(m1) == ("decided", 0, 0)  # Ann's, by a match bye
        ann = "\n".join(m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee")))
        assert "Your next match: Final against the winner of Ben Ong v Cai Wen" in ann
        assert "reopened" not in ann  # nothing was reopened: Ann arrived in the Final
        before = await _counts(bot)

        assert "Uphold" not in buttons_of(bot, "Tara TD")
        notice = next(m.text or "" for m in bot.telegram.sent(user(bot, "Tara TD"))
                      if "disputes game 1" in (m.text or ""))
        assert ("✅ Ruled by Tara TD: a match bye to Ann Lee, who goes through; the games "
                "played are void (para 27). (Dev Rao was expelled: abusive to his opponent)"
                in notice), notice
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT state FROM disputes") == "ruled"
            assert await tx.scalar("SELECT state FROM slips WHERE state <> 'draft'") == "void"
        assert (await say(bot, "Dev Rao", "350-400")).startswith(
            "⚠️ You were expelled on Mon 02 Mar 2026 17:00 (+08); Ann Lee won your match.")
        bot.telegram.user_sends_photo(user(bot, "Dev Rao"), b"\xff\xd8board")
        await bot.settle()
        assert last(bot, "Dev Rao").startswith("⚠️ You were expelled on ")
        assert await _counts(bot) == before


SSSG_IDS = {"Tara TD": 9001, "Quinn Tan": 9116, "Ravi Das": 9117}


def _mini_sssg() -> str:
    """An SSSg of 17: 15 byes to the top division, one qualifying match (Quinn Tan v Ravi
    Das, the two lowest-rated: para 1), whose winner's seat is drawn at once."""
    names = [f"Player {i:02}" for i in range(1, 16)] + ["Quinn Tan", "Ravi Das"]
    players = "".join(
        f'\n[[players]]\nname = "{n}"\nrating = {2000 - 10 * i}\n'
        + (f"telegram_id = {SSSG_IDS[n]}\n" if n in SSSG_IDS else "")
        for i, n in enumerate(names))
    return ('[event]\nslug = "mini"\nname = "Mini SSSg"\nformat = "sssg"\n'
            'time_zone = "Asia/Singapore"\n\n[rules]\nfee_reminder_days = []\n\n'
            '[[tds]]\nname = "Tara TD"\ntelegram_id = 9001\n' + players)


async def test_a_qualifier_expelled_in_the_chat_leaves_q1_to_the_opponent(
    tmp_path: Path,
) -> None:
    """/expel in the qualifying round, then Nobody: Q1 is stored as a bye to Quinn Tan, who
    takes the Ro16 seat that waited for Q1's winner (ready now, both told); a result of
    Ravi's, or one naming him, is refused."""
    from datetime import timedelta

    from bot.service.events.draw import make_draw
    from bot.service.events.rounds import open_round_in
    from bot.service.platform.actors import Actor
    from tests.bot.cast import Cast, event_bot

    cast = Cast(SSSG_IDS)
    async with event_bot(tmp_path / "mini.sqlite3", _mini_sssg(), SSSG_IDS) as bot:
        ev, now = bot.event_id, bot.clock()  # type: ignore[attr-defined]
        async with bot.runtime.db.transaction() as tx:
            await make_draw(tx, ev, seed=1, by=Actor.cli(), now=now)
            await open_round_in(tx, ev, "qual-rd", by=Actor.cli(), now=now, unpaid_ok=True,
                                why="fees at the venue", closes_at=now + timedelta(days=30))
            seat = await tx.one("SELECT code, source_a, source_b FROM matches"
                                " WHERE source_a = 'winner:Q1' OR source_b = 'winner:Q1'")
        await bot.settle()
        assert seat is not None
        answer = await cast.say(bot, "Tara TD", "/expel Ravi Das: did not turn up")
        assert "choose who takes the slot in Q1" in answer
        await cast.tap(bot, "Tara TD", "Nobody: Quinn Tan goes through")
        assert "Nobody takes Ravi Das's slot in Q1: Quinn Tan goes through" in cast.last(
            bot, "Tara TD")
        async with bot.runtime.db.transaction() as tx:
            q1 = await tx.one("SELECT state, winner_side, entry_a, entry_b FROM matches"
                              " WHERE code = 'Q1'")
            t = await tx.one("SELECT m.state, pa.name AS a, pb.name AS b FROM matches m"
                             " JOIN entries ea ON ea.id = m.entry_a"
                             " JOIN people pa ON pa.id = ea.person_id"
                             " JOIN entries eb ON eb.id = m.entry_b"
                             " JOIN people pb ON pb.id = eb.person_id WHERE m.code = ?",
                             (seat["code"],))
        assert q1 is not None and (q1["state"], q1["winner_side"], q1["entry_b"]) == (
            "bye", 0, None)
        assert t is not None and t["state"] == "ready" and "Quinn Tan" in (t["a"], t["b"])
        told = "\n".join(m.text or "" for m in bot.telegram.sent(cast.user(bot, "Quinn Tan")))
        assert ("you go through Qual Rd unplayed: Ravi Das was expelled and nobody takes the "
                "place") in told
        assert "Ro16" in told.split("you go through Qual Rd unplayed")[-1]
        before = await _counts(bot)
        assert (await cast.say(bot, "Ravi Das", "400-300")).startswith(
            "⚠️ You were expelled on Mon 02 Mar 2026 17:00 (+08); Quinn Tan won your match.")
        assert (await cast.say(bot, "Quinn Tan", "400-300 v Ravi")).startswith(
            "⚠️ Ravi Das was expelled on Mon 02 Mar 2026 17:00 (+08); your match against Ravi Das went to you.")
        assert await _counts(bot) == before


async def test_a_slip_agreed_or_confirmed_after_the_expulsion_is_refused(tmp_path: Path) -> None:
    """Dev Rao's game 1 waits for Ann Lee's agreement and Ann's game 2 for her Confirm when
    the TD expels Dev: M1 is Ann's by a match bye, so game 1's slip is void, its window
    cancelled and its copies say so with no Agree left; the draft's Confirm records
    nothing."""
    async with club_cup_bot(tmp_path) as bot:
        await say(bot, "Dev Rao", "412-380")
        await tap(bot, "Dev Rao", "Ann Lee started")
        await tap(bot, "Dev Rao", "✅ Confirm")
        await say(bot, "Ann Lee", "400-350")  # game 2: a draft to confirm
        await say(bot, "Tara TD", "/expel Dev Rao: abusive to his opponent")
        before = await _counts(bot)
        async with bot.runtime.db.transaction() as tx:
            slips = [tuple(r) for r in await tx.all("SELECT id, state FROM slips ORDER BY id")]
            windows = await tx.scalar("SELECT COUNT(*) FROM deadlines WHERE kind = "
                                      "'slip.window' AND state = 'open'")
        assert [state for _, state in slips] == ["void", "draft"] and windows == 0
        assert "Agree" not in buttons_of(bot, "Ann Lee")
        copy = next(m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee"))
                    if "Dev Rao reported a result" in (m.text or ""))
        assert copy.endswith("⚖️ Settled: the match went to you by a match bye (Dev Rao was "
                             "expelled: abusive to his opponent); this result no longer "
                             "counts."), copy
        await tap(bot, "Ann Lee", "✅ Confirm")
        assert last(bot, "Ann Lee").startswith("⚠️ Dev Rao was expelled on ")
        async with bot.runtime.db.transaction() as tx:
            after = [tuple(r) for r in await tx.all("SELECT id, state FROM slips ORDER BY id")]
        assert after == slips and await _counts(bot) == before


async def test_the_bots_own_reason_for_an_unpaid_expulsion_reads_in_each_readers_language(
    bot: BotUnderTest,
) -> None:
    """Para 26's reason is the bot's own: the French TD reads it in French in the para 29
    question, the English player in English; the expulsion's row keeps it in English."""
    async with bot.runtime.db.transaction() as tx:
        await tx.execute("UPDATE people SET language = 'fr' WHERE name = 'Tara TD'", ())
        [(top,)] = await tx.all("SELECT COALESCE(MAX(id), 0) FROM outbox", ())
    object.__setattr__(user(bot, "Tara TD"), "language_code", "fr")
    await say(bot, "Tara TD", "/paid Ben Ong Final")
    await say(bot, "Tara TD", "/openround Final expel")
    async with bot.runtime.db.transaction() as tx:
        rows = {name: "\n".join(str(t) for (t,) in await tx.all(
            "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
            " WHERE p.name = ? AND o.id > ? ORDER BY o.id", (name, top)))
            for name in ("Tara TD", "Ann Lee")}
        [(why,)] = await tx.all("SELECT why FROM expulsions", ())
        [(line, record)] = await tx.all(
            "SELECT why, why_json FROM journal WHERE action = 'entry.expel'", ())
    assert "non à jour de paiement (Finale) à son ouverture (SSSg para 26)" in rows["Tara TD"]
    assert "not paid-up" not in rows["Tara TD"]
    assert ("The tournament director gave this reason: “not paid-up for Final when it opened "
            "(SSSg para 26)”.") in rows["Ann Lee"]
    assert why == line == "not paid-up for Final when it opened (SSSg para 26)"
    assert "not paid-up for {round} when it opened" in record  # the journal keeps the record
    assert await _expelled(bot, "Ann Lee")
