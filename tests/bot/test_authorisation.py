"""Who may do what: every chat command and every button kind against every role.

The rules the matrix encodes: participants report, confirm, agree with and dispute their own
games (SSSg Annex A paras 13-17, 23-24); the TDs rule, and a TD who plays in a match never
rules on it (para 19: the other TD, else a neutral adjudicator, else the organisers, para
30); the TDs and organisers run the event (draw, rounds, fees, invites, para 26); only the
organisers listed in the settings create events. Buttons carry ids only: the service
decides who may act, never the data in a button.

Roles, as the cells name them (the club cup, SF best of 3: M1 Ann Lee v Dev Rao, M2 Ben Ong
v Cai Wen; TDs Tara TD and Cai Wen; organiser Olga Org; neutral adjudicator Rita Officer;
the "Other Cup" directed by Otto TD):

- stranger: Zed, known to nobody;
- other player: Ben Ong, who plays M2 (the target is M1);
- player: Ann Lee, whose own result, slip, photo or proof it is (M1's reporter);
- opponent: Dev Rao, Ann's opponent in M1;
- TD plays: Cai Wen, a TD of the event, on the same thing in M2, where he is the
  opponent of the reporter Ben (so he may act there as a player, never as its ruler);
- other TD: Otto, TD of another event only;
- TD: Tara TD, who plays in nothing;
- organiser: Olga Org, the event's organiser (and listed in TDBOT_ORGANISERS), no TD;
- adjudicator: Rita Officer, the event's neutral adjudicator (rules only when every TD
  plays in the match, para 19; here Tara does not).

"allow" means the effect happens (read from the database); "refuse" means nothing changed
and the answer names nobody else. A refused button press is journalled and answered with
one neutral text (tests/bot/test_forged_buttons.py presses forged data).

Each cell is its own case: a module-wide prepared database per scenario is copied, the real
PTB Application starts on the copy against the in-process fake, the person acts once.
"""

from __future__ import annotations

import shutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.fakebot import FakeTelegram, FakeUser
from bot.service.between import arranging, no_shows, relay
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.rounds import open_round_in
from bot.service.fees import payment_proofs
from bot.service.formats.ladder import ladders
from bot.service.formats.rounds import availability
from bot.service.people import expulsions
from bot.service.people.invites import create_invite
from bot.service.platform import callbacks
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.service.results import disputes, reporting, rulings
from bot.service.results.reporting import SaidResult
from bot.store import groups_repo, photos_repo, prompts_repo
from bot.store.prompts_repo import PromptKind
from bot.telegram import texts
from bot.telegram.clock import SimClock
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import DEFINITION, linked_definition

