"""Double elimination with the SSSg lower bracket: SSSg rules (SSSg 2016), Schedule and
Details table (round names and best-of), Annex A para 2 (grand final, one-game advantage),
para 3 (seeding tiers hold in the lower bracket too) and para 4 (best-of per round)."""

import hashlib
import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.knockout.bracket import Part, Status, champion, resolve, to_record
from core.knockout.double_elim import (
    _ORDERS,
    _major_meetings,
    _Tracks,
    analyse_drops,
    double_elimination,
)
from core.knockout.seeding import seat
from core.schedule import SSSG_TOP, BestOfSchedule

ONE = BestOfSchedule(base=1)


def test_sixteen_has_the_schedule_tables_rounds_and_best_of():
    """Schedule and Details table and para 4: lower rounds named and played as their
    upper counterpart; BO18 grand final with the upper winner one game up (para 2)."""
    b = double_elimination(16, SSSG_TOP)
    rounds = []
    for m in b.matches:
        key = (m.part.value, m.round_name, m.best_of, m.head_start)
        if key not in rounds:
            rounds.append(key)
    assert rounds == [
        ("upper", "Ro16", 11, 0),
        ("upper", "QF", 13, 0),
        ("lower", "Minor QF", 13, 0),
        ("upper", "SF", 15, 0),
        ("lower", "Major QF", 13, 0),
        ("upper", "Winners' Final", 17, 0),
        ("lower", "Minor SF", 15, 0),
        ("lower", "Major SF", 15, 0),
        ("lower", "Minor F", 17, 0),
        ("lower", "Losers' Final", 17, 0),
        ("final", "Grand Final", 18, 1),
    ]
    counts = Counter(m.round_name for m in b.matches)
    assert counts["Minor QF"] == counts["Major QF"] == 4 and counts["Losers' Final"] == 1
    assert len(b.matches) == 30


def test_major_rounds_take_upper_losers_and_minor_rounds_only_lower_players():
    """The minor/major alternation: a major match has one upper-bracket loser."""
    b = double_elimination(16, ONE)
    upper = {m.id for m in b.matches if m.part is Part.UPPER}
    for m in b.matches:
        if m.part is Part.LOWER:
            dropped = [s for s in m.slots if s.kind.value == "loser" and s.match in upper]
            expected = (
                2 if m.round == 1 else (1 if m.round_name.startswith(("Major", "Losers")) else 0)
            )
            assert len(dropped) == expected, m


# Earliest lower round where two players can meet again, computed over every result.
SEEDING_EARLIEST = {4: 2, 8: 2, 16: 2, 32: 2, 64: 2}
REMATCH_EARLIEST = {4: 2, 8: 3, 16: 4, 32: 5, 64: 7}


@pytest.mark.parametrize("size", [4, 8, 16, 32, 64])
def test_earliest_possible_rematch(size):
    """Para 3 fixes the drops of a full field (aligned by block), so a rematch is possible
    from the first major round; without seeding the drop order puts it off. 4 players: the
    Losers' Final is the first chance either way (the upper finalist already beat one)."""
    seeded = analyse_drops(double_elimination(size, ONE, drops="seeding"))
    free = analyse_drops(double_elimination(size, ONE, drops="rematch"))
    assert seeded.seeding_safe
    assert seeded.earliest_rematch == SEEDING_EARLIEST[size]
    assert free.earliest_rematch == REMATCH_EARLIEST[size]
    # The trade-off: putting rematches off breaks para 3 from 8 players up.
    assert free.seeding_safe == (size == 4)


def test_a_full_field_allows_only_the_aligned_drops():
    """Para 3, for every draw: with no byes every other standard order lets two seeds of a
    tier meet in the lower bracket before their round (the module docstring's proof)."""
    for size in (8, 16, 32):
        b = double_elimination(size, ONE)
        assert analyse_drops(b).seeding_safe
        majors = [m for m in b.matches if m.part is Part.LOWER and m.round == 2]
        aligned = [m.slots[0].match for m in majors]
        for order in _ORDERS:
            if order(aligned) != aligned:
                shifted = _reorder(b, majors, order(aligned))
                assert not analyse_drops(shifted).seeding_safe, (size, order.__name__)


