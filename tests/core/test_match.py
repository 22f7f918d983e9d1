"""The best-of-N match against SSSg 2016 Annex A paras 13-17, 27-28
."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.knockout.match import (
    NASPA_RULES,
    ConcessionRefused,
    Decision,
    Match,
    MatchGame,
    MatchGameKind,
    MatchRuleError,
    MatchRules,
    Ruling,
    StartReason,
    award_game_bye,
    award_match_bye,
    concede,
    correct_game,
    forfeit_match,
    forfeit_rest,
    report_game,
    rule_tied_match,
    void_game,
)


def win(side: int, starter: int, margin: int = 50) -> MatchGame:
    """A played game won by ``side`` by ``margin`` points."""
    return (
        MatchGame.played(starter, 400 + margin, 400)
        if side == 0
        else MatchGame.played(starter, 400, 400 + margin)
    )


def tie(starter: int) -> MatchGame:
    return MatchGame.played(starter, 390, 390)


def play(match: Match, winners: list[int | None]) -> Match:
    """Report games won by the given sides (None = tie), each started by whoever the
    rules say should start it (side 0 when tiles are drawn)."""
    for w in winners:
        start = match.state().next_start
        starter = 0 if start is None or start.side is None else start.side
        match = report_game(match, tie(starter) if w is None else win(w, starter)).match
    return match


# --- para 14: the match is decided at a majority, further games are not counted -----


def test_best_of_9_is_decided_at_five_wins_para_14():
    """Para 14's example: 'once one player wins 5 games in a best-of-9 match'."""
    m = play(Match(9), [0, 1, 0, 1, 0, 1, 0])
    assert not m.state().decided and m.state().points == (4.0, 3.0)
    m = play(m, [0])
    s = m.state()
    assert s.decision is Decision.GAMES and s.winner == 0 and s.points == (5.0, 3.0)


def test_games_after_the_decision_are_not_counted_para_14():
    m = play(Match(9), [1] * 5)
    r = report_game(m, win(0, 0))
    assert r.number is None and not r.decides
    assert r.state.void == (5,) and r.state.points == (0.0, 5.0) and r.state.winner == 1


def test_ties_count_half_and_four_and_a_half_does_not_decide_best_of_9():
    """A tied game is half a game each (Director's Manual 'T' results; para 16 'level on wins'):
    4.5 of 9 does not decide, since the opponent can still level."""
    m = play(Match(9), [0, 0, 0, 0, None, 1, 1, 1])
    s = m.state()
    assert s.points == (4.5, 3.5) and not s.decided and s.next_game == 9
    assert s.next_is_deciding
    # Para 16a: ahead on wins starts the deciding game.
    assert s.next_start is not None and s.next_start.side == 0
    assert s.next_start.reason is StartReason.AHEAD_ON_WINS


def test_grand_final_best_of_18_with_one_game_head_start_is_won_at_ten():
    """Schedule and Details: 'a BO18 final where the winner of the Upper Bracket starts
    with a one-game advantage' (Annex A para 2): the head start plus 9 wins decides."""
    final = Match(18, head_start=(1, 0))
    m = play(final, [0] * 8)
    assert not m.state().decided
    m = play(m, [0])
    assert m.state().winner == 0 and m.state().points == (10.0, 0.0)
    # The lower-bracket winner needs 10 wins.
    m = play(final, [1] * 9)
    assert not m.state().decided
    assert play(m, [1]).state().winner == 1


def test_grand_final_goes_to_game_18_only_when_level_nine_all():
    m = play(Match(18, head_start=(1, 0)), [0, 1] * 8 + [1])
    s = m.state()
    assert s.points == (9.0, 9.0) and s.next_game == 18 and s.next_is_deciding


def test_even_best_of_without_head_start_can_end_level_and_go_to_spread_para_17():
    m = play(Match(4), [0, 1, 0])
    s = m.state()
    assert s.next_is_deciding and s.next_game == 4
    m = report_game(m, MatchGame.played(1, 300, 500)).match  # side 1 wins game 4 by 200
    s = m.state()
    assert s.points == (2.0, 2.0) and s.decision is Decision.SPREAD and s.winner == 1