MATRIX = """
action               | stranger | other player | player | opponent | TD plays | other TD | TD     | organiser | adjudicator
/start               | allow    | allow        | allow  | allow    | allow    | allow    | allow  | allow     | allow
/help                | allow    | allow        | allow  | allow    | allow    | allow    | allow  | allow     | allow
/matches             | refuse   | allow        | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/report 412-380      | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
412-380 (a message)  | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/dispute             | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/pending             | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/invites             | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/draw                | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/openround           | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/closeround          | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/holdround           | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/amend 412 380       | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
/paid NAME ROUND     | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/cost                | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/prizes              | refuse   | allow        | allow  | allow    | allow    | refuse   | allow  | allow     | refuse
/bracket             | refuse   | allow        | allow  | allow    | allow    | refuse   | allow  | allow     | allow
/link (in a group)   | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/unlink (in a group) | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
event file (.toml)   | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | refuse | allow     | refuse
board photo          | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
photo captioned /paid| refuse   | allow        | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
join: this is me     | allow    | refuse       | refuse | refuse   | refuse   | allow    | allow  | allow     | allow
event: start today   | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | refuse | allow     | refuse
join: approve        | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
join: reject         | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
slip: who started    | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
slip: confirm        | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
slip: cancel         | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
slip: agree          | refuse   | refuse       | refuse | allow    | allow    | refuse   | refuse | refuse    | refuse
slip: dispute        | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
which: this match    | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
rule: uphold         | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
rule: amend          | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
rule: void game      | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
rule: game bye       | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
rule: match bye      | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
tie: winner          | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
tie: lots drawn      | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
fix: apply           | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
fix: cancel          | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
/correct M1 game 1   | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | allow     | refuse
redo: apply          | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
redo: cancel         | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
fee proof: approve   | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | allow     | refuse
fee proof: reject    | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | allow     | refuse
photo: which game    | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
photo: award bye     | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
photo: extend        | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
photo: waive         | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
photo: one game      | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
photo: waive all     | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
desk: extend round   | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
desk: match bye      | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | allow     | refuse
desk: void match     | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | allow     | refuse
/expel NAME: REASON  | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | allow     | refuse
expel: nobody        | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
why: skip            | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
/night               | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/checkin             | refuse   | allow        | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/checkin NAME        | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/pairround           | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/fees                | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/endnight            | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/me                  | refuse   | allow        | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
club: fee paid       | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | allow     | refuse
/ladder              | refuse   | allow        | allow  | allow    | allow    | refuse   | allow  | allow     | refuse
/challenge Ben Ong   | refuse   | refuse       | refuse | refuse   | allow    | refuse   | refuse | refuse    | refuse
/accept              | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
/decline             | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
/withdraw            | refuse   | refuse       | refuse | allow    | refuse   | refuse   | refuse | refuse    | refuse
/join NAME           | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
ladder: challenge    | refuse   | refuse       | refuse | refuse   | allow    | refuse   | refuse | refuse    | refuse
ladder: accept       | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
ladder: decline      | refuse   | refuse       | allow  | refuse   | refuse   | refuse   | refuse | refuse    | refuse
/standings           | refuse   | allow        | allow  | allow    | allow    | refuse   | allow  | allow     | allow
/why NAME            | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/export              | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
/chances             | refuse   | allow        | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/rating              | refuse   | allow        | allow  | allow    | allow    | refuse   | allow  | allow     | refuse
/tell M1 hello       | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/cancel              | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/mute M1             | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/unmute M1           | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/share               | refuse   | allow        | allow  | allow    | allow    | allow    | allow  | allow     | allow
/matchlog M1         | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
/timezone ZONE       | refuse   | allow        | allow  | allow    | allow    | allow    | allow  | allow     | allow
/language fr         | refuse   | allow        | allow  | allow    | allow    | allow    | allow  | allow     | allow
language: choose     | refuse   | allow        | allow  | allow    | allow    | allow    | allow  | allow     | allow
/propose M1 TIME     | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/agree M1            | refuse   | refuse       | refuse | allow    | allow    | refuse   | refuse | refuse    | refuse
/noshow M1           | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/contest M1 TEXT     | refuse   | refuse       | refuse | allow    | allow    | refuse   | refuse | refuse    | refuse
relay: write to      | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
arr: time slots      | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
arr: propose a slot  | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
arr: agree a time    | refuse   | refuse       | refuse | allow    | allow    | refuse   | refuse | refuse    | refuse
noshow: claim        | refuse   | refuse       | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
noshow: contest      | refuse   | refuse       | refuse | allow    | allow    | refuse   | refuse | refuse    | refuse
noshow: rule         | refuse   | refuse       | refuse | refuse   | refuse   | refuse   | allow  | refuse    | refuse
/unavailable 2       | refuse   | allow        | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/available 3         | refuse   | allow        | allow  | allow    | allow    | refuse   | refuse | refuse    | refuse
/availability 2      | refuse   | refuse       | refuse | refuse   | allow    | refuse   | allow  | allow     | refuse
"""
# Notes a reader checks the cells by:
# - /matches, /prizes, /bracket, /pending, /invites are reads: "allow" is an answer about
#   the club cup (a player's own matches); "refuse" names nobody else. Otto's /pending is
#   about his own event, so it is refused for the club cup.
# - /dispute and "slip: dispute": either player of the match may raise a discrepancy
#   within the window (para 24), the reporter too (a mistake of their own).
# - "TD plays" acts on M2, where Cai is the opponent: he agrees or disputes as a player,
#   but never rules, gives a bye or voids (para 19), nor decides his own fee proof.
# - The organiser may run the event as a TD may, but rules on a match only when no TD or
#   neutral adjudicator is free to (para 19, para 30); the adjudicator likewise rules only
#   when every TD plays in the match.
# - "event: start today" moves the dates of an event not yet drawn (its definition was sent
#   with past dates): its organiser's, as creating events is.
# - "join: this is me" needs the general player link's code: anyone holding it may ask to be
#   an unclaimed entry (a TD approves); someone already entered is refused.
# - A board photo is the winner's to send (para 25); the loser's is kept too, but does not
#   count as the winner's.
# - /bracket shows names and scores (what the group sees): anyone with a role in the event.
# - Extending a round (para 21) is about the whole round, so a TD who plays may.
# - /expel targets the other player of the match (Dev in M1; Ben in M2 for the TD who plays
#   M2 against Ben): para 19 keeps a TD from expelling his own opponent. Filling the slot
#   (expel: nobody) is a ruling on the match: its rulers only, not the organiser while a
#   TD is free (para 19). "why: skip" is Tara's own question about her ruling on M1.
# - /correct (a TD's correction of a game on record) is any TD's or organiser's of the
#   event who does not play in the match (para 19: Cai, on M2, is told that Tara rules on
#   it); the adjudicator rules on disputes only. "redo: apply/cancel" is Tara's own
#   correction of M1 waiting for Apply.
# - Club nights (the "Club Night" club: Tara and Cai its TDs, Ann, Ben, Cai and Dev its
#   players, Olga its organiser, Rita its adjudicator): the TDs and the organiser run the
#   night; a player checks in and reads /me for themselves; /checkin NAME (someone else) is
#   a TD's. "club: fee paid" is Ann's fee (M1), and Cai's own for the TD who plays, which
#   he does not mark himself (as he does not decide his own proof of payment).
# - The ladder rows run on the club's ladder (the same people; rungs by rating: Ann, Ben,
#   Cai, Dev) where Dev has challenged Ann: only Ann answers it (/accept, /decline, the
#   buttons), only Dev withdraws it. "/challenge Ben Ong": only Cai (rung 3) may; Ann and
#   Dev are busy, Ben is Ben, the others are not on the ladder. /ladder is a read for the
#   ladder's players and its TDs and organisers (naming it). /join adds a newcomer: TDs and
#   organisers, the TD who plays too (it rules on no match).
# - /standings, /why and /export are about the Club Swiss, a round-based event with the
#   same people in the same roles ("rounds" scenario, Round 1 open): the standings are
#   anyone's in the event; why a pair was made and the event's files are the TDs' and
#   organisers' (a TD who plays may read them: they decide nothing). /chances is a
#   player's own outlook (the TD who plays is a player there); /rating is a player's own
#   estimate, or the whole table for a TD or organiser.
# - Between the players (relay, arranging, no-shows): the two players of a match write,
#   mute, propose, claim; the one who did not propose agrees, the one claimed against
#   contests. /matchlog (what they said) is for the TDs who may rule on the match: not the
#   TD who plays in M2 (para 19), nor the organiser or adjudicator while a TD is free. A
#   time zone and a shared username are anyone's own. The no-show ruling is a ruling.
# - The language the bot writes in (/language, its buttons) is anyone's own who has joined
#   an event; a stranger has no person to keep it with, and is told so.
# - /unavailable and /available (Club Swiss, before round 2 or 3 is paired; every player
#   said they cannot play round 3) are each player's own; /availability is a read for the
#   event's TDs and organisers.

ROLES = ("stranger", "other player", "player", "opponent", "TD plays", "other TD", "TD",
         "organiser", "adjudicator")
WHO = {"stranger": "Zed", "other player": "Ben Ong", "player": "Ann Lee",
       "opponent": "Dev Rao", "TD plays": "Cai Wen", "other TD": "Otto TD", "TD": "Tara TD",
       "organiser": "Olga Org", "adjudicator": "Rita Officer"}
IDS = {"Tara TD": 9001, "Ann Lee": 9011, "Ben Ong": 9012, "Cai Wen": 9013, "Dev Rao": 9014,
       "Rita Officer": 9020, "Olga Org": 9030, "Otto TD": 9040, "Zed": 9099, "Nia": 9050}
ORGANISERS = frozenset({IDS["Olga Org"]})
#: the names a refused answer must not mention (besides the asker's own)
PEOPLE_NAMES = ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Tara TD", "Olga Org",
                "Rita Officer", "Eve Late", "8333 6301")
GROUP = -1000000000001  # the fake's first group chat


def _matrix() -> dict[tuple[str, str], str]:
    lines = [line for line in MATRIX.strip().splitlines()]
    head = [c.strip() for c in lines[0].split("|")]
    assert tuple(head[1:]) == ROLES, head
    cells: dict[tuple[str, str], str] = {}
    for line in lines[1:]:
        row = [c.strip() for c in line.split("|")]
        assert len(row) == len(head), line
        for role, verdict in zip(ROLES, row[1:], strict=True):
            assert verdict in ("allow", "refuse"), line
            cells[(row[0], role)] = verdict
    return cells


CELLS = _matrix()


# --- the prepared databases --------------------------------------------------------------


def _definition() -> str:
    text = DEFINITION.replace('[[tds]]\nname = "Tara TD"',
                              '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Cai Wen"\n\n'
                              '[[organisers]]\nname = "Olga Org"\n\n'
                              '[[adjudicators]]\nname = "Rita Officer"')
    return linked_definition(base=text, ids=IDS, phones={"Tara TD": "8333 6301"})


