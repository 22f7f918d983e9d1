"""After each agreed result of a round-based event, each player reads where their rating
estimate now stands (``ratings.change_line``, in their result-final message), labelled an
estimate; not while the result can still be disputed.

The weekly Swiss of tests/bot/round_event.py (rated players, NASPA's method) in the chat."""

from __future__ import annotations

from pathlib import Path

from bot.service.formats.rounds.ratings import estimate_of
from bot.service.formats.rounds.round_division import load_rounds_event
from tests.bot.club_chat import club_cup_bot
from tests.bot.round_event import IDS, definition, winner_scores
from tests.bot.test_round_events_e2e import say, tap, texts, until, user


async def test_each_player_reads_their_rating_estimate_once_a_result_is_final(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, definition(ids=True), ids=IDS, draw=False,
                            open_sf=False) as bot:
        await say(bot, "Tara TD", "/draw 5")
        await say(bot, "Tara TD", f"/openround 1 until {await until(bot)}")
        async with bot.runtime.db.transaction() as tx:
            state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
        match = next(m for m in state.matches_of(1) if m.state == "playing")
        win, lose, ws, ls = winner_scores(str(match.names[0]), str(match.names[1]))
        await say(bot, win, f"{ws}-{ls}")
        await tap(bot, win, "✅ Confirm")
        reported = texts(bot, user(bot, win)) + texts(bot, user(bot, lose))
        assert not [t for t in reported if "rating estimate" in t]  # not final yet
        await tap(bot, lose, "Agree")

        async with bot.runtime.db.transaction() as tx:
            state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
        numbers = {e.name: n for n, e in state.entries.items()}
        for name in (win, lose):
            row = estimate_of(state, numbers[name]).rows[numbers[name]]
            assert row.games == 1 and row.before
            told = texts(bot, user(bot, name))[-1]
            assert "is final" in told, told
            assert told.endswith(
                f"{'📉' if row.change < 0 else '📈'} Your rating estimate so far: "
                f"{row.before} → {row.after} "
                f"({row.change:+d}); an estimate until NASPA rates the event."), told
        assert estimate_of(state, numbers[win]).rows[numbers[win]].change > 0
        assert estimate_of(state, numbers[lose]).rows[numbers[lose]].change < 0
