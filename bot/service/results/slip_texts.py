"""What a player reads about the result they are reporting: which match it is for, who
started, the draft to confirm, and the draft once its button did its work. Records
(``bot/words/said.py``), written in the reporter's language.

Game 1 asks who started (SSSg 2016 Annex A para 15: a tile draw), as does a deciding game
the players drew tiles for (para 16c); the rules ask the winner, or on a tie the starter,
to report (para 23); a second report that differs goes to a TD (para 24). Only a
knockout's messages cite those paragraphs (``formats.cite``).
"""

from __future__ import annotations

from bot.service.formats.traits import cite
from bot.service.people import name_texts
from bot.service.platform import callbacks
from bot.service.platform.outbox import SaidButtons
from bot.service.results.slip_views import Choice, SlipView
from bot.words.said import Said, said, said_n, stacked
from core.knockout.match import StartReason
from core.names import NameRefused
from core.slip import SlipRefused, SlipState

HOW_TO_REPORT = said("Send your result with your score first, e.g. <code>412-380</code> "
                     "(or <code>won 412-380</code>, <code>lost 380-412</code>, "
                     "<code>tied 400-400</code>).")


def _you_and_them(slip: SlipView) -> Said:
    return said("you {mine}, {opponent} {theirs}", mine=slip.scores[slip.side],
                opponent=slip.opponent, theirs=slip.scores[1 - slip.side])


def _head(slip: SlipView) -> Said:
    """'Game 2 of your best-of-3 v Ben Ong: ...', or for a one-game match 'Your game v Ben
    Ong: ...' (it has no game 2 and no deciding game to speak of)."""
    scores = _you_and_them(slip)
    if slip.single:
        return said("Your game v {opponent}: {scores}", opponent=slip.opponent, scores=scores)
    if slip.deciding:
        return said("Game {game}, the deciding game, of your best-of-{best_of} v {opponent}: "
                    "{scores}", game=slip.game, best_of=slip.best_of, opponent=slip.opponent,
                    scores=scores)
    return said("Game {game} of your best-of-{best_of} v {opponent}: {scores}", game=slip.game,
                best_of=slip.best_of, opponent=slip.opponent, scores=scores)


def _starter(slip: SlipView) -> Said | str:
    if slip.starter is None:
        return ""
    if slip.starter == slip.side:
        return said(" — you started")
    return said(" — {opponent} started", opponent=slip.opponent)


def choose(choice: Choice) -> tuple[Said, SaidButtons]:
    """Which match a result is for: a button per match, and a typed form that names the
    first one alone (``which_match.telling_apart``: it works as shown)."""
    labels = [said("{round} v {opponent} ({event})", round=rnd, opponent=opp, event=event)
              for rnd, opp, event in choice.matches]
    told = choice.said
    text = stacked(
        said_n("You play {n} match now:", "You play {n} matches now:", len(choice.matches)),
        *[said("• {match}", match=label) for label in labels],
        said("Tap the one this result is for, or send it again with what tells them apart, "
             "e.g. <code>{mine}-{theirs} {example}</code>.", mine=told.mine,
             theirs=told.theirs, example=choice.example))
    buttons = [[(label, callbacks.which(match_id, told.mine, told.theirs, told.game, stamp))]
               for label, match_id, stamp in zip(labels, choice.ids, choice.stamps,
                                                 strict=True)]
    return text, buttons


def ask_starter(slip: SlipView) -> tuple[Said, SaidButtons]:
    """Who started the game: the draft waits for it (para 15, 16c)."""
    head = _head(slip)
    if slip.single:
        text = said("{head}. Who started?", head=head)
    elif slip.start_reason is StartReason.DRAW_TO_START:
        text = said("{head}.\nYou were level on wins and spread, so you drew tiles to start "
                    "it{ref}. Who started?", head=head, ref=cite(slip, "para 16c"))
    else:
        text = said("{head}.\nYou drew tiles to decide who starts game 1{ref}. Who started?",
                    head=head, ref=cite(slip, "para 15"))
    buttons = [[(said("I started"), callbacks.slip("start", slip.id, slip.side)),
                (said("{opponent} started", opponent=slip.opponent),
                 callbacks.slip("start", slip.id, 1 - slip.side))]]
    return text, buttons


