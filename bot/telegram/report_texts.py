"""What a player reads when they report a game, confirm, agree or dispute (Telegram HTML).

The answers to the person who asked; what both players are told goes through the outbox
and is worded in ``bot/service/results/reporting_texts.py``. Names are escaped (``esc``).
"""

from __future__ import annotations

from bot.service.formats.traits import cite
from bot.service.platform import callbacks
from bot.service.platform.unit import Reply
from bot.service.results.disputes import DisputeAnswer
from bot.service.results.reporting import Choice, SlipAnswer, SlipView
from bot.telegram.texts import esc
from core.knockout.match import StartReason
from core.slip import SlipState

HOW_TO_REPORT = (
    "Send your result with your score first, e.g. <code>412-380</code> "
    "(or <code>won 412-380</code>, <code>lost 380-412</code>, <code>tied 400-400</code>)."
)


def _you_and_them(slip: SlipView) -> str:
    mine, theirs = slip.scores[slip.side], slip.scores[1 - slip.side]
    return f"you {mine}, {esc(slip.opponent)} {theirs}"


def _head(slip: SlipView) -> str:
    """'Game 2 of your best-of-3 v Ben Ong: ...', or for a one-game match 'Your game v Ben
    Ong: ...' (it has no game 2 and no deciding game to speak of)."""
    if slip.single:
        return f"Your game v {esc(slip.opponent)}: {_you_and_them(slip)}"
    deciding = ", the deciding game," if slip.deciding else ""
    return (f"Game {slip.game}{deciding} of your best-of-{slip.best_of} v "
            f"{esc(slip.opponent)}: {_you_and_them(slip)}")


def _starter(slip: SlipView) -> str:
    if slip.starter is None:
        return ""
    return " — you started" if slip.starter == slip.side else f" — {esc(slip.opponent)} started"


def choose(choice: Choice) -> Reply:
    lines = [f"You play {len(choice.matches)} matches now:"]
    lines += [f"• {esc(rnd)} v {esc(opp)} ({esc(event)})" for rnd, opp, event in choice.matches]
    first = choice.matches[0][1].split()[0]
    lines.append(f"Say which one: add the name, e.g. <code>412-380 {esc(first)}</code>.")
    return Reply("\n".join(lines))


def ask_starter(slip: SlipView) -> Reply:
    if slip.single:
        text = f"{_head(slip)}. Who started?"
    elif slip.start_reason is StartReason.DRAW_TO_START:
        text = (f"{_head(slip)}.\nYou were level on wins and spread, so you drew tiles to "
                f"start it{cite(slip, 'para 16c')}. Who started?")
    else:
        text = (f"{_head(slip)}.\nYou drew tiles to decide who starts game 1"
                f"{cite(slip, 'para 15')}. Who started?")
    buttons = [[("I started", callbacks.slip("start", slip.id, slip.side)),
                (f"{slip.opponent} started", callbacks.slip("start", slip.id, 1 - slip.side))]]
    return Reply(text, buttons)


def draft(slip: SlipView) -> Reply:
    lines = [f"{_head(slip)}{_starter(slip)}."]
    responsible = slip.responsible
    if slip.second == "same":
        lines.append(f"{esc(slip.opponent)} reported this game the same way: confirm and it "
                     "is final at once.")
    elif slip.second == "differs" and slip.first_scores is not None:
        theirs = slip.first_scores[1 - slip.side]
        mine = slip.first_scores[slip.side]
        lines.append(f"{esc(slip.opponent)} reported it differently ({esc(slip.opponent)} "
                     f"{theirs}, you {mine}). If you confirm, yours is not counted and a TD "
                     f"rules on the two{cite(slip, 'para 24')}.")
    elif responsible is not None and responsible != slip.side:
        lines.append(f"{esc(slip.opponent)} {'won' if slip.scores[0] != slip.scores[1] else 'started'}"
                     f", so the rules ask {esc(slip.opponent)} to report it{cite(slip, 'para 23')}; yours "
                     "counts all the same, marked as sent by you.")
    if slip.open_game is not None:
        lines.append(f"({esc(slip.opponent)}'s slip for game {slip.open_game} is still open: "
                     "if it is wrong, tap Dispute on it.)")
    if slip.second == "same":
        lines.append("Confirm to make it final.")
    elif slip.second == "differs":
        lines.append("Confirm to send yours to the TD.")
    else:
        lines.append(f"Confirm to send it to {esc(slip.opponent)}.")
    buttons = [[("✅ Confirm", callbacks.slip("ok", slip.id)),
                ("Cancel", callbacks.slip("no", slip.id))]]
    return Reply("\n".join(lines), buttons)


def _where_it_stands(slip: SlipView) -> str:
    if slip.state == SlipState.DRAFT:
        return "This result still waits for you: tap Confirm or Cancel on it."
    if slip.state == SlipState.PENDING:
        until = f" until {esc(slip.closes_at)}" if slip.closes_at else ""
        return (f"Game {slip.game} is already recorded; it can be disputed{until}, then it "
                "is final.")
    if slip.state in (SlipState.AGREED, SlipState.FINAL):
        return f"Game {slip.game} is already final."
    if slip.state == SlipState.DISPUTED:
        return f"Game {slip.game} is under dispute; a TD will rule."
    if slip.state == SlipState.CANCELLED:
        return "You cancelled this result; send it again if you need to."
    return (f"This result was not counted: it differs from {esc(slip.opponent)}'s slip for "
            f"game {slip.game}, and a TD will rule.")


def slip_answer(answer: SlipAnswer | Choice) -> Reply | None:
    """The answer to a report, a starter, Confirm, Cancel or Agree. None where the service
    already told both players (a submitted slip's copies, an agreement)."""
    if isinstance(answer, Choice):
        return choose(answer)
    slip = answer.slip
    if answer.kind == "ask_starter":
        return ask_starter(slip)
    if answer.kind == "draft":
        return draft(slip)
    if answer.kind == "cancelled":
        return Reply("Cancelled: nothing was recorded. " + HOW_TO_REPORT)
    if answer.kind == "unchanged":
        return Reply(_where_it_stands(slip))
    return None  # submitted, both, differs, agreed: the service's messages say it


def dispute_answer(answer: DisputeAnswer) -> Reply | None:
    """None once raised: the service's message to both players says who rules, and asks
    the one who disputed what is wrong if they did not say."""
    if answer.kind == "reason_noted":
        rulers = ", ".join(esc(r) for r in answer.rulers) or "the organisers"
        return Reply(f"Thank you: I passed your reason on to {rulers}.")
    if answer.kind == "unchanged":
        if answer.slip_state == SlipState.DISPUTED:
            return Reply(f"Game {answer.game} is already under dispute; a TD will rule.")
        return Reply(f"Game {answer.game} is final, so it can no longer be disputed"
                     f"{cite(answer, 'para 24')}. If it is wrong, ask a TD.")
    return None


#: Plain text (a refusal, escaped when shown): a message with no result in it.
NO_RESULT_PLAIN = (
    "I found no result in that. Send your result with your score first, e.g. 412-380 "
    "(or won 412-380, lost 380-412, tied 400-400)."
)
