"""What a player reads when they dispute a result, or send one the bot cannot read
(Telegram HTML).

The answers to the person who asked. Reporting, confirming and agreeing are worded by the
service (``bot/service/results/slip_texts.py``, ``reporting_texts.py``), which writes its
answers itself. Names are escaped (``esc``). The messages are in the catalogue
(``bot.words``), in the reader's language ``lang``.
"""

from __future__ import annotations

from bot.service.formats.traits import cite
from bot.service.platform.unit import Reply
from bot.service.results.disputes import DisputeAnswer
from bot.telegram.texts import esc
from bot.words import N_, SOURCE, for_locale
from core.slip import SlipState


def dispute_answer(answer: DisputeAnswer, lang: str = SOURCE) -> Reply | None:
    """None once raised: the service's message to both players says who rules, and asks
    the one who disputed what is wrong if they did not say."""
    w = for_locale(lang)
    if answer.kind == "reason_noted":
        rulers = ", ".join(esc(r) for r in answer.rulers) or w._("the organisers")
        return Reply(w._("Thank you: I passed your reason on to {rulers}.", rulers=rulers))
    if answer.kind == "unchanged":
        if answer.slip_state == SlipState.DISPUTED:
            return Reply(w._("Game {game} is already under dispute; a TD will rule.",
                             game=answer.game))
        return Reply(w._("Game {game} is final, so it can no longer be disputed{ref}. If it "
                         "is wrong, ask a TD.", game=answer.game, ref=cite(answer, "para 24")))
    return None


#: Plain text (a refusal, escaped when shown): a message with no result in it.
NO_RESULT_PLAIN = N_(
    "I found no result in that. Send your result with your score first, e.g. 412-380 "
    "(or won 412-380, lost 380-412, tied 400-400)."
)
