"""The club challenge ladder (core/ladder.py): worked examples and property tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.knockout.match import Match, MatchGame, MatchState
from core.ladder import (
    ChallengeStatus,
    Decline,
    EventKind,
    Idle,
    Ladder,
    LadderRefused,
    LadderRules,
    LadderRulesError,
    LadderState,
    Lapse,
    OnWin,
    Reach,
    Step,
    accept,
    challenge,
    decline,
    expel,
    expire,
    idle_drops,
    join,
    new_ladder,
    record_result,
    replayed,
    rules_from_mapping,
    rules_to_mapping,
    who_may_challenge,
    withdraw,
)

T0 = datetime(2024, 3, 1, 19, 0, tzinfo=UTC)
H = timedelta(hours=1)
D = timedelta(days=1)
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def start(rules: LadderRules | None = None, names: tuple[str, ...] = NAMES) -> Step:
    return new_ladder(names, rules or LadderRules(), T0)


def played(step: Step, a: str, b: str, score_a: int, score_b: int, at: datetime) -> Step:
    s = challenge(step.ladder, step.state, a, b, at)
    s = accept(s.ladder, s.state, b, at + H)
    return record_result(s.ladder, s.state, ((a, score_a), (b, score_b)), at + 2 * H)


# ---- rules -------------------------------------------------------------------------------


def test_reach_in_places_and_as_a_share() -> None:
    assert Reach.parse("3").rungs(5) == 3 and Reach.parse("3").rungs(2) == 2
    assert Reach.parse("25%").rungs(8) == 2  # ceil(8 * 0.25)
    assert Reach.parse("25%").rungs(9) == 3  # rounded up
    assert Reach.parse("10%").rungs(1) == 1  # never less than the rung above
    assert str(Reach.parse(" 25% ")) == "25%"


@pytest.mark.parametrize(("values", "says"), [
    ({"reach": "0"}, "reach '0'"),
    ({"reach": "150%"}, "1% to 100%"),
    ({"best_of": 2}, "odd"),
    ({"accept_hours": 0}, "accept_hours = 0"),
    ({"lapse": "forfeet"}, "'forfeit' or 'void'"),
    ({"on_win": "jump"}, "'leapfrog' or 'swap'"),
    ({"cooldown": 3}, "unknown ladder rule(s) cooldown"),
])
def test_bad_rules_say_what_to_give(values: dict[str, object], says: str) -> None:
    with pytest.raises(LadderRulesError, match=None) as info:
        rules_from_mapping(values)
    assert says in str(info.value)


def test_rules_round_trip_through_plain_values() -> None:
    rules = rules_from_mapping({"reach": "25%", "best_of": 3, "on_win": "swap", "idle": "leave"})
    assert rules.reach == Reach(percent=25) and rules.on_win is OnWin.SWAP
    assert rules_from_mapping(rules_to_mapping(rules)) == rules
    assert rules_from_mapping({"reach": 2}).reach == Reach(places=2)


# ---- worked examples ---------------------------------------------------------------------


def test_leapfrog_worked_example() -> None:
    """Eve (5) beats Bob (2): Eve takes rung 2; Bob, Cat and Dan move down one."""
    step = played(start(), "Eve", "Bob", 412, 380, T0)
    assert step.ladder.names == ("Ann", "Eve", "Bob", "Cat", "Dan", "Fay")
    assert [e.kind for e in step.events] == [EventKind.GAME, EventKind.WON, EventKind.MOVED]
    assert "climbs from rung 5 to 2" in step.events[-1].text
    done = step.state.challenges[-1]
    assert (done.status, done.winner, done.games[0].challenger_score) == (ChallengeStatus.PLAYED, "Eve", 412)


def test_swap_worked_example() -> None:
    step = played(start(LadderRules(on_win=OnWin.SWAP)), "Eve", "Bob", 412, 380, T0)
    assert step.ladder.names == ("Ann", "Eve", "Cat", "Dan", "Bob", "Fay")


def test_the_challenged_holds_and_a_tie_holds_too() -> None:
    step = played(start(), "Eve", "Bob", 300, 380, T0)
    assert step.ladder.names == NAMES and step.state.challenges[-1].winner == "Bob"
    tied = played(start(), "Eve", "Bob", 380, 380, T0)
    assert tied.ladder.names == NAMES and tied.state.challenges[-1].winner is None
    assert "keeps the rung" in tied.state.challenges[-1].why


def test_best_of_three_is_decided_at_two_wins() -> None:
    step = start(LadderRules(best_of=3))
    step = challenge(step.ladder, step.state, "Cat", "Ann", T0)
    step = accept(step.ladder, step.state, "Ann", T0 + H)
    step = record_result(step.ladder, step.state, (("Ann", 400), ("Cat", 350)), T0 + 2 * H)
    assert step.state.open_of("Cat") is not None and step.ladder.names == NAMES
    step = record_result(step.ladder, step.state, (("Cat", 420), ("Ann", 350)), T0 + 3 * H,
                         starter="Ann")
    assert step.state.open_of("Cat") is not None
    step = record_result(step.ladder, step.state, (("Cat", 401), ("Ann", 400)), T0 + 4 * H)
    assert step.state.open_of("Cat") is None
    assert step.ladder.names[:3] == ("Cat", "Ann", "Bob")
    assert step.state.challenges[-1].why == "won 2-1, +21"


def test_reach_and_who_may_challenge_give_reasons() -> None:
    step = start(LadderRules(reach=Reach(places=2)))
    step = challenge(step.ladder, step.state, "Cat", "Bob", T0)
    targets = who_may_challenge(step.ladder, step.state, "Dan", T0 + H)
    assert targets.allowed == ()
    assert [n for n, _ in targets.excluded] == ["Bob", "Cat"]
    assert "open challenge (#1 with Cat)" in str(targets.excluded[0][1])
    assert who_may_challenge(step.ladder, step.state, "Fay", T0).allowed == ("Dan", "Eve")
    with pytest.raises(LadderRefused, match="out of reach"):
        challenge(step.ladder, step.state, "Fay", "Ann", T0)
    with pytest.raises(LadderRefused, match="goes up"):
        challenge(step.ladder, step.state, "Dan", "Fay", T0)
    with pytest.raises(LadderRefused, match="you have an open challenge"):
        challenge(step.ladder, step.state, "Cat", "Ann", T0)
    assert "at the top" in str(who_may_challenge(step.ladder, step.state, "Ann", T0).note)


def test_unanswered_challenge_is_forfeited_at_the_accept_deadline() -> None:
    step = start()
    step = challenge(step.ladder, step.state, "Dan", "Bob", T0)
    before = expire(step.ladder, step.state, T0 + 47 * H)
    assert before.events == () and before.state == step.state
    with pytest.raises(LadderRefused, match="lapsed"):
        accept(step.ladder, step.state, "Bob", T0 + 48 * H)
    after = expire(step.ladder, step.state, T0 + 50 * H)
    assert after.ladder.names == ("Ann", "Dan", "Bob", "Cat", "Eve", "Fay")
    assert [e.kind for e in after.events] == [EventKind.FORFEITED, EventKind.MOVED]
    closed = after.state.challenges[-1]
    assert closed.status is ChallengeStatus.FORFEITED and closed.closed_at == T0 + 48 * H


@pytest.mark.parametrize(("lapse", "names"), [
    (Lapse.FORFEIT, ("Ann", "Dan", "Bob", "Cat", "Eve", "Fay")),
    (Lapse.VOID, NAMES),
])
def test_unplayed_challenge_lapses_by_rule(lapse: Lapse, names: tuple[str, ...]) -> None:
    step = start(LadderRules(lapse=lapse, play_days=3))
    step = challenge(step.ladder, step.state, "Dan", "Bob", T0)
    step = accept(step.ladder, step.state, "Bob", T0 + H)
    with pytest.raises(LadderRefused, match="not played by"):
        record_result(step.ladder, step.state, (("Dan", 1), ("Bob", 0)), T0 + H + 3 * D)
    step = expire(step.ladder, step.state, T0 + 4 * D)
    assert step.ladder.names == names and step.state.open_of("Dan") is None


@pytest.mark.parametrize(("rule", "names", "status"), [
    (Decline.FORFEIT, ("Ann", "Dan", "Bob", "Cat", "Eve", "Fay"), ChallengeStatus.FORFEITED),
    (Decline.VOID, NAMES, ChallengeStatus.VOID),
])
def test_declining_by_rule(rule: Decline, names: tuple[str, ...], status: ChallengeStatus) -> None:
    step = start(LadderRules(decline=rule))
    step = challenge(step.ladder, step.state, "Dan", "Bob", T0)
    with pytest.raises(LadderRefused, match="only Bob answers"):
        decline(step.ladder, step.state, "Dan", T0)
    step = decline(step.ladder, step.state, "Bob", T0 + H)
    assert step.ladder.names == names and step.state.challenges[-1].status is status


def test_withdraw_voids_and_starts_no_cooldown() -> None:
    step = start()
    step = challenge(step.ladder, step.state, "Dan", "Bob", T0)
    with pytest.raises(LadderRefused, match="only the challenger withdraws"):
        withdraw(step.ladder, step.state, "Bob", T0)
    step = withdraw(step.ladder, step.state, "Dan", T0 + H)
    assert step.ladder.names == NAMES
    step = challenge(step.ladder, step.state, "Dan", "Bob", T0 + 2 * H)
    assert step.state.open_of("Bob") is not None


def test_cooldown_before_the_same_two_meet_again() -> None:
    step = played(start(LadderRules(cooldown_days=7)), "Dan", "Cat", 300, 400, T0)
    with pytest.raises(LadderRefused, match=r"again from Fri 08 Mar 2024 21:00 \(UTC\)"):
        challenge(step.ladder, step.state, "Dan", "Cat", T0 + 6 * D)
    assert "Bob" in who_may_challenge(step.ladder, step.state, "Dan", T0 + D).allowed
    again = challenge(step.ladder, step.state, "Dan", "Cat", T0 + 7 * D + 2 * H)
    assert again.state.open_of("Dan") is not None


def test_result_needs_an_accepted_challenge_between_the_two() -> None:
    step = start()
    step = challenge(step.ladder, step.state, "Dan", "Bob", T0)
    with pytest.raises(LadderRefused, match="not accepted yet"):
        record_result(step.ladder, step.state, (("Dan", 1), ("Bob", 0)), T0)
    with pytest.raises(LadderRefused, match="no open challenge between them"):
        record_result(step.ladder, step.state, (("Dan", 1), ("Cat", 0)), T0)


def test_newcomers_join_at_the_bottom() -> None:
    step = start()
    step = join(step.ladder, step.state, "  Gus  ", T0)
    assert step.ladder.names[-1] == "Gus" and step.ladder.rung("Gus") == 7
    with pytest.raises(LadderRefused, match="already on the ladder"):
        join(step.ladder, step.state, "gus", T0)
    with pytest.raises(LadderRefused, match="not on the ladder"):
        challenge(step.ladder, step.state, "Zed", "Ann", T0)


def test_idle_players_drop_or_leave() -> None:
    step = start(LadderRules(idle_days=30, idle_drop=2))
    step = played(step, "Cat", "Bob", 300, 400, T0 + 10 * D)  # Bob and Cat are active
    dropped = idle_drops(step.ladder, step.state, T0 + 30 * D)
    # Ann, Dan, Eve, Fay are idle; moved bottom up, each two rungs, clamped at the bottom.
    assert dropped.ladder.names == ("Bob", "Cat", "Ann", "Dan", "Eve", "Fay")
    assert idle_drops(dropped.ladder, dropped.state, T0 + 30 * D) == Step(
        dropped.ladder, dropped.state, ())
    leave = start(LadderRules(idle=Idle.LEAVE))
    leave = join(leave.ladder, leave.state, "Gus", T0 + 5 * D)
    gone = idle_drops(leave.ladder, leave.state, T0 + 31 * D)
    assert gone.ladder.names == ("Gus",) and set(gone.state.last_active) == {"Gus"}


# ---- properties --------------------------------------------------------------------------

ACTIONS = st.lists(
    st.tuples(st.sampled_from(["challenge", "accept", "decline", "withdraw", "result",
                               "expire", "idle", "join"]),
              st.integers(0, 9), st.integers(0, 9), st.integers(0, 600),
              st.integers(0, 500), st.integers(0, 500)),
    max_size=40)
RULES = st.builds(
    LadderRules,
    reach=st.sampled_from([Reach(places=1), Reach(places=3), Reach(percent=50)]),
    accept_hours=st.sampled_from([12, 48]), play_days=st.sampled_from([2, 7]),
    lapse=st.sampled_from(list(Lapse)), decline=st.sampled_from(list(Decline)),
    on_win=st.sampled_from(list(OnWin)), idle_days=st.sampled_from([5, 30]),
    idle=st.sampled_from(list(Idle)), idle_drop=st.integers(1, 3),
    cooldown_days=st.sampled_from([0, 3]), best_of=st.sampled_from([1, 3]))


def _expected_move(names: tuple[str, ...], rule: OnWin, winner: str, loser: str) -> tuple[str, ...]:
    w, lo = names.index(winner), names.index(loser)
    if rule is OnWin.SWAP:
        return tuple(winner if i == lo else loser if i == w else n for i, n in enumerate(names))
    return names[:lo] + (winner,) + names[lo:w] + names[w + 1:]


def _check(before: Step, after: Step, players: set[str], now: datetime) -> None:
    from core.ladder import replayed
    ladder, state = after.ladder, after.state
    assert replayed(ladder.rules, state) == ladder.names  # the order is its start and log's
    assert sorted(ladder.names) == sorted(players)  # a permutation of its players
    seen: list[str] = []
    for c in state.challenges:
        if c.is_open:
            seen += c.players
            assert ladder.rung(c.challenger) > ladder.rung(c.challenged)
    assert len(seen) == len(set(seen))  # nobody has two open challenges
    # Whoever won a challenge closed in this step moved exactly as the rule says.
    old = {c.number: c for c in before.state.challenges}
    won = [c for c in state.challenges if c.number in old and old[c.number].is_open
           and not c.is_open and c.winner == c.challenger]
    names = before.ladder.names
    for c in sorted(won, key=lambda c: (c.closed_at or now, c.number)):
        names = _expected_move(names, ladder.rules.on_win, c.challenger, c.challenged)
    if won or any(e.kind in (EventKind.IDLE_DROP, EventKind.LEFT, EventKind.JOINED)
                  for e in after.events):
        return
    assert ladder.names == names  # nothing else moves anyone


@settings(max_examples=150, deadline=None)
@given(rules=RULES, actions=ACTIONS)
def test_random_play_keeps_the_invariants(rules: LadderRules, actions: list[tuple[
        str, int, int, int, int, int]]) -> None:
    step = start(rules, NAMES[:5])
    players = set(NAMES[:5])
    now = T0
    joined = 0
    for op, i, j, hours, sa, sb in actions:
        now += timedelta(hours=hours)
        names = step.ladder.names
        if not names:
            break
        a, b = names[i % len(names)], names[j % len(names)]
        try:
            if op == "challenge":
                nxt = challenge(step.ladder, step.state, a, b, now)
                met = [c.closed_at for c in step.state.challenges if set(c.players) == {a, b}
                       and c.status in (ChallengeStatus.PLAYED, ChallengeStatus.FORFEITED)]
                assert all(now >= t + rules.cooldown for t in met if t)  # cooldown respected
                assert b in who_may_challenge(step.ladder, step.state, a, now).allowed
            elif op == "accept":
                nxt = accept(step.ladder, step.state, a, now)
            elif op == "decline":
                nxt = decline(step.ladder, step.state, a, now)
            elif op == "withdraw":
                nxt = withdraw(step.ladder, step.state, a, now)
            elif op == "result":
                c = step.state.open_of(a)
                other = b if c is None else (c.challenged if c.challenger == a else c.challenger)
                nxt = record_result(step.ladder, step.state, ((a, sa), (other, sb)), now)
            elif op == "expire":
                nxt = expire(step.ladder, step.state, now)
                again = expire(nxt.ladder, nxt.state, now)
                assert again == Step(nxt.ladder, nxt.state, ())  # idempotent
            elif op == "idle":
                nxt = idle_drops(step.ladder, step.state, now)
                players = set(nxt.ladder.names)
            else:
                joined += 1
                nxt = join(step.ladder, step.state, f"New {joined}", now)
                players.add(f"New {joined}")
        except LadderRefused:
            continue
        _check(step, nxt, players, now)
        step = nxt


@settings(max_examples=60, deadline=None)
@given(rules=RULES, pairs=st.lists(st.tuples(st.integers(1, 5), st.integers(1, 5)),
                                   max_size=6), later=st.integers(0, 2000))
def test_expire_applies_every_lapsed_deadline_once(rules: LadderRules,
                                                   pairs: list[tuple[int, int]],
                                                   later: int) -> None:
    step = start(rules)
    now = T0
    for lo, up in pairs:
        names = step.ladder.names
        try:
            step = challenge(step.ladder, step.state, names[lo], names[max(0, lo - up)], now)
        except LadderRefused:
            pass
        now += timedelta(hours=3)
    at = now + timedelta(hours=later)
    once = expire(step.ladder, step.state, at)
    assert all(c.deadline > at for c in once.state.challenges if c.is_open)
    assert expire(once.ladder, once.state, at) == Step(once.ladder, once.state, ())
    assert sorted(once.ladder.names) == sorted(NAMES)


def test_state_defaults_are_empty() -> None:
    assert LadderState().next_number() == 1 and Ladder(("A",)).rung("A") == 1


# ---- a result decided elsewhere, the stored record, the next deadline -------------------


def _accepted(step: Step, a: str, b: str) -> Step:
    s = challenge(step.ladder, step.state, a, b, T0)
    return accept(s.ladder, s.state, b, T0 + H)


def _outcome(*games: tuple[int, int], best_of: int = 1) -> MatchState:
    """A match as the bot keeps it (side 0 = the challenger), each game started by side 0."""
    return Match(best_of, tuple(MatchGame.played(0, a, b) for a, b in games)).state()


def test_record_decided_moves_as_record_result_does() -> None:
    from core.ladder import record_decided
    for on_win, order in ((OnWin.LEAPFROG, ("Ann", "Dan", "Bob", "Cat", "Eve", "Fay")),
                          (OnWin.SWAP, ("Ann", "Dan", "Cat", "Bob", "Eve", "Fay"))):
        s = _accepted(start(LadderRules(on_win=on_win)), "Dan", "Bob")
        done = record_decided(s.ladder, s.state, 1, _outcome((412, 380)), T0 + 9 * D)
        assert done.ladder.names == order  # not refused after play_by (7 days)
        c = done.state.challenges[0]
        assert (c.status, c.winner, c.why) == (ChallengeStatus.PLAYED, "Dan", "won 1-0, +32")
        assert done.state.last_active["Bob"] == T0 + 9 * D
        via_games = record_result(s.ladder, s.state, (("Dan", 400), ("Bob", 368)), T0 + 2 * H)
        assert via_games.ladder.names == order


def test_record_decided_the_challenged_holds_and_refusals() -> None:
    from core.ladder import record_decided
    s = _accepted(start(), "Dan", "Bob")
    held = record_decided(s.ladder, s.state, 1, _outcome((300, 400)), T0 + D)
    assert held.ladder.names == NAMES and held.events[0].kind is EventKind.HELD
    assert held.state.challenges[0].why == "held 1-0, +100"
    with pytest.raises(LadderRefused, match="not being played"):
        record_decided(held.ladder, held.state, 1, _outcome((400, 300)), T0 + D)
    with pytest.raises(LadderRefused, match="no challenge #7"):
        record_decided(s.ladder, s.state, 7, _outcome((400, 300)), T0 + D)
    with pytest.raises(LadderRefused, match="not decided yet"):
        record_decided(s.ladder, s.state, 1, _outcome((400, 300), best_of=3), T0 + D)


def test_the_record_round_trips_and_refuses_another_format() -> None:
    from core.ladder import from_record, to_record
    s = _accepted(start(LadderRules(reach=Reach(percent=75), best_of=3)), "Dan", "Bob")
    s = record_result(s.ladder, s.state, (("Dan", 400), ("Bob", 350)), T0 + 2 * H)
    ladder, state = from_record(to_record(s.ladder, s.state))
    assert (ladder, state.challenges, dict(state.last_active)) == (
        s.ladder, s.state.challenges, dict(s.state.last_active))
    assert (state.start, state.log) == (s.state.start, s.state.log)
    with pytest.raises(ValueError, match="format"):
        from_record({**to_record(ladder, state), "format": 3})
    with pytest.raises(ValueError, match="edited by hand"):
        from_record({**to_record(ladder, state), "names": list(reversed(ladder.names))})
    # a record from before the log: its order is the start
    old = {k: v for k, v in to_record(ladder, state).items() if k not in ("start", "log")}
    ladder1, state1 = from_record({**old, "format": 1})
    assert ladder1 == ladder and (state1.start, state1.log) == (ladder.names, ())


def test_next_deadline_is_the_earliest_change() -> None:
    from core.ladder import next_deadline
    s = start(LadderRules(idle_days=30))
    assert next_deadline(s.ladder, s.state) == T0 + 30 * D
    c = challenge(s.ladder, s.state, "Dan", "Bob", T0 + D)
    assert next_deadline(c.ladder, c.state) == T0 + D + 48 * H
    # nothing changes just before it; something does at it
    before = expire(c.ladder, c.state, T0 + D + 47 * H)
    assert before.events == () and expire(c.ladder, c.state, T0 + D + 48 * H).events


# ---- a director's correction: the rungs are worked out again from the log ---------------


def _two_results() -> Step:
    """#1 Dan beats Bob, then #2 Eve beats Bob: Ann Dan Eve Bob Cat Fay."""
    from core.ladder import record_decided
    s = _accepted(start(), "Dan", "Bob")
    s = record_decided(s.ladder, s.state, 1, _outcome((412, 380)), T0 + D)
    s = challenge(s.ladder, s.state, "Eve", "Bob", T0 + 2 * D)
    s = accept(s.ladder, s.state, "Bob", T0 + 2 * D + H)
    s = record_decided(s.ladder, s.state, 2, _outcome((400, 350)), T0 + 3 * D)
    assert s.ladder.names == ("Ann", "Dan", "Eve", "Bob", "Cat", "Fay")
    return s


