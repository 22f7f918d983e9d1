"""Result messages from the chat (SSSg 2016 Annex A paras 14-16 and 23-24):
parsing, picking the opponent, and the game to record."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core import slip as slip_module
from core.knockout.match import Match, MatchGame, report_game
from core.slip import (
    MAX_SCORE,
    MatchAlreadyDecided,
    Outcome,
    Slip,
    SlipRefused,
    StarterNeeded,
    game_from_slip,
    parse_slip,
    pick_opponent,
)


def refusal(text: str, **kw: int) -> str:
    with pytest.raises(SlipRefused) as caught:
        parse_slip(text, **kw)
    return str(caught.value)


# --- the forms a player may use -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["412-380", "412 380", "412:380", "412 - 380", "412 to 380", "412\u2013380", "412 -380",
     "/report 412-380", "/report@TDBot 412-380", "  412-380  "],
)  # fmt: skip
def test_plain_scores_are_own_first(text: str) -> None:
    assert parse_slip(text) == Slip(412, 380, Outcome.WON)


def test_plain_scores_lower_first_are_a_loss() -> None:
    assert parse_slip("380-412") == Slip(380, 412, Outcome.LOST)


@pytest.mark.parametrize(
    ("text", "own", "opp", "outcome"),
    [
        ("won 412-380", 412, 380, Outcome.WON),
        ("I won 412 to 380", 412, 380, Outcome.WON),
        ("Won 412:380", 412, 380, Outcome.WON),
        ("W 412-380", 412, 380, Outcome.WON),
        ("tied 400-400", 400, 400, Outcome.TIED),
        ("drew 400 400", 400, 400, Outcome.TIED),
        ("T 400-400", 400, 400, Outcome.TIED),
        ("400-400", 400, 400, Outcome.TIED),
        ("0-0", 0, 0, Outcome.TIED),
    ],
)
def test_outcome_words(text: str, own: int, opp: int, outcome: Outcome) -> None:
    assert parse_slip(text) == Slip(own, opp, outcome)


@pytest.mark.parametrize("text", ["lost 380-412", "lost 412-380", "I lost 412 to 380", "L 412-380"])
def test_lost_takes_the_lower_score_whichever_comes_first(text: str) -> None:
    """Own score first, or winner's score first: 'lost' says which number is whose."""
    assert parse_slip(text) == Slip(380, 412, Outcome.LOST)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("412-380 v Ricky", "Ricky"),
        ("412-380 vs. Ricky", "Ricky"),
        ("beat Ricky 412-380", "Ricky"),
        ("I beat ricky purnomo 412-380", "ricky purnomo"),
        ("412-380 against Ricky Purnomo", "Ricky Purnomo"),
        ("lost to Ricky, 380-412", "Ricky"),
        ("tied with Jeremy 400-400", "Jeremy"),
        ("won 412-380 v O'Brien today", "O'Brien"),
        ("412-380 v Jean-Luc. Good game!", "Jean-Luc"),
        ("412-380 v R. Purnomo", "R Purnomo"),
        ("/report 412-380 v Ricky", "Ricky"),
        ("412-380 v Ricky v ricky", "Ricky"),
        ("lost 380-412 to Ricky", "Ricky"),
        ("tied 400-400 with Jeremy Khoo", "Jeremy Khoo"),
        ("won 412-380 over Ricky", "Ricky"),
        ("412-380 v @ricky99", "@ricky99"),
        ("/report@TDBot 412-380 @jk_2", "@jk_2"),
    ],
)
def test_opponent_name(text: str, name: str) -> None:
    assert parse_slip(text).opponent_name == name


def test_to_without_lost_is_no_name_marker() -> None:
    """'to' joins scores ('412 to 380'); it takes a name only after 'lost'."""
    assert parse_slip("412-380 to Ricky").opponent_name is None


def test_other_words_are_ignored() -> None:
    assert parse_slip("412-380, good game!") == Slip(412, 380, Outcome.WON)
    assert parse_slip("Ricky 412-380").opponent_name is None  # a name needs "v" or "beat"


# --- refusals: the reason and an example that works ----------------------------------------


def test_won_with_the_lower_score_is_refused_not_swapped() -> None:
    """'won 380-412' is neither own-first nor winner-first: a slip by a player who lost
    and typed 'won' must not record them as the winner."""
    msg = refusal("won 380-412")
    assert "380 is lower than 412" in msg
    assert "won 412-380" in msg and "lost 380-412" in msg
    assert "lower than" in refusal("beat Ricky 380-412")


def test_tied_with_unequal_scores() -> None:
    msg = refusal("tied 400-398")
    assert "400 and 398 differ" in msg and "tied 400-400" in msg


