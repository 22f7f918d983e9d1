"""Crash test: a season over HTTP with the bot killed (SIGKILL) at seeded random moments.

    python -m bench.crash                  # 20 kills, seed 1, 64 players
    python -m bench.crash --kills 3 --seed 7 --players 8

The fake Bot API (``bot.fakebot``) serves on 127.0.0.1 in this process and plays the
people; ``tdbot run --base-url`` runs in a subprocess on a database of its own. The season
is a single elimination (``--players``, a power of two; by default enough for the season
to outlast the kills; kills after it ends are counted apart) whose first round is drawn and
opened before the bot starts. Every match is played at once: the winner reports each game
in the chat (``412-380``; game 1 also says who started), confirms the slip, and the
opponent agrees, disputes (then gives a reason: the TD, one dispute at a time, then rules on
most disputes from the message that brought them, Uphold and a line of reason, and both
players are told), or leaves the slip alone; when a round is
decided the TD opens the next with ``/openround``. Meanwhile the bot is killed with SIGKILL
a random 0.1-1.5 s after each start-up, and started again. A person whose action got no
answer after 20 s of the bot running acts again, as a person would (counted: such an
update was lost).

While the bot is dead the driver checks the database file:
- ``pragma integrity_check`` is ``ok``;
- every result a player saw confirmed is there, each once, with its scores;
- the journal agrees with the state: one ``game.report`` per game, one entry per slip
  agreed, disputed or final, one ``dispute.ruled`` per ruled dispute and none for an open one, one ``match.decided`` per decided match, one closing entry per
  closed deadline and none for an open one;
- every outbox row marked sent reached Telegram (the fake's record of calls);
and, to have deadlines fall due while the bot is down, brings forward the 24-hour window
of some slips left alone (as if the bot had been down a day). After each start the bot's
log must say it armed as many deadlines as are open and due within its arming horizon. At the end the bot runs until
everything is answered, sent and fired, is stopped with SIGINT, and the same checks run
with "at most" turned into "exactly": every update applied once, every due deadline fired
once, no message lost, duplicates only as many as kills, every dispute the TD upheld ruled
once. ``kills_in_a_dispute`` and ``kills_in_a_ruling`` count the kills that fell while one
was under way (a Dispute tapped and its reason not yet acknowledged; the TD between the
Uphold and the players being told).

Prints ``name value unit`` lines; exits 1 (listing what broke) if a check failed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.fakebot import FakeTelegram, FakeUser
from bot.fakebot.server import FakeBotServer
from bot.fakebot.state import StoredMessage
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.store.db import open_database
from bot.store.times import iso, parse

TDBOT = Path(sys.executable).with_name("tdbot")
TD_ID = 6001
FIRST_PLAYER_ID = 7001
#: How long a person waits for the bot (while it runs) before acting again.
PATIENCE = 20.0
#: How often a person acts before the driver gives up (the season is then broken).
MAX_TRIES = 3
#: The share of disputes the TD rules on during the season (Uphold, with a reason); the
#: others stay open, as a TD may leave one for later.
RULED_SHARE = 0.7
#: Journal actions that close a deadline.
CLOSING = ("deadline.fired", "deadline.cancelled", "deadline.failed")


def definition(players: int, today: datetime) -> str:
    """A single elimination of ``players`` (a power of two), its rounds a week each from
    today, every person's Telegram id known (so nobody needs an invite)."""
    rounds = players.bit_length() - 1
    lines = ['[event]', 'slug = "crash-cup"', 'name = "Crash Cup"', 'format = "single"',
             'time_zone = "UTC"', 'currency = "SGD"', 'fee_per_round = 0', '',
             '[[tds]]', 'name = "Tara TD"', f'telegram_id = {TD_ID}', '']
    for n in range(1, rounds + 1):
        opens = today + timedelta(days=7 * (n - 1))
        matches = players >> n  # the core's names for knockout rounds (core/knockout/bracket.py)
        name = {1: "Final", 2: "SF", 4: "QF"}.get(matches, f"Ro{2 * matches}")
        lines += ['[[rounds]]', f'name = "{name}"', 'best_of = 3',
                  f'opens = {opens.date().isoformat()}',
                  f'closes = {(opens + timedelta(days=7)).date().isoformat()}', '']
    for i in range(players):
        lines += ['[[players]]', f'name = "{player_name(FIRST_PLAYER_ID + i)}"', f'rating = {2000 - 10 * i}',
                  f'telegram_id = {FIRST_PLAYER_ID + i}', '']
    return "\n".join(lines + ['[rules]', 'fee_reminder_days = []', ''])


