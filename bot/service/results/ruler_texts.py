"""What a TD reads back in the chat after a ruling button or message (``rulings``) or a
correction of a game (``corrections``): the question asked next (the scores, the reason),
what it would do before it is applied (Apply / Cancel), and what was done; a ruling that
came after another TD's is told who ruled first, what and why (SSSg para 19: a dispute is
ruled once).

Records (``bot/words/said.py``), written in the TD's language, with their buttons
(``bot/service/platform/callbacks.py``). A match the TD names by its code, as the
commands take it; a match of one game (``Ruled.single``) is said as its game, never with
a game number or a match score (``seam.Format.single_game``).
"""

from __future__ import annotations

from bot.service.platform import callbacks
from bot.service.platform.outbox import SaidButtons
from bot.service.results.correction_texts import game_said
from bot.service.results.ruling_texts import ruling_said, why_said
from bot.service.results.ruling_views import Asked, Corrected, Ruled
from bot.words.said import Said, said, stacked
from core.knockout.match import MatchGameKind


def ruled(result: Ruled) -> tuple[Said, SaidButtons]:
    """The answer to a ruling: done (both players were told), already ruled by someone
    else, or its impact with Apply / Cancel."""
    if result.ruled_by:
        return already(result), ()
    if result.needs_confirm:
        assert result.prompt_id is not None and result.impact is not None
        return (said("⚠️ {impact}.\nApply this ruling?", impact=result.impact),
                [[(said("Apply"), callbacks.fix(result.prompt_id, True)),
                  (said("Cancel"), callbacks.fix(result.prompt_id, False))]])
    what = ruling_said(result.ruling, result.to or "")
    if result.single:  # the match is its one game: no game number, no match score
        head = said("✅ {match}: {what}. Both players are told.", match=result.match,
                    what=what)
    elif result.game:
        head = said("✅ {match} game {game}: {what}. Score: {score}. Both players are told.",
                    match=result.match, game=result.game, what=what,
                    score=result.named_score)
    else:
        head = said("✅ {match}: {what}. Score: {score}. Both players are told.",
                    match=result.match, what=what, score=result.named_score)
    return stacked(head, *_after(result.voided_matches, result.impact, result.decided,
                                 result.winner, result.single)), ()


def cancelled_ruling() -> Said:
    """Cancel under a ruling's impact: the dispute waits for a ruling still."""
    return said("Cancelled: nothing was changed. The dispute is still open.")


def _after(voided: tuple[str, ...], impact: Said | None, decided: bool, winner: str | None,
           single: bool) -> list[Said]:
    """What else a ruling or a correction did: matches voided after it, the match (or the
    one game it is) won."""
    lines = []
    if voided and impact is not None:
        lines.append(said("Also: {impact}.", impact=impact))
    if decided and winner:
        lines.append(said("{winner} wins the game.", winner=winner) if single else
                     said("{winner} wins the match.", winner=winner))
    return lines


def already(result: Ruled) -> Said:
    """Another ruler was first (a dispute or a tied match is ruled once): who, what, why."""
    what = ruling_said(result.ruling, result.to or "")
    if result.why:
        return said("{ruler} already ruled on {match}: {what} ({why}). Yours was not applied; "
                    "nothing more to do.", ruler=result.ruled_by, match=result.match,
                    what=what, why=why_said(result.why))
    return said("{ruler} already ruled on {match}: {what}. Yours was not applied; nothing "
                "more to do.", ruler=result.ruled_by, match=result.match, what=what)


def _chosen(ruling: str, to: str) -> Said:
    """A ruling chosen on a dispute, as the "Why?" question repeats it."""
    if ruling == "uphold":
        return said("uphold the result")
    if ruling == "void":
        return said("void the game")
    if ruling == "game_bye":
        return said("game bye to {to}", to=to)
    return said("match bye to {to}", to=to)