# --- para 15 and 16: who starts -------------------------------------------------------


def test_first_game_is_a_tile_draw_then_starts_alternate_para_15():
    m = Match(9)
    assert m.state().next_start is not None
    assert m.state().next_start.reason is StartReason.TILE_DRAW
    assert m.state().next_start.side is None
    m = report_game(m, win(0, starter=1)).match  # side 1 drew to start game 1
    starts = []
    for _ in range(6):
        s = m.state().next_start
        assert s is not None and s.reason is StartReason.ALTERNATE and s.side is not None
        starts.append(s.side)
        m = report_game(m, win(0 if len(starts) % 2 else 1, starter=s.side)).match
    assert starts == [0, 1, 0, 1, 0, 1]


def test_a_reported_starter_against_the_alternation_is_flagged_para_15():
    m = report_game(Match(9), win(0, starter=0)).match
    r = report_game(m, win(1, starter=0))
    assert r.expected_start is not None and r.expected_start.side == 1
    assert not r.starter_ok and r.number == 2


def test_deciding_game_level_on_wins_goes_to_spread_para_16b():
    m = Match(3)
    m = report_game(m, MatchGame.played(0, 400, 380)).match  # side 0 +20
    m = report_game(m, MatchGame.played(1, 350, 420)).match  # side 1 +70
    s = m.state()
    assert s.next_is_deciding and s.points == (1.0, 1.0)
    assert s.next_start is not None and s.next_start.side == 1
    assert s.next_start.reason is StartReason.AHEAD_ON_SPREAD


def test_deciding_game_exactly_level_is_a_draw_to_start_para_16c():
    m = Match(3)
    m = report_game(m, MatchGame.played(0, 400, 350)).match
    m = report_game(m, MatchGame.played(1, 350, 400)).match
    s = m.state()
    assert s.next_start is not None and s.next_start.side is None
    assert s.next_start.reason is StartReason.DRAW_TO_START
    # The drawn starter is recorded with the game, either side is accepted.
    assert report_game(m, win(1, starter=1)).starter_ok
    assert report_game(m, win(1, starter=0)).starter_ok


# --- para 17: level after the deciding game --------------------------------------------


def test_level_on_games_and_spread_goes_to_fewer_starts_para_17():
    # Side 0 starts game 1, side 1 game 2; level after two, side 0 draws to start game 3.
    m = Match(3)
    m = report_game(m, MatchGame.played(0, 400, 350)).match  # 0 +50
    m = report_game(m, MatchGame.played(1, 350, 400)).match  # 1 +50, level: draw to start
    m = report_game(m, MatchGame.played(0, 380, 380)).match  # side 0 drew, tied game
    s = m.state()
    assert s.points == (1.5, 1.5) and s.spread == (0, 0) and s.starts == (2, 1)
    assert s.decision is Decision.FEWER_STARTS and s.winner == 1


def test_level_on_games_after_deciding_game_goes_to_spread_para_17():
    m = Match(3)
    m = report_game(m, MatchGame.played(0, 400, 350)).match  # 0 +50
    m = report_game(m, MatchGame.played(1, 350, 380)).match  # 1 +30
    m = report_game(m, MatchGame.played(0, 380, 380)).match  # tie
    s = m.state()
    assert s.decision is Decision.SPREAD and s.winner == 0


def test_level_on_everything_is_tied_for_the_organizers():
    """Para 17 runs out when starts are level too (possible with an even best-of);
    para 30 leaves it to the organizers, so the core reports TIED and no winner."""
    m = Match(2)
    m = report_game(m, MatchGame.played(0, 400, 350)).match
    m = report_game(m, MatchGame.played(0, 350, 400)).match
    assert m.state().decision is Decision.FEWER_STARTS  # 2 starts v 0
    m = Match(2, games=(MatchGame.played(0, 400, 350), MatchGame.played(1, 350, 400)))
    s = m.state()
    assert s.decision is Decision.TIED and s.winner is None and s.decided


