"""What the bot says, as Telegram HTML. Every piece of user-supplied text goes through
``esc`` (html.escape) before it is put into a message (project standard: escape user text).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from bot.service.events.draw import DrawResult
from bot.service.events.event_setup import CreatedEvent, DatesMoved
from bot.service.events.readmodels import MyMatch, MyMatchState, TdInbox
from bot.service.events.rounds import OpenedRound
from bot.service.formats.traits import cite, is_knockout
from bot.service.people.invites import Invite, invite_link
from bot.service.people.standing import Playing
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView
from bot.telegram.commands import Hat, allowed, summary
from core.knockout.match import MatchStage


def esc(text: object) -> str:
    return escape(str(text), quote=False)


STRANGER = (
    "Hello! I am <b>TDBot</b>: I run Scrabble and chess competitions in this chat — "
    "long knockout events, club ladders and club nights. Players report results here and "
    "tournament directors settle disputes from their phones.\n\n"
    "<b>To join an event</b>, open the invite link your organiser or tournament director "
    "sent you (it looks like <code>t.me/…?start=…</code>). Then type /help to see what you "
    "can do."
)

ORGANISER_HELLO = (
    "Hello! You may create events here: send me the event's definition file "
    "(<code>.toml</code>; TDBot's repository has examples, such as "
    "<code>examples/sssg2016.toml</code>) as a document, and I "
    "will answer with the invite links for its players and TDs."
)

SOMETHING_WENT_WRONG = (
    "Sorry, something went wrong on my side and nothing was changed. "
    "Please try again in a minute; if it keeps happening, tell your tournament director."
)


SAVED_BUT_FAILED = (
    "Your request went through and is saved, but something went wrong on my side while "
    "answering. Send /help or /matches to see where things stand."
)


def not_saved(what: str, *, pressed: bool) -> str:
    """The bot tried an update several times and its database could not be written each
    time (a full disk): the person hears what was not done, and that they may do it again.
    ``what`` is HTML (its user text escaped: ``update_described``)."""
    again = "press it again" if pressed else "send it again"
    return (f"Sorry, I could not save {what}: my database cannot be written just now, so "
            f"nothing was changed. Please {again} in a few minutes.")


def refused(message: str) -> str:
    """A ServiceError's message (plain text, safe to show) for the person who asked."""
    return f"⚠️ {esc(message)}"


def help_text(
    hats: Iterable[Hat], *, can_create_events: bool, awaiting: Iterable[str] = (),
    playing: Sequence[Playing] = (),
) -> str:
    """Only what this person may do ("/help shows only what that person may do"):
    the commands of their roles in the formats of their events; ``awaiting``: events they
    asked to join that a TD has not answered yet; ``playing``: the events they play in, for
    the board photo (owed only where the event's ``board_photos`` rule asks for one)."""
    held = frozenset(hats)
    lines = ["<b>What you can do here</b>"]
    lines += [f"/{c.name} — {esc(summary(c, held))}" for c in allowed(held)]
    if can_create_events:
        lines.append("Send an event definition (<code>.toml</code>) as a document to create an event.")
    photos = photo_help(playing)
    if photos:
        lines.append(photos)
    waiting = [still_waiting(name) for name in awaiting]
    if waiting:
        lines += ["", *waiting]
    elif not held:
        lines.append("")
        lines.append("You are not in an event yet: open your invite link to join one.")
    return "\n".join(lines)


def photo_help(playing: Sequence[Playing]) -> str:
    """The board photo, for a player of an event that asks for one (the winner sends it, a
    tie's starter: SSSg para 25, cited only when every such event is a knockout); the
    events are named when some of the player's events ask for none (a club night's are
    played in the director's sight)."""
    owed = [p for p in playing if p.photos]
    if not owed:
        return ""
    game = "a game"
    if len(owed) < len(playing):
        game += " of " + " or ".join(f"<b>{esc(p.name)}</b>" for p in owed)
    ref = cite(owed[0], "para 25") if all(is_knockout(p.format) for p in owed) else ""
    return (f"Won {game} (or started a tied one)? Send a photo of the finished board here "
            f"soon after{ref}.")

#: The one answer to a refused button press, whatever was pressed (handlers/common.py,
#: ``refuse_press``): it says nothing about whose button it was or whether it exists.
BUTTON_REFUSED = "That button is out of date or not yours; nothing was changed."

NOT_UNDERSTOOD = "I did not understand that. Type /help to see what you can do here."

EDIT_IGNORED = (
    "I do not act on edited messages, so nothing was changed. If you meant something "
    "else, send it again as a new message."
)


def welcome_back(name: str) -> str:
    return f"Hello again, {esc(name)}! Type /help to see what you can do."


