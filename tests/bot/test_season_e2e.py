"""END-TO-END: a whole 8-player double elimination played in the chat.

The real PTB ``Application`` against the in-process fake Bot API, on a simulated clock
(``BotUnderTest``). The TD makes the draw and opens every round with /draw and /openround;
the players report every game in the chat (the winner reports, SSSg para 23; game 1 asks
who started, para 15); the opponent agrees to some slips and leaves the others until the
24-hour window makes them final (para 24). Along the way: one slip disputed with a reason
and amended by the TD (paras 19, 24: the corrected scores reverse the game), one game
reported by both players with different scores and upheld by the TD, and a restart of the
Application in the middle with slips still open (their windows close after it). Hal Ng is a
TD who plays: his match's dispute goes to Tara, he gets no ruling buttons and his ruling is
refused (para 19). Before the Minor SF opens, the TD expels a player with /expel (para 29);
nobody from the previous round can take a lower-bracket slot, so the TD taps Nobody and the
opponent goes through unplayed.

The test keeps its own record of every game as it was played (or ruled), as core values.
At the end the placements the bot's stored games give (``load_core_event``) equal the
core's ``sssg.placements`` on the test's own record over the same draw, and the bot's
bracket seated every match with the players the core derives. Best of 3 throughout (the
grand final: best of 4 with the upper-bracket winner one game up, SSSg para 2), so it
stays fast. Read the chat: TDBOT_TRANSCRIPTS=/tmp/t pytest tests/bot/test_season_e2e.py
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest

from bot.fakebot import FakeUser
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.formats.knockout.bridge import load_core_event
from bot.service.platform.actors import Actor
from bot.service.platform.errors import NotAllowed
from bot.service.platform.unit import Request
from bot.service.results import rulings
from bot.service.results.matches import matches_of_event
from bot.store import draw_repo
from bot.store.matches_repo import MatchView
from bot.telegram.harness import BotUnderTest
from core.knockout import sssg
from core.knockout.match import Match, MatchGame

TD_ID = 7000
PLAYERS = {"Ann Lee": 1850, "Ben Ong": 1800, "Cai Wen": 1760, "Dev Rao": 1700,
           "Eve Tan": 1650, "Fay Lim": 1600, "Gus Koh": 1550, "Hal Ng": 1500}
IDS = {name: 7001 + i for i, name in enumerate(PLAYERS)}
#: A TD who also plays (SSSg para 19: another TD rules on his matches).
PLAYING_TD = "Hal Ng"

DEFINITION = """\
[event]
slug = "e2e-double"
name = "E2E Double"
format = "double"
best_of = 3
best_of_step = 0
time_zone = "Asia/Singapore"

[[tds]]
name = "Tara TD"
telegram_id = 7000

[[tds]]
name = "Hal Ng"
telegram_id = 7008
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {r}\ntelegram_id = {IDS[n]}\n'
              for n, r in PLAYERS.items())