def _ladder_definition() -> str:
    """The club cup's people on a challenge ladder instead (no rounds)."""
    text = _definition().replace('format = "single"', 'format = "ladder"').replace(
        'slug = "club-cup"', 'slug = "club-ladder"')
    head, _, rest = text.partition("[[rounds]]")
    return head + rest[rest.index("[[players]]"):]


def _other_definition() -> str:
    text = DEFINITION.replace('slug = "club-cup"', 'slug = "other-cup"').replace(
        "Club Cup", "Other Cup").replace("Tara TD", "Otto TD")
    for old, new in (("Ann Lee", "Pia P"), ("Ben Ong", "Quin Q"), ("Cai Wen", "Ray R"),
                     ("Dev Rao", "Sol S")):
        text = text.replace(old, new)
    return linked_definition(base=text, ids={"Otto TD": IDS["Otto TD"]})


CLUB = """\
[event]
slug = "club-night"
name = "Club Night"
format = "club"

[club]
fee = 5
free_sessions = 0

[[tds]]
name = "Tara TD"

[[tds]]
name = "Cai Wen"

[[organisers]]
name = "Olga Org"

[[adjudicators]]
name = "Rita Officer"
""" + "".join(f'\n[[players]]\nname = "{n}"\n' for n in ("Ann Lee", "Ben Ong", "Cai Wen",
                                                           "Dev Rao"))


async def _club(bot: BotUnderTest, scenario: str, ids: dict[str, Any]) -> None:
    """The club: no night yet (club-ready), a night with nobody in (club-open), or the
    four players checked in (club-checked)."""
    from bot.service.formats.club import club_nights
    async with bot.runtime.db.transaction() as tx:
        created = await event_setup.create_event(
            tx, parse_definition(linked_definition(None, base=CLUB, ids=IDS)), by=Actor.cli(),
            now=bot.clock())
    ids["club"] = created.event_id
    if scenario == "club-ready":
        return
    db, cli = bot.runtime.db, Request.cli(bot.clock())
    await club_nights.start_night(db, cli, created.event_id)
    if scenario == "club-checked":
        for name in ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"):
            await club_nights.check_in_member(db, cli, created.event_id, name)
        ids["checkin"] = {m: await _scalar(
            bot, "SELECT c.id FROM club_checkins c JOIN entries e ON e.id = c.entry_id"
                 " JOIN people p ON p.id = e.person_id WHERE p.tg_user_id = ?", (IDS[n],))
            for m, n in (("M1", "Ann Lee"), ("M2", "Cai Wen"))}
def _swiss_definition() -> str:
    """The Club Swiss: a round-based event with the club cup's people in the same roles."""
    text = ('[event]\nslug = "club-swiss"\nname = "Club Swiss"\nformat = "rounds"\n'
            'time_zone = "Asia/Singapore"\n\n[pairing]\nsystem = "swiss"\nrounds = 3\n'
            'requested_byes = 2\n\n'
            '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Cai Wen"\n\n'
            '[[organisers]]\nname = "Olga Org"\n\n[[adjudicators]]\nname = "Rita Officer"\n'
            + "".join(f'\n[[players]]\nname = "{n}"\nrating = {r}\n' for n, r in (
                ("Ann Lee", 1800), ("Ben Ong", 1700), ("Cai Wen", 1600), ("Dev Rao", 1500))))
    return linked_definition(base=text, ids=IDS)


def _req(bot: BotUnderTest, name: str) -> Request:
    tg = IDS[name]
    return Request(now=bot.clock(), label=f"tg:{tg}", tg_user_id=tg, tg_name=name,
                   organiser=tg in ORGANISERS, chat_id=tg)


def _users(tg: FakeTelegram) -> dict[str, FakeUser]:
    out = {}
    for name, tg_id in IDS.items():
        out[name] = tg.add_user(name.split()[0], user_id=tg_id)
        tg.chat_of(out[name])
    return out


async def _report(bot: BotUnderTest, name: str, mine: int, theirs: int, starter: int | None,
                  confirm: bool = True) -> int:
    db, req = bot.runtime.db, _req(bot, name)
    said = await reporting.report_result(db, req, SaidResult(mine, theirs, text="x"))
    slip_id = said.slip.id
    if starter is not None:
        await reporting.set_starter(db, _req(bot, name), slip_id, starter)
    if confirm:
        await reporting.confirm_slip(db, _req(bot, name), slip_id)
    return slip_id


async def _scalar(bot: BotUnderTest, sql: str, args: tuple[Any, ...] = ()) -> Any:
    async with bot.runtime.db.transaction() as tx:
        return await tx.scalar(sql, args)


@dataclass
class Prepared:
    path: Path
    now: datetime
    ids: dict[str, Any]