def _draft_lines(slip: SlipView) -> list[Said]:
    """A draft's words before what it asks of the reporter (``draft``) or says was done
    (``settled``)."""
    lines = [said("{head}{starter}.", head=_head(slip), starter=_starter(slip))]
    responsible = slip.responsible
    if slip.second in ("same", "differs"):
        pass  # the second report's own sentence says what confirming does
    elif responsible is not None and responsible != slip.side:
        if slip.scores[0] != slip.scores[1]:
            lines.append(said("{opponent} won, so the rules ask {opponent} to report it{ref}; "
                              "yours counts all the same, marked as sent by you.",
                              opponent=slip.opponent, ref=cite(slip, "para 23")))
        else:
            lines.append(said("{opponent} started, so the rules ask {opponent} to report "
                              "it{ref}; yours counts all the same, marked as sent by you.",
                              opponent=slip.opponent, ref=cite(slip, "para 23")))
    if slip.open_game is not None:
        lines.append(said("({opponent}'s slip for game {game} is still open: if it is wrong, "
                          "tap Dispute on it.)", opponent=slip.opponent, game=slip.open_game))
    return lines


def draft(slip: SlipView) -> tuple[Said, SaidButtons]:
    """The draft to confirm, with Confirm and Cancel: nothing counts until confirmed."""
    lines = _draft_lines(slip)
    if slip.second == "same":
        lines.append(said("{opponent} reported this game the same way: confirm and it is "
                          "final at once.", opponent=slip.opponent))
    elif slip.second == "differs" and slip.first_scores is not None:
        lines.append(said("{opponent} reported it differently ({opponent} {theirs}, you "
                          "{mine}). If you confirm, yours is not counted and a TD rules on "
                          "the two{ref}.", opponent=slip.opponent,
                          theirs=slip.first_scores[1 - slip.side],
                          mine=slip.first_scores[slip.side], ref=cite(slip, "para 24")))
    elif slip.second == "differs":
        lines.append(said("Confirm to send yours to the TD."))
    else:
        lines.append(said("Confirm to send it to {opponent}.", opponent=slip.opponent))
    buttons = [[(said("✅ Confirm"), callbacks.slip("ok", slip.id)),
                (said("Cancel"), callbacks.slip("no", slip.id))]]
    return stacked(*lines), buttons


def settled(kind: str, slip: SlipView) -> Said | None:
    """The reporter's draft once its button did its work: it says what was done, not what
    it asked ("Confirm to send it ..."). None: keep the words (a held game)."""
    done = {
        "submitted": said("Sent to {opponent}.", opponent=slip.opponent),
        "both": said("{opponent} reported it the same way, so it is final.",
                     opponent=slip.opponent),
        "differs": said("{opponent} reported it differently: yours is not counted, and a TD "
                        "rules on the two.", opponent=slip.opponent),
        "cancelled": said("You cancelled it: nothing was recorded."),
    }.get(kind)
    if done is None:
        return None
    return stacked(*_draft_lines(slip), done)


def cancelled() -> Said:
    return said("Cancelled: nothing was recorded. {how}", how=HOW_TO_REPORT)


def where_it_stands(slip: SlipView) -> Said:
    """A repeated press, or a press of a slip already acted on: where the slip is now."""
    if slip.state == SlipState.DRAFT:
        return said("This result still waits for you: tap Confirm or Cancel on it.")
    if slip.state == SlipState.PENDING:
        if slip.closes is not None:
            return said("Game {game} is already recorded; it can be disputed until {until}, "
                        "then it is final.", game=slip.game, until=slip.closes)
        return said("Game {game} is already recorded; it can be disputed, then it is final.",
                    game=slip.game)
    if slip.state in (SlipState.AGREED, SlipState.FINAL):
        return said("Game {game} is already final.", game=slip.game)
    if slip.state == SlipState.DISPUTED:
        return said("Game {game} is under dispute; a TD will rule.", game=slip.game)
    if slip.state == SlipState.CANCELLED:
        return said("You cancelled this result; send it again if you need to.")
    return said("This result was not counted: it differs from {opponent}'s slip for game "
                "{game}, and a TD will rule.", opponent=slip.opponent, game=slip.game)


