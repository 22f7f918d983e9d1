"""What the bot says, as Telegram HTML. Every piece of user-supplied text goes through
``esc`` (html.escape) before it is put into a message (project standard: escape user text).

The messages are in the catalogue (``bot.words``): each function takes the reader's
language, ``lang`` (English, the source, unless said); a constant is marked with ``N_`` and
translated where it is sent (``for_locale(lang).gettext(BUTTON_REFUSED)``).
"""

from __future__ import annotations

from html import escape

from bot.service.events.draw import DrawResult
from bot.service.events.readmodels import MyMatch, MyMatchState, TdInbox
from bot.service.events.rounds import OpenedRound
from bot.service.formats.traits import cite
from bot.service.people.invites import Invite, invite_link
from bot.service.platform.errors import ServiceError
from bot.service.results.matches import MatchView
from bot.words import N_, SOURCE, Words, for_locale
from bot.words.said import render
from bot.words.said import text as said_text
from core.knockout.match import MatchStage
from core.times import local_text


def esc(text: object) -> str:
    return escape(str(text), quote=False)


SOMETHING_WENT_WRONG = N_(
    "Sorry, something went wrong on my side and nothing was changed. "
    "Please try again in a minute; if it keeps happening, tell your tournament director."
)


SAVED_BUT_FAILED = N_(
    "Your request went through and is saved, but something went wrong on my side while "
    "answering. Send /help or /matches to see where things stand."
)


def not_saved(what: str, *, pressed: bool, lang: str = SOURCE) -> str:
    """The bot tried an update several times and its database could not be written each
    time (a full disk): the person hears what was not done, and that they may do it again.
    ``what`` is HTML (its user text escaped: ``update_described``)."""
    w = for_locale(lang)
    if pressed:
        return w._("Sorry, I could not save {what}: my database cannot be written just now, "
                   "so nothing was changed. Please press it again in a few minutes.", what=what)
    return w._("Sorry, I could not save {what}: my database cannot be written just now, "
               "so nothing was changed. Please send it again in a few minutes.", what=what)


def refused(refusal: str | ServiceError, *, lang: str = SOURCE) -> str:
    """A refusal for the person who asked, in their language: a ``ServiceError`` whose
    record is rendered in it (or whose plain text, from a module not yet converted, is
    escaped), or plain text already in it."""
    w = for_locale(lang)
    if isinstance(refusal, ServiceError) and refusal.record is not None:
        return w._("⚠️ {message}", message=render(refusal.record, w))
    text = refusal.message if isinstance(refusal, ServiceError) else refusal
    return w._("⚠️ {message}", message=esc(text))


def refusal_text(refusal: ServiceError, *, lang: str = SOURCE) -> str:
    """A refusal as plain text in the reader's language (a button's notification)."""
    if refusal.record is not None:
        return said_text(refusal.record, for_locale(lang))
    return refusal.message


#: The one answer to a refused button press, whatever was pressed (handlers/common.py,
#: ``refuse_press``): it says nothing about whose button it was or whether it exists.
BUTTON_REFUSED = N_("That button is out of date or not yours; nothing was changed.")


_REFUSAL = {"blocked": N_("blocked the bot"), "undeliverable": N_("undeliverable")}


def _messages(row: dict[str, object], w: Words) -> str:
    count = row.get("messages", 1)
    n = count if isinstance(count, int) else 1
    return "" if n == 1 else w.n_("{n} message, the last: ", "{n} messages, the last: ", n)


#: The items of a /pending section that have buttons under the message (a phone screen,
#: not a report); the text lists every item (the outbox splits a long message).
PENDING_SHOWN = 5


def pending_section(title: str, items: list[str], count: int | None = None, *,
                    lang: str = SOURCE) -> list[str]:
    """One section of /pending: its title with how many (``count``, when an item is not
    one thing) and every item: a TD on a phone has no command line to see the rest."""
    if not items:
        return []
    w = for_locale(lang)
    return ["", w._("<b>{title}</b> ({count}):", title=title,
                    count=len(items) if count is None else count), *items]


def _vs(m: MatchView, w: Words) -> str:
    return w._("{code}: {a} v {b} ({round})", code=esc(m.code), a=esc(m.label(0)),
               b=esc(m.label(1)), round=esc(m.round_name))


#: A no-show claim's state as a TD reads it in /pending.
_CLAIM = {"open": N_("the opponent may still contest it"), "contested": N_("contested"),
          "with_tds": N_("yours to rule")}