def _reorder(b, majors, drops):
    new = {m.id: replace(m, slots=(replace(m.slots[0], match=d), m.slots[1]))
           for m, d in zip(majors, drops, strict=True)}  # fmt: skip
    return replace(b, matches=tuple(new.get(m.id, m) for m in b.matches))


# Fields where every top-quarter seed has a bye (para 2): no seed that para 3 keeps
# apart can lose in round 1, so the drops may cross blocks and put rematches off.
BYE_FIELDS = {
    3: (2, "Losers' Final"),
    6: (3, "Minor F"),
    7: (2, "Major SF"),
    12: (4, "Major SF"),
    13: (2, "Major QF"),
    24: (4, "Major QF"),
    25: (2, "Major Ro16"),
    40: (4, "Major Ro16"),
}


@pytest.mark.parametrize("n", sorted(BYE_FIELDS))
def test_byes_to_the_top_quarter_let_the_drops_put_rematches_off(n):
    """Para 2 (byes to the top x by rating) and para 3: with at most three quarters of the
    seats filled the first possible rematch moves from lower round 2 to round 3 or 4, and
    seeds still keep their tiers for every draw; fuller fields stay at round 2."""
    b = double_elimination(n, ONE)
    found = analyse_drops(b, byes=b.size - n)
    assert found.seeding_safe
    assert (found.earliest_rematch, found.earliest_rematch_name) == BYE_FIELDS[n]


@pytest.mark.parametrize("n", [6, 12, 24])
def test_seeded_drops_with_byes_hold_in_play(n):
    """Played at random on random draws: seeds meet no earlier than their tier allows
    (para 3) and no pair meets twice before the computed earliest lower round."""
    rng = random.Random(n)
    b = double_elimination(n, ONE)
    earliest = analyse_drops(b, byes=b.size - n).earliest_rematch
    names = [f"p{i:02d}" for i in range(n)]
    for _ in range(150):
        seating = seat(names, rng)
        drawn = b.with_seating(seating.seats, seating.seeds)
        views, _ = play(drawn, rng)
        rank = {p: i for i, p in enumerate(seating.seeds)}
        met = set()
        for m in b.matches:
            v = views[m.id]
            if v.status is not Status.PLAYED or m.part is Part.FINAL:
                continue
            ranks = [rank.get(p) for p in v.players]
            if None not in ranks:
                assert max(ranks) >= b.size >> m.level, (m, v.players)
            pair = frozenset(v.players)
            if pair in met:
                assert m.part is Part.LOWER and m.round >= earliest, (n, m)
            met.add(pair)


def test_rematch_analysis_agrees_with_play():
    """Played at random, no pair meets twice before the computed earliest lower round."""
    rng = random.Random(5)
    for size in (8, 16, 32):
        b = double_elimination(size, ONE, drops="rematch")
        earliest = analyse_drops(b).earliest_rematch
        names = [f"p{i}" for i in range(size)]
        for _ in range(30):
            seating = seat(names, rng)
            views, _ = play(b.with_seating(seating.seats, seating.seeds), rng)
            met = set()
            for m in b.matches:
                v = views[m.id]
                if v.status is not Status.PLAYED or m.part is Part.FINAL:
                    continue
                pair = frozenset(v.players)
                if pair in met:
                    assert m.round >= earliest, (size, m)
                met.add(pair)


def play(b, rng):
    winners = {}
    while True:
        views = resolve(b, winners)
        ready = [v for v in views.values() if v.status is Status.READY]
        if not ready:
            return views, winners
        for v in ready:
            winners[v.spec.id] = rng.choice(v.players)