def asked(result: Asked) -> tuple[Said, SaidButtons]:
    """The question after a ruling button: the scores (Amend), the reason of a ruling on a
    dispute (with Skip), or the reason of a tied match's ruling (with "lots drawn")."""
    a, b = result.names
    if result.kind == "why":
        assert result.prompt_id is not None
        if result.ruling == "scores" and result.scores is not None:
            what = said("scores {a} {score_a}, {b} {score_b}", a=a, score_a=result.scores[0],
                        b=b, score_b=result.scores[1])
        else:
            what = _chosen(result.ruling,
                           result.names[result.side] if result.side is not None else "")
        skip = [[(said("Skip (no reason)"), callbacks.why_skip(result.prompt_id))]]
        if result.single:
            return (said("⚖️ {match}: {what}.\nWhy? Send one line for both "
                         "players and the journal, or tap Skip.", match=result.match,
                         what=what), skip)
        return (said("⚖️ {match} game {game}: {what}.\nWhy? Send one line for both players "
                     "and the journal, or tap Skip.", match=result.match, game=result.game,
                     what=what), skip)
    if result.kind == "amend":
        if result.single:
            return said("Send the right scores of the game {match}, {a}'s first, e.g. "
                        "<code>412 380</code> (or <code>/amend 412 380</code>).",
                        match=result.match, a=a), ()
        return said("Send the right scores of {match} game {game}, {a}'s first, e.g. "
                    "<code>412 380</code> (or <code>/amend 412 380</code>).",
                    match=result.match, game=result.game, a=a), ()
    assert result.side is not None and result.match_id is not None
    return (said("Why does {winner} win {match}? Send the reason, or tap the button.",
                 winner=result.names[result.side], match=result.match),
            [[(said("Lots drawn by the TD"), callbacks.tie(result.match_id, result.side,
                                                           lots=True))]])


def corrected(result: Corrected) -> tuple[Said, SaidButtons]:
    """The answer to ``/correct`` and its steps: the question why (with Cancel), the
    impact with Apply / Cancel, or done (both players were told)."""
    match = result.match
    before = game_said(result.before, result.names)
    after = game_said(result.after, result.names)
    if result.asked:
        assert result.prompt_id is not None
        cancel = [[(said("Cancel"), callbacks.correction(result.prompt_id, False))]]
        if result.single:
            return (said("⚖️ {match}: the game {before} becomes {after}.\nWhy? Send "
                         "one line for both players and the journal.", match=match,
                         before=before, after=after), cancel)
        return (said("⚖️ {match} game {game}: {before} becomes {after}.\nWhy? Send one line "
                     "for both players and the journal.", match=match, game=result.game,
                     before=before, after=after), cancel)
    if result.needs_confirm:
        assert result.prompt_id is not None and result.impact is not None
        buttons = [[(said("Apply"), callbacks.correction(result.prompt_id, True)),
                    (said("Cancel"), callbacks.correction(result.prompt_id, False))]]
        if result.single:
            return (said("⚠️ {impact}.\nApply this correction of {match}?",
                         impact=result.impact, match=match), buttons)
        return (said("⚠️ {impact}.\nApply this correction of {match} game {game}?",
                     impact=result.impact, match=match, game=result.game), buttons)
    void = result.after.kind is MatchGameKind.VOID
    if result.single:  # the match is this one game: no match score
        head = (said("✅ {match}: the game is voided; it no longer counts. Both players are "
                     "told.", match=match) if void else
                said("✅ {match}: the game is corrected, now {after}. Both players are told.",
                     match=match, after=after))
    elif void:
        head = said("✅ {match} game {game} voided: it no longer counts. Score: {score}. "
                    "Both players are told.", match=match, game=result.game,
                    score=result.named_score)
    else:
        head = said("✅ {match} game {game} corrected: now {after}. Score: {score}. Both "
                    "players are told.", match=match, game=result.game, after=after,
                    score=result.named_score)
    return stacked(head, *_after(result.voided_matches, result.impact, result.decided,
                                 result.winner, result.single)), ()


def cancelled_correction() -> Said:
    """Cancel under a correction's "Why?" or its impact."""
    return said("Cancelled: nothing was changed.")