def test_rules_that_break_no_tie_leave_a_level_match_a_tie_with_no_winner():
    """Outside a knockout (``MatchRules.breaks_ties`` False) para 17 does not apply: a
    match level on game-points after its last game is a tie, decided, with no winner,
    whatever the spread or starts; one decided on games is decided as ever."""
    swiss = MatchRules(breaks_ties=False)
    one = Match(1, games=(MatchGame.played(0, 400, 400),), rules=swiss).state()
    assert one.decided and one.decision is Decision.TIE and one.winner is None
    assert one.points == (0.5, 0.5) and one.next_game is None
    three = Match(3, rules=swiss, games=(MatchGame.played(0, 400, 350), MatchGame.played(1, 350, 380),
                                         MatchGame.played(0, 380, 380))).state()
    assert three.decision is Decision.TIE and three.winner is None and three.spread == (20, -20)
    won = Match(3, rules=swiss, games=(MatchGame.played(0, 400, 350),
                                       MatchGame.played(1, 350, 400))).state()
    assert not won.decided and won.next_game == 3
    won = report_game(Match(1, rules=swiss), MatchGame.played(0, 401, 400)).state
    assert won.decision is Decision.GAMES and won.winner == 0
    with pytest.raises(MatchRuleError, match="decided on tie"):
        rule_tied_match(Match(1, games=(MatchGame.played(0, 400, 400),), rules=swiss), 1, "lots")


def tied() -> Match:
    """A best-of-2 level on games (1-1), spread (+50 each) and starts (one each)."""
    return Match(2, games=(MatchGame.played(0, 400, 350), MatchGame.played(1, 350, 400)))


def test_a_ruling_decides_a_tied_match_and_keeps_its_games_para_30():
    """Para 17 exhausted, para 30: the organizers decide. The ruling gives the match a
    winner (so a bracket can advance) and keeps every game counted, unlike a match bye
    (para 27), which would void them."""
    m = rule_tied_match(tied(), 1, "lots drawn by the TD (para 30)")
    s = m.state()
    assert s.decision is Decision.RULING and s.winner == 1 and s.decided
    assert s.counted == (0, 1) and s.void == () and s.points == (1.0, 1.0)
    assert s.spread == (0, 0) and s.next_game is None
    assert m.ruling == Ruling(1, "lots drawn by the TD (para 30)")
    assert report_game(m, win(0, 0)).number is None  # para 14: decided, not counted


def test_a_ruling_is_refused_unless_the_match_is_tied():
    """Only para 30's gap takes a ruling: an unfinished match is finished by its games or
    a match bye (para 27), a match para 17 settles needs none. The refusal says which."""
    with pytest.raises(MatchRuleError, match="still being played .* match bye"):
        rule_tied_match(play(Match(3), [0, 1]), 0, "TD's call")
    with pytest.raises(MatchRuleError, match="decided on spread"):
        rule_tied_match(Match(2, games=(win(0, 0, 60), win(1, 1, 50))), 1, "TD's call")
    with pytest.raises(ValueError, match="needs its reason"):
        rule_tied_match(tied(), 0, "  ")
    with pytest.raises(ValueError, match="side 0 or side 1"):
        Ruling(2, "why")


def test_a_correction_that_breaks_the_tie_sets_the_ruling_aside():
    """The ruling filled para 30's gap; once a corrected game leaves the match to para 17
    again (here spread), the games decide, and the correction shows the change."""
    m = rule_tied_match(tied(), 1, "lots drawn")
    c = correct_game(m, 0, MatchGame.played(0, 420, 350))
    assert c.before.decision is Decision.RULING and c.before.winner == 1
    assert c.after.decision is Decision.SPREAD and c.after.winner == 0
    assert c.match.ruling is not None  # kept for the record


def test_a_match_bye_still_overrides_a_ruling_para_27():
    m = award_match_bye(rule_tied_match(tied(), 1, "lots drawn"), 0).match
    assert m.state().decision is Decision.MATCH_BYE and m.state().winner == 0


# --- para 13: no concessions -----------------------------------------------------------