def test_a_corrected_result_replays_the_later_moves() -> None:
    from core.ladder import correct_result, replayed
    s = _two_results()
    fixed = correct_result(s.ladder, s.state, 1, _outcome((300, 400)), T0 + 4 * D)
    # Bob held #1, so Eve's later win over Bob (made on the old rungs, it stands) leapfrogs
    # her from rung 5 over Bob at rung 2.
    assert fixed.ladder.names == ("Ann", "Eve", "Bob", "Cat", "Dan", "Fay")
    assert replayed(fixed.ladder.rules, fixed.state) == fixed.ladder.names
    assert [e.kind for e in fixed.events] == [EventKind.CORRECTED]
    assert fixed.events[0].text == ("A director corrected challenge #1: Bob kept the rung "
                                    "against Dan (held 1-0, +100). The rungs since are "
                                    "worked out again.")
    c = fixed.state.challenges[0]
    assert (c.status, c.winner, c.closed_at) == (ChallengeStatus.PLAYED, "Bob", T0 + D)
    # corrected back, the ladder is as it was; the same winner with a new score moves nobody
    back = correct_result(fixed.ladder, fixed.state, 1, _outcome((412, 380)), T0 + 5 * D)
    assert back.ladder.names == s.ladder.names
    rescored = correct_result(s.ladder, s.state, 1, _outcome((420, 380)), T0 + 5 * D)
    assert (rescored.ladder, rescored.events) == (s.ladder, ())
    assert rescored.state.challenges[0].why == "won 1-0, +40"