@given(
    st.integers(2, 70),
    st.integers(0, 10**6),
    st.sampled_from(["head_start", "reset", "single"]),
)
def test_nobody_is_out_before_two_losses(n, s, gf):
    """Double elimination: everyone but the champion goes out on a second loss, except
    an upper-bracket winner who loses a grand final played without a reset; the champion
    has at most one loss. Seeds meet no earlier than their tier allows (para 3), in the
    upper and the lower bracket alike."""
    rng = random.Random(s)
    names = [f"p{i:02d}" for i in range(n)]
    b = double_elimination(n, SSSG_TOP, grand_final=gf)
    seating = seat(names, rng)
    b = b.with_seating(seating.seats, seating.seeds)
    views, _ = play(b, rng)
    losses = Counter(v.loser.player for v in views.values() if v.status is Status.PLAYED)
    champ = champion(b, views)
    assert champ is not None
    assert losses[champ] <= 1
    gf_match = next(m for m in b.matches if m.part is Part.FINAL)
    gf_view = views[gf_match.id]
    for name in names:
        if name == champ:
            continue
        upper_winner_lost_final = gf != "reset" and gf_view.occupants[0].player == name
        assert losses[name] == (1 if upper_winner_lost_final else 2), name
    seed_rank = {p: i for i, p in enumerate(seating.seeds, start=1)}
    for m in b.matches:
        v = views[m.id]
        if v.status is not Status.PLAYED or m.part is Part.FINAL:
            continue
        ranks = [seed_rank.get(p) for p in v.players]
        if None not in ranks:
            assert max(ranks) > b.size >> m.level, (m, v.players)


@given(st.integers(2, 70), st.integers(0, 10**6))
def test_the_same_seed_gives_the_same_draw(n, s):
    names = [f"p{i}" for i in range(n)]
    b1 = double_elimination(n, SSSG_TOP)
    b2 = double_elimination(n, SSSG_TOP)
    assert b1 == b2
    assert seat(names, random.Random(s)) == seat(names, random.Random(s))


def test_a_reset_is_played_only_if_the_lower_winner_wins():
    """Grand final options (beside SSSg's head start of para 2): with a bracket
    reset, a second match is played only if the lower-bracket winner wins the first."""
    b = double_elimination(2, ONE, grand_final="reset").with_seating(("a", "b"), ("a",))
    first, final, reset = (m.id for m in b.matches)
    views = resolve(b, {first: "a", final: "a"})
    assert views[reset].status is Status.NOT_NEEDED and champion(b, views) == "a"
    views = resolve(b, {first: "a", final: "b"})
    assert views[reset].status is Status.READY and views[reset].players == ("a", "b")
    views = resolve(b, {first: "a", final: "b", reset: "b"})
    assert champion(b, views) == "b"


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="grand final"):
        double_elimination(4, ONE, grand_final="bogus")
    with pytest.raises(ValueError, match="drop order"):
        double_elimination(4, ONE, drops="bogus")


def test_byes_beyond_the_top_quarter_change_nothing():
    """Only the top quarter's byes matter to para 3 in the lower bracket (the tiers it
    constrains there are at most a quarter of the seats), so 9 to 12 players in 16 seats
    get the same shape, as do 13 to 16."""
    assert len({double_elimination(n, ONE).matches for n in (9, 10, 11, 12)}) == 1
    assert len({double_elimination(n, ONE).matches for n in (13, 14, 15, 16)}) == 1
    assert double_elimination(12, ONE).matches != double_elimination(13, ONE).matches


def _major_rounds(b):
    """Each major round of a built bracket: its matches (dropping slot first)."""
    rounds = {}
    for m in b.matches:
        if m.part is Part.LOWER and m.slots[0].kind.value == "loser" and m.round % 2 == 0:
            rounds.setdefault(m.round, []).append(m)
    return list(rounds.values())