def pick_your_name(event_name: str) -> str:
    return (
        f"Welcome to <b>{esc(event_name)}</b>! Which player are you? Tap your name; "
        "a tournament director will confirm it."
    )


def no_entries_left(event_name: str) -> str:
    return (
        f"Every player of <b>{esc(event_name)}</b> already has a Telegram account linked. "
        "If you are entered, ask a tournament director to check your entry."
    )


def still_waiting(event_name: str) -> str:
    return (
        f"You have asked to join <b>{esc(event_name)}</b>; a tournament director will answer "
        "soon. I will tell you here."
    )


def joined(event_name: str, role_name: str) -> str:
    return (
        f"Welcome to <b>{esc(event_name)}</b>! You are a <b>{esc(role_name)}</b> of this "
        "event. Type /help to see what you can do."
    )


def asked_tds(event_name: str, entry_name: str) -> str:
    return (
        f"Thanks! I asked the tournament directors of <b>{esc(event_name)}</b> to confirm "
        f"that you are <b>{esc(entry_name)}</b>. I will tell you here."
    )


def already_decided(verdict: str) -> str:
    """A TD pressed a request another TD (or an earlier press) had decided."""
    return f"This request was decided already: {esc(verdict)}"

def organisers_only(tg_user_id: int | None) -> str:
    """A person not listed as an organiser sent a definition: what to ask for, with the id
    the bot's host needs (Telegram does not show it to its user)."""
    text = ("Only the organisers named in this bot's settings can create events. If you run "
            "an event, ask the person who hosts the bot to add your Telegram id to "
            "TDBOT_ORGANISERS.")
    return text if tg_user_id is None else f"{text} Your Telegram id is {tg_user_id}."



def event_created(created: CreatedEvent, bot_username: str) -> str:
    """The organiser's copy of every invite link."""
    lines = [
        f"Created <b>{esc(created.name)}</b> (<code>{esc(created.slug)}</code>).",
        "",
        "<b>Player link</b> (players pick their name, a TD approves):",
        invite_link(bot_username, created.player_code),
    ]
    if created.personal:
        lines += ["", "<b>Personal links</b> (each links one person at once; send privately):"]
        lines += [
            f"{esc(role)} {esc(person)}: {invite_link(bot_username, code)}"
            for role, person, code in created.personal
        ]
    if created.lapsed:
        shown = "; ".join(f"{esc(name)} closed {esc(day)}" for name, day in created.lapsed)
        lines += ["", f"⚠️ Its dates are past: {shown}, so these rounds cannot open as "
                      "dated. Tap <b>Start it today</b> to move every date by the same number "
                      "of days so that the first is today (the gaps stay), as "
                      "<code>tdbot event create FILE --start today</code> does."]
    return "\n".join(lines)


def event_created_buttons(created: CreatedEvent) -> list[list[tuple[str, str]]]:
    """"Start it today" under an event whose dates are past (``CreatedEvent.lapsed``)."""
    if not created.lapsed or created.first is None:
        return []
    return [[("Start it today", callbacks.event_today(created.event_id, created.first))]]


def dates_moved(moved: DatesMoved) -> str:
    if moved.already:
        return (f"The dates of <b>{esc(moved.event)}</b> were moved already: its schedule "
                f"starts {moved.first:%a %d %b %Y}.")
    return (f"📅 Every date of <b>{esc(moved.event)}</b> moved {moved.days:+d} days: the "
            f"schedule starts {moved.first:%a %d %b %Y} (it started {moved.was:%d %b %Y}), "
            "the gaps between the dates as they were.")


_REFUSAL = {"blocked": "blocked the bot", "undeliverable": "undeliverable"}


def _messages(row: dict[str, object]) -> str:
    count = row.get("messages", 1)
    return f"{count} messages, the last: " if count != 1 else ""


#: Items a /pending section shows before "and N more" (a phone screen, not a report).
PENDING_SHOWN = 5


def pending_section(title: str, items: list[str], slug: str, count: int | None = None) -> list[str]:
    """One section of /pending: its title with how many (``count``, when an item is not
    one thing), at most ``PENDING_SHOWN`` items, and where to see the rest (``tdbot
    inbox`` lists them all)."""
    if not items:
        return []
    more = len(items) - PENDING_SHOWN
    lines = ["", f"<b>{title}</b> ({len(items) if count is None else count}):",
             *items[:PENDING_SHOWN]]
    if more > 0:
        lines.append(f"… and {more} more: tdbot event inbox {esc(slug or 'EVENT')}")
    return lines


def _vs(m: MatchView) -> str:
    return f"{esc(m.code)}: {esc(m.label(0))} v {esc(m.label(1))} ({esc(m.round_name)})"


#: A no-show claim's state as a TD reads it in /pending.
_CLAIM = {"open": "the opponent may still contest it", "contested": "contested",
          "with_tds": "yours to rule"}