FIRST = ("Ann", "Ben", "Cai", "Dev", "Eva", "Fay", "Gus", "Hal", "Ida", "Jon", "Kit", "Lee",
         "Max", "Nia", "Oto", "Pia")
LAST = ("Lim", "Ong", "Tan", "Rao")
#: The most players the names go round (chat names must hold no digits: they read as scores).
MAX_PLAYERS = len(FIRST) * len(LAST)


def player_name(tg_id: int) -> str:
    n = tg_id - FIRST_PLAYER_ID
    return f"{FIRST[n % len(FIRST)]} {LAST[n // len(FIRST)]}"


@dataclass
class Figures:
    kills: int = 0
    kills_after_the_season: int = 0
    restarts: int = 0
    updates_sent: int = 0
    updates_applied_once: int = 0
    updates_lost: int = 0
    retries: int = 0
    results_reported: int = 0
    results_present_once: int = 0
    deadlines_fired_once: int = 0
    disputes_raised: int = 0
    disputes_ruled: int = 0
    kills_in_a_dispute: int = 0
    kills_in_a_ruling: int = 0
    deadlines_brought_forward: int = 0
    duplicates_delivered: int = 0
    lost_messages: int = 0
    corrupt_databases: int = 0
    violations: list[str] = field(default_factory=list)


@dataclass
class Game:
    match_id: int
    seq: int
    score_a: int
    score_b: int
    confirmed: bool = False  # the reporter read that the slip is in


