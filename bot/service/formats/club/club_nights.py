"""Club nights in the chat: a night (session), check-in, pairing each round, session fees,
expert points and a player's club record (NASPA Director's Manual, the club chapters, seed
000; the rules themselves are ``core.club``'s).

- "Starting & Directing a SCRABBLE Club" / "Pairing Players at Club": a club event runs for
  as long as the club meets; each meeting is a night. Players check in (``/checkin``, or a
  TD checks them in), and each round is paired from those checked in by the club's method
  (``core.club.pair_club_round``: modified King of the Hill avoiding repeats, ladder, or a
  seeded draw; newcomers kept from the top players and from each other). A latecomer
  joins the round after those already paired; an odd player gets the club's bye rule.
- Each pair is a best-of-1 match row in an open round, so its game is reported through the
  slips like any other (reporting.py), and each bye a decided bye match.
- "Player Fees at Club": each player owes the session fee at check-in
  (``core.club.session_fee``); a TD marks payments with one tap, and the night's end lists
  who has not paid.
- "Expert Points": a point per club win; the 50, 100, 250, 500 and 1000 levels are
  announced once each (stored in ``club_milestones``), from ``after_results``, once the
  win that reaches one is final.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from bot.service.events.definitions import ClubDef, ClubMemberDef, definition_of
from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import club_round
from bot.service.formats.club import club_texts as say
from bot.service.formats.club.club_views import (
    CheckedIn,
    ClubRecord,
    FeeList,
    FeePaid,
    NightEnded,
    NightFee,
    NightStarted,
    RoundPaired,
    Table,
)
from bot.service.formats.registry import named
from bot.service.people import expelled, name_texts
from bot.service.people.entries import _add_entry, entry_of_person
from bot.service.people.invites import create_invite, invite_link
from bot.service.people.persons import get_person
from bot.service.people.roles import require_role
from bot.service.platform import callbacks, journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.limits import minor_units
from bot.service.platform.news import GROUP, News, group_language
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results import finality
from bot.store import (
    club_repo,
    entries_repo,
    games_repo,
    groups_repo,
    matches_repo,
    outbox_repo,
    rounds_repo,
)
from bot.store.club_repo import CheckIn, Session, SessionState
from bot.store.db import Database, Tx
from bot.store.entries_repo import EntryState
from bot.store.games_repo import GameRow
from bot.store.matches_repo import MatchView
from bot.store.rounds_repo import RoundState
from bot.words.said import Said, english_text, said
from core.club import (
    ByeRule,
    ClubRules,
    Member,
    Method,
    bye_result,
    club_wins,
    milestones_crossed,
    newcomer_pairs,
    pair_club_round,
    player_record,
    session_fee,
)
from core.club import PlayerRecord as PlayerRecord
from core.knockout.match import MatchGameKind, MatchStage
from core.names import NameRefused, pick
from core.pairing.history import pair_key
from core.tournament import Game, GameKind, Pairings

FORMAT = "club"


# --- the club's rules and records ----------------------------------------------------------


def club_of(event: Event) -> ClubDef:
    """The event's [club] table; a refusal for an event that is not a club."""
    club = definition_of(event).club
    if event.format != FORMAT or club is None:
        raise Invalid(said("{event} is not a club (its format is '{format}'): club nights "
                           "are for events with format = &quot;club&quot;",
                           event=event.name, format=event.format))
    return club


def rules_of(club: ClubDef) -> ClubRules:
    return ClubRules(
        method=Method(club.method), newcomer_sessions=club.newcomer_sessions,
        protect_top=club.protect_top, bye=ByeRule(club.bye), bye_spread=club.bye_spread,
        fee=club.fee, student_fee=club.student_fee, senior_fee=club.senior_fee,
        free_sessions=club.free_sessions)