def pending(event_name: str, inbox: TdInbox) -> str:
    """What awaits a TD (``readmodels.td_inbox``), most urgent first: one section per kind,
    each short enough for a phone. The buttons under it (``pending_buttons``) act on the
    items shown."""
    lines = [f"<b>{esc(event_name)}: what awaits a TD</b>"]
    slug = inbox.slug
    lines += pending_section("Join requests", [
        f"• {esc(r.tg_name)} says they are <b>{esc(r.entry_name)}</b>"
        for r in inbox.join_requests
    ], slug)
    lines += pending_section("Open disputes", [
        f"• {esc(d['code'])} ({esc(d['players'])}): {esc(d['reason'] or 'no reason given yet')}"
        f" — rules: {esc(d['rulers'] or 'an organiser')}"
        for d in inbox.open_disputes
    ], slug)
    lines += pending_section(f"Expelled players' slots: who takes them{cite(inbox, 'para 29')}", [
        f"• {esc(x.match)}: {esc(x.expelled)}'s slot v {esc(x.opponent)}; "
        f"{len(x.options)} candidate(s)"
        for x in inbox.open_slots
    ], slug)
    lines += pending_section(f"Tied matches: decide them{cite(inbox, 'para 30')}", [
        f"• {_vs(m)}" for m in inbox.tied
    ], slug)
    lines += pending_section("Games played during a blackout, held ("
                             f"{cite(inbox, 'para 20', '{}; ')}release or void them with "
                             "tdbot rule held-release|held-void)", [
        f"• {h.id}: {esc(h.code)} {esc(h.names[0])} {h.scores[0]}, {esc(h.names[1])} "
        f"{h.scores[1]}, during {esc(h.blackout)}"
        for h in inbox.held_games
    ], slug)
    lines += pending_section("No-show claims", [
        f"• {_vs(m)}: {esc(claimant)} claims a no-show ({_CLAIM.get(state, esc(state))})"
        for m, claimant, state in inbox.no_shows
    ], slug)
    lines += pending_section("No time agreed, the round closing within a week", [
        f"• {_vs(m)}" for m in inbox.unarranged
    ], slug)
    lines += pending_section("Closed rounds' unfinished matches (rule on them)", [
        f"• {_vs(m)} — round closed, unfinished" for m in inbox.left_unfinished
    ], slug)
    lines += pending_section("Not paid yet", [
        f"• {esc(round_name)}: {esc(', '.join(names))}" for round_name, names in inbox.unpaid
    ], slug, count=sum(len(names) for _, names in inbox.unpaid))
    lines += pending_section("Messages Telegram refused for good (reach these people another way)", [
        f"• to {esc(row['name'] or '?')} ({_REFUSAL.get(str(row['state']), 'refused')}): "
        f"{_messages(row)}{esc(row['last_error'] or 'refused')}"
        for row in inbox.refused_messages
    ], slug)
    lines += pending_section("Deadlines that could not fire (check by hand)", [
        f"• {esc(d.kind)} for {esc(d.subject)}: {esc(d.error)}" for d in inbox.failed_deadlines
    ], slug)
    lines += pending_section("Results awaiting the opponent's agreement", [
        f"• {esc(s.code)} game {s.game}: {esc(s.reporter)} reported, {esc(s.opponent)} to "
        f"agree; final {esc(s.final_at)}"
        for s in inbox.slips_awaiting
    ], slug)
    lines += pending_section("Unfinished matches of open rounds", [
        f"• {_vs(m)}" + (" — waiting for a player" if m.state == MatchStage.WAITING else "")
        for m in inbox.unfinished
    ], slug)
    lines += pending_section("Not yet on Telegram (their messages wait until they join)", [
        f"• {esc(', '.join(inbox.not_on_telegram))}"
    ] if inbox.not_on_telegram else [], slug, count=len(inbox.not_on_telegram))
    if inbox.empty:
        lines.append("Nothing waits for you.")
    return "\n".join(lines)


def invite_list(
    event_name: str, codes: list[Invite], names: dict[int, str], bot_username: str
) -> str:
    lines = [f"<b>{esc(event_name)}: invite links</b>"]
    for inv in codes:
        if inv.person_id:
            who = names.get(inv.person_id, "")
        else:  # a general link: players pick their name; another role goes to one person
            who = "anyone (pick a name)" if inv.role == "player" else "the first to follow it"
        used = " — used" if inv.used_by else ""
        lines.append(f"{esc(inv.role)} {esc(who)}: {invite_link(bot_username, inv.code)}{used}")
    return "\n".join(lines)


