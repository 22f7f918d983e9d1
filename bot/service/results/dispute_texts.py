"""What a ruler reads about a disputed game (SSSg 2016 Annex A para 19: the players phone
the TDs, who adjudicate; para 24: a discrepancy within the window).

One notice per ruler, written for a phone: the match, what each player reported or says,
the phones on record, and what to tap. The disputer's reason is not there until they give
it: then the notice is edited to hold it (``disputes``), so it never says that something
will come. The board photo, if any, follows as a photo of its own. The players read what
happens next in plain words (``for_player``): what counts meanwhile and who rules; no
paragraph (those are for the TDs) and no TD's phone. Records (``bot/words/said.py``),
written in each reader's language when sent.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import Event
from bot.service.events.schedule import round_said
from bot.service.formats.registry import HasFormat
from bot.service.formats.traits import cite
from bot.service.platform import callbacks
from bot.service.results.matches import MatchView
from bot.service.results.reporting_texts import one_game
from bot.store.slips_repo import SlipRow
from bot.words.said import Said, Value, said, stacked
from core.slip import SlipState


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
    names = (view.said_label(0), view.said_label(1))
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
    false) it keeps what was claimed but no longer tells the ruler to tap a ruling. A
    match of one game (``seam.Format.single_game``) is said as that game, with no number."""
    slip = claims.slip
    single = one_game(event, view)
    where = dict(event=event.name, round=round_said(view.round_name), match=view.code)
    if claims.second is not None:
        names = (view.said_label(0), view.said_label(1))
        both: dict[str, Value] = dict(reporter=names[slip.reporter_side],
                                      other=names[claims.second.reporter_side], **where)
        shown = [said("⚖️ <b>{event}, {round} ({match})</b>: {reporter} and {other} reported "
                      "their game differently.", **both) if single else
                 said("⚖️ <b>{event}, {round} ({match})</b>: {reporter} and {other} reported "
                      "game {game} differently.", game=slip.game_no, **both),
                 _report(view, slip), _report(view, claims.second)]
    else:
        shown = [said("⚖️ <b>{event}, {round} ({match})</b>: {disputer} disputes their game.",
                      disputer=claims.disputer, **where) if single else
                 said("⚖️ <b>{event}, {round} ({match})</b>: {disputer} disputes game {game}.",
                      disputer=claims.disputer, game=slip.game_no, **where),
                 _report(view, slip)]
        if claims.reason:
            shown.append(said("{disputer} says: {reason}", disputer=claims.disputer,
                              reason=claims.reason))
    shown.append(_phones(claims.phones))
    if open_:
        reporter = view.said_label(slip.reporter_side)
        shown.append(said("Tap a ruling below; for <b>Amend</b> I then ask for the scores. "
                          "Until you rule, the game counts as {reporter} reported it.",
                          reporter=reporter) if single else
                     said("Tap a ruling below; for <b>Amend</b> I then ask for the scores. "
                          "Until you rule, game {game} counts as {reporter} reported it.",
                          game=slip.game_no, reporter=reporter))
    return stacked(*shown)