class Season:
    """The people, the bot process and the checks."""

    def __init__(self, workdir: Path, tg: FakeTelegram, server: FakeBotServer,
                 rng: random.Random, figures: Figures, players: int) -> None:
        self.workdir = workdir
        self.db_path = workdir / "bot.sqlite3"
        self.tg = tg
        self.server = server
        self.rng = rng
        self.figures = figures
        self.players = players
        self.process: asyncio.subprocess.Process | None = None
        self.started_at = 0.0  # when the running bot said it started (loop time)
        self.games: dict[tuple[int, int], Game] = {}
        self.left_alone: set[tuple[int, int]] = set()  # (match, game): slips nobody answers
        self.done = False
        self.brought_forward: set[int] = set()
        self.verbose = False
        self.td_desk = asyncio.Lock()
        self.ruled: dict[tuple[int, int], str] = {}  # (match, game) the TD upheld: its code
        self.disputes_in_flight = 0  # a Dispute tapped, its reason not yet acknowledged
        self.rulings_in_flight = 0  # the TD at work on a ruling, the players not yet told

    # --- the bot process ---------------------------------------------------------------
    async def start(self) -> None:
        due_open = [parse(d) for (d,) in self.query(
            "SELECT due_at FROM deadlines WHERE state = 'open'")]
        launched = datetime.now(UTC)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TDBOT_")}
        # the fake has no flood control here and pacing is not what is checked: the bot
        # waits no real second for a chat's turn (tests/bot/test_pacing.py checks pacing)
        env.update({"TDBOT_TOKEN": self.tg.token, "TDBOT_ORGANISERS": str(TD_ID),
                    "TDBOT_DB": str(self.db_path), "TDBOT_PACE": "virtual"})
        self.figures.restarts += 1
        log = self.workdir / f"bot-{self.figures.restarts}.log"
        command = [str(TDBOT)] if TDBOT.exists() else [
            sys.executable, "-c", "from bot.cli import main; main()"]
        with log.open("wb") as out:
            self.process = await asyncio.create_subprocess_exec(
                *command, "run", "--base-url", self.server.base_url, cwd=self.workdir,
                env=env, stdout=asyncio.subprocess.DEVNULL, stderr=out)
        loop = asyncio.get_running_loop()
        give_up = loop.time() + 60
        while True:
            found = re.search(r"TDBot started as @\S+; (\d+) open deadlines due within"
                              r" (\d+):(\d\d):(\d\d) armed", log.read_text(errors="replace"))
            if found:
                break
            if self.process.returncode is not None or loop.time() > give_up:
                raise RuntimeError(f"the bot did not start:\n{log.read_text(errors='replace')}")
            await asyncio.sleep(0.02)
        self.started_at = loop.time()
        # The bot arms the open rows due within its horizon by its clock, read between the
        # launch and the log line: as many as are due by one, at most as by the other.
        horizon = timedelta(hours=int(found.group(2)), minutes=int(found.group(3)),
                            seconds=int(found.group(4)))
        ready = datetime.now(UTC)
        least = sum(1 for d in due_open if d <= launched + horizon)
        most = sum(1 for d in due_open if d <= ready + horizon)
        if not least <= int(found.group(1)) <= most:
            self.violation(f"start {self.figures.restarts}: {found.group(1)} deadlines armed;"
                           f" {least} to {most} of the {len(due_open)} open ones are due"
                           f" within {horizon}")

    async def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.process = None
        self.figures.kills += 1

    async def stop(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        await asyncio.wait_for(self.process.wait(), timeout=30)
        self.process = None

    def running_for(self) -> float:
        if self.process is None:
            return 0.0
        return asyncio.get_running_loop().time() - self.started_at

    # --- the database (read while the bot runs; checked while it is dead) -------------
    def query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        conn = sqlite3.connect(self.db_path, timeout=10)
        try:
            return conn.execute(sql, params).fetchall()
        finally:
            conn.close()

    def violation(self, what: str) -> None:
        self.figures.violations.append(what)

    # --- people ----------------------------------------------------------------------
    def user(self, tg_id: int) -> FakeUser:
        return self.tg.world.users[tg_id]

    def mark(self, who: FakeUser) -> int:
        """The newest message the bot has sent ``who`` so far (0: none)."""
        sent = self.tg.sent(who)
        return max((m.message_id for m in sent), default=0)

    def newer(self, who: FakeUser, after: int, want: Callable[[StoredMessage], bool]
              ) -> StoredMessage | None:
        for message in reversed(self.tg.sent(who)):
            if message.message_id > after and want(message):
                return message
        return None

    async def act(self, who: FakeUser, action: Callable[[], object] | None,
                  answered: Callable[[], StoredMessage | None]) -> StoredMessage:
        """Do ``action`` (None: only wait) and wait for the bot's answer; if the bot, running,
        has not answered in PATIENCE seconds, do it again, as a person would."""
        if action is not None:
            action()
            self.figures.updates_sent += 1
        waited = 0.0
        tries = 1
        while (found := answered()) is None:
            await asyncio.sleep(0.02)
            if self.process is not None and self.running_for() > 1.0:
                waited += 0.02
            if waited > PATIENCE and action is not None:
                tries += 1
                if tries > MAX_TRIES:
                    raise RuntimeError(f"{who.name} got no answer after {tries} tries; their "
                                       f"chat:\n{self.tg.transcript(who)[-1500:]}")
                self.figures.retries += 1
                if self.verbose:
                    print(f"retry: {who.name} got no answer; their chat:\n"
                          f"{self.tg.transcript(who)[-1500:]}", file=sys.stderr, flush=True)
                try:
                    action()
                    self.figures.updates_sent += 1
                except ValueError:  # the button is gone: the bot acted on the first tap
                    pass
                waited = 0.0
        return found

    async def play_game(self, match_id: int, a: int, b: int, seq: int, winner_side: int) -> None:
        winner, loser = (a, b) if winner_side == 0 else (b, a)
        w, lo = self.user(winner), self.user(loser)
        won, lost = self.rng.randint(380, 520), self.rng.randint(250, 379)
        game = Game(match_id, seq, *((won, lost) if winner_side == 0 else (lost, won)))
        self.games[(match_id, seq)] = game

        def has(label: str) -> Callable[[StoredMessage], bool]:
            return lambda m: any(b_["text"] == label for row in m.buttons() for b_ in row)

        at = self.mark(w)
        # naming the opponent: a match decided with a slip still open counts as being played
        said = f"{won}-{lost} v {player_name(loser)}"
        draft = await self.act(w, lambda: self.tg.user_sends(w, said),
                               lambda: self.newer(w, at, lambda m: has("✅ Confirm")(m)
                                                  or has("I started")(m)))
        if has("I started")(draft):
            at = self.mark(w)
            question = draft
            # the question becomes the draft: the same message, now with Confirm
            draft = await self.act(w, lambda: self.tg.user_taps(w, question, text="I started"),
                                   lambda: self.newer(w, question.message_id - 1,
                                                      has("✅ Confirm")))
        at_w, at_l = self.mark(w), self.mark(lo)
        confirm = draft
        await self.act(w, lambda: self.tg.user_taps(w, confirm, text="✅ Confirm"),
                       lambda: self.newer(lo, at_l, has("Agree")))
        copy = self.newer(lo, at_l, has("Agree"))
        assert copy is not None
        await self.act(w, None,  # the reporter's own copy says the slip is in
                       lambda: self.newer(w, at_w, lambda m: "slip is in" in (m.text or "")))
        game.confirmed = True
        roll = self.rng.random()
        if roll < 0.55:
            at = self.mark(w)
            await self.act(lo, lambda: self.tg.user_taps(lo, copy, text="Agree"),
                           lambda: self.newer(w, at, lambda m: "agreed" in (m.text or "")))
        elif roll < 0.75:
            self.disputes_in_flight += 1
            at = self.mark(lo)
            await self.act(lo, lambda: self.tg.user_taps(lo, copy, text="Dispute"),
                           lambda: self.newer(lo, at, lambda m: "What is wrong" in (m.text or "")))
            at = self.mark(lo)
            await self.act(lo, lambda: self.tg.user_sends(lo, f"I had {lost + 20}, not {lost}"),
                           lambda: self.newer(lo, at, lambda m: "passed your reason" in (m.text or "")))
            self.figures.disputes_raised += 1
            self.disputes_in_flight -= 1
            if self.rng.random() < RULED_SHARE:
                await self.rule(match_id, seq, w, lo)
        else:
            self.left_alone.add((match_id, seq))

    async def rule(self, match_id: int, seq: int, w: FakeUser, lo: FakeUser) -> None:
        """The TD rules on the dispute (SSSg para 19) from the message that brought it:
        Uphold, then one line of reason; both players are told. The TD is one person and
        rules one dispute at a time (their next message is the reason of the one asked)."""
        td = self.user(TD_ID)
        code = self.query("SELECT code FROM matches WHERE id = ?", (match_id,))[0][0]

        def brought(m: StoredMessage) -> bool:
            text = m.text or ""
            return (f"({code})" in text and f"disputes game {seq}." in text
                    and any(b_["text"] == "Uphold" for row in m.buttons() for b_ in row))

        async with self.td_desk:
            self.rulings_in_flight += 1
            dispute = await self.act(td, None, lambda: self.newer(td, 0, brought))
            at = self.mark(td)
            await self.act(td, lambda: self.tg.user_taps(td, dispute, text="Uphold"),
                           lambda: self.newer(td, at, lambda m: "Why?" in (m.text or "")
                                              and f"{code} game {seq}:" in (m.text or "")))
            at, at_w, at_l = self.mark(td), self.mark(w), self.mark(lo)
            await self.act(td, lambda: self.tg.user_sends(td, f"Scoresheet checked, {code}"),
                           lambda: self.newer(td, at, lambda m: "upheld" in (m.text or "")
                                              and f"{code} game {seq}:" in (m.text or "")))
            for player, mark in ((w, at_w), (lo, at_l)):
                await self.act(player, None, lambda p=player, k=mark: self.newer(  # type: ignore[misc]
                    p, k, lambda m: f"a TD ruled on game {seq}" in (m.text or "")))
            self.rulings_in_flight -= 1
            self.ruled[(match_id, seq)] = code
            self.figures.disputes_ruled += 1

    async def play_match(self, match_id: int, a: int, b: int) -> None:
        wins = [0, 0]
        seq = 0
        while max(wins) < 2:
            seq += 1
            side = self.rng.randrange(2)
            await self.play_game(match_id, a, b, seq, side)
            wins[side] += 1

    def matches_of(self, round_code: str) -> list[tuple[int, int, int]]:
        rows = self.query(
            "SELECT m.id, pa.tg_user_id, pb.tg_user_id FROM matches m"
            " JOIN rounds r ON r.id = m.round_id"
            " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
            " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
            " WHERE r.code = ? AND m.state IN ('ready', 'playing') ORDER BY m.id",
            (round_code,))
        return [(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def open_round(self, td: FakeUser, code: str) -> None:
        at = self.mark(td)
        await self.act(td, lambda: self.tg.user_sends(td, f"/openround {code} anyway: crash test"),
                       lambda: self.newer(td, at, lambda m: "Opened" in (m.text or "")))

    async def play(self) -> None:
        codes = [str(r[0]) for r in self.query("SELECT code FROM rounds ORDER BY seq")]
        td = self.user(TD_ID)
        for n, code in enumerate(codes, start=1):
            if n > 1:
                await self.open_round(td, code)
            matches = self.matches_of(code)
            await asyncio.gather(*(self.play_match(*m) for m in matches))
        self.done = True

    # --- checks ----------------------------------------------------------------------
    def check_dead(self, final: bool = False) -> None:
        """Everything a dead bot's database file must show (see the module docstring)."""
        conn = sqlite3.connect(self.db_path)
        try:
            ok = conn.execute("PRAGMA integrity_check").fetchall()
            if ok != [("ok",)]:
                self.figures.corrupt_databases += 1
                self.violation(f"integrity_check: {ok[:3]}")
            self._check_results(conn, final)
            self._check_journal(conn)
            self._check_outbox(conn, final)
        finally:
            conn.close()

    def _check_results(self, conn: sqlite3.Connection, final: bool) -> None:
        stored = {(m, s): (a, b) for m, s, a, b in conn.execute(
            "SELECT match_id, seq, score_a, score_b FROM games WHERE void = 0")}
        present = 0
        for key, game in self.games.items():
            got = stored.get(key)
            if got is None:
                if game.confirmed or final:
                    self.violation(f"game {key} confirmed but missing")
                continue
            if got != (game.score_a, game.score_b):
                self.violation(f"game {key} stored as {got}, reported {game.score_a, game.score_b}")
            elif game.confirmed:
                present += 1
        extra = set(stored) - set(self.games)
        if extra:
            self.violation(f"games nobody reported: {sorted(extra)}")
        self.figures.results_present_once = present

    def _check_journal(self, conn: sqlite3.Connection) -> None:
        def one(sql: str) -> None:
            bad = conn.execute(sql).fetchall()
            if bad:
                self.violation(f"journal disagrees: {sql[:60]}...: {bad[:3]}")

        one("SELECT m.id, count(j.id) FROM matches m"
            " LEFT JOIN journal j ON j.subject = 'match:' || m.id AND j.action = 'game.report'"
            " GROUP BY m.id HAVING count(j.id) <>"
            " (SELECT count(*) FROM games g WHERE g.match_id = m.id)")
        one("SELECT m.id FROM matches m WHERE (m.state = 'decided') <>"
            " ((SELECT count(*) FROM journal j WHERE j.subject = 'match:' || m.id"
            "   AND j.action = 'match.decided') = 1)")
        # A ruling moves its disputed slip on (upheld or amended: final; otherwise void),
        # so a slip's state is counted with the rulings that moved it there.
        moved_to = ("(SELECT count(*) FROM disputes d JOIN slips s2 ON s2.id = d.slip_id"
                    " WHERE d.state = 'ruled' AND s2.state = '{}')")
        for state, action, by_rulings in (
                ("agreed", "slip.agreed", ""),
                ("disputed", "slip.disputed",
                 " - (SELECT count(*) FROM disputes WHERE state = 'ruled')"),
                ("final", "slip.final", " + " + moved_to.format("final"))):
            one(f"SELECT count(*) FROM slips WHERE state = '{state}' HAVING count(*) <>"
                f" (SELECT count(*) FROM journal WHERE action = '{action}'){by_rulings}")
        closing = ", ".join(f"'{a}'" for a in CLOSING)
        one("SELECT d.id, d.state, count(j.id) FROM disputes d LEFT JOIN journal j"
            " ON j.action = 'dispute.ruled' AND json_extract(j.detail_json, '$.dispute_id') = d.id"
            " GROUP BY d.id HAVING count(j.id) <> (d.state = 'ruled')")
        one("SELECT d.id, d.state, count(j.id) FROM deadlines d LEFT JOIN journal j"
            f" ON j.action IN ({closing})"
            " AND json_extract(j.detail_json, '$.deadline_id') = d.id"
            " GROUP BY d.id HAVING count(j.id) <> (d.state <> 'open')")

    def _check_outbox(self, conn: sqlite3.Connection, final: bool) -> None:
        """Every row marked sent reached Telegram; at the end every row is sent and the
        difference is the duplicates (a kill between Telegram's answer and the commit)."""
        rows = Counter((int(c), t) for c, t in conn.execute(
            "SELECT coalesce(o.chat_id, p.tg_user_id), o.text_html FROM outbox o"
            " LEFT JOIN people p ON p.id = o.person_id"
            " WHERE o.edit_of IS NULL AND o.state = 'sent'"))
        calls = Counter((int(c.params["chat_id"]), str(c.params["text"]))
                        for c in self.tg.calls("sendMessage") if c.ok)
        lost = sum(max(0, n - calls[key]) for key, n in rows.items())
        if final:
            unsent = conn.execute("SELECT count(*) FROM outbox WHERE state <> 'sent'").fetchone()
            lost += unsent[0]
            self.figures.duplicates_delivered = sum(
                max(0, calls[key] - n) for key, n in rows.items())
        if lost:
            self.figures.lost_messages = max(self.figures.lost_messages, lost)
            self.violation(f"{lost} outbox messages marked sent (or left) never reached Telegram")

    def bring_forward_windows(self) -> None:
        """Some slips left alone have their 24-hour window (SSSg para 24) fall due now or in
        the next seconds, as if the bot had been down that long."""
        rows = self.query(
            "SELECT d.id, s.match_id, s.game_no FROM deadlines d"
            " JOIN slips s ON s.id = json_extract(d.payload_json, '$.slip_id')"
            " WHERE d.kind = 'slip.window' AND d.state = 'open'")
        chosen = [int(i) for i, m, g in rows
                  if (m, g) in self.left_alone and self.rng.random() < 0.5]
        conn = sqlite3.connect(self.db_path)
        try:
            now = datetime.now(UTC)
            for deadline_id in chosen:
                due = now + timedelta(seconds=self.rng.uniform(-1.0, 2.0))
                conn.execute("UPDATE deadlines SET due_at = ? WHERE id = ?",
                             (iso(due), deadline_id))
            conn.commit()
        finally:
            conn.close()
        self.brought_forward.update(chosen)
        self.figures.deadlines_brought_forward = len(self.brought_forward)

    def check_final(self) -> None:
        self.check_dead(final=True)
        f = self.figures
        f.results_reported = len(self.games)
        updates = [u for u in self.tg.world.history.values()
                   if "message" in u or "callback_query" in u]
        claimed = {int(r[0]) for r in self.query("SELECT update_id FROM processed_updates")}
        applied = [u["update_id"] for u in updates if u["update_id"] in claimed]
        f.updates_applied_once = len(applied)
        f.updates_lost = len(updates) - len(applied)
        if f.updates_lost:
            self.violation(f"{f.updates_lost} updates never applied")
        if f.duplicates_delivered > f.kills:
            self.violation(f"{f.duplicates_delivered} duplicates for {f.kills} kills")
        due = self.query("SELECT id, state FROM deadlines WHERE due_at <= ?",
                         (iso(datetime.now(UTC)),))
        f.deadlines_fired_once = sum(1 for _, s in due if s in ("fired", "cancelled"))
        still_open = [i for i, s in due if s == "open"]
        if still_open:
            self.violation(f"deadlines due but still open: {still_open}")
        forward = ",".join(str(i) for i in self.brought_forward) or "0"
        left = self.query(f"SELECT id FROM deadlines WHERE state = 'open' AND id IN ({forward})")
        if left:
            self.violation(f"brought-forward windows that never fired: {left}")
        ruled = {(int(m), int(g)): (state, int(n)) for m, g, state, n in self.query(
            "SELECT d.match_id, s.game_no, d.state, (SELECT count(*) FROM journal j"
            "  WHERE j.action = 'dispute.ruled'"
            "  AND json_extract(j.detail_json, '$.dispute_id') = d.id)"
            " FROM disputes d JOIN slips s ON s.id = d.slip_id")}
        for key in self.ruled:
            if ruled.get(key) != ("ruled", 1):
                self.violation(f"dispute on game {key} upheld by the TD is {ruled.get(key)}")
        told: Counter[tuple[int, str]] = Counter()
        for who in {TD_ID, *range(FIRST_PLAYER_ID, FIRST_PLAYER_ID + self.players)}:
            for m in self.tg.sent(self.user(who)):
                text = m.text or ""
                if "a TD ruled on game" in text or "upheld: the result stands" in text:
                    told[(who, text)] += 1
        twice = [k for k, n in told.items() if n > 1]
        if len(twice) > f.kills:
            self.violation(f"{len(twice)} ruling messages delivered twice for {f.kills} kills")


async def killer(season: Season, kills: int) -> None:
    """Kill the bot a random 0.1-1.5 s after each start; check; start it again. Kills left
    when the season is over still come (counted apart): start-up and the checks still
    have something to prove."""
    while season.figures.kills < kills:
        wait = season.rng.uniform(0.1, 1.5)
        while season.running_for() < wait:
            await asyncio.sleep(0.01)
        if season.done:
            season.figures.kills_after_the_season += 1
        if season.disputes_in_flight:
            season.figures.kills_in_a_dispute += 1
        if season.rulings_in_flight:
            season.figures.kills_in_a_ruling += 1
        await season.kill()
        season.check_dead()
        season.bring_forward_windows()
        await season.start()


async def quiesce(season: Season, timeout: float = 60.0) -> None:
    """Let the running bot answer every update, send every message and fire every due row."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    while loop.time() < give_up:
        now = iso(datetime.now(UTC))
        forward = ",".join(str(i) for i in season.brought_forward) or "0"
        busy = season.query(
            "SELECT (SELECT count(*) FROM outbox WHERE state = 'pending')"
            " + (SELECT count(*) FROM deadlines WHERE state = 'open'"
            f"    AND (due_at <= ? OR id IN ({forward})))", (now,))
        if season.tg.pending_updates() == 0 and busy[0][0] == 0:
            return
        await asyncio.sleep(0.1)
    season.violation("the bot did not settle within the time allowed")


async def run(kills: int, seed: int, players: int, workdir: Path) -> Figures:
    figures = Figures()
    rng = random.Random(seed)
    tg = FakeTelegram(bot_username="CrashCupBot")
    tg.add_user("Tara", user_id=TD_ID)
    for i in range(players):
        tg.add_user(f"P{i + 1:02d}", user_id=FIRST_PLAYER_ID + i)
    for user in list(tg.world.users.values()):
        tg.chat_of(user)
    db = await open_database(workdir / "bot.sqlite3")
    now = datetime.now(UTC)
    async with db.transaction() as tx:
        created = await event_setup.create_event(
            tx, parse_definition(definition(players, now)), by=Actor.cli(), now=now)
        await make_draw(tx, created.event_id, seed=seed, by=Actor.cli(), now=now)
        first = await tx.scalar("SELECT code FROM rounds WHERE event_id = ? ORDER BY seq",
                                (created.event_id,))
        await open_round_in(tx, created.event_id, first, by=Actor.cli(), now=now,
                            unpaid_ok=True, why="crash test")
    await db.close()
    async with FakeBotServer(tg.world) as server:
        season = Season(workdir, tg, server, rng, figures, players)
        await season.start()
        try:
            await asyncio.gather(season.play(), killer(season, kills))
            await quiesce(season)
        finally:
            if season.process is not None:
                await season.stop()
        season.check_final()
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.crash", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=20, help="SIGKILLs to deal (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moments and games")
    parser.add_argument("--players", type=int, default=None,
                        help="players, a power of two (default: enough for the season to "
                             "outlast the kills, 8 to 64)")
    args = parser.parse_args(argv)
    if args.players is None:  # about three kills per eight players' worth of games
        args.players = min(MAX_PLAYERS, max(8, 1 << (3 * args.kills).bit_length()))
    if args.players < 2 or args.players & (args.players - 1) or args.players > MAX_PLAYERS:
        parser.error(f"--players must be a power of two from 2 to {MAX_PLAYERS}; "
                     f"got {args.players}")
    if args.kills < 0:
        parser.error(f"--kills must be 0 or more; got {args.kills}")
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tdbot-crash-") as tmp:
        figures = asyncio.run(run(args.kills, args.seed, args.players, Path(tmp)))
    for name in ("kills", "kills_after_the_season", "restarts", "updates_sent", "updates_applied_once", "updates_lost",
                 "retries", "results_reported", "results_present_once",
                 "deadlines_brought_forward", "deadlines_fired_once", "disputes_raised",
                 "disputes_ruled", "kills_in_a_dispute", "kills_in_a_ruling",
                 "duplicates_delivered",
                 "lost_messages", "corrupt_databases"):
        unit = "messages" if name in ("duplicates_delivered", "lost_messages") else "count"
        print(f"{name} {getattr(figures, name)} {unit}")
    print(f"violations {len(figures.violations)} count")
    print(f"seconds {time.perf_counter() - t0:.1f} s")
    for what in figures.violations:
        print(f"VIOLATION {what}", file=sys.stderr)
    if figures.violations:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
