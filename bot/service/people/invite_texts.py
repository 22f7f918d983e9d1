"""What joining by an invite link tells the TDs and the person who asked (``invites``):
records (``bot/words/said.py``), written in each reader's language."""

from __future__ import annotations

from bot.service.platform.journal_texts import ROLE_WORDS
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
    return said("{request}\n\n❌ Closed: {entry} is linked to another Telegram account.",
                request=Rendered(request_html), entry=entry)


def welcome(event: str, entry: str) -> Said:
    return said("Welcome to <b>{event}</b>, {entry}! A TD approved your entry. Send /matches "
                "to see your matches.", event=event, entry=entry)


def not_approved(event: str, entry: str) -> Said:
    return said("A TD did not approve your request to join <b>{event}</b> as {entry}. Ask "
                "the organiser if this is a mistake.", event=event, entry=entry)


def decided(request_html: str, verdict: str) -> Said:
    """A TD's copy of a request, as sent, with who decided it under it."""
    return said("{request}\n\n{verdict}", request=Rendered(request_html), verdict=verdict)


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
        word = ROLE_WORDS.get(role)
        values = {"role": word if word is not None else role, "who": who, "link": link}
        out.append(said("{role} {who}: {link} — used", **values) if used
                   else said("{role} {who}: {link}", **values))
    return stacked(*out)
