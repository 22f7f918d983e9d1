"""What club nights say to the players, the TDs and the club's group: records
(``bot/words/said.py``), written in each reader's language. The rules quoted are the NASPA Director's Manual's club chapters (Director's Manual).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.words.said import Said, Value, paragraphs, said, stacked
from core.club import (
    CLUB_FEE,
    FREE_VISIT_SEEN,
    SENIOR_RATE,
    STUDENT_RATE,
    ByeRule,
    ClubRules,
    Member,
    Method,
)

if TYPE_CHECKING:
    from bot.service.events.lookup import Event
    from bot.service.formats.club.club_views import (
        CheckedIn,
        ClubRecord,
        FeeList,
        NightStarted,
        RoundPaired,
        Table,
    )

METHODS = {
    Method.KOTH: said("King of the Hill on tonight's results, avoiding repeats"),
    Method.LADDER: said("the club ladder (wins, then spread), avoiding repeats"),
    Method.RANDOM: said("a random draw, avoiding repeats"),
}


def bye_worth(rules: ClubRules) -> Said:
    if rules.bye == ByeRule.SPREAD:
        return said("a win with +{spread} spread", spread=rules.bye_spread)
    return said("no game this round (it counts neither as a win nor a loss)")


def night_started(n: NightStarted) -> Said:
    return said("🌙 <b>{event}</b>: night {night} is open. Players check in with /checkin (or "
                "you: /checkin NAME; a newcomer: /checkin new NAME). Then /pairround pairs "
                "round 1 ({rounds} rounds tonight); /fees lists the fees; /endnight ends the "
                "night.", event=n.event.name, night=n.seq, rounds=n.club.rounds)


def night_for_group(event: Event, seq: int) -> Said:
    return said("🌙 <b>{event}</b>: night {night} has started. Check in by sending /checkin to "
                "me in a private chat, or tell the TD.", event=event.name, night=seq)


def checked_in(c: CheckedIn, link: str | None = None) -> Said:
    """The answer to whoever checked the player in; ``link``: a newcomer's link to the bot,
    for the TD to pass on."""
    where: dict[str, Value] = dict(night=c.seq, event=c.event.name)
    if c.by_td:
        who = said("✅ {name} is checked in for night {night} of <b>{event}</b>", name=c.name,
                   **where)
    else:
        who = said("✅ You are checked in for night {night} of <b>{event}</b>", **where)
    if c.joins_round > 1:
        who = said("{checked_in}, from round {round} (rounds before it are already paired)",
                   checked_in=who, round=c.joins_round)
    text = said("{checked_in}. {fee}", checked_in=who, fee=_fee(c))
    if c.newcomer:
        text = said("{checked_in} Newcomer: not paired with the club's top players nor with "
                    "another newcomer while the field allows.", checked_in=text)
    if link is not None:
        text = said("{checked_in}\nTheir link to me (for their opponents and results here): "
                    "{link}", checked_in=text, link=link)
    return text


#: Who marked or checked in from the command line, where nobody is named (stored so).
COMMAND_LINE = "the command line"


def fee_reason(reason: str) -> Said | str:
    """Why a player owes tonight's fee (``core.club.session_fee``'s reason, stored with
    the check-in in English), in the reader's language; a reason this does not know, as
    stored."""
    rates = {CLUB_FEE: said("club fee"), STUDENT_RATE: said("student rate"),
             SENIOR_RATE: said("senior rate")}
    if reason in rates:
        return rates[reason]
    free = FREE_VISIT_SEEN.fullmatch(reason)
    if free is not None:
        return said("newcomer's session {visit} of {free} free", visit=int(free[1]),
                    free=int(free[2]))
    return reason


def who(name: str) -> Said | str:
    """Who checked a player in or marked a fee: their name, or the command line."""
    return said("the command line") if name == COMMAND_LINE else name


def _fee(c: CheckedIn) -> Said:
    if not c.fee:
        return said("No fee tonight ({reason}).", reason=fee_reason(c.fee_reason))
    return said("Fee tonight: {fee} ({reason}), paid to the TD.", fee=c.fee,
                reason=fee_reason(c.fee_reason))


def checked_in_for_player(c: CheckedIn) -> Said:
    """To the player a TD checked in."""
    where: dict[str, Value] = dict(event=c.event.name, night=c.seq, fee=_fee(c))
    if c.joins_round > 1:
        return said("✅ <b>{event}</b>: you are checked in for night {night}. You play from "
                    "round {round}. {fee} I will tell you each round's opponent here.",
                    round=c.joins_round, **where)
    return said("✅ <b>{event}</b>: you are checked in for night {night}. {fee} I will tell "
                "you each round's opponent here.", **where)


def newcomer_note(rules: ClubRules, a: Member, b: Member, forced: bool) -> Said | None:
    """Why a pair with a newcomer in it is as it is (Director's Manual, Pairing Players at
    Club: newcomers not against the top players; Suggestions from Club Directors: not two
    newcomers together)."""
    new = [m for m in (a, b) if rules.is_newcomer(m)]
    if not new:
        return None
    if forced:
        return said("Tonight's field left no other way: newcomers are kept from the top {top} "
                    "players and from each other whenever the players here allow.",
                    top=rules.protect_top)
    other = b if new[0] is a else a
    return said("As a newcomer you meet neither one of tonight's top {top} players nor another "
                "newcomer (the club's rule for your first {nights} nights): {other} is neither.",
                top=rules.protect_top, nights=rules.newcomer_sessions, other=other.name)


def your_opponent(event: Event, r: RoundPaired, table: Table, me: str, other: str) -> Said:
    """A player's opponent this round; a newcomer also reads why (the newcomer rules)."""
    text = said("🎲 <b>{event}</b>, night {night} round {round}: table {table}, you play "
                "<b>{opponent}</b>. Draw tiles to see who starts; the winner sends the score "
                "here, e.g. <code>412-380</code>.", event=event.name, night=r.seq,
                round=r.number, table=table.number, opponent=other)
    if table.note is not None and me in table.newcomers:
        return said("{text}\n🌱 {note}", text=text, note=table.note)
    return text