def _before_bot(club: ClubDef, name: str) -> ClubMemberDef:
    """The member's record from before the bot, by name as the definition spells it."""
    for key, record in club.members.items():
        if key.casefold().strip() == name.casefold().strip():
            return record
    return ClubMemberDef()


def _game(view: MatchView, number: int, stored: GameRow) -> Game:
    a, b = view.entries
    assert a is not None and b is not None
    first = view.entries[stored.starter_side] if stored.starter_side is not None else None
    if stored.kind == MatchGameKind.PLAYED:
        sa, sb = stored.score_a or 0, stored.score_b or 0
        pa = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        return Game(number, a, b, pa, 1.0 - pa, sa, sb, first)
    # a game bye (a ruling) or a forfeit: a result without a game played
    pa = 1.0 if stored.bye_side == 0 else 0.0
    return Game(number, a, b, pa, 1.0 - pa, stored.score_a, stored.score_b, first,
                GameKind.FORFEIT)


async def club_games(tx: Tx, event: Event, rules: ClubRules, *,
                     final_only: bool = False) -> dict[int, list[Game]]:
    """Every night's results as the core reads them (night seq -> games, each with its round
    number in the night): the games of decided pairs and the byes. A pair not yet decided
    has no result yet; with ``final_only``, nor has one whose slip can still be disputed
    (``finality``)."""
    where = await club_repo.rounds_of_event(tx, event.id)
    stored = await games_repo.games_of_event(tx, event.id)
    unsettled = await finality.unsettled_matches(tx, event.id) if final_only else set()
    nights: dict[int, list[Game]] = {}
    for view in await matches_repo.of_event(tx, event.id):
        if view.round_id not in where or view.id in unsettled:
            continue
        seq, number = where[view.round_id]
        night = nights.setdefault(seq, [])
        if view.state == MatchStage.BYE and view.entries[0] is not None:
            night.append(bye_result(rules, number, view.entries[0]))
        elif view.state == MatchStage.DECIDED:
            night += [_game(view, number, g) for g in stored.get(view.id, []) if not g.void]
    return nights


def _spread(games: Sequence[Game], number: int) -> int:
    total = 0
    for g in games:
        if g.kind == GameKind.PLAYED and g.b is not None and g.involves(number):
            own, other = (g.score_a, g.score_b) if g.a == number else (g.score_b, g.score_a)
            total += (own or 0) - (other or 0)
    return total


async def _members(tx: Tx, event: Event, club: ClubDef, session: Session,
                   checked: Sequence[CheckIn]) -> list[Member]:
    """Tonight's checked-in players with the club's record of them before tonight."""
    rules = rules_of(club)
    attended = await club_repo.sessions_attended(tx, event.id, session.seq)
    nights = await club_games(tx, event, rules)
    earlier = [g for seq, games in nights.items() if seq < session.seq for g in games]
    members = []
    for c in checked:
        entry = await entries_repo.get(tx, c.entry_id)
        assert entry is not None
        before = _before_bot(club, c.name)
        members.append(Member(
            c.entry_id, c.name, entry.rating,
            sessions=before.sessions + attended.get(c.entry_id, 0),
            wins=before.wins + club_wins(earlier, c.entry_id),
            spread=before.spread + _spread(earlier, c.entry_id),
            student=before.student, senior=before.senior, joined=c.joins_round))
    return members


