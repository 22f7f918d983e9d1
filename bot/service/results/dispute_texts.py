"""What a ruler reads about a disputed game (SSSg 2016 Annex A para 19: the players phone
the TDs, who adjudicate; para 24: a discrepancy within the window).

One notice per ruler, written for a phone: the match, what each player reported or says,
the phones on record, and what to tap. The disputer's reason is not there until they give
it: then the notice is edited to hold it (``disputes``), so it never says that something
will come. The board photo, if any, follows as a photo of its own. Telegram HTML: every
name and reason goes through ``esc``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import Event
from bot.service.results.matches import MatchView
from bot.service.results.reporting_texts import esc
from bot.store.slips_repo import SlipRow


@dataclass(frozen=True)
class Claims:
    """A dispute as its ruler needs it. ``slip``: the report that counts until the ruling;
    ``second``: another report of the same game that differed from it (para 24), or None;
    ``reason``: what the disputer says ("" until they say it); ``phones``: each player's
    (name, phone), "" when none is on record."""

    disputer: str
    slip: SlipRow
    second: SlipRow | None
    reason: str
    phones: tuple[tuple[str, str], tuple[str, str]]


def _report(view: MatchView, slip: SlipRow) -> str:
    """'Ann Lee reported: Ann Lee 412, Dev Rao 380 (Ann Lee started).'"""
    names = (view.label(0), view.label(1))
    started = ("" if slip.starter_side is None
               else f" ({esc(names[slip.starter_side])} started)")
    return (f"{esc(names[slip.reporter_side])} reported: {esc(names[0])} {slip.scores[0]}, "
            f"{esc(names[1])} {slip.scores[1]}{started}.")


def _phones(phones: tuple[tuple[str, str], ...]) -> str:
    """The phones on record, none shown as missing; one line saying so if neither has one."""
    known = [f"{esc(name)} {esc(phone)}" for name, phone in phones if phone]
    if not known:
        return "No phone on record for either player."
    return ("Phone: " if len(known) == 1 else "Phones: ") + ", ".join(known) + "."


def for_ruler(event: Event, view: MatchView, claims: Claims, *, open_: bool = True) -> str:
    """The notice a ruler gets, with the ruling buttons under it; once ruled (``open_``
    false) it keeps what was claimed but no longer tells the ruler to tap a ruling."""
    slip = claims.slip
    where = f"⚖️ <b>{esc(event.name)}, {esc(view.round_name)} ({esc(view.code)})</b>: "
    if claims.second is not None:
        names = (view.label(0), view.label(1))
        head = (f"{esc(names[slip.reporter_side])} and {esc(names[claims.second.reporter_side])}"
                f" reported game {slip.game_no} differently.")
        lines = [where + head, _report(view, slip), _report(view, claims.second)]
    else:
        lines = [where + f"{esc(claims.disputer)} disputes game {slip.game_no}.",
                 _report(view, slip)]
        if claims.reason:
            lines.append(f"{esc(claims.disputer)} says: {esc(claims.reason)}")
    lines.append(_phones(claims.phones))
    if open_:
        lines.append("Tap a ruling below; for <b>Amend</b> I then ask for the scores. Until you "
                     f"rule, game {slip.game_no} counts as "
                     f"{esc(view.label(slip.reporter_side))} reported it.")
    return "\n".join(lines)


def photo_caption(view: MatchView, game: int, sender: str) -> str:
    """The caption of the board photo sent to a ruler with the notice (SSSg para 25)."""
    return f"⚖️ {esc(view.code)} game {game}, disputed: the board photo {esc(sender)} sent."