async def _prepare(scenario: str, where: Path) -> Prepared:
    """The club cup (and the Other Cup) in the state a scenario's buttons need."""
    bot = BotUnderTest(where / "prepared.sqlite3", organisers=ORGANISERS)
    ids: dict[str, Any] = {}
    async with bot:
        _users(bot.telegram)
        now, cli = bot.clock(), Actor.cli()
        async with bot.runtime.db.transaction() as tx:
            other = await event_setup.create_event(tx, parse_definition(_other_definition()),
                                                   by=cli, now=now)
            text = _ladder_definition() if scenario == "ladder" else _definition()
            created = await event_setup.create_event(tx, parse_definition(text), by=cli,
                                                     now=now)
            event_id = created.event_id
            ids["event"] = event_id
            if scenario == "ladder":
                pass
            elif scenario == "undrawn":
                from bot.service.people.entries import register_player
                ids["eve"] = await register_player(tx, event_id, "Eve Late", 1400, by=cli,
                                                   now=now)
                ids["code"] = await create_invite(tx, event_id, "player", by=cli, now=now)
            else:
                await make_draw(tx, event_id, seed=2026, by=cli, now=now)
                await make_draw(tx, other.event_id, seed=2026, by=cli, now=now)
            if scenario not in ("undrawn", "drawn", "ladder"):
                await open_round_in(tx, event_id, "SF", by=cli, now=now, unpaid_ok=True,
                                    why="fees at the venue")
            ids["sf"] = await tx.scalar("SELECT id FROM rounds WHERE event_id = ? AND name = 'SF'",
                                        (event_id,))
            ids["m"] = {code: await tx.scalar(
                "SELECT id FROM matches WHERE code = ? AND round_id = ?", (code, ids["sf"]))
                for code in ("M1", "M2")}
        await bot.settle()
        db = bot.runtime.db
        if scenario == "undrawn":
            await _request_eve(bot, ids)
        if scenario == "ladder":  # Dev (rung 4) challenges Ann (rung 1)
            await ladders.challenge(db, _req(bot, "Dev Rao"), ["Ann Lee"])
            ids["ben"] = await _scalar(bot, "SELECT e.id FROM entries e JOIN people p ON "
                                            "p.id = e.person_id WHERE p.name = 'Ben Ong' AND "
                                            "e.event_id = ?", (event_id,))
        if scenario == "rounds":
            async with db.transaction() as tx:
                swiss = await event_setup.create_event(
                    tx, parse_definition(_swiss_definition()), by=cli, now=now)
                await make_draw(tx, swiss.event_id, seed=1, by=cli, now=now)
                await open_round_in(tx, swiss.event_id, "1", by=cli, now=now,
                                    closes_at=now + timedelta(days=7))
            for name in ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"):
                await availability.set_unavailable(db, Request.cli(now), swiss.event_id, "3",
                                                   True, player=name)
        if scenario == "draft1":  # game 1: who started is not known yet (para 15)
            for reporter, match in (("Ann Lee", "M1"), ("Ben Ong", "M2")):
                ids.setdefault("draft", {})[match] = await _report(
                    bot, reporter, 412, 380, None, confirm=False)
        if scenario == "base":
            for name in ("Ann Lee", "Cai Wen"):
                sent = await payment_proofs.send_proof(db, _req(bot, name), f"file-{name}", "SF")
                ids.setdefault("proof", {})[name] = sent.proof_id
            async with db.transaction() as tx:
                await groups_repo.link(tx, event_id, GROUP)
        if scenario in ("slips", "dispute", "fix", "amend", "overdue", "why", "redo"):
            for reporter, match in (("Ann Lee", "M1"), ("Ben Ong", "M2")):
                ids.setdefault("pending", {})[match] = await _report(bot, reporter, 412, 380, 0)
        if scenario == "slips":
            for reporter, match in (("Ann Lee", "M1"), ("Ben Ong", "M2")):
                ids.setdefault("draft", {})[match] = await _report(  # game 2: Dev starts
                    bot, reporter, 420, 300, None, confirm=False)
            async with db.transaction() as tx:  # a photo Ann has not yet said the game of
                ids["photo"] = await photos_repo.add_photo(
                    tx, sent_by=await _person(tx, "Ann Lee"), file_id="board", now=bot.clock())
                ids["window"] = await tx.scalar(
                    "SELECT w.id FROM photo_windows w WHERE w.match_id = ?", (ids["m"]["M1"],))
        if scenario in ("dispute", "fix", "amend", "why"):
            for opponent, match in (("Dev Rao", "M1"), ("Cai Wen", "M2")):
                await disputes.dispute_slip(db, _req(bot, opponent), ids["pending"][match])
                await disputes.give_reason(db, _req(bot, opponent), "I had 390")
            ids["dispute"] = {m: await _scalar(bot, "SELECT id FROM disputes WHERE match_id = ?",
                                               (ids["m"][m],)) for m in ("M1", "M2")}
        if scenario == "amend":
            await rulings.ask_amend(db, _req(bot, "Tara TD"), ids["dispute"]["M1"])
        if scenario == "why":
            await rulings.ask_why(db, _req(bot, "Tara TD"), ids["dispute"]["M1"], "uphold")
            ids["prompt"] = await _scalar(bot, "SELECT id FROM prompts WHERE kind = 'why'")
        if scenario == "expelled":
            ids["expulsion"] = {}
            for match, name in (("M1", "Dev Rao"), ("M2", "Ben Ong")):
                done = await expulsions.expel(db, Request.cli(bot.clock()), event_id, name,
                                              why="no show")
                ids["expulsion"][match] = done.expulsion_id
        if scenario == "fix":
            async with db.transaction() as tx:
                ids["prompt"] = await prompts_repo.open_prompt(
                    tx, await _person(tx, "Tara TD"), PromptKind.CONFIRM, ids["dispute"]["M1"],
                    payload={"action": "uphold", "scores": None, "why": "as reported"},
                    now=bot.clock())
        if scenario == "redo":  # Tara's correction of M1 game 1 waits for Apply
            async with db.transaction() as tx:
                game = await tx.scalar("SELECT id FROM games WHERE match_id = ?",
                                       (ids["m"]["M1"],))
                ids["prompt"] = await prompts_repo.open_prompt(
                    tx, await _person(tx, "Tara TD"), PromptKind.CORRECT_APPLY, ids["m"]["M1"],
                    payload={"game_id": game, "scores": [400, 380], "starter": None,
                             "void": False, "why": "typed wrong"}, now=bot.clock())
        if scenario == "tie":
            for match, (a, b) in (("M1", ("Ann Lee", "Dev Rao")), ("M2", ("Ben Ong", "Cai Wen"))):
                td = Request.cli(bot.clock())
                await rulings.forfeit(db, td, event_id, match, 1, a, why="absent")
                await reporting.enter_game(db, td, event_id, (b, a), (475, 400), starter=b)
                await reporting.enter_game(db, td, event_id, (a, b), (400, 400), starter=a)
        if scenario == "overdue":
            await bot.advance(timedelta(hours=30))
            ids["windows"] = {m: await _scalar(
                bot, "SELECT id FROM photo_windows WHERE match_id = ?", (ids["m"][m],))
                for m in ("M1", "M2")}
            states = [await _scalar(bot, "SELECT state FROM photo_windows WHERE id = ?", (w,))
                      for w in ids["windows"].values()]
            assert states == ["overdue", "overdue"], states
            # Tara rules on both games: one list (Cai, who plays M2, is asked about M1 alone)
            ids["ask"] = await _scalar(bot, "SELECT a.id FROM photo_asks a JOIN people p ON"
                                            " p.id = a.ruler_id WHERE p.tg_user_id = ?",
                                       (IDS["Tara TD"],))
        if scenario in ("between", "proposed", "agreed", "claimed", "contested"):
            await _between(bot, scenario, ids)
        if scenario.startswith("club"):
            await _club(bot, scenario, ids)
        ids["closes"] = await _scalar(bot, "SELECT closes_at FROM rounds WHERE id = ?",
                                      (ids["sf"],))
        await bot.settle()
        now = bot.clock()
    return Prepared(where / "prepared.sqlite3", now, ids)