def round_opened(opened: OpenedRound) -> str:
    """Who was told their opponent, and who waits for Telegram (never "every player"
    when some could not be reached)."""
    event, rnd = opened.event, opened.round
    deadline = event.local(rnd.closes_at) if rnd.closes_at else "no deadline"
    lines = [f"Opened <b>{esc(rnd.name)}</b> of {esc(event.name)}."]
    told, waiting = len(opened.told), len(opened.not_on_telegram)
    if not told + waiting:
        lines.append("Nobody plays in it yet." if opened.expelled
                     else "Nobody plays in it: every match is a bye.")
    elif not waiting:
        lines.append(f"All {told} players have been told their opponent.")
    else:
        lines.append(f"{told} of {told + waiting} players have been told their opponent.")
        lines.append(f"Not yet on Telegram: {esc(', '.join(opened.not_on_telegram))} — "
                     "their messages wait until they join; /pending lists them.")
    if opened.expelled:
        names = ", ".join(x.name for x in opened.expelled)
        lines.append(f"🚫 Expelled, not paid-up (para 26): {esc(names)}. They are told. "
                     "Choose who takes each slot: I sent you a question for each (/pending "
                     "lists them too).")
    lines.append(f"Deadline: {esc(deadline)}.")
    return "\n".join(lines)

_MATCH_STATES = {
    "waiting": "waiting for earlier results",
    "ready": "paired, round not open yet",
    "playing": "being played",
    "unfinished": "round closed, unfinished: a TD will rule on it",
    "slot open": "your opponent was expelled: the TDs choose who takes the place",
    "decided": "decided",
    "bye": "a bye",
}


def match_line(m: MyMatch) -> str:
    parts = [
        f"<b>{esc(m.event_name)} — {esc(m.round_name)}</b> ({esc(m.code)})",
        f"against <b>{esc(m.opponent)}</b>, best of {m.best_of}: "
        f"{_MATCH_STATES.get(m.state, esc(m.state))}",
    ]
    if m.state in (MyMatchState.PLAYING, MyMatchState.UNFINISHED, MyMatchState.DECIDED) and m.score_line:
        parts.append(f"Score: {esc(m.score_line)}")
    if m.state == MyMatchState.PLAYING and m.next_game is not None:
        deciding = (f" (the deciding game{cite(m, 'para 16', ', {}')})"
                    if m.next_is_deciding and m.best_of > 1 else "")
        who = (f"{esc(m.next_starter)} starts" if m.next_starter
               else "draw tiles to decide who starts")
        parts.append(f"Next: game {m.next_game}{deciding}, {who}")
    for game, agrees, until in m.open_slips:
        whose = "your" if agrees == "you" else f"{esc(agrees)}'s"
        parts.append(f"Game {game} awaits {whose} agreement until {esc(until)}")
    if m.agreed_at:
        parts.append(f"Agreed time: {esc(m.agreed_at)}")
    if m.closes_at:
        parts.append(f"Deadline: {esc(m.closes_at)}")
    return "\n".join(parts)


def my_matches(lines: list[str]) -> str:
    if not lines:
        return "You have no matches yet. When the draw is made and your round opens, I will tell you here."
    return "<b>Your matches</b>\n\n" + "\n\n".join(lines)


def draw_made(event_name: str, result: DrawResult) -> str:
    """The draw as a TD checks it: seed, rounds, and every match with its two sides."""
    lines = [f"<b>The draw for {esc(event_name)}</b> (seed {result.seed})"]
    if not result.matches and result.rounds:  # a round-based event: paired as each opens
        names = ", ".join(esc(name) for _, name, _ in result.rounds)
        lines.append(f"Rounds: {names}. Each is paired from the results when you open it; "
                     "the round before must be complete first.")
        lines.append("Open the first with /openround 1 until YYYY-MM-DD (its closing date) "
                     "unless the definition dates it or sets round_days.")
        return "\n".join(lines)
    current = None
    for code, round_name, side_a, side_b in result.matches:
        if round_name != current:
            current = round_name
            lines.append("")
            lines.append(f"<b>{esc(round_name)}</b>")
        lines.append(f"{esc(code)}: {esc(side_a)} v {esc(side_b)}")
    if result.unused_rounds:
        lines.append("")
        lines.append("Rounds in the definition that the draw did not use: "
                     + ", ".join(esc(r) for r in result.unused_rounds))
    if result.late_fee_reminders:
        lines.append("")
        lines.append("Fee reminders for " + ", ".join(esc(r) for r in result.late_fee_reminders)
                     + " were due before this draw: they go out now.")
    if result.unmatched_payments:
        lines.append("")
        lines.append("Paid for rounds the draw did not make (move or refund them): "
                     + ", ".join(f"{esc(p)} ({esc(r)})" for p, r in result.unmatched_payments))
    lines.append("")
    lines.append("Open the first round with /openround ROUND.")
    return "\n".join(lines)