def test_concession_is_refused_citing_para_13():
    with pytest.raises(ConcessionRefused, match="para 13"):
        concede(Match(9), 0)


# --- para 27 and 28: byes and voiding --------------------------------------------------


def test_match_bye_advances_and_voids_played_games_para_27():
    m = play(Match(9), [1, 1, 0])
    c = award_match_bye(m, 0)
    assert c.after.decision is Decision.MATCH_BYE and c.after.winner == 0
    assert c.voided == (0, 1, 2) and c.after.counted == () and c.after.void == (0, 1, 2)
    assert c.after.points == (0.0, 0.0) and c.after.spread == (0, 0)


def test_game_bye_is_a_win_with_100_spread_para_28():
    """Para 28: a game bye is a win with +100 spread. Spreads are set per event: NASPA's
    bye is +50 (Director's Manual, "Odd Number of Players"), WESPA's forfeit 75 (ABG rules, which
    SSSg para 22 applies)."""
    m = Match(9, games=(MatchGame.bye(1),))
    assert m.state().points == (0.0, 1.0) and m.state().spread == (-100, 100)
    assert Match(9, games=(MatchGame.bye(1),), rules=NASPA_RULES).state().spread == (-50, 50)
    assert Match(9, games=(MatchGame.forfeit(0),)).state().spread == (75, -75)


def test_game_bye_that_decides_earlier_voids_later_games_para_28():
    """Para 28: thought completed after x=7 games; a bye in game 3 decides it after 6,
    so game 7 is void."""
    m = play(Match(9), [0, 0, 1, 0, 1, 0, 0])
    assert m.state().winner == 0 and len(m.state().counted) == 7
    c = award_game_bye(m, 2, 0)
    assert c.after.winner == 0 and c.after.counted == (0, 1, 2, 3, 4, 5)
    assert c.voided == (6,) and c.restored == ()
    assert c.match.games[2].kind is MatchGameKind.BYE
    assert c.match.games[2].starter == m.games[2].starter


def test_correction_that_undecides_restores_games_counted_again():
    m = play(Match(9), [0, 0, 0, 0, 0])
    m = report_game(m, win(1, 1)).match  # reported after the decision: void
    assert m.state().void == (5,)
    c = correct_game(m, 4, win(1, m.games[4].starter or 0))
    assert c.voided == () and c.restored == (5,)
    assert c.after.points == (4.0, 2.0) and not c.after.decided


def test_void_game_takes_no_number_and_the_next_report_replaces_it():
    m = play(Match(9), [0, 1, 0])
    c = void_game(m, 1)
    assert c.voided == (1,) and c.after.next_game == 3
    r = report_game(c.match, win(1, 1))
    assert r.number == 3 and r.state.number_of(1) is None


def test_report_says_which_game_and_whether_it_decides():
    m = play(Match(5), [0, 0])
    r = report_game(m, win(0, 0))
    assert r.number == 3 and r.decides and r.state.winner == 0 and not r.is_deciding