# --- a result message that cannot be read (core.slip.SlipRefused) ------------------------


def joined(items: tuple[str, ...], joiner: str) -> Said | str:
    """'A and B' (``joiner`` "and") or 'A, B or C' (``name_texts.listed``) in the reader's
    language."""
    if joiner != "and":
        return name_texts.listed(items)
    if len(items) == 1:
        return items[0]
    head: Said | str = items[0]
    for middle in items[1:-1]:
        head = said("{list}, {item}", list=head, item=middle)
    return said("{one} and {other}", one=head, other=items[-1])


def _worded(first: int, second: int) -> Said:
    """Examples with an outcome word for these two scores, as the player types them (the
    slip's words are read in English: ``core.slip``)."""
    if first == second:
        return said("<code>tied {first}-{second}</code>", first=first, second=second)
    low, high = min(first, second), max(first, second)
    return said("<code>won {high}-{low}</code> or <code>lost {low}-{high}</code>", high=high,
                low=low)


def refused(refusal: SlipRefused) -> Said:
    """A result message the core could not read (``core.slip``, by its kind), said in the
    reader's language: what was wrong and an example that works."""
    v = refusal.values
    kind = refusal.kind

    def text(name: str) -> str:
        return str(v[name])

    def number(name: str) -> int:
        value = v[name]
        return value if isinstance(value, int) else int(str(value))

    def items(name: str) -> tuple[str, ...]:
        value = v[name]
        return value if isinstance(value, tuple) else (str(value),)

    example = text("example")
    how = said("Send your score first, then your opponent's, like <code>{example}</code>.",
               example=example)
    if kind == "two_opponents":
        return said("You named two opponents ({names}). Name one, like <code>{example} v "
                    "{first}</code>.", names=joined(items("names"), "and"), example=example,
                    first=text("first"))
    if kind == "decimal":
        return said("Scores are whole numbers with a dash between them. {how}", how=how)
    if kind == "no_scores":
        return said("I couldn't find any scores in that. {how}", how=how)
    if kind == "one_score":
        return said("I found one score ({number}) but need both. {how}", number=text("number"),
                    how=how)
    if kind == "too_many":
        return said("I found {count} numbers ({numbers}) but need just two: your score, then "
                    "your opponent's, like <code>{example}</code>.", count=number("count"),
                    numbers=text("numbers"), example=example)
    if kind == "negative":
        return said("Scores can't be negative (-{number}). {how}", number=text("number"),
                    how=how)
    if kind == "apart":
        return said("Put the two scores together, yours first, like <code>{example}</code>.",
                    example=example)
    if kind == "too_big":
        return said("{number} can't be a game score (the most I accept is {most}). Check the "
                    "numbers and send them again, like <code>{example}</code>.",
                    number=text("number"), most=number("most"), example=example)
    if kind == "unclear":
        return said("I can't be sure what '{word}' means there. Just send the scores, yours "
                    "first, like <code>{example}</code>.", word=text("word"), example=example)
    if kind == "who_won":
        return said("I can't tell who won from '{phrase}'. Say it from your side, like "
                    "{worded}.", phrase=text("phrase"),
                    worded=_worded(number("first"), number("second")))
    if kind == "both_claims":
        return said("You said both {claims}. Send one, like {worded}.",
                    claims=joined(items("claims"), "and"),
                    worded=_worded(number("first"), number("second")))
    if kind == "tied_differ":
        return said("You said tied, but {first} and {second} differ. If it was a tie, send "
                    "both scores equal, like <code>tied {first}-{first}</code>; if not, send "
                    "just the scores, yours first: <code>{first}-{second}</code>.",
                    first=number("first"), second=number("second"))
    if kind == "level":
        return said("You said {claimed}, but {first}-{second} is a tie. Send <code>tied "
                    "{first}-{second}</code>, or check the scores.", claimed=text("claimed"),
                    first=number("first"), second=number("second"))
    if kind == "won_lower":
        return said("You said you won, but {first} is lower than {second}. If you won, send "
                    "<code>won {second}-{first}</code>; if you lost, send <code>lost "
                    "{first}-{second}</code>.", first=number("first"), second=number("second"))
    if kind == "no_match":
        return said("You have no open match to report a game in. Ask a TD if that is wrong.")
    if kind == "which_match":
        return said_n("You have {n} open match ({candidates}). Say which, like <code>{example} "
                      "v {first}</code>.",
                      "You have {n} open matches ({candidates}). Say which, like "
                      "<code>{example} v {first}</code>.", number("count"),
                      candidates=joined(items("candidates"), "or"), example=example,
                      first=text("first"))
    if kind in ("not_a_handle", "no_such_opponent"):
        opponents = {"candidates": joined(items("candidates"), "or"), "example": example,
                     "first": text("first"), "typed": text("typed")}
        if kind == "not_a_handle":
            return said("{typed} is not one of your opponents here. You play {candidates}: "
                        "send, like <code>{example} v {first}</code>.", **opponents)
        return said("None of your opponents is called '{typed}'. You play {candidates}: send, "
                    "like <code>{example} v {first}</code>.", **opponents)
    if kind == "could_be":
        return said("'{typed}' could be {candidates}. Add more of the name, like "
                    "<code>{example} v {first}</code>.", typed=text("typed"),
                    candidates=joined(items("candidates"), "or"), example=example,
                    first=text("first"))
    if kind == "match_bye":
        return said("This match was given as a bye (SSSg para 27), so no games count. Ask a "
                    "TD if that is wrong.")
    if kind == "decided":
        return said("This match is already decided ({own}-{other} in games, yours first), and "
                    "games after that do not count (SSSg para 14). Ask a TD if a result is "
                    "wrong.", own=text("own"), other=text("other"))
    return said("Who went first in game {game}? The rules leave it to drawing tiles (SSSg "
                "para {para}), so I need to know who started.", game=number("game"),
                para=text("para"))


