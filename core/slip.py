"""The result slip a player sends in a chat: ``412-380``, ``lost 380-412 v Ricky``.

Source: SSSg 2016, Annex A paras 14-15 and 23-24: the winner
of a game (or the starter of a tied game) keys in the result, and both players get a copy
to dispute within 24 hours. Here the slip is a chat message, so this module turns free
text into two scores, refusing whatever cannot be right rather than guessing.

How to use::

    slip = parse_slip("lost 380-412 v Ricky")   # Slip(own=380, opponent=412, ...)
    i = pick_opponent(slip.opponent_name, ["Ricky Purnomo", "Jeremy Khoo"])   # 0
    game = game_from_slip(match, slip, side=my_side)   # a core.knockout.match.Game
    report = core.knockout.match.report_game(match, game)

Every refusal is a ``SlipRefused`` (a ``ValueError``) whose message is plain text for the
player: what was wrong and an example that works. It is not HTML: escape it (it may
quote the player's own words) before sending it as HTML.

Which number is whose. The reporter speaks: a score line is read as *their* score first.
People also write a score line winner first ("lost 412-380"), and the two habits agree
except when the reporter lost. So:

- no outcome word: the first number is the reporter's (``412-380``: own 412, opp 380;
  ``380-412``: own 380, a loss);
- ``lost``: the lower number is the reporter's whichever comes first (``lost 380-412``
  and ``lost 412-380`` both mean own 380, opp 412): either habit gives that reading;
- ``won`` / ``beat``: the first number must be the higher. ``won 380-412`` fits neither
  habit (not "mine first", not "winner first"), so it is refused, not swapped: a player
  who lost and typed "won" must not be recorded as the winner;
- ``tied``: the two numbers must be equal.

A single letter W, L or T as the first word means won, lost or tied ("L 412-380" is a
loss, own 380). Words that could turn the meaning around are refused too: a sentence
whose subject is someone else (``Ricky won 412-380``, ``Ricky beat me``) or a negation
(``didn't win``). Other words are ignored (``412-380, good game!``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from core.knockout.match import Decision, Match, MatchGame, StartReason
from core.names import NameRefused, listed, pick

#: SSSg para 22 plays WESPA rules; no Scrabble game scores anywhere near this, so a bigger
#: number is a typo (``4120-380``), not a score.
MAX_SCORE = 1500

EXAMPLE = "412-380"


#: How a score line is sent, said after a refusal of one (English, the source).
_HOW = f"Send your score first, then your opponent's, like {EXAMPLE}"


class SlipRefused(ValueError):
    """A result message that cannot be recorded; the message is for the player.

    Core has no catalogue: its message is English. ``kind`` names what was wrong and
    ``values`` hold what the message puts in (numbers, what the player typed, names), so
    that the service says it again in the reader's language
    (``bot/service/results/slip_texts.py``, ``refused``)."""

    #: What was wrong, by kind, in English. ``{names}``, ``{claims}`` and ``{candidates}``
    #: are lists; ``{worded}`` is made from ``{first}`` and ``{second}`` (``_worded``).
    WHY = {
        "two_opponents": "You named two opponents ({names}). Name one, like {example} v "
                         "{first}.",
        "decimal": f"Scores are whole numbers with a dash between them. {_HOW}.",
        "no_scores": f"I couldn't find any scores in that. {_HOW}.",
        "one_score": f"I found one score ({{number}}) but need both. {_HOW}.",
        "too_many": "I found {count} numbers ({numbers}) but need just two: your score, then "
                    "your opponent's, like {example}.",
        "negative": f"Scores can't be negative (-{{number}}). {_HOW}.",
        "apart": "Put the two scores together, yours first, like {example}.",
        "too_big": "{number} can't be a game score (the most I accept is {most}). Check the "
                   "numbers and send them again, like {example}.",
        "unclear": "I can't be sure what '{word}' means there. Just send the scores, yours "
                   "first, like {example}.",
        "who_won": "I can't tell who won from '{phrase}'. Say it from your side, like "
                   "{worded}.",
        "both_claims": "You said both {claims}. Send one, like {worded}.",
        "tied_differ": "You said tied, but {first} and {second} differ. If it was a tie, send "
                       "both scores equal, like tied {first}-{first}; if not, send just the "
                       "scores, yours first: {first}-{second}.",
        "level": "You said {claimed}, but {first}-{second} is a tie. Send tied "
                 "{first}-{second}, or check the scores.",
        "won_lower": "You said you won, but {first} is lower than {second}. If you won, send "
                     "won {second}-{first}; if you lost, send lost {first}-{second}.",
        "no_match": "You have no open match to report a game in. Ask a TD if that is wrong.",
        "which_match": "You have {count} open matches ({candidates}). Say which, like "
                       "{example} v {first}.",
        "not_a_handle": "{typed} is not one of your opponents here. You play {candidates}: "
                        "send, like {example} v {first}.",
        "could_be": "'{typed}' could be {candidates}. Add more of the name, like {example} v "
                    "{first}.",
        "no_such_opponent": "None of your opponents is called '{typed}'. You play "
                            "{candidates}: send, like {example} v {first}.",
        "match_bye": "This match was given as a bye (SSSg para 27), so no games count. Ask a "
                     "TD if that is wrong.",
        "decided": "This match is already decided ({own}-{other} in games, yours first), and "
                   "games after that do not count (SSSg para 14). Ask a TD if a result is "
                   "wrong.",
        "starter": "Who went first in game {game}? The rules leave it to drawing tiles (SSSg "
                   "para {para}), so I need to know who started.",
    }

    def __init__(self, kind: str, **values: str | int | tuple[str, ...]) -> None:
        self.kind = kind
        self.values: dict[str, str | int | tuple[str, ...]] = {"example": EXAMPLE, **values}
        shown = {k: (v if not isinstance(v, tuple) else listed(v) if k == "candidates"
                     else " and ".join(v)) for k, v in self.values.items()}
        if "first" in shown and "second" in shown and "worded" not in shown:
            shown["worded"] = _worded(int(shown["first"]), int(shown["second"]))
        super().__init__(self.WHY[kind].format(**shown))


class StarterNeeded(SlipRefused):
    """The game's starter was decided by drawing tiles (SSSg para 15 for game 1, para 16c
    for a level deciding game): the reporter must say who went first."""


class MatchAlreadyDecided(SlipRefused):
    """SSSg para 14: once a match is decided, no further games are counted."""


class SlipState(StrEnum):
    """A result slip's state. A player's slip is a draft until sent (or cancelled); a sent
    slip is pending while the opponent may agree or dispute it and the window is open
    (SSSg Annex A para 24), then agreed or final; disputed until a TD rules; void once a
    ruling or correction took its game away."""

    DRAFT = "draft"
    CANCELLED = "cancelled"
    PENDING = "pending"
    AGREED = "agreed"
    FINAL = "final"
    DISPUTED = "disputed"
    VOID = "void"


class Outcome(StrEnum):
    WON = "won"
    LOST = "lost"
    TIED = "tied"


def outcome_of(own: int, opponent: int) -> Outcome:
    return Outcome.WON if own > opponent else Outcome.LOST if own < opponent else Outcome.TIED


@dataclass(frozen=True)
class Slip:
    """A game result from the reporter's point of view.

    ``outcome`` is what the reporter claimed, and always agrees with the scores (the
    parser refuses a slip where they disagree). ``opponent_name`` is the name text the
    reporter gave, as typed (``pick_opponent`` matches it), None when none was given.
    """

    own: int
    opponent: int
    outcome: Outcome
    opponent_name: str | None = None

    def __post_init__(self) -> None:
        for score in (self.own, self.opponent):
            if not isinstance(score, int) or isinstance(score, bool) or score < 0:
                raise ValueError(f"slip scores must be whole numbers, 0 or more; got {score!r}")
        if outcome_of(self.own, self.opponent) is not self.outcome:
            raise ValueError(
                f"a slip of {self.own}-{self.opponent} is {outcome_of(self.own, self.opponent)}"
                f", not {self.outcome}"
            )

    def scores_for(self, side: int) -> tuple[int, int]:
        """(side 0's score, side 1's score) when the reporter plays ``side``."""
        if side not in (0, 1):
            raise ValueError(f"the reporter's side must be 0 or 1, got {side!r}")
        return (self.own, self.opponent) if side == 0 else (self.opponent, self.own)

    def text(self) -> str:
        """The slip as a player would write it, and as it is echoed back to them:
        'won 412-380 v Ricky'. ``parse_slip(slip.text())`` gives the slip back."""
        name = f" v {self.opponent_name}" if self.opponent_name else ""
        return f"{self.outcome} {self.own}-{self.opponent}{name}"


# --- parsing ---------------------------------------------------------------------------

_COMMAND = re.compile(r"\s*/\w+(?:@\w+)?")
_MENTION = re.compile(r"(?<![\w@])@\w+")
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2012": "-"})
_NUMBER = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9][.,][0-9]")
# What may stand between the two scores: a dash, a colon, "to", or just spaces.
_SEPARATOR = re.compile(r"\s*-\s*|\s*:\s*|\s+to\s+|\s+", re.IGNORECASE)
# A separator and then a minus sign stuck to the second score: "412--5", "412 to -5".
_NEGATIVE_SECOND = re.compile(r"(?:\s*-\s*|\s*:\s*|\s+to\s+|\s*)-", re.IGNORECASE)
# Words (letters, with inner apostrophes or hyphens: O'Brien, Jean-Luc), the score's
# place holder "#", and punctuation that ends a name.
_TOKEN = re.compile(r"[^\W\d_]+(?:['\u2019\-][^\W\d_]+)*\.?|#|[,!?;()\n]")

_WON = {"won", "win", "wins", "beat", "beats", "defeated"}
_LOST = {"lost", "lose", "loses", "loss"}
_TIED = {"tied", "tie", "ties", "drew", "draw", "drawn"}
_OUTCOMES = {
    **{w: Outcome.WON for w in _WON},
    **{w: Outcome.LOST for w in _LOST},
    **{w: Outcome.TIED for w in _TIED},
}
# "W 412-380", "L 412-380", "T 400-400": only as the first word (else "v L Tan" is a name).
_LETTERS = {"w": Outcome.WON, "l": Outcome.LOST, "t": Outcome.TIED}
# Words after which the opponent's name follows. "to" and "with" follow only once "lost" or
# "tied" was said, right after it or after the score ("lost to Ricky 380-412", "lost
# 380-412 to Ricky"): "to" also joins scores ("412 to 380").
_BEFORE_NAME = {"v", "vs", "versus", "against", "over", "beat", "beats", "defeated"}
# Words that may stand before an outcome word: the reporter speaking ("I won").
_SELF = {"i", "i've", "ive", "we", "we've", "just", "have", "finally", "and", "so", "also"}
_OTHERS = {"me", "us", "myself"}  # "Ricky beat me": the reporter is not the subject
_NEGATIONS = {"not", "didn't", "didnt", "don't", "dont", "never", "isn't", "wasn't"}
# Words that end a name: "412-380 v Ricky today".
_AFTER_NAME = {
    "in", "at", "on", "today", "yesterday", "tonight", "game", "games", "gg", "thanks",
    "thx", "and", "for", "the", "final", "match", "please", "pls", "by", "i", "we",
}  # fmt: skip

def parse_slip(text: str, *, max_score: int = MAX_SCORE) -> Slip:
    """Read a result message (or the argument text of ``/report``) as a ``Slip``.

    Accepted: ``412-380``, ``412 380``, ``412:380``, ``412 to 380``, with an outcome word
    (``won``, ``beat``, ``lost``, ``tied``, ``drew``) and the opponent's name after
    ``v``/``vs``/``against``/``over``/``beat``, ``lost to`` or ``tied with``, or as a
    Telegram mention (``@ricky``, kept with its ``@``). Scores are whole
    numbers from 0 to ``max_score``. See the module docstring for which number is whose.
    Raises ``SlipRefused`` with a message for the player.
    """
    if max_score < 1:
        raise ValueError(f"max_score must be 1 or more, got {max_score}")
    body = text.translate(_DASHES)
    command = _COMMAND.match(body)
    if command is not None:
        body = body[command.end() :]
    # A Telegram mention ("v @ricky99") names the opponent; its digits are no score.
    mentions = list(dict.fromkeys(_MENTION.findall(body)))
    body = _MENTION.sub(" ", body)
    first, second, span = _scores(body, max_score)
    tokens = _TOKEN.findall(body[: span[0]] + " # " + body[span[1] :])
    claimed, name = _read_words(tokens, first, second)
    if mentions and (name is not None or len(mentions) > 1):
        named = ([name] if name is not None else []) + mentions
        raise SlipRefused("two_opponents", names=tuple(named), first=named[0])
    return _oriented(first, second, claimed, mentions[0] if mentions else name)


def _scores(body: str, max_score: int) -> tuple[int, int, tuple[int, int]]:
    """The two scores and where they stand in ``body`` (start, end)."""
    if _DECIMAL.search(body):
        raise SlipRefused("decimal")
    numbers = list(_NUMBER.finditer(body))
    if not numbers:
        raise SlipRefused("no_scores")
    if len(numbers) == 1:
        raise SlipRefused("one_score", number=_show(numbers[0].group()))
    if len(numbers) > 2:
        shown = ", ".join(_show(n.group()) for n in numbers[:4])
        more = ", ..." if len(numbers) > 4 else ""
        raise SlipRefused("too_many", count=len(numbers), numbers=shown + more)
    a, b = numbers
    start = a.start()
    before = body[:start]
    if before.endswith("-") and (len(before) == 1 or not before[-2].isalnum()):
        raise SlipRefused("negative", number=_show(a.group()))
    middle = body[a.end() : b.start()]
    if not _SEPARATOR.fullmatch(middle):
        if _NEGATIVE_SECOND.fullmatch(middle):
            raise SlipRefused("negative", number=_show(b.group()))
        raise SlipRefused("apart")
    values = []
    for n in (a, b):
        digits = n.group().lstrip("0") or "0"
        if len(digits) > len(str(max_score)) or int(digits) > max_score:
            raise SlipRefused("too_big", number=_show(n.group()), most=max_score)
        values.append(int(digits))
    return values[0], values[1], (start, b.end())


def _show(digits: str) -> str:
    return digits if len(digits) <= 12 else digits[:9] + "..."


def _read_words(tokens: list[str], first: int, second: int) -> tuple[Outcome | None, str | None]:
    """The outcome the words claim and the opponent's name, if any.

    ``tokens`` keep a word's trailing full stop ("Ricky.") so that a name ends there.
    """
    words = [t.rstrip(".") or t for t in tokens]
    lower = [w.lower() for w in words]
    claims: set[Outcome] = set()
    names: list[str] = []
    for i, word in enumerate(lower):
        if word in _NEGATIONS:
            raise SlipRefused("unclear", word=words[i])
        outcome = _OUTCOMES.get(word)
        if outcome is None and i == 0:
            outcome = _LETTERS.get(word)  # "L 412-380": a letter only as the first word
        if outcome is not None:
            claims.add(outcome)
            before = lower[i - 1] if i > 0 else "#"
            if _is_word(before) and before not in _SELF and before not in _OUTCOMES:
                raise _not_from_your_side(f"{words[i - 1]} {words[i]}", first, second)
        # "lost to Ricky 380-412", and "lost 380-412 to Ricky": "to" right after "lost",
        # or right after the score once "lost" was said ("412 to 380" is inside the score).
        previous = lower[i - 1] if i > 0 else ""
        said = _OUTCOMES.get(previous)
        if previous == "#" and len(claims) == 1:
            said = next(iter(claims))
        takes_name = (
            word in _BEFORE_NAME
            or (word == "to" and said is Outcome.LOST)
            or (word == "with" and said is Outcome.TIED)
        )
        if takes_name:
            name = _name_after(tokens, words, lower, i + 1)
            if name is not None and name.lower() in _OTHERS:
                raise _not_from_your_side(f"{words[i]} {name}", first, second)
            if name is not None:
                names.append(name)
    if len(claims) > 1:
        raise SlipRefused("both_claims", claims=tuple(sorted(str(c) for c in claims)),
                          first=first, second=second)
    if len({n.casefold() for n in names}) > 1:
        raise SlipRefused("two_opponents", names=tuple(names), first=names[0])
    return (next(iter(claims)) if claims else None), (names[0] if names else None)


def _is_word(token: str) -> bool:
    return token[:1].isalpha()


def _name_after(tokens: list[str], words: list[str], lower: list[str], start: int) -> str | None:
    """The name words from ``start`` up to the score, punctuation or a non-name word."""
    taken: list[str] = []
    for j in range(start, len(words)):
        word = lower[j]
        if not _is_word(word) or word in _OUTCOMES or word in _BEFORE_NAME:
            break
        if word in _AFTER_NAME and taken:
            break
        taken.append(words[j])
        # "v Ricky. Good game": a full stop after a word (not an initial, "R.") ends it.
        if tokens[j].endswith(".") and len(words[j]) > 1:
            break
    return " ".join(taken) if taken else None


def _not_from_your_side(phrase: str, first: int, second: int) -> SlipRefused:
    return SlipRefused("who_won", phrase=phrase, first=first, second=second)


def _worded(first: int, second: int) -> str:
    """Examples with an outcome word for these two scores."""
    if first == second:
        return f"tied {first}-{second}"
    low, high = min(first, second), max(first, second)
    return f"won {high}-{low} or lost {low}-{high}"


def _oriented(first: int, second: int, claimed: Outcome | None, name: str | None) -> Slip:
    """Apply the reading rule of the module docstring."""
    if claimed is None:
        return Slip(first, second, outcome_of(first, second), name)
    if claimed is Outcome.TIED:
        if first != second:
            raise SlipRefused("tied_differ", first=first, second=second)
        return Slip(first, second, Outcome.TIED, name)
    if first == second:
        raise SlipRefused("level", claimed=str(claimed), first=first, second=second)
    if claimed is Outcome.WON:
        if first < second:
            raise SlipRefused("won_lower", first=first, second=second)
        return Slip(first, second, Outcome.WON, name)
    low, high = min(first, second), max(first, second)
    return Slip(low, high, Outcome.LOST, name)


# --- which opponent -------------------------------------------------------------------


def pick_opponent(
    text: str | None,
    candidates: Sequence[str],
    usernames: Sequence[str | None] | None = None,
) -> int:
    """The index in ``candidates`` (the reporter's opponents in open matches) that the
    name ``text`` from a slip means.

    With no name, the only candidate is meant; with several, the reporter must say which.
    A name is matched by the project's one rule (``core.names``: the exact name, the
    whole name in any case, whole words in order, starts of words in order; the best
    level that matches anyone decides, so "Tan" picks "Tan Wei" over "Tanya Lim"); two
    candidates at that level are refused, listing them, and so is a name that matches no
    one.

    A mention ("@ricky99") is matched only against ``usernames`` (the candidates'
    Telegram usernames, same order, None for none), exactly and ignoring case: a
    username is not a name, and guessing one from the other could pick the wrong player.
    """
    if usernames is not None and len(usernames) != len(candidates):
        raise ValueError(
            f"usernames must match candidates one for one ({len(usernames)} for {len(candidates)})"
        )
    if not candidates:
        raise SlipRefused("no_match")
    if text is None or not text.split():
        if len(candidates) == 1:
            return 0
        raise SlipRefused("which_match", count=len(candidates), candidates=tuple(candidates),
                          first=candidates[0])
    if text.strip().startswith("@"):
        handle = text.strip()[1:].casefold()
        known = [(u or "").lstrip("@").casefold() for u in usernames or ()]
        found = [i for i, u in enumerate(known) if u and u == handle]
        if len(found) == 1:
            return found[0]
        raise SlipRefused("not_a_handle", typed=text.strip(), candidates=tuple(candidates),
                          first=candidates[0])
    try:
        return pick(text, candidates)
    except NameRefused as exc:
        if exc.ambiguous:
            raise SlipRefused("could_be", typed=text, candidates=tuple(exc.candidates),
                              first=exc.candidates[0]) from None
    raise SlipRefused("no_such_opponent", typed=text, candidates=tuple(candidates),
                      first=candidates[0])



# --- the game to record ------------------------------------------------------------------


def game_from_slip(match: Match, slip: Slip, side: int, starter: int | None = None) -> MatchGame:
    """The ``MatchGame`` that a slip from the player on ``side`` records as the match's next game.

    The starter is who the reporter says went first, if they said; otherwise who the rules
    say starts the next game (SSSg para 15: alternating, para 16: the deciding game). Where
    the rules leave it to drawing tiles (game 1, para 15; a level deciding game, para 16c)
    and no tile draw is recorded, ``StarterNeeded`` asks for it. A starter that differs
    from the rules' is kept as reported: ``report_game`` flags it (``starter_ok``) for the
    players and a TD to see. Refused with ``MatchAlreadyDecided`` once the match is
    decided (para 14: no further games count; para 27: a match bye voids them).
    """
    if starter is not None and starter not in (0, 1):
        raise ValueError(f"the starter must be side 0 or 1, got {starter!r}")
    state = match.state()
    if state.decision is Decision.MATCH_BYE:
        raise MatchAlreadyDecided("match_bye")
    if state.decided:
        own, other = state.points[side], state.points[1 - side]
        raise MatchAlreadyDecided("decided", own=_points(own), other=_points(other))
    planned = state.next_start
    if starter is None and planned is not None:
        starter = planned.side
    if starter is None:
        level = planned is not None and planned.reason is StartReason.DRAW_TO_START
        para = "16c" if level else "15"
        assert state.next_game is not None  # undecided: there is a next game
        raise StarterNeeded("starter", game=state.next_game, para=para)
    score0, score1 = slip.scores_for(side)
    return MatchGame.played(starter, score0, score1)


def _points(points: float) -> str:
    return str(int(points)) if points == int(points) else str(points)