def your_bye(event: Event, r: RoundPaired) -> Said:
    return said("☕ <b>{event}</b>, night {night} round {round}: you have the bye (an odd "
                "number of players tonight): {worth}.", event=event.name, night=r.seq,
                round=r.number, worth=r.bye_worth)


def round_paired(r: RoundPaired) -> Said:
    """The TD's answer to /pairround."""
    shown = [said("🎲 <b>{event}</b>, night {night} round {round}, paired by {method}:",
                  event=r.event.name, night=r.seq, round=r.number, method=r.method),
             *_tables(r)]
    if r.waiting:
        shown.append(said("Checked in for a later round: {names}.", names=", ".join(r.waiting)))
    if r.not_on_telegram:
        names = ", ".join(r.not_on_telegram)
        shown.append(said(
            "Told their opponent: everyone but {names}, who has no chat with me yet: tell them "
            "yourself (their messages wait until they follow their link).", names=names)
            if len(r.not_on_telegram) == 1 else said(
            "Told their opponent: everyone but {names}, who have no chat with me yet: tell "
            "them yourself (their messages wait until they follow their link).", names=names))
        if r.last:
            shown.append(said("This is the night's last round (of {rounds}): when every result "
                              "is in, end the night with /endnight.", rounds=r.of_rounds))
        else:
            shown.append(said("Pair the next round with /pairround when every result is in."))
    elif r.last:
        shown.append(said("Each player is told their opponent. This is the night's last round "
                          "(of {rounds}): when every result is in, end the night with "
                          "/endnight.", rounds=r.of_rounds))
    else:
        shown.append(said("Each player is told their opponent. Pair the next round with "
                          "/pairround when every result is in."))
    return stacked(*shown)


def _tables(r: RoundPaired) -> list[Said]:
    out = []
    for t in r.tables:
        a, b = t.names
        if b is None:
            out.append(said("Bye: {name} ({worth})", name=a, worth=r.bye_worth))
        elif t.note is not None:
            out.append(said("Table {table}: {first} v {second} 🌱", table=t.number, first=a,
                            second=b))
        else:
            out.append(said("Table {table}: {first} v {second}", table=t.number, first=a,
                            second=b))
    again = [t for t in r.tables if t.again]
    if again:
        pairs = "; ".join(f"{t.names[0]} and {t.names[1] or ''}" for t in again)
        out.append(said("↩ {pairs} met earlier tonight: no pairing of those here avoided it",
                        pairs=pairs))
    if any(t.note is not None for t in r.tables):
        out.append(said("🌱 a newcomer's pairing (newcomers meet neither the top players nor "
                        "each other while the field allows)"))
    return out


def round_for_group(r: RoundPaired) -> Said:
    return said("🎲 <b>{event}</b>, night {night} round {round}:\n{tables}", event=r.event.name,
                night=r.seq, round=r.number, tables=_tables(r))


