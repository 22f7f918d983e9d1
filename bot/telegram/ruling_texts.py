"""What a TD reads after a ruling button or message, or a correction of a game
(bot/telegram/handlers/rulings.py).

Telegram HTML: names go through ``esc``. Short, and each says what happens next.
"""

from __future__ import annotations

from bot.service.platform import callbacks
from bot.service.platform.unit import Reply
from bot.service.results.correction_texts import game_words
from bot.service.results.corrections import Corrected
from bot.service.results.reporting_texts import esc
from bot.service.results.rulings import RULING_WORDS, Asked, Ruled, ruling_words
from core.knockout.match import MatchGameKind


def ruled(result: Ruled | Asked | None) -> Reply | None:
    """The answer to a ruling: done (both players were told), already ruled by someone
    else, or its impact with Apply / Cancel."""
    if result is None:
        return Reply("Cancelled: nothing was changed. The dispute is still open.")
    if isinstance(result, Asked):
        return asked(result)
    if result.ruled_by:
        return Reply(_already(result))
    if result.needs_confirm:
        assert result.prompt_id is not None
        return Reply(f"⚠️ {esc(result.impact)}.\nApply this ruling?",
                     [[("Apply", callbacks.fix(result.prompt_id, True)),
                       ("Cancel", callbacks.fix(result.prompt_id, False))]])
    what = RULING_WORDS.get(result.ruling, result.ruling).format(to=esc(result.to or ""))
    on = f"{esc(result.match)} game {result.game}" if result.game else esc(result.match)
    lines = [f"✅ {on}: {what}. Score: {esc(result.named_score)}. Both players are told."]
    if result.voided_matches:
        lines.append(f"Also: {esc(result.impact)}.")
    if result.decided and result.winner:
        lines.append(f"{esc(result.winner)} wins the match.")
    return Reply("\n".join(lines))


def _already(result: Ruled) -> str:
    """Another ruler was first (a dispute or a tied match is ruled once): who, what, why."""
    what = ruling_words(result.ruling, esc(result.to or ""))
    why = f" ({esc(result.why)})" if result.why else ""
    return (f"{esc(result.ruled_by)} already ruled on {esc(result.match)}: {what}{why}. "
            "Yours was not applied; nothing more to do.")


#: A ruling chosen on a dispute, as the "Why?" question repeats it.
_CHOSEN = {
    "uphold": "uphold the result",
    "void": "void the game",
    "game_bye": "game bye to {to}",
    "match_bye": "match bye to {to}",
}


def asked(result: Asked) -> Reply:
    """The question after a ruling button: the scores (Amend), the reason of a ruling on a
    dispute (with Skip), or the reason of a tied match's ruling (with "lots drawn")."""
    if result.kind == "why":
        assert result.prompt_id is not None
        if result.ruling == "scores" and result.scores is not None:
            a, b = result.names
            what = f"scores {esc(a)} {result.scores[0]}, {esc(b)} {result.scores[1]}"
        else:
            side = result.side
            to = result.names[side] if side is not None else ""
            what = _CHOSEN.get(result.ruling, result.ruling).format(to=esc(to))
        return Reply(f"⚖️ {esc(result.match)} game {result.game}: {what}.\n"
                     "Why? Send one line for both players and the journal, or tap Skip.",
                     [[("Skip (no reason)", callbacks.why_skip(result.prompt_id))]])
    if result.kind == "amend":
        a, b = result.names
        return Reply(f"Send the right scores of {esc(result.match)} game {result.game}, "
                     f"{esc(a)}'s first, e.g. <code>412 380</code> (or "
                     "<code>/amend 412 380</code>).")
    assert result.side is not None
    winner = result.names[result.side]
    return Reply(f"Why does {esc(winner)} win {esc(result.match)}? Send the reason, or tap "
                 "the button.",
                 [[("Lots drawn by the TD", callbacks.tie(_match_id(result), result.side,
                                                          lots=True))]])


def _match_id(result: Asked) -> int:
    assert result.match_id is not None
    return result.match_id


def corrected(result: Corrected | None) -> Reply:
    """The answer to ``/correct`` and its steps: the question why (with Cancel), the
    impact with Apply / Cancel, cancelled, or done (both players were told)."""
    if result is None:
        return Reply("Cancelled: nothing was changed.")
    on = f"{esc(result.match)} game {result.game}"
    before = esc(game_words(result.before, result.names))
    after = esc(game_words(result.after, result.names))
    if result.asked:
        assert result.prompt_id is not None
        return Reply(f"⚖️ {on}: {before} becomes {after}.\nWhy? Send one line for both "
                     "players and the journal.",
                     [[("Cancel", callbacks.correction(result.prompt_id, False))]])
    if result.needs_confirm:
        assert result.prompt_id is not None
        return Reply(f"⚠️ {esc(result.impact)}.\nApply this correction of {on}?",
                     [[("Apply", callbacks.correction(result.prompt_id, True)),
                       ("Cancel", callbacks.correction(result.prompt_id, False))]])
    done = ("voided: it no longer counts" if result.after.kind is MatchGameKind.VOID
            else f"corrected: now {after}")
    lines = [f"✅ {on} {done}. Score: {esc(result.named_score)}. Both players are told."]
    if result.voided_matches:
        lines.append(f"Also: {esc(result.impact)}.")
    if result.decided and result.winner:
        lines.append(f"{esc(result.winner)} wins the match.")
    return Reply("\n".join(lines))