@dataclass
class Season:
    """The people, the bot, and the test's own record of the games (core values)."""

    bot: BotUnderTest
    rng: random.Random
    played: dict[str, Match] = field(default_factory=dict)
    seen: dict[str, MatchView] = field(default_factory=dict)
    left_alone: int = 0
    agreed: int = 0
    events: list[str] = field(default_factory=list)  # what happened beyond the plain flow

    def user(self, name: str) -> FakeUser:
        return self.bot.telegram.world.users[TD_ID if name == "Tara TD" else IDS[name]]

    def last(self, name: str) -> str:
        return self.bot.telegram.last_sent(self.user(name)).text or ""

    async def say(self, name: str, text: str) -> str:
        self.bot.telegram.user_sends(self.user(name), text)
        await self.bot.settle()
        return self.last(name)

    async def tap(self, name: str, label: str) -> None:
        """Tap ``label`` on the newest message of ``name`` that still offers it."""
        tg = self.bot.telegram
        for message in reversed(tg.sent(self.user(name))):
            if any(b["text"] == label for row in message.buttons() for b in row):
                tg.user_taps(self.user(name), message, text=label)
                await self.bot.settle()
                return
        raise AssertionError(f"{name} has no message with a {label!r} button:\n"
                             f"{tg.transcript(self.user(name))}")

    def as_td(self) -> Request:
        return Request(now=self.bot.clock(), tg_user_id=TD_ID, tg_name="Tara")

    async def views(self) -> list[MatchView]:
        async with self.bot.runtime.db.transaction() as tx:
            return await matches_of_event(tx, 1)

    # --- one game -----------------------------------------------------------------------

    def scores(self, winner: int) -> tuple[int, int]:
        high = self.rng.randint(340, 520)
        low = self.rng.randint(260, high - 1)
        return (high, low) if winner == 0 else (low, high)

    def winner_of_next_game(self, view: MatchView) -> int:
        """The higher rated wins two games in three: upsets happen, and the draw matters."""
        a, b = (PLAYERS[n or ""] for n in view.names)
        return 0 if (self.rng.random() < 0.67) == (a >= b) else 1

    async def report(self, view: MatchView, side: int, scores: tuple[int, int],
                     starter: int, *, lost: bool = False) -> str:
        """``side`` reports ``scores`` (match order) in the chat, answers who started when
        the bot asks (game 1, para 15; a level deciding game, para 16c), and confirms.
        Returns what the bot then sent the reporter."""
        name, other = view.names[side] or "", view.names[1 - side] or ""
        mine, theirs = scores[side], scores[1 - side]
        game = self.played[view.code].state().next_game
        # a second report names its game: without a number it would be the next game's
        text = f"game {game}: lost {mine}-{theirs}" if lost else f"{mine}-{theirs}"
        draft = await self.say(name, text)
        state = self.played[view.code].state()
        assert state.next_start is not None
        if state.next_start.side is None and not lost:
            assert "Who started?" in draft, draft
            await self.tap(name, "I started" if starter == side else f"{other} started")
        else:
            assert "Who started?" not in draft, draft
        before = len(self.bot.telegram.sent(self.user(name)))
        await self.tap(name, "✅ Confirm")
        return "\n".join(m.text or "" for m in self.bot.telegram.sent(self.user(name))[before:])

    async def play_game(self, view: MatchView, special: str = "") -> None:
        match = self.played[view.code]
        state = match.state()
        assert state.next_start is not None and state.next_game is not None
        won = self.winner_of_next_game(view)
        starter = (state.next_start.side if state.next_start.side is not None
                   else self.rng.randint(0, 1))
        scores = self.scores(won)
        winner, loser = view.names[won] or "", view.names[1 - won] or ""
        if special == "dispute":
            # the reporter keys the opponent's score 10 short: the slip says the reporter
            # won by one; the opponent disputes, and really won by nine
            shown = (scores[won], scores[won] - 1)
            truth = (scores[won], scores[won] + 9)
            keyed = shown if won == 0 else shown[::-1]
            scores = truth if won == 0 else truth[::-1]
            await self.report(view, won, keyed, starter)
            await self.tap(loser, "Dispute")
            assert "What is wrong with it?" in self.last(loser)
            await self.say(loser, f"I had {truth[1]}, not {shown[1]}")
            # the TD's notice is edited to hold the reason
            assert f"\n{loser} says: I had {truth[1]}, not {shown[1]}\n" in self.last("Tara TD")
            if PLAYING_TD in view.names:  # para 19: a TD who plays in the match never rules
                assert "Uphold" not in self.bot.telegram.buttons_of(self.user(PLAYING_TD))
                hal = Request(now=self.bot.clock(), tg_user_id=IDS[PLAYING_TD], tg_name="Hal")
                with pytest.raises(NotAllowed, match="para 19"):
                    await rulings.rule_game(self.bot.runtime.db, hal, 1, view.code,
                                            state.next_game, uphold=True, why="mine")
                self.events.append(f"{view.code}: {PLAYING_TD}, a TD, refused as its ruler")
            ruled = await rulings.rule_game(
                self.bot.runtime.db, self.as_td(), 1, view.code, state.next_game,
                scores=scores, why="the signed scoresheet")
            await self.bot.settle()
            assert ruled.ruling == "scores"
            told = self.last(loser)
            assert f"a TD ruled on game {state.next_game}" in told and "scoresheet" in told
            self.events.append(f"{view.code} game {state.next_game}: disputed, amended")
        elif special == "differs":
            await self.report(view, won, scores, starter)
            wrong = (scores[0] + 5, scores[1]) if won == 0 else (scores[0], scores[1] + 5)
            await self.report(view, 1 - won, wrong, starter, lost=True)
            assert "a TD" in self.last(loser), self.last(loser)
            ruled = await rulings.rule_game(
                self.bot.runtime.db, self.as_td(), 1, view.code, state.next_game,
                uphold=True, why="the winner's slip matches the scoresheet")
            await self.bot.settle()
            assert ruled.ruling == "upheld"
            assert f"a TD ruled on game {state.next_game}" in self.last(winner)
            self.events.append(f"{view.code} game {state.next_game}: two reports, upheld")
        else:
            slip = await self.report(view, won, scores, starter)
            assert "your result slip is in" in slip, slip
            if self.rng.random() < 0.5:
                await self.tap(loser, "Agree")
                assert self.last(winner).startswith("✅ ")
                assert f"{loser} agreed" in self.last(winner)
                self.agreed += 1
            else:
                self.left_alone += 1  # final when its window closes
        self.played[view.code] = match.with_game(MatchGame.played(starter, *scores))

    async def play_match(self, view: MatchView, special: str = "") -> None:
        self.played[view.code] = Match(best_of=view.best_of, head_start=view.head_start)
        self.seen[view.code] = view
        while not self.played[view.code].state().decided:
            await self.play_game(view, special)
            special = ""
        state = self.played[view.code].state()
        assert state.winner is not None
        winner = view.names[state.winner] or ""
        told = "\n".join(m.text or "" for m in self.bot.telegram.sent(self.user(winner)))
        assert "you win the match" in told.lower(), told

    # --- rounds -------------------------------------------------------------------------

    async def expel_before(self, round_name: str) -> str:
        """Once ``round_name`` is drawn but not open, the TD expels the first player of its
        first match (SSSg para 29); nobody from the previous round can take a lower-bracket
        slot (they all still play in the division), so the TD offers it to nobody and the
        opponent goes through unplayed. Returns who was expelled, or "" if not yet."""
        ready = [v for v in await self.views()
                 if v.round_name == round_name and v.state == "ready"
                 and v.round_state == "planned"]
        if not ready:
            return ""
        name, opponent = ready[0].names[0] or "", ready[0].names[1] or ""
        said = await self.say("Tara TD", f"/expel {name}: left the country")
        assert said.startswith(f"🚫 Expelled {name} (left the country)"), said
        assert ("you have been expelled from the tournament. The tournament director gave this "
                "reason: “left the country”.") in self.last(name)
        await self.tap("Tara TD", f"Nobody: {opponent} goes through")
        assert f"you go through {round_name} unplayed" in self.last(opponent)
        self.events.append(f"{ready[0].code}: {name} expelled, nobody took the slot")
        return name

    async def open_ready_rounds(self) -> list[str]:
        """The TD opens every planned round whose matches all know their players."""
        by_round: dict[str, list[MatchView]] = {}
        for v in await self.views():
            by_round.setdefault(v.round_name, []).append(v)
        opened = []
        for name, ms in by_round.items():
            if all(m.round_state == "planned" and m.state != "waiting" for m in ms):
                until = (self.bot.clock() + timedelta(days=14)).date().isoformat()
                answer = await self.say("Tara TD", f"/openround {name} until {until}")
                assert answer.startswith(f"Opened {name}"), answer
                opened.append(name)
        return opened