def pending(event_name: str, inbox: TdInbox, *, lang: str = SOURCE) -> str:
    """What awaits a TD (``readmodels.td_inbox``), most urgent first: one section per kind,
    each short enough for a phone. The buttons under it (``pending_buttons``) act on the
    items shown."""
    w = for_locale(lang)

    def section(title: str, items: list[str], count: int | None = None) -> list[str]:
        return pending_section(title, items, count, lang=lang)

    lines = [w._("<b>{event}: what awaits a TD</b>", event=esc(event_name))]
    lines += section(w._("Join requests"), [
        w._("• {name} says they are <b>{entry}</b>", name=esc(r.tg_name),
            entry=esc(r.entry_name))
        for r in inbox.join_requests
    ])
    lines += section(w._("Open disputes"), [
        w._("• {code} ({players}): {reason} — rules: {rulers}", code=esc(d["code"]),
            players=esc(d["players"]),
            reason=esc(d["reason"] or w._("no reason given yet")),
            rulers=esc(d["rulers"] or w._("an organiser")))
        for d in inbox.open_disputes
    ])
    lines += section(w._("Expelled players' slots: who takes them{ref}",
                         ref=cite(inbox, "para 29")), [
        w.n_("• {match}: {expelled}'s slot v {opponent}; {n} candidate(s)",
             "• {match}: {expelled}'s slot v {opponent}; {n} candidate(s)", len(x.options),
             match=esc(x.match), expelled=esc(x.expelled), opponent=esc(x.opponent))
        for x in inbox.open_slots
    ])
    lines += section(w._("Tied matches: decide them{ref}", ref=cite(inbox, "para 30")), [
        w._("• {match}", match=_vs(m, w)) for m in inbox.tied
    ])
    lines += section(w._("Games played during a blackout, held ({ref}release or void them "
                         "with tdbot rule held-release|held-void)",
                         ref=cite(inbox, "para 20", "{}; ")), [
        w._("• {id}: {code} {a} {score_a}, {b} {score_b}, during {blackout}", id=h.id,
            code=esc(h.code), a=esc(h.names[0]), score_a=h.scores[0], b=esc(h.names[1]),
            score_b=h.scores[1], blackout=esc(h.blackout))
        for h in inbox.held_games
    ])
    lines += section(w._("No-show claims"), [
        w._("• {match}: {claimant} claims a no-show ({state})", match=_vs(m, w),
            claimant=esc(claimant), state=w.gettext(_CLAIM.get(state, state)))
        for m, claimant, state in inbox.no_shows
    ])
    lines += section(w._("No time agreed, the round closing within a week"), [
        w._("• {match}", match=_vs(m, w)) for m in inbox.unarranged
    ])
    lines += section(w._("Closed rounds' unfinished matches (rule on them)"), [
        w._("• {match} — round closed, unfinished", match=_vs(m, w))
        for m in inbox.left_unfinished
    ])
    lines += section(w._("Not paid yet"), [
        w._("• {round}: {names}", round=esc(round_name), names=esc(", ".join(names)))
        for round_name, names in inbox.unpaid
    ], count=sum(len(names) for _, names in inbox.unpaid))
    lines += section(w._("Messages Telegram refused for good (reach these people another way)"), [
        w._("• to {name} ({refusal}): {messages}{error}", name=esc(row["name"] or "?"),
            refusal=w.gettext(_REFUSAL.get(str(row["state"]), N_("refused"))),
            messages=_messages(row, w), error=esc(row["last_error"] or w._("refused")))
        for row in inbox.refused_messages
    ])
    lines += section(w._("Deadlines that could not fire (check by hand)"), [
        w._("• {kind} for {subject}: {error}", kind=esc(d.kind), subject=esc(d.subject),
            error=esc(d.error))
        for d in inbox.failed_deadlines
    ])
    lines += section(w._("Results awaiting the opponent's agreement"), [
        w._("• {code} game {game}: {reporter} reported, {opponent} to agree; final {final}",
            code=esc(s.code), game=s.game, reporter=esc(s.reporter), opponent=esc(s.opponent),
            final=esc(s.final_at))
        for s in inbox.slips_awaiting
    ])
    lines += section(w._("Unfinished matches of open rounds"), [
        w._("• {match} — waiting for a player", match=_vs(m, w))
        if m.state == MatchStage.WAITING else w._("• {match}", match=_vs(m, w))
        for m in inbox.unfinished
    ])
    lines += section(w._("Not yet on Telegram (their messages wait until they join)"), [
        w._("• {names}", names=esc(", ".join(inbox.not_on_telegram)))
    ] if inbox.not_on_telegram else [], count=len(inbox.not_on_telegram))
    if inbox.empty:
        lines.append(w._("Nothing waits for you."))
    lines += section(w._("Prize places decided (the prizes can be prepared)"),
                     [render(p, w) for p in inbox.prizes])
    return "\n".join(lines)