# --- a player's result that fits no match of theirs (``reporting``) -----------------------


def ambiguous_opponent(refused: NameRefused, mine: int, theirs: int, first: str) -> Said:
    """The name in a result could be two different opponents."""
    return said("{why}, e.g. {mine}-{theirs} v {first}", why=name_texts.refused(refused),
                mine=mine, theirs=theirs, first=first)


def unknown_tag(tag: str, codes: str) -> Said:
    """A round or match the result names that none of the player's matches is."""
    return said("none of your matches being played is {tag}; yours: {codes}", tag=tag,
                codes=codes)


def not_against(name: str, opponents: str) -> Said:
    """An opponent the result names whom the player is not playing."""
    if opponents:
        return said("none of your matches being played is against '{name}'; you play "
                    "{opponents}", name=name, opponents=opponents)
    return said("none of your matches being played is against '{name}'", name=name)


def nothing_to_report() -> Said:
    return said("you have no match being played right now, so there is nothing to report; "
                "/matches shows your matches")


def no_such_match() -> Said:
    """A press naming a match of the presser's that is not being played."""
    return said("no match of the presser's being played has that id")


def recorded_since() -> Said:
    """A press answering a question about a match whose game was recorded meanwhile."""
    return said("the match's game was recorded since the question was asked")


def already_recorded(game: int) -> Said:
    return said("game {game} is already recorded; if it is wrong, /dispute it while its slip "
                "is open, or ask a TD", game=game)


def next_game_is(next_game: int, game: int) -> Said:
    return said("the next game of your match is game {next}, not {game}", next=next_game,
                game=game)
