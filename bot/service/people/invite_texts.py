"""What joining by an invite link tells the TDs and the person who asked (``invites``):
records (``bot/words/said.py``), written in each reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.platform import callbacks
from bot.service.platform.outbox import SaidButtons
from bot.service.platform.role_words import role_said
from bot.words.said import Rendered, Said, said, stacked


def _mention(tg_user_id: int, tg_name: str) -> Said:
    """A Telegram user as a tappable mention, so a TD can open the profile of whoever asks
    before approving them."""
    return said('<a href="tg://user?id={id}">{name}</a>', id=int(tg_user_id), name=tg_name)


def join_request(event: str, tg_user_id: int, tg_name: str, entry: str,
                 others: list[tuple[int, str]]) -> Said:
    """To the TDs: who asks to be which entry, and who else asked to be it."""
    return stacked(
        said("<b>{event}</b>: Telegram user {user} says they are <b>{entry}</b>. Approve?",
             event=event, user=_mention(tg_user_id, tg_name), entry=entry),
        *[said("⚠️ Telegram user {user} also asked to be <b>{entry}</b>: approve only the "
               "right one.", user=_mention(other_id, other_name), entry=entry)
          for other_id, other_name in others])


def claim_closed(event: str, entry: str) -> Said:
    """To a person whose request can no longer be approved: the entry is someone else's."""
    return said("A TD linked {entry} to another Telegram account, so your request to join "
                "<b>{event}</b> as {entry} is closed. If you are {entry}, tell the organiser.",
                entry=entry, event=event)


def claim_closed_note(request_html: str, entry: str) -> Said:
    """A TD's copy of such a request, as sent, with why it closed under it."""
    return decided(request_html, closed(entry))


def welcome(event: str, entry: str) -> Said:
    return said("Welcome to <b>{event}</b>, {entry}! A TD approved your entry. Send /matches "
                "to see your matches.", event=event, entry=entry)


def not_approved(event: str, entry: str) -> Said:
    return said("A TD did not approve your request to join <b>{event}</b> as {entry}. Ask "
                "the organiser if this is a mistake.", event=event, entry=entry)


def decided(request_html: str, verdict: Said) -> Said:
    """A TD's copy of a request, as sent, with who decided it under it."""
    return said("{request}\n\n{verdict}", request=Rendered(request_html), verdict=verdict)


def closed(entry: str) -> Said:
    """Why a join request closed with no TD's verdict: its entry is someone else's now."""
    return said("❌ Closed: {entry} is linked to another Telegram account.", entry=entry)


def verdict(approved: bool, decided_by: str) -> Said:
    """Who decided a join request, and how ('✅ Approved by Tara.'); ``decided_by`` empty:
    the organiser at the command line."""
    if not decided_by:
        return (said("✅ Approved by the organiser (command line).") if approved
                else said("❌ Rejected by the organiser (command line)."))
    return (said("✅ Approved by {name}.", name=decided_by) if approved
            else said("❌ Rejected by {name}.", name=decided_by))


def already_decided(verdict: Said) -> Said:
    """A TD pressed a request another TD (or an earlier press) had decided."""
    return said("This request was decided already: {verdict}", verdict=verdict)


def decide_buttons(request_id: int) -> SaidButtons:
    """Approve / Reject under a join request, on every TD's copy of it."""
    return [[(said("Approve"), callbacks.join_decide(request_id, True)),
             (said("Reject"), callbacks.join_decide(request_id, False))]]


# --- the answers to whoever follows a link or picks their name ---------------------------


def pick_your_name(event: str) -> Said:
    return said("Welcome to <b>{event}</b>! Which player are you? Tap your name; "
                "a tournament director will confirm it.", event=event)


def pick_buttons(code: str, choices: Sequence[tuple[int, str]]) -> SaidButtons:
    """One button per unclaimed entry, one per row so long names stay readable (a name is
    its own label, in every language)."""
    return [[(name, callbacks.join_pick(code, entry_id))] for entry_id, name in choices]


def picked_your_name(event: str, entry: str) -> Said:
    """The name list once a name was tapped: what was picked, not the question."""
    return said("Welcome to <b>{event}</b>! You said you are <b>{entry}</b>.", event=event,
                entry=entry)


def no_entries_left(event: str) -> Said:
    return said("Every player of <b>{event}</b> already has a Telegram account linked. "
                "If you are entered, ask a tournament director to check your entry.",
                event=event)


def joined(event: str, role: str, entry: str = "") -> Said:
    """A player linked by their own link is told which entry they are; anyone else the
    role they now hold (``role_words``)."""
    if entry:
        return said("Welcome! You are <b>{entry}</b>, a player of <b>{event}</b>. Type /help "
                    "to see what you can do.", event=event, entry=entry)
    return said("Welcome to <b>{event}</b>! You are a <b>{role}</b> of this "
                "event. Type /help to see what you can do.", event=event,
                role=role_said(role))


def asked_tds(event: str, entry: str) -> Said:
    return said("Thanks! I asked the tournament directors of <b>{event}</b> to confirm "
                "that you are <b>{entry}</b>. I will tell you here.", event=event, entry=entry)


def invite_list(event: str, lines: list[tuple[str, str | None, str, bool]]) -> Said:
    """An event's invite links for the TD who asked (``/invites``): each link's role, who
    it is for (None: a general link), the link, and whether it was used."""
    out = [said("<b>{event}: invite links</b>", event=event)]
    for role, person, link, used in lines:
        if person is not None:
            who: str | Said = person
        else:  # a general link: players pick their name; another role goes to one person
            who = said("anyone (pick a name)") if role == "player" else said(
                "the first to follow it")
        values = {"role": role_said(role), "who": who, "link": link}
        out.append(said("{role} {who}: {link} — used", **values) if used
                   else said("{role} {who}: {link}", **values))
    return stacked(*out)
