"""What a player reads when they report a game, confirm, agree or dispute (Telegram HTML).

The answers to the person who asked; what both players are told goes through the outbox
and is worded in ``bot/service/results/reporting_texts.py``. Names are escaped (``esc``).
The messages are in the catalogue (``bot.words``), in the reader's language ``lang``.
"""

from __future__ import annotations

from bot.service.formats.traits import cite
from bot.service.platform import callbacks
from bot.service.platform.unit import Reply
from bot.service.results.disputes import DisputeAnswer
from bot.service.results.reporting import Choice, SlipAnswer, SlipView
from bot.telegram.texts import esc
from bot.words import N_, SOURCE, Words, for_locale
from core.knockout.match import StartReason
from core.slip import SlipState

HOW_TO_REPORT = N_(
    "Send your result with your score first, e.g. <code>412-380</code> "
    "(or <code>won 412-380</code>, <code>lost 380-412</code>, <code>tied 400-400</code>)."
)


def _you_and_them(slip: SlipView, w: Words) -> str:
    mine, theirs = slip.scores[slip.side], slip.scores[1 - slip.side]
    return w._("you {mine}, {opponent} {theirs}", mine=mine, opponent=esc(slip.opponent),
               theirs=theirs)


def _head(slip: SlipView, w: Words) -> str:
    """'Game 2 of your best-of-3 v Ben Ong: ...', or for a one-game match 'Your game v Ben
    Ong: ...' (it has no game 2 and no deciding game to speak of)."""
    scores = _you_and_them(slip, w)
    if slip.single:
        return w._("Your game v {opponent}: {scores}", opponent=esc(slip.opponent),
                   scores=scores)
    if slip.deciding:
        return w._("Game {game}, the deciding game, of your best-of-{best_of} v {opponent}: "
                   "{scores}", game=slip.game, best_of=slip.best_of,
                   opponent=esc(slip.opponent), scores=scores)
    return w._("Game {game} of your best-of-{best_of} v {opponent}: {scores}", game=slip.game,
               best_of=slip.best_of, opponent=esc(slip.opponent), scores=scores)


def _starter(slip: SlipView, w: Words) -> str:
    if slip.starter is None:
        return ""
    if slip.starter == slip.side:
        return w._(" — you started")
    return w._(" — {opponent} started", opponent=esc(slip.opponent))


def choose(choice: Choice, *, lang: str = SOURCE) -> Reply:
    w = for_locale(lang)
    lines = [w.n_("You play {n} match now:", "You play {n} matches now:",
                  len(choice.matches))]
    lines += [w._("• {round} v {opponent} ({event})", round=esc(rnd), opponent=esc(opp),
                  event=esc(event)) for rnd, opp, event in choice.matches]
    first = choice.matches[0][1].split()[0]
    lines.append(w._("Say which one: add the name, e.g. <code>412-380 {name}</code>.",
                     name=esc(first)))
    return Reply("\n".join(lines))


def ask_starter(slip: SlipView, *, lang: str = SOURCE) -> Reply:
    w = for_locale(lang)
    head = _head(slip, w)
    if slip.single:
        text = w._("{head}. Who started?", head=head)
    elif slip.start_reason is StartReason.DRAW_TO_START:
        text = w._("{head}.\nYou were level on wins and spread, so you drew tiles to "
                   "start it{ref}. Who started?", head=head, ref=cite(slip, "para 16c"))
    else:
        text = w._("{head}.\nYou drew tiles to decide who starts game 1{ref}. Who started?",
                   head=head, ref=cite(slip, "para 15"))
    buttons = [[(w._("I started"), callbacks.slip("start", slip.id, slip.side)),
                (w._("{opponent} started", opponent=slip.opponent),
                 callbacks.slip("start", slip.id, 1 - slip.side))]]
    return Reply(text, buttons)


def _draft_lines(slip: SlipView, w: Words) -> list[str]:
    """A draft's words before what it asks of the reporter (``draft``) or says was done
    (``settled``)."""
    opponent = esc(slip.opponent)
    lines = [w._("{head}{starter}.", head=_head(slip, w), starter=_starter(slip, w))]
    responsible = slip.responsible
    if slip.second in ("same", "differs"):
        pass  # the second report's own sentence says what confirming does
    elif responsible is not None and responsible != slip.side:
        if slip.scores[0] != slip.scores[1]:
            lines.append(w._("{opponent} won, so the rules ask {opponent} to report it{ref}; "
                             "yours counts all the same, marked as sent by you.",
                             opponent=opponent, ref=cite(slip, "para 23")))
        else:
            lines.append(w._("{opponent} started, so the rules ask {opponent} to report "
                             "it{ref}; yours counts all the same, marked as sent by you.",
                             opponent=opponent, ref=cite(slip, "para 23")))
    if slip.open_game is not None:
        lines.append(w._("({opponent}'s slip for game {game} is still open: if it is wrong, "
                         "tap Dispute on it.)", opponent=opponent, game=slip.open_game))
    return lines


