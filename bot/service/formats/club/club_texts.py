"""What club nights say (Telegram HTML; every name escaped): to the players, the TDs and
the club's group. The rules quoted are the NASPA Director's Manual's club chapters (Director's Manual).
"""

from __future__ import annotations

from html import escape as esc
from typing import TYPE_CHECKING

from core.club import ByeRule, ClubRules, Member, Method

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
    Method.KOTH: "King of the Hill on tonight's results, avoiding repeats",
    Method.LADDER: "the club ladder (wins, then spread), avoiding repeats",
    Method.RANDOM: "a random draw, avoiding repeats",
}


def bye_worth(rules: ClubRules) -> str:
    if rules.bye == ByeRule.SPREAD:
        return f"a win with +{rules.bye_spread} spread"
    return "no game this round (it counts neither as a win nor a loss)"


def night_started(n: NightStarted) -> str:
    return (f"🌙 <b>{esc(n.event.name)}</b>: night {n.seq} is open. Players check in with "
            "/checkin (or you: /checkin NAME; a newcomer: /checkin new NAME). Then /pairround "
            f"pairs round 1 ({n.club.rounds} rounds tonight); /fees lists the fees; /endnight "
            "ends the night.")


def night_for_group(event: Event, seq: int) -> str:
    return (f"🌙 <b>{esc(event.name)}</b>: night {seq} has started. Check in by sending "
            "/checkin to me in a private chat, or tell the TD.")


def checked_in(c: CheckedIn) -> str:
    """The answer to whoever checked the player in."""
    who = "You are" if not c.by_td else f"{esc(c.name)} is"
    line = f"✅ {who} checked in for night {c.seq} of <b>{esc(c.event.name)}</b>"
    if c.joins_round > 1:
        line += f", from round {c.joins_round} (rounds before it are already paired)"
    line += ". " + _fee(c)
    if c.newcomer:
        line += (" Newcomer: not paired with the club's top players nor with another "
                 "newcomer while the field allows.")
    return line


def _fee(c: CheckedIn) -> str:
    if not c.fee:
        return f"No fee tonight ({esc(c.fee_reason)})."
    return f"Fee tonight: {esc(c.fee)} ({esc(c.fee_reason)}), paid to the TD."


def checked_in_for_player(c: CheckedIn) -> str:
    """To the player a TD checked in."""
    late = f" You play from round {c.joins_round}." if c.joins_round > 1 else ""
    return (f"✅ <b>{esc(c.event.name)}</b>: you are checked in for night {c.seq}.{late} "
            f"{_fee(c)} I will tell you each round's opponent here.")


def newcomer_note(rules: ClubRules, a: Member, b: Member, forced: bool) -> str:
    """Why a pair with a newcomer in it is as it is (Director's Manual, Pairing Players at
    Club: newcomers not against the top players; Suggestions from Club Directors: not two
    newcomers together)."""
    new = [m for m in (a, b) if rules.is_newcomer(m)]
    if not new:
        return ""
    if forced:
        return ("Tonight's field left no other way: newcomers are kept from the top "
                f"{rules.protect_top} players and from each other whenever the players here allow.")
    other = b if new[0] is a else a
    return (f"As a newcomer you meet neither one of tonight's top {rules.protect_top} players "
            f"nor another newcomer (the club's rule for your first {rules.newcomer_sessions} "
            f"nights): {esc(other.name)} is neither.")


def your_opponent(event: Event, r: RoundPaired, table: Table, me: str, other: str) -> str:
    """A player's opponent this round; a newcomer also reads why (the newcomer rules)."""
    note = f"\n🌱 {table.note}" if table.note and me in table.newcomers else ""
    return (f"🎲 <b>{esc(event.name)}</b>, night {r.seq} round {r.number}: table {table.number}, "
            f"you play <b>{esc(other)}</b>. Draw tiles to see who starts; the winner sends "
            f"the score here, e.g. <code>412-380</code>.{note}")


def your_bye(event: Event, r: RoundPaired) -> str:
    return (f"☕ <b>{esc(event.name)}</b>, night {r.seq} round {r.number}: you have the bye "
            f"(an odd number of players tonight): {esc(r.bye_worth)}.")


def round_paired(r: RoundPaired) -> str:
    """The TD's answer to /pairround."""
    lines = [f"🎲 <b>{esc(r.event.name)}</b>, night {r.seq} round {r.number}, paired by "
             f"{esc(r.method)}:"]
    lines += _tables(r)
    if r.waiting:
        lines.append("Checked in for a later round: " + esc(", ".join(r.waiting)) + ".")
    if r.not_on_telegram:
        who = ("has no chat with me yet: tell them" if len(r.not_on_telegram) == 1
               else "have no chat with me yet: tell them")
        lines.append("Told their opponent: everyone but " + esc(", ".join(r.not_on_telegram))
                     + f", who {who} yourself (their messages wait until they follow their "
                     "link).")
        told = ""
    else:
        told = "Each player is told their opponent. "
    if r.last:
        lines.append(f"{told}This is the night's last round (of {r.of_rounds}): when every "
                     "result is in, end the night with /endnight.")
    else:
        lines.append(f"{told}Pair the next round with /pairround when every result is in.")
    return "\n".join(lines)