async def _between(bot: BotUnderTest, scenario: str, ids: dict[str, Any]) -> None:
    """Between the players of M1 (Ann, Dev) and M2 (Ben, Cai): "between": each muted the
    opponent and has a message to them started; "proposed": Ann and Ben proposed Tue 03 Mar
    15:00; "agreed": Dev and Cai agreed it, and it has passed; "claimed": Ann and Ben
    claimed a no-show; "contested": Dev and Cai contested (the claims are the TDs')."""
    db = bot.runtime.db
    pairs = (("M1", "Ann Lee", "Dev Rao"), ("M2", "Ben Ong", "Cai Wen"))
    if scenario == "between":
        for match, a, b in pairs:
            for name in (a, b):
                await relay.mute(db, _req(bot, name), match, True)
                await relay.start_draft(db, _req(bot, name), ids["m"][match])
        return
    for match, a, _ in pairs:
        await arranging.propose(db, _req(bot, a), match, "Tue 03 Mar 15:00")
    ids["time"] = {m: await _scalar(bot, "SELECT id FROM match_times WHERE match_id = ?",
                                    (ids["m"][m],)) for m in ("M1", "M2")}
    if scenario == "proposed":
        return
    for match, _, b in pairs:
        await arranging.agree_named(db, _req(bot, b), match, None)
    await bot.advance(timedelta(hours=23))
    if scenario == "agreed":
        return
    for match, a, _ in pairs:
        await no_shows.claim_named(db, _req(bot, a), match)
    ids["claim"] = {m: await _scalar(bot, "SELECT id FROM no_show_claims WHERE match_id = ?",
                                     (ids["m"][m],)) for m in ("M1", "M2")}
    if scenario == "claimed":
        return
    for match, _, b in pairs:
        await no_shows.contest_named(db, _req(bot, b), match, "I was there")


async def _person(tx: Any, name: str) -> int:
    return int(await tx.scalar("SELECT id FROM people WHERE tg_user_id = ?", (IDS[name],)))


async def _request_eve(bot: BotUnderTest, ids: dict[str, Any]) -> None:
    """Nia followed the general link and says she is Eve Late: a request for the TDs."""
    from bot.service.people.invites import ask_to_join
    asked = await ask_to_join(bot.runtime.db, _req(bot, "Nia"), ids["code"], ids["eve"])
    ids["request"] = asked.request_id


_PREPARED: dict[str, Prepared] = {}


@pytest.fixture(scope="module")
def prepared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("authz")


async def _scenario(name: str, root: Path) -> Prepared:
    if name not in _PREPARED:
        where = root / name
        where.mkdir()
        _PREPARED[name] = await _prepare(name, where)
    return _PREPARED[name]


# --- acting -----------------------------------------------------------------------------


@dataclass
class Case:
    """One cell: the bot on a copy of the scenario, the person acting, the target match."""

    bot: BotUnderTest
    user: FakeUser
    name: str
    ids: dict[str, Any]
    match: str  # M1, or M2 for the TD who plays

    async def one(self, sql: str, *args: Any) -> Any:
        return await _scalar(self.bot, sql, args)

    @property
    def match_id(self) -> int:
        return int(self.ids["m"][self.match])


Act = Callable[[Case], Awaitable[None]]
Effect = Callable[[Case], Awaitable[Any]]


@dataclass(frozen=True)
class Row:
    scenario: str
    act: Act
    effect: Effect
    button: bool = False


def says(text: str) -> Act:
    async def act(case: Case) -> None:
        case.bot.telegram.user_sends(case.user, text)
    return act


def presses(data: Callable[[Case], str]) -> Act:
    """The person presses a button with this data, on a message of the bot's in their own
    chat: the real keyboard for whoever got it, what a modified client sends for anyone
    else (Telegram does not check callback data against the keyboard)."""
    async def act(case: Case) -> None:
        tg = case.bot.telegram
        chat = tg.chat_of(case.user)
        message = tg.world.new_message(chat, tg.bot_user, text="(an earlier message)")
        tg.user_forges_tap(case.user, data(case), message)
    return act


def sql(query: str) -> Effect:
    """The effect: a query over the target match (``:m``) or the event (``:e``)."""
    async def effect(case: Case) -> Any:
        async with case.bot.runtime.db.transaction() as tx:
            if ":m" in query:
                query_ = query.replace(":m", str(case.match_id))
            else:
                query_ = query
            rows = await tx.all(query_.replace(":e", str(case.ids["event"])))
        return [tuple(r) for r in rows]
    return effect


def answer_about_club_cup(case: Case) -> Awaitable[Any]:
    """A read's effect: the answer is about the club cup (its name, or a picture of it)."""
    async def read() -> Any:
        tg = case.bot.telegram
        said = [m.text or m.caption or "" for m in tg.sent(case.user)]
        return any("Club Cup" in s for s in said) or any(m.photo for m in tg.sent(case.user))
    return read()


async def own_matches(case: Case) -> Any:
    said = " ".join(m.text or "" for m in case.bot.telegram.sent(case.user))
    return "Club Cup" in said and " v " in said or any(
        n in said for n in PEOPLE_NAMES if n != case.name)


async def answered(case: Case) -> Any:
    said = [m.text or "" for m in case.bot.telegram.sent(case.user)]
    return bool(said) and not said[-1].startswith("⚠️")


def with_slug(text: str) -> Act:
    return says(text)


SLIP = "SELECT state, starter_side FROM slips WHERE match_id = :m ORDER BY id"
DISPUTE = "SELECT state, ruling FROM disputes WHERE match_id = :m"
PROMPTS = "SELECT person_id, kind, state FROM prompts ORDER BY id"
MATCH = "SELECT state, winner_side FROM matches WHERE id = :m"
GAMES = "SELECT kind, void, score_a, score_b FROM games WHERE match_id = :m ORDER BY id"
ROUND = "SELECT state, closes_at FROM rounds WHERE event_id = :e"
WINDOWS = "SELECT state, closes_at FROM photo_windows WHERE match_id = :m"
PROOFS = "SELECT id, state FROM payment_proofs ORDER BY id"
REQUESTS = "SELECT id, tg_user_id, state FROM join_requests ORDER BY id"
LADDER = "SELECT record_json FROM ladders WHERE event_id = :e"
ABSENT = "SELECT round_seq, entry_id FROM round_absences ORDER BY round_seq, entry_id"
RELAYED = "SELECT count(*) FROM relay_messages WHERE match_id = :m"
DRAFTS = "SELECT person_id FROM relay_drafts WHERE match_id = :m ORDER BY person_id"
MUTES = "SELECT person_id FROM relay_mutes WHERE match_id = :m ORDER BY person_id"
TIMES = "SELECT starts_at, state FROM match_times WHERE match_id = :m ORDER BY id"
CLAIMS = "SELECT state, contest FROM no_show_claims WHERE match_id = :m ORDER BY id"
LANGUAGES = "SELECT tg_user_id, language FROM people WHERE language IS NOT NULL"


CHECKINS = "SELECT entry_id FROM club_checkins ORDER BY id"


async def _told(case: Case, words: str) -> bool:
    """A read's effect: the person was answered with ``words`` (about the club)."""
    return any(words in (m.text or "") for m in case.bot.telegram.sent(case.user))


def _proof_of(case: Case) -> int:
    return int(case.ids["proof"]["Cai Wen" if case.match == "M2" else "Ann Lee"])