def _pair_entries(members: Sequence[Member], games: Sequence[Game], number: int,
                  rules: ClubRules, *, seed: int) -> Pairings:
    """``pair_club_round`` over tonight's players, who are entry ids here. The core pairs
    a division's players numbered 1..n in order (``core.tournament.Division``), and the
    entry ids of those checked in are neither (a member stays at home, a walk-in's entry
    is new, another event's entries came between), so they are numbered 1..n in entry
    order for the core and the pairs read back as entry ids (the core's reasons, in its
    numbers, are left out: the chat says its own, ``club_texts``)."""
    ids = sorted(m.number for m in members)
    core = {entry: i for i, entry in enumerate(ids, start=1)}

    def back(n: int) -> int:
        return ids[n - 1]

    def opt(n: int | None, to: dict[int, int]) -> int | None:
        return None if n is None else to[n]

    numbered = sorted((replace(m, number=core[m.number]) for m in members),
                      key=lambda m: m.number)
    played = [replace(g, a=core[g.a], b=opt(g.b, core), first=opt(g.first, core))
              if g.a in core and (g.b is None or g.b in core) else _left_alone(g, core)
              for g in games if g.a in core or g.b in core]
    paired = pair_club_round(numbered, played, number, rules, seed=seed)
    return Pairings(paired.round, tuple((back(p), back(q)) for p, q in paired.pairs),
                    tuple(back(b) for b in paired.byes))


def _left_alone(g: Game, core: dict[int, int]) -> Game:
    """A game of tonight against a player who is paired no more (expelled): for the one
    still here it is their result with no opponent to avoid or to count as met (a
    forfeit won or lost, its spread kept)."""
    me = g.a if g.a in core else g.b
    assert me is not None
    return Game(g.round, core[me], None, g.points_of(me), score_a=g.spread_of(me),
                kind=GameKind.FORFEIT)


async def _active(tx: Tx, entry_id: int) -> bool:
    entry = await entries_repo.get(tx, entry_id)
    return entry is not None and entry.state == EntryState.ACTIVE


async def _who(tx: Tx, actor: Actor) -> str:
    return (await get_person(tx, actor.person_id)).name if actor.person_id is not None \
        else say.COMMAND_LINE


async def _tonight(tx: Tx, event: Event) -> Session:
    session = await club_repo.open_session(tx, event.id)
    if session is None:
        raise Invalid(said("{event} has no night open: a TD starts tonight's with /night "
                           "(tdbot club night {slug})", event=event.name, slug=event.slug))
    return session


# --- a night -------------------------------------------------------------------------------


