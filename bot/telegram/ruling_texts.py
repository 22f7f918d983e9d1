"""What a TD reads after a ruling button or message, or a correction of a game
(bot/telegram/handlers/rulings.py).

Telegram HTML: names go through ``esc``. Short, and each says what happens next. The
messages are in the catalogue (``bot.words``), in the reader's language ``lang``; the
words of a ruling (``RULING_WORDS``) are the service's, in English; a game's
(``game_words``) are the reader's.
"""

from __future__ import annotations

from bot.service.platform import callbacks
from bot.service.platform.unit import Reply
from bot.service.results.correction_texts import game_words
from bot.service.results.corrections import Corrected
from bot.service.results.reporting_texts import esc
from bot.service.results.rulings import RULING_WORDS, Asked, Ruled, ruling_words
from bot.words import N_, SOURCE, Words, for_locale
from core.knockout.match import MatchGameKind


def ruled(result: Ruled | Asked | None, lang: str = SOURCE) -> Reply | None:
    """The answer to a ruling: done (both players were told), already ruled by someone
    else, or its impact with Apply / Cancel."""
    w = for_locale(lang)
    if result is None:
        return Reply(w._("Cancelled: nothing was changed. The dispute is still open."))
    if isinstance(result, Asked):
        return asked(result, lang=lang)
    if result.ruled_by:
        return Reply(_already(result, w))
    if result.needs_confirm:
        assert result.prompt_id is not None
        return Reply(w._("⚠️ {impact}.\nApply this ruling?", impact=esc(result.impact)),
                     [[(w._("Apply"), callbacks.fix(result.prompt_id, True)),
                       (w._("Cancel"), callbacks.fix(result.prompt_id, False))]])
    what = RULING_WORDS.get(result.ruling, result.ruling).format(to=esc(result.to or ""))
    if result.game:
        lines = [w._("✅ {match} game {game}: {what}. Score: {score}. Both players are told.",
                     match=esc(result.match), game=result.game, what=what,
                     score=esc(result.named_score))]
    else:
        lines = [w._("✅ {match}: {what}. Score: {score}. Both players are told.",
                     match=esc(result.match), what=what, score=esc(result.named_score))]
    lines += _after(result.voided_matches, result.impact, result.decided, result.winner, w)
    return Reply("\n".join(lines))


def _after(voided: object, impact: str, decided: bool, winner: str | None,
           w: Words) -> list[str]:
    """What else a ruling or a correction did: matches voided after it, the match won."""
    lines = []
    if voided:
        lines.append(w._("Also: {impact}.", impact=esc(impact)))
    if decided and winner:
        lines.append(w._("{winner} wins the match.", winner=esc(winner)))
    return lines


def _already(result: Ruled, w: Words) -> str:
    """Another ruler was first (a dispute or a tied match is ruled once): who, what, why."""
    what = ruling_words(result.ruling, esc(result.to or ""))
    if result.why:
        return w._("{ruler} already ruled on {match}: {what} ({why}). Yours was not applied; "
                   "nothing more to do.", ruler=esc(result.ruled_by), match=esc(result.match),
                   what=what, why=esc(result.why))
    return w._("{ruler} already ruled on {match}: {what}. Yours was not applied; nothing "
               "more to do.", ruler=esc(result.ruled_by), match=esc(result.match), what=what)


#: A ruling chosen on a dispute, as the "Why?" question repeats it.
_CHOSEN = {
    "uphold": N_("uphold the result"),
    "void": N_("void the game"),
    "game_bye": N_("game bye to {to}"),
    "match_bye": N_("match bye to {to}"),
}