@pytest.mark.parametrize(
    "n", [3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 20, 24, 25, 31, 32, 33, 40, 48, 49, 64]
)
def test_the_fast_drop_count_agrees_with_the_exhaustive_analysis(n):
    """The drop order is chosen on counts worked out for the major-round shape
    (``_major_meetings``); they must equal what the exhaustive pair-by-pair analysis
    (``_Tracks.meet``, the one ``analyse_drops`` reports) finds, for every standard order
    of every major round, and every number of byes that para 3 can see (para 2-3)."""
    b = double_elimination(n, ONE)
    tracks = _Tracks(b.matches, b.size)
    for byes in sorted({0, 1, 2, b.size - n, b.size // 4}):
        for majors in _major_rounds(b):
            level = majors[0].level
            dropping = [m.slots[0].match for m in majors]
            for order in _ORDERS:
                for upper_id, m in zip(order(dropping), majors, strict=True):
                    staying = tracks.arriving(m.slots[1])
                    met, clash = tracks.meet(tracks.dropped(upper_id), staying, level, byes)
                    block = min(tracks.seats[upper_id]) >> level
                    fast = _major_meetings(block, staying, level, b.size, byes)
                    assert fast == (len(met), bool(clash)), (n, byes, m.id, order.__name__)


# Fingerprints of the brackets the exhaustive drop-order search (the code before the
# fast count) built, for every field up to 128 and a sample above: (drops, first n, last
# n) -> sha256 of the bracket record. Fields that share a shape share a fingerprint.
BUILT_BY_THE_EXHAUSTIVE_SEARCH = {
    ("seeding", 2, 2): "4fe0d37c3bad47e4",
    ("seeding", 3, 4): "3ff4a32070f21fa6",
    ("seeding", 5, 6): "bdf85f6053ec66ae",
    ("seeding", 7, 8): "65f057751952d17d",
    ("seeding", 9, 12): "51053ad39eaaed03",
    ("seeding", 13, 16): "4496d3495695f01b",
    ("seeding", 17, 24): "64e686c95586410f",
    ("seeding", 25, 32): "6bc1361898c1df23",
    ("seeding", 33, 48): "9c2a6259198c8aff",
    ("seeding", 49, 64): "f9001ee0be49bb39",
    ("seeding", 65, 96): "971e91a092794703",
    ("seeding", 97, 128): "c57809ee66b97e51",
    ("seeding", 129, 129): "133a4e14aa63cf2d",
    ("seeding", 150, 150): "133a4e14aa63cf2d",
    ("seeding", 192, 192): "133a4e14aa63cf2d",
    ("seeding", 200, 200): "a9c85d6ffe30b5c2",
    ("seeding", 240, 240): "a9c85d6ffe30b5c2",
    ("seeding", 256, 256): "a9c85d6ffe30b5c2",
    ("seeding", 300, 300): "a0c05727d0a9abc5",
    ("seeding", 400, 400): "00f70cbcfe92460b",
    ("seeding", 480, 480): "00f70cbcfe92460b",
    ("seeding", 500, 500): "00f70cbcfe92460b",
    ("seeding", 512, 512): "00f70cbcfe92460b",
    ("rematch", 2, 2): "4fe0d37c3bad47e4",
    ("rematch", 3, 4): "3ff4a32070f21fa6",
    ("rematch", 5, 8): "bdf85f6053ec66ae",
    ("rematch", 9, 16): "25ebf3caee1f9835",
    ("rematch", 17, 32): "7cbfa4fa202535c1",
    ("rematch", 33, 64): "b020915b7cfa980d",
    ("rematch", 65, 128): "0baa3e7fc8284ca2",
    ("rematch", 129, 129): "0f56513a79915d6e",
    ("rematch", 200, 200): "0f56513a79915d6e",
    ("rematch", 256, 256): "0f56513a79915d6e",
    ("rematch", 300, 300): "01b22a14366bc22d",
    ("rematch", 512, 512): "01b22a14366bc22d",
}


def _fingerprint(b) -> str:
    record = json.dumps(to_record(b), sort_keys=True).encode()
    return hashlib.sha256(record).hexdigest()[:16]


def test_the_fast_build_makes_the_brackets_the_exhaustive_search_made():
    """The faster drop-order count changes no bracket: every field from 2 to 128 players
    and a sample up to 512, in both drop modes, is the bracket the exhaustive search
    built (para 3 kept for every draw, rematches put off as before)."""
    for (drops, first, last), expected in BUILT_BY_THE_EXHAUSTIVE_SEARCH.items():
        for n in range(first, last + 1):
            got = _fingerprint(double_elimination(n, ONE, drops=drops))
            assert got == expected, (drops, n)