async def start_night(db: Database, req: Request, event_id: int) -> NightStarted:
    """Use-case: a TD starts tonight's session ("per club meeting"); one night at a time."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        club = club_of(event)
        open_now = await club_repo.open_session(tx, event_id)
        if open_now is not None:
            raise Invalid(said("night {night} is still open (started {at}): end it with "
                               "/endnight (tdbot club end) first", night=open_now.seq,
                               at=event.local(open_now.opened_at)))
        session_id = await club_repo.add_session(tx, event_id, by=await _who(tx, actor),
                                                 now=req.now)
        session = await club_repo.get_session(tx, session_id)
        assert session is not None
        await journal.record(tx, who=actor, action="club.night", subject=f"event:{event_id}",
                             now=req.now, detail={"session": session_id, "night": session.seq})
        chat = await groups_repo.group_of(tx, event_id)
        if chat is not None:
            await outbox.enqueue(tx, chat_id=chat, now=req.now,
                                 said=say.night_for_group(event, session.seq),
                                 lang=await group_language(tx, event),
                                 dedupe_key=f"club:{session_id}:group:night")
        started = NightStarted(event, session.seq, club)
        await answer(tx, req, Reply(say.night_started(started)))
        return started


async def _check_in(tx: Tx, event: Event, entry_id: int, *, by: Actor, now: datetime,
                    by_td: bool, invite_code: str | None = None) -> CheckedIn:
    club = club_of(event)
    session = await _tonight(tx, event)
    checked = await club_repo.checkins(tx, session.id)
    entry = await entries_repo.get(tx, entry_id)
    assert entry is not None
    person = await get_person(tx, entry.person_id)
    for c in checked:
        if c.entry_id == entry_id:
            raise Invalid(said("{name} is already checked in for night {night} (at {at}, by "
                               "{by})", name=person.name, night=session.seq,
                               at=event.local(c.checked_in_at), by=say.who(c.checked_in_by)))
    paired = len(await club_repo.night_rounds(tx, session.id))
    if paired >= club.rounds:
        raise Invalid(said("all {rounds} rounds of night {night} are paired: there is no game "
                           "left for {name} tonight, so nobody is checked in (and no fee is "
                           "owed)", rounds=club.rounds, night=session.seq, name=person.name))
    rules = rules_of(club)
    me = (await _members(tx, event, club, session, [CheckIn(
        0, session.id, entry_id, person.name, entry.person_id, now, "", paired + 1, 0, "",
        None, None)]))[0]
    fee = session_fee(me, rules)
    cents = minor_units(fee.amount)
    who = await _who(tx, by)
    await club_repo.add_checkin(tx, session.id, entry_id, by=who, now=now,
                                joins_round=paired + 1, fee=cents, fee_reason=fee.reason)
    await journal.record(tx, who=by, action="club.checkin", subject=f"entry:{entry_id}", now=now,
                         detail={"night": session.seq, "joins_round": paired + 1,
                                 "fee": cents, "fee_reason": fee.reason})
    done = CheckedIn(event, session.seq, person.name, paired + 1,
                     event.money(cents) if cents else "", fee.reason, rules.is_newcomer(me),
                     by_td, invite_code)
    if by_td:
        await outbox.enqueue(tx, person_id=entry.person_id, now=now,
                             said=say.checked_in_for_player(done),
                             dedupe_key=f"club:{session.id}:checkin:{entry_id}")
    return done


async def check_in_self(db: Database, req: Request, slug: str | None = None) -> CheckedIn:
    """Use-case: a player checks in for tonight (``/checkin``) at the club they play in
    that has a night open (naming the club when several have)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None
        clubs: list[tuple[Event, int]] = []
        for event in await _clubs_of(tx, actor.person_id):
            entry = await entry_of_person(tx, event.id, actor.person_id)
            if entry is not None and entry.state == EntryState.ACTIVE:
                clubs.append((event, entry.id))
        if not clubs:
            await expelled.refuse_person(tx, actor.person_id, named(FORMAT))
            raise NotAllowed(said("/checkin is for the players of a club; ask the club's TD "
                                  "to add you (/checkin new YOUR NAME)"))
        if slug is not None:
            clubs = [c for c in clubs if c[0].slug == slug]
            if not clubs:
                raise Invalid(said("you play in no club called '{club}'", club=slug))
        tonight = [c for c in clubs if await club_repo.open_session(tx, c[0].id) is not None]
        if not tonight:
            raise Invalid(said("{event} has no night open yet: the TD starts it with "
                               "/night; then send /checkin", event=clubs[0][0].name))
        if len(tonight) > 1:
            raise Invalid(said("several of your clubs meet tonight; name one: /checkin CLUB "
                               "({clubs})", clubs=", ".join(e.slug for e, _ in tonight)))
        event, entry_id = tonight[0]
        done = await _check_in(tx, event, entry_id, by=actor, now=req.now, by_td=False)
        await answer(tx, req, Reply(say.checked_in(done)))
        return done