@pytest.mark.parametrize("word", ["won", "lost"])
def test_won_or_lost_with_equal_scores(word: str) -> None:
    assert "is a tie" in refusal(f"{word} 400-400") and "tied 400-400" in refusal(f"{word} 400-400")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "couldn't find any scores"),
        ("good game", "couldn't find any scores"),
        ("412", "found one score (412)"),
        ("412-380-12", "found 3 numbers (412, 380, 12)"),
        ("game 3 412-380", "found 3 numbers"),
        ("-5-412", "can't be negative (-5)"),
        ("won -5 412", "can't be negative (-5)"),
        ("412--5", "can't be negative (-5)"),
        ("412 - -5", "can't be negative (-5)"),
        ("412 to -5", "can't be negative (-5)"),
        ("412:-5", "can't be negative (-5)"),
        ("1501-380", "1501 can't be a game score"),
        ("412-99999999999999999999999999", "999999999... can't be a game score"),
        ("412.5-380", "whole numbers"),
        ("412 v Ricky 380", "Put the two scores together"),
        ("Ricky won 412-380", "who won from 'Ricky won'"),
        ("Ricky beat me 412-380", "who won from"),
        ("I beat me 412-380", "who won from 'beat me'"),
        ("didn't win 412-380", "what 'didn't' means"),
        ("won lost 412-380", "both lost and won"),
        ("412-380 v Ricky v Jeremy", "two opponents (Ricky and Jeremy)"),
        ("412-380 v Ricky @ricky99", "two opponents (Ricky and @ricky99)"),
        ("412-380 @ann @bob", "two opponents (@ann and @bob)"),
    ],
)
def test_refusals_say_why(text: str, reason: str) -> None:
    assert reason in refusal(text)


def test_bounds_are_parameters() -> None:
    assert parse_slip("1500-0") == Slip(1500, 0, Outcome.WON)
    assert "the most I accept is 1500" in refusal("1501-0")
    assert parse_slip("2000-0", max_score=2000).own == 2000
    assert "the most I accept is 600" in refusal("601-0", max_score=600)
    with pytest.raises(ValueError, match="max_score"):
        parse_slip("1-0", max_score=0)


_EXAMPLE = re.compile(r"(?:(?:won|lost|tied) )?\d+-\d+")


def examples_in(message: str) -> list[str]:
    return _EXAMPLE.findall(message)


@pytest.mark.parametrize(
    "text", ["", "412", "1-2-3", "-5 412", "2000-1", "won 1-2", "tied 1-2", "lost 3-3",
             "1.5-2", "1 v x 2", "Ricky won 1-2", "not 1-2", "won lost 1-2"],
)  # fmt: skip
def test_every_refusal_shows_an_example_that_works(text: str) -> None:
    examples = examples_in(refusal(text))
    assert examples
    for example in examples:
        parse_slip(example)


def test_a_slip_disagreeing_with_its_scores_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="is lost, not won"):
        Slip(380, 412, Outcome.WON)
    with pytest.raises(ValueError, match="0 or more"):
        Slip(-5, 412, Outcome.LOST)


# --- properties ---------------------------------------------------------------------------

_RESERVED = (
    set(slip_module._OUTCOMES)
    | set(slip_module._BEFORE_NAME)
    | set(slip_module._NEGATIONS)
    | set(slip_module._AFTER_NAME)
    | set(slip_module._OTHERS)
    | set(slip_module._LETTERS)
    | {"to", "with"}
)
names = (
    st.lists(st.from_regex(r"[A-Z][a-z]{0,7}(['-][A-Z][a-z]{1,5})?", fullmatch=True),
             min_size=1, max_size=3)
    .filter(lambda ws: not any(w.lower() in _RESERVED for w in ws))
    .map(" ".join)
)  # fmt: skip
scores = st.integers(0, MAX_SCORE)
separators = st.sampled_from(["-", " - ", " ", ":", " : ", " to ", " TO ", "\u2013", "\u2014"])


@st.composite
def formatted(draw: st.DrawFn) -> tuple[str, Slip]:
    """A slip and one of the ways a player may write it."""
    own, opp = draw(scores), draw(scores)
    outcome = Outcome.WON if own > opp else Outcome.LOST if own < opp else Outcome.TIED
    name = draw(st.none() | names)
    sep = draw(separators)
    first, second = own, opp
    if outcome is Outcome.LOST and draw(st.booleans()):
        first, second = opp, own  # winner's score first
    words = {
        Outcome.WON: ["", "won ", "I won ", "W ", "Won "],
        Outcome.LOST: ["", "lost ", "I lost ", "L ", "LOST "],
        Outcome.TIED: ["", "tied ", "drew ", "T ", "I tied "],
    }[outcome]
    if first != own:
        words = [w for w in words if w]  # winner-first needs the word "lost"
    lead = draw(st.sampled_from(words))
    line = f"{lead}{first}{sep}{second}"
    if name is not None:
        named = {
            Outcome.WON: [f"beat {name} {first}{sep}{second}"],
            Outcome.LOST: [f"lost to {name} {first}{sep}{second}"],
            Outcome.TIED: [f"tied with {name} {first}{sep}{second}"],
        }[outcome]
        suffixes = [f"{line} v {name}", f"{line} vs {name}", f"{line} against {name}"]
        line = draw(st.sampled_from(suffixes + named))
    command = draw(st.sampled_from(["", "/report ", "/report@TDBot "]))
    return command + line, Slip(own, opp, outcome, name)