def game_done(event: Event, seq: int, number: int, *, last: bool) -> Said:
    """After a player's game of the night is decided (instead of a knockout's next match):
    the next round is paired when this one is in, or this was the night's last round."""
    if last:
        return said("That was your game of night {night} round {round}, the night's last "
                    "round. The TD ends the night with /endnight; /me shows your club record.",
                    night=seq, round=number)
    return said("That was your game of night {night} round {round}. The TD pairs the next "
                "round when every game of this one is in; I will tell you your opponent.",
                night=seq, round=number)


def fee_list(f: FeeList) -> Said:
    where: dict[str, Value] = dict(event=f.event.name, night=f.seq)
    shown = [said("💰 <b>{event}</b>, night {night}: fees (the night is over):", **where)
             if f.closed else said("💰 <b>{event}</b>, night {night}: fees:", **where)]
    if not f.lines:
        shown.append(said("Nobody is checked in yet."))
    for line in f.lines:
        if line.free:
            shown.append(said("• {name}: free ({reason})", name=line.name,
                              reason=fee_reason(line.reason)))
        elif line.paid_by is not None:
            shown.append(said("• {name}: {amount} ✅ paid (marked by {by})", name=line.name,
                              amount=line.amount, by=who(line.paid_by)))
        else:
            shown.append(said("• {name}: {amount} ({reason}) unpaid", name=line.name,
                              amount=line.amount, reason=fee_reason(line.reason)))
    shown.append(said("Collected {collected}; still owed {owed}.", collected=f.collected,
                      owed=f.owed))
    if f.unpaid and not f.closed:
        shown.append(said("Tap a player when they pay."))
    return stacked(*shown)


def fee_marked(name: str, marked: bool, by: str) -> Said | None:
    if marked:
        return None  # the list itself is edited to say so
    return said("{name}'s fee was already marked paid by {by}.", name=name, by=who(by))


def unfinished_game(number: int, first: str, second: str) -> Said:
    """A game of the night not reported when the night ended (its round is closed)."""
    return said("round {round}: {first} v {second}", round=number, first=first,
                second=second)


def _semicolons(records: list[Said]) -> Said:
    """Records one after another with '; ' between, as the reader's language writes a
    semicolon."""
    out = records[0]
    for more in records[1:]:
        out = said("{above}; {below}", above=out, below=more)
    return out


def night_ended(fees: FeeList, unfinished: list[Said]) -> Said:
    shown = [said("🌙 <b>{event}</b>: night {night} is over. Collected {collected}.",
                  event=fees.event.name, night=fees.seq, collected=fees.collected)]
    if fees.unpaid:
        shown.append(said("Not paid: {unpaid} (owed {owed}).",
                          unpaid=_semicolons([said("{name} {amount}", name=f.name,
                                                   amount=f.amount) for f in fees.unpaid]),
                          owed=fees.owed))
    else:
        shown.append(said("Everyone who owed a fee has paid."))
    if unfinished:
        shown.append(said("Games not reported (their round is closed, so they no longer "
                          "count): {games}.", games=_semicolons(unfinished)))
    return stacked(*shown)


def milestone_for_player(level: int) -> Said:
    """A line of the message that tells the player their win is final (``news``)."""
    return said("🎉 That was your {level:,}th club win: {level:,} expert points, a level of "
                "achievement the club celebrates!", level=level)


def milestone_for_group(name: str, level: int) -> Said:
    """A line of the group's post of the result that reached it (``news``)."""
    return said("🎉 Congratulations to <b>{name}</b> on {level:,} club wins!", name=name,
                level=level)


def records(found: list[ClubRecord]) -> Said:
    parts = []
    for c in found:
        r = c.record
        none_yet = said("none yet")
        average = none_yet if r.average_score is None else f"{float(r.average_score):.1f}"
        record = said("📊 <b>{event}</b>: {name}\nNights: {nights}; games: {games}, wins: "
                      "{wins}\nAverage score: {average}; high game: {high}\nExpert points "
                      "(club wins): {points}", event=c.event.name, name=c.name, nights=c.nights,
                      games=r.games, wins=r.wins,
                      average=average,
                      high=none_yet if r.high_game is None else str(r.high_game),
                      points=c.expert_points)
        if c.before_bot.wins or c.before_bot.sessions:
            record = said("{record} (with {wins} from before the bot's records, over {nights} "
                          "nights)", record=record, wins=c.before_bot.wins,
                          nights=c.before_bot.sessions)
        parts.append(record)
    return paragraphs(*parts) if parts else Said("")