def for_player(where: Said, view: MatchView, viewer: int, game: int, disputer: str,
               raised_it: bool, rulers: list[str], ask_reason: bool, *, single: bool,
               differs: bool = False) -> Said:
    """Both players learn that the result is frozen, what counts until a TD rules and who
    rules (SSSg para 19: a TD who does not play in the match); the one who disputed it
    without saying why is asked why. ``where``: the message's head (event and round);
    ``differs``: the dispute is a second report of the game that did not agree with the
    first; ``single``: the match is one game, said as that game."""
    values: dict[str, Value] = dict(where=where, opponent=view.said_label(1 - viewer),
                                    disputer=disputer, game=game)
    if differs and raised_it:
        head = (said("⚖️ {where}: Your result differs from {opponent}'s slip, so yours is not "
                     "counted: {opponent}'s counts until a TD rules.", **values) if single else
                said("⚖️ {where}: Your result for game {game} differs from {opponent}'s slip, "
                     "so yours is not counted: {opponent}'s counts until a TD rules.", **values))
    elif differs:
        head = (said("⚖️ {where}: {disputer} reported your game differently from your slip. "
                     "Yours counts until a TD rules.", **values) if single else
                said("⚖️ {where}: {disputer} reported game {game} differently from your slip. "
                     "Yours counts until a TD rules.", **values))
    elif raised_it:
        head = (said("⚖️ {where}: You disputed your game against {opponent}. It counts as "
                     "reported until a TD rules.", **values) if single else
                said("⚖️ {where}: You disputed game {game} of your match against {opponent}. It "
                     "counts as reported until a TD rules.", **values))
    else:
        head = (said("⚖️ {where}: {disputer} disputed your game. It counts as reported until "
                     "a TD rules.", **values) if single else
                said("⚖️ {where}: {disputer} disputed game {game} of your match. It counts as "
                     "reported until a TD rules.", **values))
    if not rulers:
        who = said("No TD of this event is free to rule on your match: please tell the "
                   "organisers.")
    elif len(rulers) == 1:
        who = said("{ruler} will rule on it, and I will tell you both the ruling.",
                   ruler=rulers[0])
    else:
        who = said("A TD ({rulers}) will rule on it, and I will tell you both the ruling.",
                   rulers=", ".join(rulers))
    ask = (said("What is wrong with it? Tell me in your next message, e.g. <i>I had 390, not "
                "380</i>, and I will pass it on.") if raised_it and ask_reason else None)
    return stacked(head, who, ask)


def ruling_buttons(dispute_id: int, names: tuple[str, str],
                   single: bool) -> list[list[tuple[Said, str]]]:
    """The ruler's buttons on a dispute (SSSg paras 19, 27, 28), in the ruler's language. A
    match of one game (``single``) has no match bye beside its game bye: there the game is
    the match, so the two would decide the same thing; the game bye (para 28) is offered."""
    rows = [
        [(said("Uphold"), callbacks.rule("uphold", dispute_id)),
         (said("Amend"), callbacks.rule("amend", dispute_id)),
         (said("Void game"), callbacks.rule("void", dispute_id))],
        [(said("Game bye to {player}", player=names[0]), callbacks.rule("gbye", dispute_id, 0)),
         (said("Game bye to {player}", player=names[1]), callbacks.rule("gbye", dispute_id, 1))],
    ]
    if not single:
        rows.append([
            (said("Match bye to {player}", player=names[0]), callbacks.rule("mbye", dispute_id, 0)),
            (said("Match bye to {player}", player=names[1]), callbacks.rule("mbye", dispute_id, 1))])
    return rows


def ruled(notice: Said, note: Said) -> Said:
    """A ruler's notice once ruled, what was ruled after it (``note``)."""
    return said("{notice}{note}", notice=notice, note=note)


def photo_caption(view: MatchView, game: int, sender: str) -> Said:
    """The caption of the board photo sent to a ruler with the notice (SSSg para 25)."""
    return said("⚖️ {match} game {game}, disputed: the board photo {sender} sent.",
                match=view.code, game=game, sender=sender)


def reason_noted(rulers: list[str]) -> Said:
    """The disputer's reason went to every ruler's notice."""
    if not rulers:
        return said("Thank you: I passed your reason on to {rulers}.",
                    rulers=said("the organisers"))
    return said("Thank you: I passed your reason on to {rulers}.", rulers=", ".join(rulers))


def unchanged(game: int, state: SlipState | None, of: HasFormat) -> Said:
    """Dispute pressed on a slip no longer open (para 24): already disputed, or final (the
    paragraph cited in a knockout only, ``of``'s format)."""
    if state == SlipState.DISPUTED:
        return said("Game {game} is already under dispute; a TD will rule.", game=game)
    return said("Game {game} is final, so it can no longer be disputed{ref}. If it is wrong, "
                "ask a TD.", game=game, ref=cite(of, "para 24"))