def test_a_tie_is_no_win_for_the_challenger_whatever_para_17_says() -> None:
    from core.ladder import correct_result, match_winner
    tie = _outcome((400, 400))  # the challenger started: SSSg para 17 gives it to side 1
    assert tie.winner == 1 and match_winner(tie) is None
    assert match_winner(_outcome((401, 400))) == 0
    s = _two_results()
    fixed = correct_result(s.ladder, s.state, 1, tie, T0 + 4 * D)
    assert fixed.state.challenges[0].winner is None
    assert "a tie, 0.5-0.5, +0: the defender keeps the rung" in fixed.events[0].text
    assert fixed.ladder.names == ("Ann", "Eve", "Bob", "Cat", "Dan", "Fay")


def test_a_reopened_challenge_is_played_again_and_refused_while_one_is_open() -> None:
    from core.ladder import reopen
    s = _two_results()
    again = reopen(s.ladder, s.state, 1, T0 + 4 * D)
    c = again.state.challenges[0]
    assert (c.status, c.winner, c.play_by) == (ChallengeStatus.ACCEPTED, None, T0 + 11 * D)
    assert again.ladder.names == ("Ann", "Eve", "Bob", "Cat", "Dan", "Fay")
    assert again.state.open_of("Dan") == c and "play it by Tue 12 Mar 2024 19:00 (UTC)" in again.events[0].text
    busy = challenge(s.ladder, s.state, "Dan", "Ann", T0 + 4 * D)
    with pytest.raises(LadderRefused, match="Dan has challenge #3 open"):
        reopen(busy.ladder, busy.state, 1, T0 + 4 * D)