def invite_list(
    event_name: str, codes: list[Invite], names: dict[int, str], bot_username: str, *,
    lang: str = SOURCE,
) -> str:
    w = for_locale(lang)
    lines = [w._("<b>{event}: invite links</b>", event=esc(event_name))]
    for inv in codes:
        if inv.person_id:
            who = names.get(inv.person_id, "")
        else:  # a general link: players pick their name; another role goes to one person
            who = (w._("anyone (pick a name)") if inv.role == "player"
                   else w._("the first to follow it"))
        link = invite_link(bot_username, inv.code)
        lines.append(w._("{role} {who}: {link} — used", role=esc(inv.role), who=esc(who),
                         link=link) if inv.used_by
                     else w._("{role} {who}: {link}", role=esc(inv.role), who=esc(who),
                              link=link))
    return "\n".join(lines)


def round_opened(opened: OpenedRound, *, lang: str = SOURCE) -> str:
    """Who was told their opponent, and who waits for Telegram (never "every player"
    when some could not be reached)."""
    w = for_locale(lang)
    event, rnd = opened.event, opened.round
    deadline = event.local(rnd.closes_at, w.locale) if rnd.closes_at else w._("no deadline")
    lines = [w._("Opened <b>{round}</b> of {event}.", round=esc(rnd.name),
                 event=esc(event.name))]
    told, waiting = len(opened.told), len(opened.not_on_telegram)
    if not told + waiting:
        lines.append(w._("Nobody plays in it yet.") if opened.expelled
                     else w._("Nobody plays in it: every match is a bye."))
    elif not waiting and told == 2:
        lines.append(w._("Both players have been told their opponent."))
    elif not waiting:
        lines.append(w.n_("All {n} players have been told their opponent.",
                          "All {n} players have been told their opponent.", told))
    else:
        lines.append(w.n_("{told} of {n} players have been told their opponent.",
                          "{told} of {n} players have been told their opponent.",
                          told + waiting, told=told))
        lines.append(w._("Not yet on Telegram: {names} — their messages wait until they "
                         "join; /pending lists them.",
                         names=esc(", ".join(opened.not_on_telegram))))
    if opened.expelled:
        names = ", ".join(x.name for x in opened.expelled)
        lines.append(w._("🚫 Expelled, not paid-up (para 26): {names}. They are told. "
                         "Choose who takes each slot: I sent you a question for each "
                         "(/pending lists them too).", names=esc(names)))
    lines.append(w._("Deadline: {deadline}.", deadline=esc(deadline)))
    return "\n".join(lines)

_MATCH_STATES = {
    "waiting": N_("waiting for earlier results"),
    "ready": N_("paired, round not open yet"),
    "playing": N_("being played"),
    "unfinished": N_("round closed, unfinished: a TD will rule on it"),
    "slot open": N_("your opponent was expelled: the TDs choose who takes the place"),
    "decided": N_("decided"),
    "bye": N_("a bye"),
}


def _one_game_result(m: MyMatch, w: Words) -> str | None:
    """A decided one-game match's result, as the game it was (not "1-0 (+32)"); None
    when it is not one."""
    if m.game is not None:
        score = f"{m.game[0]}-{m.game[1]}"
        if m.you_won is None:
            return w._("Result: a tie, {score}", score=score)
        return (w._("Result: you won {score}", score=score) if m.you_won
                else w._("Result: you lost {score}", score=score))
    if m.unplayed_spread is not None and m.you_won is not None:
        spread = f"{m.unplayed_spread:+d}"
        return (w._("Result: you won by forfeit ({spread})", spread=spread) if m.you_won
                else w._("Result: you lost by forfeit ({spread})", spread=spread))
    return None