ROWS: dict[str, Row] = {
    "/start": Row("base", says("/start"), answered),
    "/help": Row("base", says("/help"), answered),
    "/matches": Row("base", says("/matches"), own_matches),
    "/report 412-380": Row("base", says("/report 412-380"), sql(SLIP)),
    "412-380 (a message)": Row("base", says("412-380"), sql(SLIP)),
    "/dispute": Row("slips", says("/dispute I had more"), sql(DISPUTE)),
    "/pending": Row("base", says("/pending club-cup"), answer_about_club_cup),
    "/invites": Row("base", says("/invites club-cup"), answer_about_club_cup),
    "/draw": Row("undrawn", says("/draw club-cup 7"), sql("SELECT count(*) FROM matches m "
                                                           "JOIN rounds r ON r.id = m.round_id "
                                                           "WHERE r.event_id = :e")),
    "/openround": Row("drawn", says("/openround club-cup SF anyway: fees at the venue"),
                      sql(ROUND)),
    "/closeround": Row("base", says("/closeround club-cup SF anyway: rain"), sql(ROUND)),
    "/holdround": Row("base", says("/holdround club-cup SF until 2026-03-20: rain"), sql(ROUND)),
    "/amend 412 380": Row("amend", says("/amend 412 380"), sql(PROMPTS)),  # then: why?
    "/paid NAME ROUND": Row("base", says("/paid club-cup Dev Rao SF"),
                            sql("SELECT count(*) FROM payments")),
    "/cost": Row("base", says("/cost club-cup 120 venue hire"), sql("SELECT count(*) FROM costs")),
    "/prizes": Row("base", says("/prizes club-cup"), answer_about_club_cup),
    "/bracket": Row("base", says("/bracket club-cup"), answer_about_club_cup),
    "/link (in a group)": Row("undrawn", says("/link club-cup"),
                              sql("SELECT group_chat_id FROM events WHERE id = :e")),
    "/unlink (in a group)": Row("base", says("/unlink"),
                                sql("SELECT group_chat_id FROM events WHERE id = :e")),
    "event file (.toml)": Row("base", says(""), sql("SELECT count(*) FROM events")),
    "board photo": Row("slips", says(""), sql(
        "SELECT count(*) FROM photos p JOIN games g ON g.id = p.game_id WHERE g.match_id = :m")),
    "photo captioned /paid": Row("base", says(""), sql("SELECT count(*) FROM payment_proofs")),
    "event: start today": Row("undrawn", presses(
        lambda c: callbacks.event_today(c.ids["event"], date(2026, 3, 2))),
        sql("SELECT count(*) FROM journal WHERE action = 'event.dates_moved'"), True),
    "join: this is me": Row("undrawn", presses(
        lambda c: callbacks.join_pick(c.ids["code"], c.ids["eve"])), sql(REQUESTS), True),
    "join: approve": Row("undrawn", presses(
        lambda c: callbacks.join_decide(c.ids["request"], True)), sql(REQUESTS), True),
    "join: reject": Row("undrawn", presses(
        lambda c: callbacks.join_decide(c.ids["request"], False)), sql(REQUESTS), True),
    "slip: who started": Row("draft1", presses(
        lambda c: callbacks.slip("start", c.ids["draft"][c.match], 1)), sql(SLIP), True),
    "slip: confirm": Row("slips", presses(
        lambda c: callbacks.slip("ok", c.ids["draft"][c.match])), sql(SLIP), True),
    "slip: cancel": Row("slips", presses(
        lambda c: callbacks.slip("no", c.ids["draft"][c.match])), sql(SLIP), True),
    "slip: agree": Row("slips", presses(
        lambda c: callbacks.slip("agree", c.ids["pending"][c.match])), sql(SLIP), True),
    "slip: dispute": Row("slips", presses(
        lambda c: callbacks.slip("dispute", c.ids["pending"][c.match])), sql(DISPUTE), True),
    "which: this match": Row("base", presses(
        lambda c: callbacks.which(c.match_id, 412, 380, None, 1)), sql(SLIP), True),
    "rule: uphold": Row("dispute", presses(
        lambda c: callbacks.rule("uphold", c.ids["dispute"][c.match])), sql(PROMPTS), True),  # asks why first
    "rule: amend": Row("dispute", presses(
        lambda c: callbacks.rule("amend", c.ids["dispute"][c.match])), sql(PROMPTS), True),
    "rule: void game": Row("dispute", presses(
        lambda c: callbacks.rule("void", c.ids["dispute"][c.match])), sql(PROMPTS), True),  # asks why first
    "rule: game bye": Row("dispute", presses(
        lambda c: callbacks.rule("gbye", c.ids["dispute"][c.match], 1)), sql(PROMPTS), True),  # asks why first
    "rule: match bye": Row("dispute", presses(
        lambda c: callbacks.rule("mbye", c.ids["dispute"][c.match], 1)), sql(PROMPTS), True),  # asks why first
    "tie: winner": Row("tie", presses(lambda c: callbacks.tie(c.match_id, 1)), sql(PROMPTS),
                       True),
    "tie: lots drawn": Row("tie", presses(lambda c: callbacks.tie(c.match_id, 1, lots=True)),
                           sql(MATCH), True),
    "fix: apply": Row("fix", presses(lambda c: callbacks.fix(c.ids["prompt"], True)),
                      sql(PROMPTS), True),
    "fix: cancel": Row("fix", presses(lambda c: callbacks.fix(c.ids["prompt"], False)),
                       sql(PROMPTS), True),
    "/correct M1 game 1": Row("slips", lambda c: says(
        f"/correct club-cup {c.match} game 1 400 380")(c), sql(PROMPTS)),  # then: why?
    "redo: apply": Row("redo", presses(lambda c: callbacks.correction(c.ids["prompt"], True)),
                       sql(PROMPTS), True),
    "redo: cancel": Row("redo", presses(lambda c: callbacks.correction(c.ids["prompt"], False)),
                        sql(PROMPTS), True),
    "fee proof: approve": Row("base", presses(lambda c: callbacks.proof(_proof_of(c), True)),
                              sql(PROOFS), True),
    "fee proof: reject": Row("base", presses(lambda c: callbacks.proof(_proof_of(c), False)),
                             sql(PROOFS), True),
    "photo: which game": Row("slips", presses(
        lambda c: callbacks.photo_pick(c.ids["photo"], c.ids["window"])),
        sql("SELECT game_id FROM photos ORDER BY id"), True),
    "photo: award bye": Row("overdue", presses(
        lambda c: callbacks.photo_rule(c.ids["windows"][c.match], "bye")), sql(WINDOWS), True),
    "photo: extend": Row("overdue", presses(
        lambda c: callbacks.photo_rule(c.ids["windows"][c.match], "extend")), sql(WINDOWS), True),
    "photo: waive": Row("overdue", presses(
        lambda c: callbacks.photo_rule(c.ids["windows"][c.match], "waive")), sql(WINDOWS), True),
    "photo: one game": Row("overdue", presses(
        lambda c: callbacks.photo_game(c.ids["windows"][c.match])),
        sql("SELECT count(*) FROM outbox WHERE text_html LIKE '%no board photo of M%'"), True),
    "photo: waive all": Row("overdue", presses(
        lambda c: callbacks.photo_all(c.ids["ask"], "waive")), sql(WINDOWS), True),
    "desk: extend round": Row("base", presses(lambda c: callbacks.desk_extend(
        c.ids["sf"], int(datetime.fromisoformat(c.ids["closes"]).timestamp()))), sql(ROUND), True),
    "desk: match bye": Row("slips", presses(lambda c: callbacks.desk_bye(c.match_id, 1)),
                           sql(MATCH), True),
    "desk: void match": Row("slips", presses(lambda c: callbacks.desk_void(c.match_id)),
                            sql(GAMES), True),
    "/expel NAME: REASON": Row("base", lambda c: says(
        f"/expel club-cup {'Dev Rao' if c.match == 'M1' else 'Ben Ong'}: no show")(c),
        sql("SELECT entry_id, state FROM expulsions ORDER BY id")),
    "expel: nobody": Row("expelled", presses(
        lambda c: callbacks.expel_pick(c.ids["expulsion"][c.match], None)),
        sql("SELECT state FROM expulsions ORDER BY id"), True),
    "why: skip": Row("why", presses(lambda c: callbacks.why_skip(c.ids["prompt"])),
                     sql(DISPUTE), True),
    "/night": Row("club-ready", says("/night"), sql("SELECT count(*) FROM club_sessions")),
    "/checkin": Row("club-open", says("/checkin"), sql(CHECKINS)),
    "/checkin NAME": Row("club-open", says("/checkin Dev Rao"), sql(CHECKINS)),
    "/pairround": Row("club-checked", says("/pairround"), sql("SELECT count(*) FROM club_rounds")),
    "/fees": Row("club-checked", says("/fees"), lambda c: _told(c, "Club Night, night 1: fees")),
    "/endnight": Row("club-checked", says("/endnight"), sql("SELECT state FROM club_sessions")),
    "/me": Row("club-open", says("/me"), lambda c: _told(c, "Expert points")),
    "club: fee paid": Row("club-checked", presses(
        lambda c: callbacks.club_paid(c.ids["checkin"][c.match])),
        sql("SELECT paid_at IS NOT NULL FROM club_checkins ORDER BY id"), True),
    "/ladder": Row("ladder", says("/ladder club-ladder"), answer_about_club_cup),
    "/challenge Ben Ong": Row("ladder", says("/challenge Ben Ong"), sql(LADDER)),
    "/accept": Row("ladder", says("/accept"), sql(LADDER)),
    "/decline": Row("ladder", says("/decline"), sql(LADDER)),
    "/withdraw": Row("ladder", says("/withdraw"), sql(LADDER)),
    "/join NAME": Row("ladder", says("/join Gus Newman 1200"), sql(LADDER)),
    "ladder: challenge": Row("ladder", presses(lambda c: callbacks.ladder(
        "challenge", c.ids["event"], c.ids["ben"])), sql(LADDER), True),
    "ladder: accept": Row("ladder", presses(lambda c: callbacks.ladder(
        "accept", c.ids["event"], 1)), sql(LADDER), True),
    "ladder: decline": Row("ladder", presses(lambda c: callbacks.ladder(
        "decline", c.ids["event"], 1)), sql(LADDER), True),
    "/standings": Row("rounds", says("/standings club-swiss"),
                      lambda c: _told(c, "Club Swiss: standings")),
    "/why NAME": Row("rounds", says("/why club-swiss Ann Lee"),
                     lambda c: _told(c, "Round 1: Ann Lee v")),
    "/export": Row("rounds", says("/export club-swiss"), lambda c: _documents(c)),
    "/chances": Row("rounds", says("/chances club-swiss"),
                    lambda c: _told(c, "what you can still reach")),
    "/rating": Row("rounds", says("/rating club-swiss"),
                   lambda c: _told(c, "rating estimate")),
    "/unavailable 2": Row("rounds", says("/unavailable club-swiss 2"), sql(ABSENT)),
    "/available 3": Row("rounds", says("/available club-swiss 3"), sql(ABSENT)),
    "/availability 2": Row("rounds", says("/availability club-swiss 2"),
                           lambda c: _told(c, "Club Swiss: Round 2")),
    "/tell M1 hello": Row("base", lambda c: says(f"/tell {c.match} hello")(c), sql(RELAYED)),
    "/cancel": Row("between", says("/cancel"), sql(DRAFTS)),
    "/mute M1": Row("base", lambda c: says(f"/mute {c.match}")(c), sql(MUTES)),
    "/unmute M1": Row("between", lambda c: says(f"/unmute {c.match}")(c), sql(MUTES)),
    "/share": Row("base", says("/share"),
                  sql("SELECT count(*) FROM journal WHERE action = 'player.share'")),
    "/matchlog M1": Row("base", lambda c: says(f"/matchlog club-cup {c.match}")(c),
                        lambda c: _told(c, "what they said and arranged")),
    "/timezone ZONE": Row("base", says("/timezone Europe/London"),
                          sql("SELECT person_id, time_zone FROM player_prefs")),
    "/language fr": Row("base", says("/language fr"), sql(LANGUAGES)),
    "language: choose": Row("base", presses(lambda c: callbacks.language("fr")),
                            sql(LANGUAGES), button=True),
    "/propose M1 TIME": Row("base", lambda c: says(f"/propose {c.match} Sat 15:00")(c),
                            sql(TIMES)),
    "/agree M1": Row("proposed", lambda c: says(f"/agree {c.match}")(c), sql(TIMES)),
    "/noshow M1": Row("agreed", lambda c: says(f"/noshow {c.match}")(c), sql(CLAIMS)),
    "/contest M1 TEXT": Row("claimed", lambda c: says(f"/contest {c.match} I was there")(c),
                            sql(CLAIMS)),
    "relay: write to": Row("base", presses(lambda c: callbacks.relay_write(c.match_id)),
                           sql(DRAFTS), True),
    "arr: time slots": Row("base", presses(lambda c: callbacks.arrange_slots(c.match_id)),
                           lambda c: _told(c, "Pick a time to propose"), True),
    "arr: propose a slot": Row("base", presses(lambda c: callbacks.arrange_propose(
        c.match_id, int(datetime(2026, 3, 3, 7, 0, tzinfo=UTC).timestamp()))), sql(TIMES), True),
    "arr: agree a time": Row("proposed", presses(
        lambda c: callbacks.arrange_agree(c.ids["time"][c.match])), sql(TIMES), True),
    "noshow: claim": Row("agreed", presses(
        lambda c: callbacks.no_show_claim(c.ids["time"][c.match])), sql(CLAIMS), True),
    "noshow: contest": Row("claimed", presses(
        lambda c: callbacks.no_show_contest(c.ids["claim"][c.match])), sql(CLAIMS), True),
    "noshow: rule": Row("contested", presses(
        lambda c: callbacks.no_show_rule(c.ids["claim"][c.match], "game")), sql(GAMES), True),
}