async def check_in_member(db: Database, req: Request, event_id: int, name: str, *,
                          new: bool = False, rating: int = 0,
                          bot_username: str | None = None) -> CheckedIn:
    """Use-case: a TD checks a member in by name (``/checkin NAME``), or adds a newcomer who
    walked in and checks them in (``/checkin new NAME``): the club's members are its
    players, and a newcomer is a member from their first night (Starting & Directing a
    SCRABBLE Club: "welcome" newcomers)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        club_of(event)
        await _tonight(tx, event)
        entries = [e for e in await entries_repo.of_event(tx, event_id) if e.state == EntryState.ACTIVE]
        code = None
        if new:
            entry_id = await _add_entry(tx, event_id, name, rating, phone="", tg_user_id=None,
                                        by=actor, now=req.now, why=said("a newcomer at the club"))
            entry = await entries_repo.get(tx, entry_id)
            assert entry is not None
            code = await create_invite(tx, event_id, "player", person_id=entry.person_id,
                                       by=Actor.system(), now=req.now)
        else:
            try:
                entry_id = entries[pick(name, [e.name for e in entries])].id
            except NameRefused as exc:
                await expelled.refuse_named(tx, event_id, name)
                raise Invalid(said("{why}; a newcomer? /checkin new {name} (tdbot club "
                                   "checkin {slug} --new NAME)", why=name_texts.refused(exc),
                                   name=name,
                                   slug=event.slug)) from None
        done = await _check_in(tx, event, entry_id, by=actor, now=req.now, by_td=True,
                               invite_code=code)
        link = invite_link(bot_username, code) if code is not None and bot_username else None
        await answer(tx, req, Reply(say.checked_in(done, link)))
        return done


async def _clubs_of(tx: Tx, person_id: int) -> list[Event]:
    rows = await tx.all(
        "SELECT DISTINCT ev.id FROM entries e JOIN events ev ON ev.id = e.event_id"
        " WHERE e.person_id = ? AND ev.format = ? ORDER BY ev.id", (person_id, FORMAT))
    return [await get_event(tx, r["id"]) for r in rows]


# --- pairing a round -----------------------------------------------------------------------


def round_name(seq: int, number: int) -> str:
    """A club round's name (``schedule.club_round``, which ``round_said`` words in the
    reader's language)."""
    return club_round(seq, number)