def match_line(m: MyMatch, *, lang: str = SOURCE) -> str:
    """One match in /matches; a one-game match reads as its game: "one game", its result
    as the game's score, who starts it."""
    w = for_locale(lang)
    state = (w.gettext(_MATCH_STATES[m.state]) if m.state in _MATCH_STATES
             else esc(m.state))
    parts = [
        w._("<b>{event} — {round}</b> (match {code})", event=esc(m.event_name),
            round=esc(m.round_name), code=esc(m.code)),
        w._("against <b>{opponent}</b>, one game: {state}", opponent=esc(m.opponent),
            state=state) if m.single else
        w._("against <b>{opponent}</b>, best of {best_of}: {state}",
            opponent=esc(m.opponent), best_of=m.best_of, state=state),
    ]
    result = _one_game_result(m, w) if m.state == MyMatchState.DECIDED else None
    if result is not None:
        parts.append(result)
    elif m.state in (MyMatchState.PLAYING, MyMatchState.UNFINISHED,
                     MyMatchState.DECIDED) and m.score_line:
        parts.append(w._("Score: {score}", score=esc(m.score_line)))
    if m.stakes:
        parts.append(esc(m.stakes))
    if m.state == MyMatchState.PLAYING and m.next_game is not None and m.single:
        if m.you_start:
            parts.append(w._("You start the game."))
        elif m.next_starter:
            parts.append(w._("{name} starts the game.", name=esc(m.next_starter)))
        else:
            parts.append(w._("Draw tiles to decide who starts the game."))
    elif m.state == MyMatchState.PLAYING and m.next_game is not None:
        deciding = (w._(" (the deciding game{ref})", ref=cite(m, "para 16", ", {}"))
                    if m.next_is_deciding and m.best_of > 1 else "")
        if m.you_start:
            parts.append(w._("Next: game {game}{deciding}, you start", game=m.next_game,
                             deciding=deciding))
        elif m.next_starter:
            parts.append(w._("Next: game {game}{deciding}, {name} starts", game=m.next_game,
                             deciding=deciding, name=esc(m.next_starter)))
        else:
            parts.append(w._("Next: game {game}{deciding}, draw tiles to decide who starts",
                             game=m.next_game, deciding=deciding))
    for game, agrees, until in m.open_slips:
        shown = "?" if until is None else esc(local_text(until, w.locale))
        if agrees == "you":
            parts.append(w._("Game {game} awaits your agreement until {until}", game=game,
                             until=shown))
        else:
            parts.append(w._("Game {game} awaits {name}'s agreement until {until}",
                             game=game, name=esc(agrees), until=shown))
    if m.agreed_at:
        parts.append(w._("Agreed time: {time}", time=esc(local_text(m.agreed_at, w.locale))))
    if m.closes_at:
        parts.append(w._("Deadline: {deadline}",
                         deadline=esc(local_text(m.closes_at, w.locale))))
    return "\n".join(parts)


def my_matches(lines: list[str], *, lang: str = SOURCE, zone: str | None = None) -> str:
    """/matches: its lines, and the zone their times are in when the reader set their own
    (``zone``; the event's shows as its offset)."""
    w = for_locale(lang)
    if not lines:
        return w._("You have no matches yet. When the draw is made and your round opens, I "
                   "will tell you here.")
    shown = w._("<b>Your matches</b>") + "\n\n" + "\n\n".join(lines)
    if zone is not None:
        shown += "\n\n" + w._("Times are in your time zone, {zone}.", zone=esc(zone))
    return shown


def draw_made(event_name: str, result: DrawResult, *, lang: str = SOURCE) -> str:
    """The draw as a TD checks it: seed, rounds, and every match with its two sides."""
    w = for_locale(lang)
    lines = [w._("<b>The draw for {event}</b> (seed {seed})", event=esc(event_name),
                 seed=result.seed)]
    if not result.matches and result.rounds:  # a round-based event: paired as each opens
        names = ", ".join(esc(name) for _, name, _ in result.rounds)
        lines.append(w._("Rounds: {rounds}. Each is paired from the results when you open "
                         "it; the round before must be complete first.", rounds=names))
        if result.first_round_dated:
            lines.append(w._("Open the first with /openround 1 when you are ready."))
        else:
            lines.append(w._("Open the first with /openround 1 until YYYY-MM-DD (its closing "
                             "date): the definition gives it no date of its own."))
        return "\n".join(lines)
    current = None
    for code, round_name, side_a, side_b in result.matches:
        if round_name != current:
            current = round_name
            lines.append("")
            lines.append(f"<b>{esc(round_name)}</b>")
        lines.append(w._("{code}: {a} v {b}", code=esc(code), a=esc(side_a), b=esc(side_b)))
    if result.unused_rounds:
        lines.append("")
        lines.append(w._("Rounds in the definition that the draw did not use: {rounds}",
                         rounds=", ".join(esc(r) for r in result.unused_rounds)))
    if result.late_fee_reminders:
        lines.append("")
        lines.append(w._("Fee reminders for {rounds} were due before this draw: they go out "
                         "now.", rounds=", ".join(esc(r) for r in result.late_fee_reminders)))
    if result.unmatched_payments:
        lines.append("")
        lines.append(w._("Paid for rounds the draw did not make (move or refund them): "
                         "{payments}", payments=", ".join(
                             w._("{player} ({round})", player=esc(p), round=esc(r))
                             for p, r in result.unmatched_payments)))
    played = {round_name for _, round_name, _, _ in result.matches}
    first = next((code for code, name, _ in result.rounds if name in played),
                 result.rounds[0][0] if result.rounds else "")
    lines.append("")
    lines.append(w._("Open the first round with /openround {round}.", round=esc(first))
                 if first else w._("Open the first round with /openround ROUND."))
    return "\n".join(lines)