def _tables(r: RoundPaired) -> list[str]:
    out = []
    for t in r.tables:
        a, b = t.names
        if b is None:
            out.append(f"Bye: {esc(a)} ({esc(r.bye_worth)})")
        else:
            flag = " 🌱" if t.note else ""
            out.append(f"Table {t.number}: {esc(a)} v {esc(b)}{flag}")
    again = [t for t in r.tables if t.again]
    if again:
        out.append("↩ " + "; ".join(f"{esc(t.names[0])} and {esc(t.names[1] or '')}"
                                    for t in again)
                   + " met earlier tonight: no pairing of those here avoided it")
    if any(t.note for t in r.tables):
        out.append("🌱 a newcomer's pairing (newcomers meet neither the top players nor each "
                   "other while the field allows)")
    return out


def round_for_group(r: RoundPaired) -> str:
    return "\n".join([f"🎲 <b>{esc(r.event.name)}</b>, night {r.seq} round {r.number}:",
                      *_tables(r)])


def game_done(event: Event, seq: int, number: int, *, last: bool) -> str:
    """After a player's game of the night is decided (instead of a knockout's next match):
    the next round is paired when this one is in, or this was the night's last round."""
    if last:
        return (f"That was your game of night {seq} round {number}, the night's last round. "
                f"The TD ends the night with /endnight; /me shows your club record.")
    return (f"That was your game of night {seq} round {number}. The TD pairs the next round "
            "when every game of this one is in; I will tell you your opponent.")


def fee_list(f: FeeList) -> str:
    head = f"💰 <b>{esc(f.event.name)}</b>, night {f.seq}: fees"
    if f.closed:
        head += " (the night is over)"
    lines = [head + ":"]
    if not f.lines:
        lines.append("Nobody is checked in yet.")
    for line in f.lines:
        if line.free:
            lines.append(f"• {esc(line.name)}: free ({esc(line.reason)})")
        elif line.paid_by is not None:
            lines.append(f"• {esc(line.name)}: {esc(line.amount)} ✅ paid (marked by "
                         f"{esc(line.paid_by)})")
        else:
            lines.append(f"• {esc(line.name)}: {esc(line.amount)} ({esc(line.reason)}) unpaid")
    lines.append(f"Collected {esc(f.collected)}; still owed {esc(f.owed)}.")
    if f.unpaid and not f.closed:
        lines.append("Tap a player when they pay.")
    return "\n".join(lines)


def fee_marked(name: str, marked: bool, by: str) -> str | None:
    if marked:
        return None  # the list itself is edited to say so
    return f"{esc(name)}'s fee was already marked paid by {esc(by)}."


def night_ended(fees: FeeList, unfinished: list[str]) -> str:
    lines = [f"🌙 <b>{esc(fees.event.name)}</b>: night {fees.seq} is over. Collected "
             f"{esc(fees.collected)}."]
    if fees.unpaid:
        lines.append("Not paid: " + esc("; ".join(f"{f.name} {f.amount}" for f in fees.unpaid))
                     + f" (owed {esc(fees.owed)}).")
    else:
        lines.append("Everyone who owed a fee has paid.")
    if unfinished:
        lines.append("Games not reported (their round is closed, so they no longer count): "
                     + esc("; ".join(unfinished)) + ".")
    return "\n".join(lines)


def milestone_for_player(level: int) -> str:
    """A line of the message that tells the player their win is final (``news``)."""
    return (f"🎉 That was your {level:,}th club win: {level:,} expert points, a level of "
            "achievement the club celebrates!")


def milestone_for_group(name: str, level: int) -> str:
    """A line of the group's post of the result that reached it (``news``)."""
    return f"🎉 Congratulations to <b>{esc(name)}</b> on {level:,} club wins!"


def records(found: list[ClubRecord]) -> str:
    parts = []
    for c in found:
        r = c.record
        avg = f"{float(r.average_score):.1f}" if r.average_score is not None else "none yet"
        high = str(r.high_game) if r.high_game is not None else "none yet"
        line = (f"📊 <b>{esc(c.event.name)}</b>: {esc(c.name)}\n"
                f"Nights: {c.nights}; games: {r.games}, wins: {r.wins}\n"
                f"Average score: {avg}; high game: {high}\n"
                f"Expert points (club wins): {c.expert_points}")
        if c.before_bot.wins or c.before_bot.sessions:
            line += (f" (with {c.before_bot.wins} from before the bot's records, over "
                     f"{c.before_bot.sessions} nights)")
        parts.append(line)
    return "\n\n".join(parts)
