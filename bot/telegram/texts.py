"""What the bot says, as Telegram HTML. Every piece of user-supplied text goes through
``esc`` (html.escape) before it is put into a message (project standard: escape user text).

The messages are in the catalogue (``bot.words``): each function takes the reader's
language, ``lang`` (English, the source, unless said); a constant is marked with ``N_`` and
translated where it is sent (``for_locale(lang).gettext(STRANGER)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from bot.service.events.draw import DrawResult
from bot.service.events.event_setup import CreatedEvent, DatesMoved
from bot.service.events.rounds import OpenedRound
from bot.service.formats.registry import format_of
from bot.service.formats.traits import cite
from bot.service.people.invites import Invite, invite_link
from bot.service.people.languages import name_of
from bot.service.people.standing import Playing
from bot.service.platform import callbacks
from bot.service.platform.errors import ServiceError
from bot.telegram.commands import Hat, allowed, summary
from bot.words import N_, SOURCE, for_locale
from bot.words.said import render
from bot.words.said import text as said_text
from core.times import day_text


def esc(text: object) -> str:
    return escape(str(text), quote=False)


STRANGER = N_(
    "Hello! I am <b>TDBot</b>: I run Scrabble and chess competitions in this chat — "
    "long knockout events, club ladders and club nights. Players report results here and "
    "tournament directors settle disputes from their phones.\n\n"
    "<b>To join an event</b>, open the invite link your organiser or tournament director "
    "sent you (it looks like <code>t.me/…?start=…</code>). Then type /help to see what you "
    "can do."
)

ORGANISER_HELLO = N_(
    "Hello! You may create events here: send me the event's definition file "
    "(<code>.toml</code>; TDBot's repository has examples, such as "
    "<code>examples/sssg2016.toml</code>) as a document, and I "
    "will answer with the invite links for its players and TDs."
)

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


def help_text(
    hats: Iterable[Hat], *, can_create_events: bool, awaiting: Iterable[str] = (),
    playing: Sequence[Playing] = (), lang: str = SOURCE,
) -> str:
    """Only what this person may do ("/help shows only what that person may do"):
    the commands of their roles in the formats of their events; ``awaiting``: events they
    asked to join that a TD has not answered yet; ``playing``: the events they play in, for
    the board photo (owed only where the event's ``board_photos`` rule asks for one)."""
    w = for_locale(lang)
    held = frozenset(hats)
    lines = [w._("<b>What you can do here</b>")]
    lines += [w._("/{command} — {summary}", command=c.name,
                  summary=esc(summary(c, held, lang=lang))) for c in allowed(held)]
    if can_create_events:
        lines.append(w._("Send an event definition (<code>.toml</code>) as a document to "
                         "create an event."))
    photos = photo_help(playing, lang=lang)
    if photos:
        lines.append(photos)
    waiting = [still_waiting(name, lang=lang) for name in awaiting]
    if waiting:
        lines += ["", *waiting]
    elif not held:
        lines.append("")
        lines.append(w._("You are not in an event yet: open your invite link to join one."))
    return "\n".join(lines)


def photo_help(playing: Sequence[Playing], *, lang: str = SOURCE) -> str:
    """The board photo, for a player of an event that asks for one (the winner sends it, a
    tie's starter: SSSg para 25, cited only when every such event is a knockout); the
    events are named when some of the player's events ask for none (a club night's are
    played in the director's sight)."""
    w = for_locale(lang)
    owed = [p for p in playing if p.photos]
    if not owed:
        return ""
    ref = cite(owed[0], "para 25") if all(format_of(p).rulebook for p in owed) else ""
    if len(owed) == len(playing):
        return w._("Won a game (or started a tied one)? Send a photo of the finished board "
                   "here soon after{ref}.", ref=ref)
    events = w._(" or ").join(f"<b>{esc(p.name)}</b>" for p in owed)
    return w._("Won a game of {events} (or started a tied one)? Send a photo of the finished "
               "board here soon after{ref}.", events=events, ref=ref)

#: The one answer to a refused button press, whatever was pressed (handlers/common.py,
#: ``refuse_press``): it says nothing about whose button it was or whether it exists.
BUTTON_REFUSED = N_("That button is out of date or not yours; nothing was changed.")

NOT_UNDERSTOOD = N_("I did not understand that. Type /help to see what you can do here.")

EDIT_IGNORED = N_(
    "I do not act on edited messages, so nothing was changed. If you meant something "
    "else, send it again as a new message."
)


def welcome_back(name: str, *, lang: str = SOURCE) -> str:
    return for_locale(lang)._("Hello again, {name}! Type /help to see what you can do.",
                              name=esc(name))


def pick_your_name(event_name: str, *, lang: str = SOURCE) -> str:
    return for_locale(lang)._(
        "Welcome to <b>{event}</b>! Which player are you? Tap your name; "
        "a tournament director will confirm it.", event=esc(event_name))


def picked_your_name(event_name: str, entry_name: str, *, lang: str = SOURCE) -> str:
    """The name list once a name was tapped: what was picked, not the question."""
    return for_locale(lang)._(
        "Welcome to <b>{event}</b>! You said you are <b>{entry}</b>.", event=esc(event_name),
        entry=esc(entry_name))


def no_entries_left(event_name: str, *, lang: str = SOURCE) -> str:
    return for_locale(lang)._(
        "Every player of <b>{event}</b> already has a Telegram account linked. "
        "If you are entered, ask a tournament director to check your entry.",
        event=esc(event_name))


def still_waiting(event_name: str, *, lang: str = SOURCE) -> str:
    return for_locale(lang)._(
        "You have asked to join <b>{event}</b>; a tournament director will answer "
        "soon. I will tell you here.", event=esc(event_name))


def joined(event_name: str, role_name: str, entry: str = "", *, lang: str = SOURCE) -> str:
    """A player linked by their own link is told which entry they are."""
    if entry:
        return for_locale(lang)._(
            "Welcome! You are <b>{entry}</b>, a player of <b>{event}</b>. Type /help to see "
            "what you can do.", event=esc(event_name), entry=esc(entry))
    return for_locale(lang)._(
        "Welcome to <b>{event}</b>! You are a <b>{role}</b> of this "
        "event. Type /help to see what you can do.", event=esc(event_name), role=esc(role_name))


def asked_tds(event_name: str, entry_name: str, *, lang: str = SOURCE) -> str:
    return for_locale(lang)._(
        "Thanks! I asked the tournament directors of <b>{event}</b> to confirm "
        "that you are <b>{entry}</b>. I will tell you here.",
        event=esc(event_name), entry=esc(entry_name))


def already_decided(verdict: str, *, lang: str = SOURCE) -> str:
    """A TD pressed a request another TD (or an earlier press) had decided."""
    return for_locale(lang)._("This request was decided already: {verdict}",
                              verdict=esc(verdict))

def organisers_only(tg_user_id: int | None, *, lang: str = SOURCE) -> str:
    """A person not listed as an organiser sent a definition: what to ask for, with the id
    the bot's host needs (Telegram does not show it to its user)."""
    w = for_locale(lang)
    text = w._("Only the organisers named in this bot's settings can create events. If you "
               "run an event, ask the person who hosts the bot to add your Telegram id to "
               "TDBOT_ORGANISERS.")
    if tg_user_id is None:
        return text
    return w._("{text} Your Telegram id is {id}.", text=text, id=tg_user_id)



def event_created(created: CreatedEvent, bot_username: str, *, lang: str = SOURCE) -> str:
    """The organiser's copy of every invite link."""
    w = for_locale(lang)
    lines = [
        w._("Created <b>{event}</b> (<code>{slug}</code>).", event=esc(created.name),
            slug=esc(created.slug)),
        "",
        w._("<b>Player link</b> (players pick their name, a TD approves):"),
        invite_link(bot_username, created.player_code),
    ]
    if created.personal:
        lines += ["", w._("<b>Personal links</b> (each links one person at once; send "
                          "privately):")]
        lines += [
            w._("{role} {person}: {link}", role=esc(role), person=esc(person),
                link=invite_link(bot_username, code))
            for role, person, code in created.personal
        ]
    if created.lapsed:
        shown = w._("; ").join(w._("{round} closed {day}", round=esc(name), day=esc(day))
                               for name, day in created.lapsed)
        lines += ["", w._("⚠️ Its dates are past: {rounds}, so these rounds cannot open as "
                          "dated. Tap <b>Start it today</b> to move every date by the same "
                          "number of days so that the first is today (the gaps stay), as "
                          "<code>tdbot event create FILE --start today</code> does.",
                          rounds=shown)]
    return "\n".join(lines)


def event_created_buttons(created: CreatedEvent, *,
                          lang: str = SOURCE) -> list[list[tuple[str, str]]]:
    """"Start it today" under an event whose dates are past (``CreatedEvent.lapsed``)."""
    if not created.lapsed or created.first is None:
        return []
    return [[(for_locale(lang)._("Start it today"),
              callbacks.event_today(created.event_id, created.first))]]


def dates_moved(moved: DatesMoved, *, lang: str = SOURCE) -> str:
    w = for_locale(lang)
    if moved.already:
        return w._("The dates of <b>{event}</b> were moved already: its schedule "
                   "starts {first}.", event=esc(moved.event), first=day_text(moved.first, w.locale))
    return w.n_("📅 Every date of <b>{event}</b> moved {days:+d} days: the schedule starts "
                "{first} (it started {was}), the gaps between the dates as they were.",
                "📅 Every date of <b>{event}</b> moved {days:+d} days: the schedule starts "
                "{first} (it started {was}), the gaps between the dates as they were.",
                abs(moved.days), days=moved.days, event=esc(moved.event),
                first=day_text(moved.first, w.locale),
                was=day_text(moved.was, w.locale, weekday=False))


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


def your_language(current: str, chosen: bool, *, lang: str = SOURCE) -> str:
    """/language: the language the reader reads, said in it, over the buttons of the
    languages the bot speaks."""
    w = for_locale(lang)
    if chosen:
        return w._("I write to you in {language}, as you chose. Tap another language to "
                   "change it, or send /language CODE (for example /language fr).",
                   language=esc(name_of(current)))
    return w._("I write to you in {language}. Tap the language you want me to write in, or "
               "send /language CODE (for example /language fr).",
               language=esc(name_of(current)))


def language_chosen(language: str, changed: bool) -> str:
    """A choice of language, confirmed in the language chosen."""
    w = for_locale(language)
    if changed:
        return w._("From now on I write to you in {language}.", language=esc(name_of(language)))
    return w._("I already write to you in {language}.", language=esc(name_of(language)))