async def pair_round(db: Database, req: Request, event_id: int, *,
                     anyway: bool = False) -> RoundPaired:
    """Use-case: a TD pairs the next round of tonight from those checked in
    (``core.club.pair_club_round``), once the previous round is complete (or ``anyway``).
    Each pair becomes a ready best-of-1 match in an open round, the bye a decided bye
    match; every player is told their opponent, and a newcomer why (Director's Manual,
    Pairing Players at Club)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        club = club_of(event)
        rules = rules_of(club)
        session = await _tonight(tx, event)
        rounds = await club_repo.night_rounds(tx, session.id)
        if len(rounds) >= club.rounds:
            raise Invalid(said("night {night} has had its {rounds} rounds (club.rounds); end "
                               "it with /endnight (tdbot club end)", night=session.seq,
                               rounds=club.rounds))
        if rounds and not anyway:
            unfinished = [m for m in await matches_repo.of_round(tx, rounds[-1].round_id)
                          if m.state not in (MatchStage.DECIDED, MatchStage.BYE)]
            if unfinished:
                pairs = "; ".join(f"{m.label(0)} v {m.label(1)}" for m in unfinished)
                raise Invalid(said("round {round} is not finished ({pairs}): pair the next "
                                   "round when its results are in, or /pairround anyway "
                                   "(tdbot club pair --anyway)", round=rounds[-1].number,
                                   pairs=pairs))
        number = len(rounds) + 1
        checked = [c for c in await club_repo.checkins(tx, session.id)  # not the expelled
                   if await _active(tx, c.entry_id)]
        members = await _members(tx, event, club, session, checked)
        tonight = (await club_games(tx, event, rules)).get(session.seq, [])
        try:
            pairings = _pair_entries(members, tonight, number, rules, seed=session.id)
        except ValueError as exc:
            raise Invalid(said("round {round} cannot be paired: {why}; check players in with "
                               "/checkin NAME (tdbot club checkin)", round=number,
                               why=str(exc))) from None
        by_number = {m.number: m for m in members}
        division = await club_repo.division_of(tx, event_id)
        code = f"n{session.seq}-r{number}"
        round_id = await club_repo.add_open_round(
            tx, event_id=event_id, division_id=division, code=code,
            name=round_name(session.seq, number), seq=session.seq * 100 + number,
            now=req.now)
        await club_repo.add_night_round(tx, round_id, session.id, number)
        forbidden = newcomer_pairs(rules, [m for m in members if m.joined <= number])
        tables: list[Table] = []
        for i, (p, q) in enumerate(pairings.pairs, start=1):
            await matches_repo.add_club_pair(tx, event_id=event_id, round_id=round_id,
                                     code=f"N{session.seq}R{number}T{i}", entries=(p, q))
            note = say.newcomer_note(rules, by_number[p], by_number[q],
                                     pair_key(p, q) in forbidden)
            new = tuple(by_number[x].name for x in (p, q) if rules.is_newcomer(by_number[x]))
            again = any(g.b is not None and {g.a, g.b} == {p, q} for g in tonight)
            tables.append(Table(i, (by_number[p].name, by_number[q].name), note, new, again))
        for b in pairings.byes:
            await matches_repo.add_club_pair(tx, event_id=event_id, round_id=round_id,
                                     code=f"N{session.seq}R{number}BYE", entries=(b, None))
            tables.append(Table(0, (by_number[b].name, None)))
        seated = {x for pair in pairings.pairs for x in pair} | set(pairings.byes)
        unreachable = [c.name for c in checked if c.entry_id in seated
                       and (await get_person(tx, c.person_id)).tg_user_id is None]
        paired = RoundPaired(event, session.seq, number, say.METHODS[rules.method], tables,
                             say.bye_worth(rules),
                             [m.name for m in members if m.joined > number], club.rounds,
                             not_on_telegram=unreachable)
        await _tell_round(tx, event, session, paired, checked, req.now)
        await journal.record(tx, who=actor, action="club.pair", subject=f"event:{event_id}",
                             now=req.now, detail={"night": session.seq, "round": number,
                                                  "pairs": [list(p) for p in pairings.pairs],
                                                  "byes": list(pairings.byes),
                                                  "seed": session.id, "anyway": anyway})
        await answer(tx, req, Reply(say.round_paired(paired)))
        return paired


async def _tell_round(tx: Tx, event: Event, session: Session, paired: RoundPaired,
                      checked: Sequence[CheckIn], now: datetime) -> None:
    person = {c.name: c.person_id for c in checked}
    key = f"club:{session.id}:r{paired.number}"
    for t in paired.tables:
        a, b = t.names
        if b is None:
            await outbox.enqueue(tx, person_id=person[a], now=now,
                                 said=say.your_bye(event, paired),
                                 dedupe_key=f"{key}:{person[a]}")
            continue
        for me, other in ((a, b), (b, a)):
            await outbox.enqueue(tx, person_id=person[me], now=now,
                                 said=say.your_opponent(event, paired, t, me, other),
                                 dedupe_key=f"{key}:{person[me]}")
    chat = await groups_repo.group_of(tx, event.id)
    if chat is not None:
        await outbox.enqueue(tx, chat_id=chat, now=now, said=say.round_for_group(paired),
                             lang=await group_language(tx, event),
                             dedupe_key=f"{key}:group")


async def after_game(tx: Tx, event: Event, view: MatchView) -> Said:
    """What a player reads once their game of a night is decided: the next round is paired
    on the night, or, after the night's last round (``club.rounds``), the night ends."""
    seq, number = (await club_repo.rounds_of_event(tx, event.id))[view.round_id]
    return say.game_done(event, seq, number, last=number >= club_of(event).rounds)


# --- fees ----------------------------------------------------------------------------------


async def _fee_list(tx: Tx, event: Event, session: Session) -> FeeList:
    lines, paid, owed = [], 0, 0
    for c in await club_repo.checkins(tx, session.id):
        lines.append(NightFee(c.id, c.name, event.money(c.fee), c.fee_reason, c.paid_by,
                             c.fee == 0))
        if c.fee and c.paid_at is not None:
            paid += c.fee
        elif c.fee:
            owed += c.fee
    return FeeList(event, session.seq, lines, event.money(paid), event.money(owed),
                   session.state == SessionState.CLOSED)


