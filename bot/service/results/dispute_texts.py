"""What a ruler reads about a disputed game (SSSg 2016 Annex A para 19: the players phone
the TDs, who adjudicate; para 24: a discrepancy within the window).

One notice per ruler, written for a phone: the match, what each player reported or says,
the phones on record, and what to tap. The disputer's reason is not there until they give
it: then the notice is edited to hold it (``disputes``), so it never says that something
will come. The board photo, if any, follows as a photo of its own. Records
(``bot/words/said.py``), written in each ruler's language when sent.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import Event
from bot.service.results.matches import MatchView
from bot.store.slips_repo import SlipRow
from bot.words.said import Rendered, Said, Value, said, stacked


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


def _report(view: MatchView, slip: SlipRow) -> Said:
    """'Ann Lee reported: Ann Lee 412, Dev Rao 380 (Ann Lee started).'"""
    names = (view.label(0), view.label(1))
    scores: dict[str, Value] = dict(reporter=names[slip.reporter_side], first=names[0], first_score=slip.scores[0],
                  second=names[1], second_score=slip.scores[1])
    if slip.starter_side is None:
        return said("{reporter} reported: {first} {first_score}, {second} {second_score}.",
                    **scores)
    return said("{reporter} reported: {first} {first_score}, {second} {second_score} "
                "({starter} started).", starter=names[slip.starter_side], **scores)


def _phones(phones: tuple[tuple[str, str], ...]) -> Said:
    """The phones on record, none shown as missing; one line saying so if neither has one."""
    known = [(name, phone) for name, phone in phones if phone]
    if not known:
        return said("No phone on record for either player.")
    if len(known) == 1:
        return said("Phone: {name} {phone}.", name=known[0][0], phone=known[0][1])
    return said("Phones: {name} {phone}, {other} {other_phone}.", name=known[0][0],
                phone=known[0][1], other=known[1][0], other_phone=known[1][1])


def for_ruler(event: Event, view: MatchView, claims: Claims, *, open_: bool = True) -> Said:
    """The notice a ruler gets, with the ruling buttons under it; once ruled (``open_``
    false) it keeps what was claimed but no longer tells the ruler to tap a ruling."""
    slip = claims.slip
    where = dict(event=event.name, round=view.round_name, match=view.code)
    if claims.second is not None:
        names = (view.label(0), view.label(1))
        shown = [said("⚖️ <b>{event}, {round} ({match})</b>: {reporter} and {other} reported "
                      "game {game} differently.", reporter=names[slip.reporter_side],
                      other=names[claims.second.reporter_side], game=slip.game_no, **where),
                 _report(view, slip), _report(view, claims.second)]
    else:
        shown = [said("⚖️ <b>{event}, {round} ({match})</b>: {disputer} disputes game {game}.",
                      disputer=claims.disputer, game=slip.game_no, **where),
                 _report(view, slip)]
        if claims.reason:
            shown.append(said("{disputer} says: {reason}", disputer=claims.disputer,
                              reason=claims.reason))
    shown.append(_phones(claims.phones))
    if open_:
        shown.append(said("Tap a ruling below; for <b>Amend</b> I then ask for the scores. "
                          "Until you rule, game {game} counts as {reporter} reported it.",
                          game=slip.game_no, reporter=view.label(slip.reporter_side)))
    return stacked(*shown)


def ruled(notice: Said, note: Said | str) -> Said:
    """A ruler's notice once ruled, what was ruled after it (``note``: a record, or the
    HTML of a room that does not yet say records)."""
    return said("{notice}{note}", notice=notice,
                note=note if isinstance(note, Said) else Rendered(note))


def photo_caption(view: MatchView, game: int, sender: str) -> Said:
    """The caption of the board photo sent to a ruler with the notice (SSSg para 25)."""
    return said("⚖️ {match} game {game}, disputed: the board photo {sender} sent.",
                match=view.code, game=game, sender=sender)