@given(formatted())
def test_any_supported_form_parses_back_to_its_scores(case: tuple[str, Slip]) -> None:
    text, expected = case
    assert parse_slip(text) == expected


@given(scores, scores, st.none() | names)
def test_text_round_trips(own: int, opp: int, name: str | None) -> None:
    outcome = Outcome.WON if own > opp else Outcome.LOST if own < opp else Outcome.TIED
    s = Slip(own, opp, outcome, name)
    assert parse_slip(s.text()) == s


_SOUP = st.sampled_from(
    ["412", "380", "-", "--", ":", "to", "v", "won", "lost", "tied", "beat", "I", "me", "Ricky",
     "not", ".", ",", "/report", "W", "L", "with", "1501", "0", "-5", "4.5", "\u2014", "gg"]
)  # fmt: skip


@given(st.text(max_size=80) | st.lists(_SOUP, max_size=8).map(" ".join))
def test_any_text_is_read_or_refused_with_a_working_example(text: str) -> None:
    try:
        s = parse_slip(text)
    except SlipRefused as refused:
        examples = examples_in(str(refused))
        assert examples, str(refused)
        for example in examples:
            parse_slip(example)
        return
    assert 0 <= s.own <= MAX_SCORE and 0 <= s.opponent <= MAX_SCORE


# --- pick_opponent ------------------------------------------------------------------------

OPPONENTS = ["Ricky Purnomo", "Jeremy Khoo", "Tan Wei", "Tanya Lim"]


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("Ricky Purnomo", 0), ("ricky purnomo", 0), ("  RICKY   purnomo ", 0),
        ("Ricky", 0), ("Purnomo", 0), ("Ric", 0), ("R Purnomo", 0), ("R. Purnomo", 0),
        ("Khoo", 1), ("J", 1), ("Tan", 2), ("Tany", 3), ("Lim", 3), ("Wei", 2),
    ],
)  # fmt: skip
def test_pick_opponent(text: str, index: int) -> None:
    assert pick_opponent(text, OPPONENTS) == index


def test_whole_word_beats_a_prefix() -> None:
    """'Tan' is a whole word of 'Tan Wei' and only the start of 'Tanya Lim'."""
    assert pick_opponent("tan", ["Tanya Lim", "Tan Wei"]) == 1


def test_ambiguous_name_lists_the_candidates() -> None:
    with pytest.raises(SlipRefused) as caught:
        pick_opponent("Ta", OPPONENTS)
    assert "'Ta' could be Tan Wei or Tanya Lim" in str(caught.value)
    with pytest.raises(SlipRefused, match="could be Ann Lee or Ann Tan"):
        pick_opponent("ann", ["Ann Lee", "Ann Tan", "Bob"])


def test_unknown_name_lists_the_opponents() -> None:
    with pytest.raises(SlipRefused) as caught:
        pick_opponent("Bob", OPPONENTS)
    msg = str(caught.value)
    assert "None of your opponents is called 'Bob'" in msg
    assert "Ricky Purnomo, Jeremy Khoo, Tan Wei or Tanya Lim" in msg
    assert "412-380 v Ricky Purnomo" in msg


def test_words_must_match_in_order() -> None:
    with pytest.raises(SlipRefused):
        pick_opponent("Purnomo Ricky", ["Ricky Purnomo", "Ann Lee"])


def test_no_name() -> None:
    assert pick_opponent(None, ["Ricky Purnomo"]) == 0
    assert pick_opponent("  ", ["Ricky Purnomo"]) == 0
    with pytest.raises(SlipRefused, match="You have 2 open matches .* Say which"):
        pick_opponent(None, ["Ricky Purnomo", "Jeremy Khoo"])
    with pytest.raises(SlipRefused, match="no open match"):
        pick_opponent("Ricky", [])