def test_a_result_from_before_the_log_is_not_corrected() -> None:
    from core.ladder import correct_result, from_record, to_record
    s = _two_results()
    old = {k: v for k, v in to_record(s.ladder, s.state).items() if k not in ("start", "log")}
    ladder, state = from_record({**old, "format": 1})
    with pytest.raises(LadderRefused, match="before this ladder kept a log"):
        correct_result(ladder, state, 1, _outcome((300, 400)), T0 + 4 * D)


@settings(max_examples=80, deadline=None)
@given(rules=RULES, actions=ACTIONS, pick=st.integers(0, 20), flip=st.booleans())
def test_a_correction_keeps_the_invariants_and_undoes(rules: LadderRules, actions: list[tuple[
        str, int, int, int, int, int]], pick: int, flip: bool) -> None:
    from core.ladder import correct_result, replayed
    step, now = start(rules, NAMES[:5]), T0
    for op, i, j, hours, sa, sb in actions:
        now += timedelta(hours=hours)
        names = step.ladder.names
        if not names:
            return
        a, b = names[i % len(names)], names[j % len(names)]
        try:
            if op == "challenge":
                step = challenge(step.ladder, step.state, a, b, now)
            elif op == "accept":
                step = accept(step.ladder, step.state, a, now)
            elif op == "result":
                c = step.state.open_of(a)
                other = b if c is None else (c.challenged if c.challenger == a else c.challenger)
                step = record_result(step.ladder, step.state, ((a, sa), (other, sb)), now)
            elif op in ("expire", "idle"):
                step = (expire if op == "expire" else idle_drops)(step.ladder, step.state, now)
            elif op == "join":
                step = join(step.ladder, step.state, f"New {i}{j}{hours}", now)
        except LadderRefused:
            continue
        assert replayed(rules, step.state) == step.ladder.names  # the order is its log's
    played = [c for c in step.state.challenges if c.status is ChallengeStatus.PLAYED]
    if not played:
        return
    c = played[pick % len(played)]
    first = c.winner == c.challenger
    other = _outcome(*((300, 400) if first else (400, 300) for _ in range(rules.best_of // 2 + 1)),
                     best_of=rules.best_of) if flip else _outcome(
        *((400, 400),) * rules.best_of, best_of=rules.best_of)
    fixed = correct_result(step.ladder, step.state, c.number, other, now)
    assert sorted(fixed.ladder.names) == sorted(step.ladder.names)
    assert replayed(rules, fixed.state) == fixed.ladder.names
    if c.winner != c.challenger:  # it stays a loss or a tie: nobody moves
        assert fixed.ladder.names == step.ladder.names
    back = _outcome(*((400, 300) if first else (300, 400) for _ in range(rules.best_of // 2 + 1)),
                    best_of=rules.best_of)
    undone = correct_result(fixed.ladder, fixed.state, c.number, back, now)
    if first or c.winner is not None:
        assert undone.ladder.names == step.ladder.names  # corrected back: as it was


# ---- deadlines and a challenge played elsewhere -------------------------------------------


def test_a_decided_match_never_lapses_and_a_part_played_one_does_by_rule() -> None:
    s = _accepted(start(), "Dan", "Bob")
    late = T0 + 8 * D
    done = expire(s.ladder, s.state, late, {1: _outcome((412, 380))})
    assert done.state.challenges[0].status is ChallengeStatus.PLAYED  # the result stands
    assert done.ladder.names == ("Ann", "Dan", "Bob", "Cat", "Eve", "Fay")
    held = expire(s.ladder, s.state, late, {1: _outcome((400, 400))})
    assert held.state.challenges[0].winner is None and held.ladder.names == NAMES
    for lapse, says, order in (
            (Lapse.FORFEIT, "Dan wins challenge #1 against Bob without a game (not played "
             "within 7 days: forfeit; "
             "the game played (Dan 0-1 Bob) does not count).",
             ("Ann", "Dan", "Bob", "Cat", "Eve", "Fay")),
            (Lapse.VOID, "Challenge #1 (Dan v Bob) was not played within 7 days: void, nobody "
             "moves; the game played (Dan 0-1 Bob) does not count.", NAMES)):
        s = _accepted(start(LadderRules(best_of=3, lapse=lapse)), "Dan", "Bob")
        part = expire(s.ladder, s.state, late, {1: _outcome((300, 400), best_of=3)})
        assert part.events[0].text == says and part.ladder.names == order
        bare = expire(s.ladder, s.state, late, {1: _outcome(best_of=3)})
        assert "does not count" not in bare.events[0].text


def test_an_expelled_player_leaves_the_ladder_and_their_open_challenge_is_void() -> None:
    """A director expels a player: they leave (those under them move up a rung) and
    their accepted challenge ends void, nobody moving for it; the order is still the
    one the log replays, and a second expulsion of them is refused."""
    s = start()
    s = challenge(s.ladder, s.state, "Dan", "Cat", T0)
    s = accept(s.ladder, s.state, "Cat", T0 + H)
    out = expel(s.ladder, s.state, "Cat", T0 + 2 * H)
    assert out.ladder.names == ("Ann", "Bob", "Dan", "Eve", "Fay")
    c = next(c for c in out.state.challenges if c.number == 1)
    assert (c.status, c.winner) == (ChallengeStatus.VOID, None) and "expelled" in c.why
    assert out.state.open_of("Dan") is None and "Cat" not in out.state.last_active
    assert replayed(out.ladder.rules, out.state) == out.ladder.names
    assert [e.kind for e in out.events] == [EventKind.VOID, EventKind.LEFT]
    with pytest.raises(LadderRefused, match="not on the ladder"):
        expel(out.ladder, out.state, "Cat", T0 + 3 * H)