def test_a_void_marker_is_never_the_deciding_game_para_15():
    """Para 15: the deciding game is the last game, game N. A void marker reported when
    game N is due takes no number, so it is not the deciding game and decides nothing;
    the game that replaces it is (``next_is_deciding``), started as para 16 says."""
    m = play(Match(3), [0, 1])
    assert m.state().next_is_deciding
    for marker in (MatchGame(MatchGameKind.VOID), win(0, 0).voided()):
        r = report_game(m, marker)
        assert r.number is None and not r.is_deciding and not r.decides
        assert r.expected_start is None and r.starter_ok
        assert r.state.next_game == 3 and r.state.next_is_deciding
        replacing = report_game(r.match, win(1, 1))
        assert replacing.number == 3 and replacing.is_deciding and replacing.decides


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Match(0), "best_of"),
        (lambda: Match(9, head_start=(-1, 0)), "head_start"),
        (lambda: Match(3, head_start=(4, 0)), "decide"),
        (lambda: MatchGame(MatchGameKind.PLAYED, starter=0), "both scores"),
        (lambda: MatchGame(MatchGameKind.PLAYED, scores=(1, 2)), "starter"),
        (lambda: MatchGame.played(2, 1, 2), "side 0 or side 1"),
        (lambda: MatchGame(MatchGameKind.BYE), "awarded"),
        (lambda: MatchRules(game_bye_spread=-1), "0 or more"),
    ],
)
def test_bad_input_says_what_is_wrong(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_responsible_for_slip_and_photo_is_winner_or_starter_on_a_tie_para_23_25():
    assert MatchGame.played(0, 300, 400).responsible() == 1
    assert MatchGame.played(1, 390, 390).responsible() == 1
    assert MatchGame.bye(0).responsible() is None


# --- properties --------------------------------------------------------------------------

results = st.lists(st.sampled_from([0, 1, None]), min_size=0, max_size=25)
best_ofs = st.integers(min_value=1, max_value=19)


@st.composite
def matches(draw: st.DrawFn) -> Match:
    n = draw(best_ofs)
    h = draw(st.integers(min_value=0, max_value=(n - 1) // 2 if n > 1 else 0))
    return Match(n, head_start=(h, 0) if draw(st.booleans()) else (0, h))


@given(matches(), results)
def test_a_match_ends_as_soon_as_it_is_decided_and_never_before(match, winners):
    """Para 14: decided exactly when the trailing side can no longer catch up, or when
    the last game (game N) has been played."""
    m = match
    for w in winners:
        s = m.state()
        if s.decided:
            break
        pts = s.points
        left = match.best_of - len(s.counted)
        m = play(m, [w])
        after = m.state()
        p0, p1 = after.points
        left -= 1
        unreachable = p0 > p1 + left or p1 > p0 + left
        assert after.decided == (unreachable or left == 0)
        if after.decision is Decision.GAMES:
            assert after.winner == (0 if p0 > p1 else 1)
        assert sum(after.points) == sum(pts) + 1


@given(matches(), results)
def test_starts_alternate_except_in_the_deciding_game(match, winners):
    """Para 15: starts alternate; the deciding game (game N) follows para 16 instead."""
    m = play(match, winners)
    counted = [m.games[i] for i in m.state().counted]
    starters = [g.starter for g in counted[: match.best_of - 1]]
    for a, b in zip(starters, starters[1:], strict=False):
        assert a != b


@given(matches(), results, results)
def test_a_decided_match_ignores_further_games(match, first, more):
    m = play(match, first)
    s = m.state()
    if not s.decided:
        return
    later = m
    for w in more:
        later = later.with_game(win(w, 0) if w is not None else tie(0))
    t = later.state()
    assert (t.points, t.spread, t.winner, t.counted) == (s.points, s.spread, s.winner, s.counted)
    assert t.void == s.void + tuple(range(len(m.games), len(later.games)))


@given(st.integers(min_value=1, max_value=19), st.integers(min_value=0, max_value=9))
def test_the_head_start_counts(best_of, head):
    """Para 2 / Schedule: the head start is game-points already won."""
    if 2 * head > best_of + head:
        return
    m = play(Match(best_of, head_start=(head, 0)), [0] * best_of)
    s = m.state()
    assert s.winner == 0 and s.decision is Decision.GAMES
    # side 0 needed more than half of the best_of + head points, head of them given.
    assert len(s.counted) == (best_of + head) // 2 + 1 - head


@given(matches(), results, st.data())
def test_a_game_bye_to_the_winner_decides_no_later_and_voids_the_rest_para_28(match, winners, data):
    """Para 28: recomputed with the bye; games after the new decision point, up to the
    game where the match was thought decided, become void."""
    m = play(match, winners)
    before = m.state()
    if not before.decided or before.winner is None or not before.counted:
        return
    index = data.draw(st.sampled_from(before.counted))
    c = award_game_bye(m, index, before.winner)
    after = c.after
    assert after.winner == before.winner and after.decided
    assert len(after.counted) <= len(before.counted)
    assert after.counted == before.counted[: len(after.counted)]
    assert c.voided == before.counted[len(after.counted) :]
    assert c.restored == ()


def test_correcting_a_game_that_does_not_exist_says_which_exist():
    m = play(Match(9), [0, 1])
    for fix in (
        lambda: award_game_bye(m, 2, 0),
        lambda: void_game(m, -1),
        lambda: correct_game(m, 5, win(0, 0)),
    ):
        with pytest.raises(IndexError, match="indexed 0 to 1"):
            fix()


def test_a_tile_draw_recorded_before_game_1_gives_the_starts_para_15():
    m = Match(9, first_starter=1)
    s = m.state().next_start
    assert s is not None and s.side == 1 and s.reason is StartReason.TILE_DRAW
    r = report_game(m, win(0, starter=0))
    assert not r.starter_ok  # the draw said side 1
    r = report_game(m, win(0, starter=1))
    assert r.starter_ok and r.state.next_start is not None and r.state.next_start.side == 0


def test_wins_count_ties_half_and_not_the_head_start_footnote_11():
    """Footnote 11 ranks losers 'by wins then spread': games won in play (a tie half, a
    game bye whole), never the grand final's head start (para 2), which no one played."""
    m = play(Match(18, head_start=(1, 0)), [0, None, 1])
    m = m.with_game(MatchGame.bye(1))
    assert m.state().points == (2.5, 2.5)
    assert (m.wins(0), m.wins(1)) == (1.5, 2.5)


@given(matches(), results, st.sampled_from([0, 1, None, "void"]))
def test_a_reported_game_is_deciding_exactly_when_it_is_game_n(match, winners, last):
    """Para 15: whatever came before (void markers included), ``is_deciding`` is True
    exactly for the game that counts as game N."""
    for w in winners:
        match = match.with_game(MatchGame(MatchGameKind.VOID) if w is None and len(match.games) % 3 == 0
                                else tie(0) if w is None else win(w, 0))  # fmt: skip
    game = MatchGame(MatchGameKind.VOID) if last == "void" else tie(1) if last is None else win(last, 1)
    r = report_game(match, game)
    assert r.is_deciding == (r.number == match.best_of)
    if last == "void":
        assert r.number is None and not r.is_deciding


def test_forfeit_rest_gives_the_games_not_played_and_keeps_those_played():
    """An expelled player's opponent wins the games not yet played by forfeit (WESPA
    rules: 75 spread each); game 1, played, stands; the starts go on alternating."""
    m = Match(best_of=5, games=(win(0, starter=0),))
    new = forfeit_rest(m, 1)
    assert new.games[0] == m.games[0]
    assert [(g.kind, g.awarded_to, g.starter) for g in new.games[1:]] == [
        (MatchGameKind.FORFEIT, 1, 1), (MatchGameKind.FORFEIT, 1, 0), (MatchGameKind.FORFEIT, 1, 1)]
    state = new.state()
    assert (state.winner, state.points, state.spread) == (1, (1.0, 3.0), (50 - 225, 225 - 50))


def test_forfeit_rest_of_a_decided_match_adds_nothing():
    m = Match(best_of=1, games=(win(0, starter=0),))
    assert forfeit_rest(m, 1) == m


@given(st.lists(st.sampled_from([0, 1, None]), max_size=4), st.sampled_from([0, 1]))
def test_forfeit_match_always_gives_the_side_the_win(results, to):
    """Whatever was played (wins either way, ties), a whole match given by forfeit is a
    win for the side named, on games, with the forfeit spread; never level."""
    games: list[MatchGame] = []
    m = Match(best_of=5)
    for i, r in enumerate(results):
        if m.state().decided:
            break
        game = tie(i % 2) if r is None else win(r, starter=i % 2)
        m = m.with_game(game)
        games.append(game)
    new = forfeit_match(m, to)
    state = new.state()
    assert state.winner == to and state.decision is Decision.GAMES
    assert state.points[to] > state.points[1 - to]
    assert all(new.games[i].kind is MatchGameKind.FORFEIT for i in state.counted)
    assert state.spread[to] == 75 * len(state.counted) == 75 * 3