def fee_buttons(fees: FeeList) -> list[list[tuple[str, str]]]:
    """One button per player who still owes: a tap marks them paid."""
    return [[(f"💰 {f.name}: {f.amount}", callbacks.club_paid(f.checkin_id))]
            for f in fees.unpaid]


async def fees_tonight(db: Database, req: Request, event_id: int) -> FeeList:
    """Use-case: a TD lists tonight's fees (Player Fees at Club) with one button per
    unpaid player; the list is kept so that each tap edits it (every TD's copy) in place."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        club_of(event)
        session = await _tonight(tx, event)
        fees = await _fee_list(tx, event, session)
        if req.chat_id is not None:
            await outbox.enqueue(tx, chat_id=req.chat_id, now=req.now,
                                 said=say.fee_list(fees), buttons=fee_buttons(fees) or None,
                                 lang=req.language,
                                 dedupe_key=f"club:fees:{session.id}:{req.chat_id}:"
                                            f"{req.update_id}:{req.now.timestamp()}")
        return fees


async def mark_paid(db: Database, req: Request, checkin_id: int) -> FeePaid:
    """Use-case: a TD taps a player's fee paid; every fee list of the night is edited in
    place. A TD does not mark their own fee (as they do not decide their own proof of
    payment: nobody is judge in their own case); another TD or the organiser does."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        checkin = await club_repo.get_checkin(tx, checkin_id)
        if checkin is None:
            raise NotFound(said("no check-in {checkin}", checkin=checkin_id))
        done = await _mark_paid(tx, req, actor, checkin)
        told = say.fee_marked(done.name, done.marked, done.by)
        await answer(tx, req, None if told is None else Reply(told))
        return done


async def mark_paid_named(db: Database, req: Request, event_id: int, name: str) -> FeePaid:
    """Use-case: a TD marks tonight's fee of a player named as typed (``core.names``)
    paid, as a tap on the fee list's button does (``tdbot club fees EVENT --paid NAME``)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        club_of(event)
        checked = await club_repo.checkins(tx, (await _tonight(tx, event)).id)
        try:
            checkin = checked[pick(name, [c.name for c in checked])]
        except NameRefused as exc:
            raise Invalid(said("{why} (of those checked in tonight)",
                               why=name_texts.refused(exc))) from None
        return await _mark_paid(tx, req, actor, checkin)


async def _mark_paid(tx: Tx, req: Request, actor: Actor, checkin: CheckIn) -> FeePaid:
    """Mark one check-in's fee paid (a TD, not for their own fee) and edit every fee
    list of its night in place; a second mark changes nothing and says who marked it."""
    session = await club_repo.get_session(tx, checkin.session_id)
    assert session is not None
    await require_role(tx, actor, session.event_id, "td")
    if checkin.person_id == actor.person_id:
        raise NotAllowed(said("this is your own fee: another TD or the organiser marks it"))
    event = await get_event(tx, session.event_id)
    if checkin.fee == 0:
        raise Invalid(said("{name} owes nothing tonight ({reason})", name=checkin.name,
                           reason=say.fee_reason(checkin.fee_reason)))
    who = await _who(tx, actor)
    marked = await club_repo.mark_paid(tx, checkin.id, by=who, now=req.now)
    if marked:
        await journal.record(tx, who=actor, action="club.fee_paid",
                             subject=f"entry:{checkin.entry_id}", now=req.now,
                             detail={"night": session.seq, "fee": checkin.fee})
        fees = await _fee_list(tx, event, session)
        for copy in await outbox_repo.by_dedupe_prefix(tx, f"club:fees:{session.id}:"):
            await outbox.enqueue_edit(tx, copy, said=say.fee_list(fees),
                                      buttons=fee_buttons(fees) or None, now=req.now)
    return FeePaid(checkin.name, marked, who if marked else (checkin.paid_by or ""))


async def end_night(db: Database, req: Request, event_id: int) -> NightEnded:
    """Use-case: a TD ends tonight: the night and its rounds close (a game not reported by
    then is not reported any more: the TD reads which), and the TD reads who has not paid."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        club_of(event)
        session = await _tonight(tx, event)
        unfinished = []
        for r in await club_repo.night_rounds(tx, session.id):
            unfinished += [say.unfinished_game(r.number, m.label(0), m.label(1))
                           for m in await matches_repo.of_round(tx, r.round_id)
                           if m.state not in (MatchStage.DECIDED, MatchStage.BYE)]
            if r.state == RoundState.OPEN:
                await rounds_repo.set_closed(tx, r.round_id)
        await club_repo.close_session(tx, session.id, by=await _who(tx, actor), now=req.now)
        closed = await club_repo.get_session(tx, session.id)
        assert closed is not None
        fees = await _fee_list(tx, event, closed)
        await journal.record(tx, who=actor, action="club.endnight", subject=f"event:{event_id}",
                             now=req.now, detail={"night": session.seq,
                                                  "unpaid": [f.name for f in fees.unpaid],
                                                  "unfinished": [english_text(g)
                                                                 for g in unfinished]})
        for copy in await outbox_repo.by_dedupe_prefix(tx, f"club:fees:{session.id}:"):
            await outbox.enqueue_edit(tx, copy, said=say.fee_list(fees), now=req.now)
        await answer(tx, req, Reply(say.night_ended(fees, unfinished)))
        return NightEnded(fees, unfinished)