def draft(slip: SlipView, *, lang: str = SOURCE) -> Reply:
    w = for_locale(lang)
    opponent = esc(slip.opponent)
    lines = _draft_lines(slip, w)
    if slip.second == "same":
        lines.append(w._("{opponent} reported this game the same way: confirm and it "
                         "is final at once.", opponent=opponent))
    elif slip.second == "differs" and slip.first_scores is not None:
        theirs = slip.first_scores[1 - slip.side]
        mine = slip.first_scores[slip.side]
        lines.append(w._("{opponent} reported it differently ({opponent} {theirs}, you "
                         "{mine}). If you confirm, yours is not counted and a TD rules on "
                         "the two{ref}.", opponent=opponent, theirs=theirs, mine=mine,
                         ref=cite(slip, "para 24")))
    elif slip.second == "differs":
        lines.append(w._("Confirm to send yours to the TD."))
    else:
        lines.append(w._("Confirm to send it to {opponent}.", opponent=opponent))
    buttons = [[(w._("✅ Confirm"), callbacks.slip("ok", slip.id)),
                (w._("Cancel"), callbacks.slip("no", slip.id))]]
    return Reply("\n".join(lines), buttons)


def settled(answer: SlipAnswer | Choice, *, lang: str = SOURCE) -> str | None:
    """The reporter's pressed message once its button did its work: it says what was
    done, not what it asked ("Who started?", "Confirm to send it ..."). None: keep the
    words and take the buttons off (a repeated press, a held game)."""
    if isinstance(answer, Choice):
        return None
    w = for_locale(lang)
    slip = answer.slip
    opponent = esc(slip.opponent)
    if answer.kind in ("draft", "ask_starter") and slip.starter is not None:
        return _draft_lines(slip, w)[0]  # the starter chosen: the draft follows
    done = {
        "submitted": w._("Sent to {opponent}.", opponent=opponent),
        "both": w._("{opponent} reported it the same way, so it is final.",
                    opponent=opponent),
        "differs": w._("{opponent} reported it differently: yours is not counted, and a "
                       "TD rules on the two.", opponent=opponent),
        "cancelled": w._("You cancelled it: nothing was recorded."),
    }.get(answer.kind)
    if done is None:
        return None
    return "\n".join([*_draft_lines(slip, w), done])


def _where_it_stands(slip: SlipView, w: Words) -> str:
    if slip.state == SlipState.DRAFT:
        return w._("This result still waits for you: tap Confirm or Cancel on it.")
    if slip.state == SlipState.PENDING:
        if slip.closes_at:
            return w._("Game {game} is already recorded; it can be disputed until {until}, "
                       "then it is final.", game=slip.game, until=esc(slip.closes_at))
        return w._("Game {game} is already recorded; it can be disputed, then it is final.",
                   game=slip.game)
    if slip.state in (SlipState.AGREED, SlipState.FINAL):
        return w._("Game {game} is already final.", game=slip.game)
    if slip.state == SlipState.DISPUTED:
        return w._("Game {game} is under dispute; a TD will rule.", game=slip.game)
    if slip.state == SlipState.CANCELLED:
        return w._("You cancelled this result; send it again if you need to.")
    return w._("This result was not counted: it differs from {opponent}'s slip for game "
               "{game}, and a TD will rule.", opponent=esc(slip.opponent), game=slip.game)


def slip_answer(answer: SlipAnswer | Choice, lang: str = SOURCE) -> Reply | None:
    """The answer to a report, a starter, Confirm, Cancel or Agree. None where the service
    already told both players (a submitted slip's copies, an agreement)."""
    if isinstance(answer, Choice):
        return choose(answer, lang=lang)
    w = for_locale(lang)
    slip = answer.slip
    if answer.kind == "ask_starter":
        return ask_starter(slip, lang=lang)
    if answer.kind == "draft":
        return draft(slip, lang=lang)
    if answer.kind == "cancelled":
        return Reply(w._("Cancelled: nothing was recorded. {how}",
                         how=w.gettext(HOW_TO_REPORT)))
    if answer.kind == "unchanged":
        return Reply(_where_it_stands(slip, w))
    return None  # submitted, both, differs, agreed: the service's messages say it


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