async def test_a_double_elimination_season_played_in_the_chat(db_target: Path | str) -> None:
    bot = BotUnderTest(db_target)
    await bot.start()
    season = Season(bot, random.Random(2016))
    try:
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(DEFINITION), by=Actor.cli(),
                                           now=bot.clock())
        bot.telegram.chat_of(bot.telegram.add_user("Tara", user_id=TD_ID))
        for name, tg_id in IDS.items():
            bot.telegram.chat_of(bot.telegram.add_user(name.split()[0], user_id=tg_id))
        assert "The draw for E2E Double" in await season.say("Tara TD", "/draw 2026")

        specials = {"dispute": False, "differs": False}
        restarted = False
        expelled = ""
        opened_all: list[str] = []
        while True:
            if not expelled:
                expelled = await season.expel_before("Minor SF")
            opened = await season.open_ready_rounds()
            if not opened:
                break
            opened_all += opened
            for view in await season.views():
                if view.round_name not in opened or view.state not in ("ready", "playing"):
                    continue
                special = ""
                if not specials["dispute"] and PLAYING_TD in view.names:
                    special = "dispute"
                elif not specials["differs"] and PLAYING_TD not in view.names:
                    special = "differs"
                if special:
                    specials[special] = True
                await season.play_match(view, special)
            if not restarted and "SF" in opened:
                # slips still open and their window deadlines armed: stop, start again
                await bot.restart()
                restarted = True
            await bot.advance(timedelta(hours=24, minutes=1))
        await bot.advance(timedelta(days=2))

        assert restarted and all(specials.values()) and expelled, season.events
        assert opened_all[0] == "QF" and opened_all[-1] == "Grand Final", opened_all
        assert season.agreed and season.left_alone
        views = await season.views()
        assert all(v.state == "decided" for v in views if v.code in season.seen), [
            (v.code, v.state) for v in views]
        assert [v.state for v in views if v.code not in season.seen] == ["bye"]  # expelled
        assert bot.telegram.unanswered_taps() == []

        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM games") == sum(
                len(m.games) for m in season.played.values())
            states = {r[0]: r[1] for r in await tx.all(
                "SELECT state, count(*) FROM slips GROUP BY state")}
            stored = await load_core_event(tx, 1)
            record = await draw_repo.draw_record(tx, 1)
        assert "pending" not in states and "disputed" not in states and "draft" not in states
        assert states.get("final", 0) >= season.left_alone

        # the test's own record of the games, on the same draw, through the core
        assert record is not None
        expected = sssg.from_record(record)
        for code in sorted(season.played, key=lambda c: int(c[1:])):
            expected = sssg.record(expected, code, season.played[code])
        derived = sssg.derive(expected)
        for code, view in season.seen.items():
            assert tuple(derived.views[code].players) == view.names, code
        places = sssg.placements(expected)
        assert sssg.placements(stored) == places
        # the expelled player keeps the place of the round they lost in (core/knockout/bracket.py:
        # out in the same round, ranked by wins then spread), outside the prizes
        assert len(places.top) == len(PLAYERS) and expelled not in places.top_prizes
        grand_final = season.played[max(season.played, key=lambda c: int(c[1:]))]
        gf_view = season.seen[max(season.seen, key=lambda c: int(c[1:]))]
        gf_winner = grand_final.state().winner
        assert gf_winner is not None and places.top[0] == gf_view.names[gf_winner]
        told = [m.text or "" for m in season.bot.telegram.sent(season.user(places.top[1]))]
        assert any("That was your last match in E2E Double" in text for text in told)
    finally:
        out = os.environ.get("TDBOT_TRANSCRIPTS")
        if out:  # read what people read: TDBOT_TRANSCRIPTS=/tmp/t pytest this file
            Path(out).mkdir(parents=True, exist_ok=True)
            Path(out, "season_e2e.txt").write_text(bot.telegram.transcript())
        await bot.stop()