def asked(result: Asked, lang: str = SOURCE) -> Reply:
    """The question after a ruling button: the scores (Amend), the reason of a ruling on a
    dispute (with Skip), or the reason of a tied match's ruling (with "lots drawn")."""
    w = for_locale(lang)
    if result.kind == "why":
        assert result.prompt_id is not None
        if result.ruling == "scores" and result.scores is not None:
            a, b = result.names
            what = w._("scores {a} {score_a}, {b} {score_b}", a=esc(a),
                       score_a=result.scores[0], b=esc(b), score_b=result.scores[1])
        else:
            side = result.side
            to = result.names[side] if side is not None else ""
            chosen = _CHOSEN.get(result.ruling)
            what = (w.gettext(chosen) if chosen else result.ruling).format(to=esc(to))
        return Reply(w._("⚖️ {match} game {game}: {what}.\nWhy? Send one line for both "
                         "players and the journal, or tap Skip.", match=esc(result.match),
                         game=result.game, what=what),
                     [[(w._("Skip (no reason)"), callbacks.why_skip(result.prompt_id))]])
    if result.kind == "amend":
        a, b = result.names
        return Reply(w._("Send the right scores of {match} game {game}, {a}'s first, e.g. "
                         "<code>412 380</code> (or <code>/amend 412 380</code>).",
                         match=esc(result.match), game=result.game, a=esc(a)))
    assert result.side is not None
    winner = result.names[result.side]
    return Reply(w._("Why does {winner} win {match}? Send the reason, or tap the button.",
                     winner=esc(winner), match=esc(result.match)),
                 [[(w._("Lots drawn by the TD"), callbacks.tie(_match_id(result), result.side,
                                                              lots=True))]])


def _match_id(result: Asked) -> int:
    assert result.match_id is not None
    return result.match_id


def corrected(result: Corrected | None, lang: str = SOURCE) -> Reply:
    """The answer to ``/correct`` and its steps: the question why (with Cancel), the
    impact with Apply / Cancel, cancelled, or done (both players were told)."""
    w = for_locale(lang)
    if result is None:
        return Reply(w._("Cancelled: nothing was changed."))
    match = esc(result.match)
    before = esc(game_words(result.before, result.names, words=w))
    after = esc(game_words(result.after, result.names, words=w))
    if result.asked:
        assert result.prompt_id is not None
        return Reply(w._("⚖️ {match} game {game}: {before} becomes {after}.\nWhy? Send one "
                         "line for both players and the journal.", match=match,
                         game=result.game, before=before, after=after),
                     [[(w._("Cancel"), callbacks.correction(result.prompt_id, False))]])
    if result.needs_confirm:
        assert result.prompt_id is not None
        return Reply(w._("⚠️ {impact}.\nApply this correction of {match} game {game}?",
                         impact=esc(result.impact), match=match, game=result.game),
                     [[(w._("Apply"), callbacks.correction(result.prompt_id, True)),
                       (w._("Cancel"), callbacks.correction(result.prompt_id, False))]])
    if result.single:  # the match is this one game: no match score
        if result.after.kind is MatchGameKind.VOID:
            lines = [w._("✅ {match}: the game is voided; it no longer counts. Both players are "
                         "told.", match=match)]
        else:
            lines = [w._("✅ {match}: the game is corrected, now {after}. Both players are "
                         "told.", match=match, after=after)]
        if result.decided and result.winner:
            lines.append(w._("{winner} wins the game.", winner=esc(result.winner)))
        if result.voided_matches:
            lines.append(w._("Also: {impact}.", impact=esc(result.impact)))
        return Reply("\n".join(lines))
    score = esc(result.named_score)
    if result.after.kind is MatchGameKind.VOID:
        lines = [w._("✅ {match} game {game} voided: it no longer counts. Score: {score}. "
                     "Both players are told.", match=match, game=result.game, score=score)]
    else:
        lines = [w._("✅ {match} game {game} corrected: now {after}. Score: {score}. Both "
                     "players are told.", match=match, game=result.game, after=after,
                     score=score)]
    lines += _after(result.voided_matches, result.impact, result.decided, result.winner, w)
    return Reply("\n".join(lines))