async def _told(case: Case, text: str) -> bool:
    """A read's effect: the person was answered with ``text``."""
    return any(text in (m.text or "")
               for m in case.bot.telegram.sent(case.user))


async def _documents(case: Case) -> list[str]:
    return [m.document.file_name or "" for m in case.bot.telegram.sent(case.user)
            if m.document is not None]


async def _special(row: str, case: Case) -> None:
    """The rows that are not a plain text or a button."""
    tg = case.bot.telegram
    if row == "event file (.toml)":
        text = _other_definition().replace("other-cup", "third-cup")
        tg.user_sends_document(case.user, text.encode(), "third.toml")
    elif row == "board photo":
        tg.user_sends_photo(case.user, _PNG)
    elif row == "photo captioned /paid":
        tg.user_sends_photo(case.user, _PNG, caption="/paid SF")
    elif row in ("/link (in a group)", "/unlink (in a group)"):
        group = tg.add_group("Club chat", list(tg.world.users.values()))
        assert group.id == GROUP
        tg.user_sends(case.user, row.split()[0] + (" club-cup" if "/link" in row else ""),
                      chat=group)


def _png() -> bytes:
    import io

    from PIL import Image
    out = io.BytesIO()
    Image.new("RGB", (4, 3), "white").save(out, "PNG")
    return out.getvalue()