# --- expert points and records ---------------------------------------------------------------


async def after_results(tx: Tx, event: Event, now: datetime, news: News | None = None) -> None:
    """A club result became final or was corrected: announce every expert-point level a
    player has now reached that was not announced before (Director's Manual, Expert
    Points: "50, 100, 250, 500 and 1000 Club wins"), to the player and the club's group,
    once each. Only final results count towards it (``finality``): a win whose slip can
    still be disputed is not celebrated yet. ``news``: the message the result's own
    players and the group get (None: sent here)."""
    club = club_of(event)
    rules = rules_of(club)
    games = [g for night in (await club_games(tx, event, rules, final_only=True)).values()
             for g in night]
    done = await club_repo.announced(tx, event.id)
    told = News(event) if news is None else news
    for entry in await entries_repo.of_event(tx, event.id):
        person = await get_person(tx, entry.person_id)
        points = _before_bot(club, person.name).wins + club_wins(games, entry.id)
        for level in milestones_crossed(0, points):
            if (entry.id, level) in done or not await club_repo.add_milestone(
                    tx, event.id, entry.id, level, now):
                continue
            told.add(entry.person_id, say.milestone_for_player(level))
            told.add(GROUP, say.milestone_for_group(person.name, level))
    if news is None:
        await told.send(tx, now)


async def my_records(db: Database, req: Request) -> list[ClubRecord]:
    """Use-case: ``/me``, a player's record at each club they play in, across its nights:
    games, wins, average and high score (``core.club.player_record``) and expert points
    (Director's Manual, Expert Points; Administrative Functions: "keep a record of each
    player's statistics at the club")."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None
        out = []
        for event in await _clubs_of(tx, actor.person_id):
            entry = await entry_of_person(tx, event.id, actor.person_id)
            assert entry is not None
            club = club_of(event)
            person = await get_person(tx, actor.person_id)
            nights = await club_games(tx, event, rules_of(club))
            came = await club_repo.sessions_attended(tx, event.id, 10**9)
            before = _before_bot(club, person.name)
            games = [g for night in nights.values() for g in night]
            out.append(ClubRecord(event, person.name, came.get(entry.id, 0),
                                  player_record(list(nights.values()), entry.id),
                                  before.wins + club_wins(games, entry.id), before))
        if not out:
            raise NotAllowed(said("/me shows your record at a club; you play in none here"))
        await answer(tx, req, Reply(say.records(out)))
        return out