def test_a_mention_matches_usernames_only() -> None:
    users = ["ricky99", None, "@TanW", "tanya"]
    assert pick_opponent("@Ricky99", OPPONENTS, users) == 0
    assert pick_opponent("@tanw", OPPONENTS, users) == 2
    with pytest.raises(SlipRefused, match="@ricky is not one of your opponents here"):
        pick_opponent("@ricky", OPPONENTS, users)  # a username, not a first name
    with pytest.raises(SlipRefused, match="not one of your opponents"):
        pick_opponent("@ricky99", OPPONENTS)
    with pytest.raises(ValueError, match="one for one"):
        pick_opponent("@ricky99", OPPONENTS, ["ricky99"])


full_names = st.lists(names, min_size=1, max_size=6, unique_by=lambda n: n.casefold())


@given(full_names, st.data())
def test_a_full_name_in_any_case_picks_itself(candidates: list[str], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(candidates) - 1))
    said = data.draw(st.sampled_from([candidates[i], candidates[i].upper(), candidates[i].lower()]))
    assert pick_opponent(said, candidates) == i


@given(full_names, st.text(max_size=20) | names)
def test_a_pick_always_matches_the_name_said(candidates: list[str], said: str) -> None:
    try:
        i = pick_opponent(said, candidates)
    except SlipRefused:
        return
    words = candidates[i].casefold().split()
    for word in said.casefold().split():
        assert any(w.startswith(word.rstrip(".")) for w in words)


# --- the game to record -------------------------------------------------------------------


def test_game_one_needs_the_tile_draw() -> None:
    """SSSg para 15: tiles are drawn before game 1 to decide who starts."""
    with pytest.raises(StarterNeeded, match="game 1.*para 15"):
        game_from_slip(Match(9), parse_slip("412-380"), side=0)
    assert game_from_slip(Match(9), parse_slip("412-380"), 0, starter=1) == MatchGame.played(1, 412, 380)
    drawn = Match(9, first_starter=1)
    assert game_from_slip(drawn, parse_slip("412-380"), 0) == MatchGame.played(1, 412, 380)


def test_side_one_reporter_gets_its_scores_on_side_one() -> None:
    game = game_from_slip(Match(9), parse_slip("lost 412-380"), side=1, starter=0)
    assert game == MatchGame.played(0, 412, 380)
    assert game.winner() == 0


def test_starts_alternate_after_game_one() -> None:
    """SSSg para 15: the starting player alternates."""
    m = report_game(Match(9), MatchGame.played(0, 400, 350)).match
    assert game_from_slip(m, parse_slip("390-410"), side=1).starter == 1
    m = report_game(m, MatchGame.played(1, 350, 400)).match
    assert game_from_slip(m, parse_slip("390-410"), side=1).starter == 0


def test_a_reported_starter_against_the_rules_is_kept_and_flagged() -> None:
    m = report_game(Match(9), MatchGame.played(0, 400, 350)).match
    game = game_from_slip(m, parse_slip("390-410"), side=0, starter=0)
    assert game.starter == 0
    assert not report_game(m, game).starter_ok


def test_deciding_game_starter() -> None:
    """SSSg para 16: the side ahead on wins starts the deciding game; level on wins and
    spread, the players draw (16c)."""
    m = Match(3)
    m = report_game(m, MatchGame.played(0, 400, 350)).match
    m = report_game(m, MatchGame.played(1, 300, 400)).match  # 1-1, side 1 ahead on spread
    assert game_from_slip(m, parse_slip("400-380"), side=0).starter == 1
    level = Match(3)
    level = report_game(level, MatchGame.played(0, 400, 350)).match
    level = report_game(level, MatchGame.played(1, 350, 400)).match  # 1-1, spread 0
    with pytest.raises(StarterNeeded, match="game 3.*para 16c"):
        game_from_slip(level, parse_slip("400-380"), side=0)


def test_no_game_after_the_match_is_decided() -> None:
    """SSSg para 14: once decided, no further games count."""
    m = Match(3)
    for starter in (0, 1):
        m = report_game(m, MatchGame.played(starter, 400, 350)).match
    with pytest.raises(MatchAlreadyDecided) as caught:
        game_from_slip(m, parse_slip("380-400"), side=1)
    assert "already decided (0-2 in games, yours first)" in str(caught.value)
    assert "para 14" in str(caught.value)


def test_no_game_in_a_match_bye() -> None:
    with pytest.raises(MatchAlreadyDecided, match="bye .*para 27"):
        game_from_slip(Match(9, match_bye=1), parse_slip("400-380"), side=0, starter=0)


def test_bad_sides_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="side must be 0 or 1"):
        game_from_slip(Match(9), parse_slip("1-0"), side=2, starter=0)
    with pytest.raises(ValueError, match="starter must be side 0 or 1"):
        game_from_slip(Match(9), parse_slip("1-0"), side=0, starter=3)