_PNG = _png()
_SPECIAL = {"event file (.toml)", "board photo", "photo captioned /paid", "/link (in a group)",
            "/unlink (in a group)"}


def test_the_matrix_has_a_row_for_every_command_and_button() -> None:
    """A new command or button kind cannot be left out of the matrix."""
    from bot.telegram.commands import COMMANDS
    rows = {line.split("|")[0].strip() for line in MATRIX.strip().splitlines()[1:]}
    for command in COMMANDS:
        assert any(r.split()[0] == f"/{command.name}" for r in rows), command.name
    kinds = {name.split("_")[0] for name in dir(callbacks) if name.startswith("parse_")}
    prefixes = {"join": "join:", "slip": "slip:", "rule": "rule:", "tie": "tie:",
                "fix": "fix:", "proof": "fee proof:", "photo": "photo:", "desk": "desk:",
                "expel": "expel:", "why": "why:", "club": "club:", "ladder": "ladder:",
                "correction": "redo:", "event": "event:", "between": "relay:",
                "language": "language:", "which": "which:"}
    for name in dir(callbacks):
        if name.startswith("parse_"):
            kind = name.removeprefix("parse_").split("_")[0]
            assert any(r.startswith(prefixes[kind]) for r in rows), name
    assert rows == set(ROWS), rows ^ set(ROWS)
    assert kinds


@pytest.mark.parametrize(("row", "role"), list(CELLS), ids=[f"{r}-{c}" for r, c in CELLS])
async def test_cell(row: str, role: str, prepared_root: Path, tmp_path: Path) -> None:
    spec = ROWS[row]
    ready = await _scenario(spec.scenario, prepared_root)
    path = tmp_path / "bot.sqlite3"
    shutil.copyfile(ready.path, path)
    name = WHO[role]
    bot = BotUnderTest(path, organisers=ORGANISERS, clock=SimClock(ready.now))
    async with bot:
        users = _users(bot.telegram)
        case = Case(bot, users[name], name, ready.ids, "M2" if role == "TD plays" else "M1")
        before = await spec.effect(case)
        if row in _SPECIAL:
            await _special(row, case)
        else:
            await spec.act(case)
        await bot.settle()
        after = await spec.effect(case)
        said = [m.text or m.caption or "" for m in bot.telegram.sent(case.user)]
        if CELLS[(row, role)] == "allow":
            assert after != before, f"{name} ({role}): {row} had no effect; they read {said}"
            return
        assert after == before, f"{name} ({role}): {row} was refused but changed {before} -> {after}"
        target = {"M1": ("Ann Lee", "Dev Rao"), "M2": ("Ben Ong", "Cai Wen")}[case.match]
        secret = ["Eve Late"] + ([] if name in target else list(target))
        typed = " ".join(m.text or "" for m in bot.telegram.world.messages.values()
                         if m.sender.id == case.user.id)
        for text in said:
            leaked = [n for n in secret if n in text and n not in typed]
            assert not leaked, f"{name} ({role}) was told about {leaked}: {text}"
        if spec.button:
            await _refused_press(case, row, role, said)


#: Refused presses of a button that is the presser's, refused for what it is, not for
#: who pressed it: the answer says why (nothing about anyone else).
OWN_REFUSALS = {("slip: agree", "player"), ("join: this is me", "other player"),
                ("join: this is me", "player"), ("join: this is me", "opponent"),
                ("join: this is me", "TD plays"), ("ladder: challenge", "other player"),
                ("ladder: challenge", "player"), ("ladder: challenge", "opponent"),
                ("arr: agree a time", "player"), ("noshow: contest", "player"),
                ("language: choose", "stranger")}


#: A ruling on M2 pressed by Cai, a TD who plays in it (SSSg para 19): the answer is the
#: real reason and who rules instead (``errors.OwnMatch``); the press is journalled.
OWN_MATCH = {"rule: uphold", "rule: amend", "rule: void game", "rule: game bye",
             "rule: match bye", "tie: winner", "tie: lots drawn", "photo: award bye",
             "photo: extend", "photo: waive", "photo: one game", "desk: match bye",
             "desk: void match",
             "expel: nobody", "noshow: rule"}


async def _refused_press(case: Case, row: str, role: str, said: list[str]) -> None:
    """A refused press: journalled and answered with the one neutral text, unless it is
    one of ``OWN_REFUSALS`` or a TD's ruling on their own match (``OWN_MATCH``)."""
    if (row, role) in OWN_REFUSALS:
        assert said[-1].startswith("⚠️") and said[-1] != texts.refused(texts.BUTTON_REFUSED)
        return
    if role == "TD plays" and row in OWN_MATCH:
        assert said[-1] == "⚠️ You play in M2, so Tara TD rules on it (SSSg para 19)", said
    else:
        assert said[-1] == texts.refused(texts.BUTTON_REFUSED), said
    journalled = await case.one("SELECT subject FROM journal WHERE action = 'button.refused'")
    assert journalled == f"tg:{case.user.id}", journalled
