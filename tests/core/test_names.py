"""core/names.py: the one rule for a typed name (exact, then case aside, then whole words
in order, then starts of words in order; ambiguity and nobody refused, naming the
candidates). Examples first, then properties over generated names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.names import NameRefused, matches_of, pick

PEOPLE = ["Ricky Purnomo", "Jeremy Khoo", "Tan Wei", "Tanya Lim", "Ann Lee", "Ann Tan"]


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("Ricky Purnomo", "Ricky Purnomo"), ("  ricky   PURNOMO ", "Ricky Purnomo"),
        ("Ricky", "Ricky Purnomo"), ("Purnomo", "Ricky Purnomo"), ("Ric", "Ricky Purnomo"),
        ("R. Purnomo", "Ricky Purnomo"), ("J Khoo", "Jeremy Khoo"), ("Tan W", "Tan Wei"), ("Wei", "Tan Wei"),
        ("tany", "Tanya Lim"), ("Ann L", "Ann Lee"), ("ann tan", "Ann Tan"),
    ],
)  # fmt: skip
def test_examples(said: str, name: str) -> None:
    assert PEOPLE[pick(said, PEOPLE)] == name


def test_exact_beats_case_aside() -> None:
    """Two people whose names differ only in case: the one typed exactly is meant."""
    assert pick("Ann lee", ["Ann Lee", "Ann lee"]) == 1
    assert pick("Ann Lee", ["Ann Lee", "Ann lee"]) == 0
    with pytest.raises(NameRefused, match="could be Ann Lee or Ann lee"):
        pick("ANN LEE", ["Ann Lee", "Ann lee"])


def test_a_whole_name_beats_a_longer_one_that_starts_with_it() -> None:
    assert pick("ann", ["Ann Lee", "Ann"]) == 1


def test_ambiguous_and_none_name_the_candidates() -> None:
    with pytest.raises(NameRefused) as caught:
        pick("Ann", PEOPLE)
    assert caught.value.ambiguous and caught.value.candidates == ("Ann Lee", "Ann Tan")
    assert str(caught.value) == "'Ann' could be Ann Lee or Ann Tan: give more of the name"
    with pytest.raises(NameRefused) as caught:
        pick("Bob", ["Ann Lee", "Dev Rao"])
    assert not caught.value.ambiguous and caught.value.candidates == ("Ann Lee", "Dev Rao")
    assert str(caught.value) == "nobody called 'Bob' here: give one of Ann Lee or Dev Rao"
    with pytest.raises(NameRefused, match="more than one person is called 'Ann Lee'"):
        pick("ann", ["Ann Lee", "Ann Lee"])
    with pytest.raises(NameRefused, match="could be Tan Wei or Ann Tan"):
        pick("Tan", PEOPLE)  # a whole word of both
    assert pick("tan", ["Tanya Lim", "Tan Wei"]) == 1  # a whole word beats a start
    with pytest.raises(NameRefused):
        pick("Purnomo Ricky", PEOPLE)  # words in order
    with pytest.raises(NameRefused):
        pick("   ", PEOPLE)


def test_a_name_that_matches_nobody_suggests_the_closest() -> None:
    """A letter wrong, missing or swapped: the refusal says whom it may have meant, closest
    first, and only those (a long list of everyone is no help on a phone)."""
    with pytest.raises(NameRefused) as caught:
        pick("Rikcy Purnomo", PEOPLE)
    assert caught.value.close == ("Ricky Purnomo",)
    assert str(caught.value) == "nobody called 'Rikcy Purnomo' here: did you mean Ricky Purnomo?"
    assert caught.value.did_you_mean == " (did you mean Ricky Purnomo?)"
    with pytest.raises(NameRefused) as caught:
        pick("Jermey", PEOPLE)  # one word of the name, misspelt
    assert caught.value.close == ("Jeremy Khoo",)
    with pytest.raises(NameRefused) as caught:
        pick("Anne", PEOPLE)
    assert set(caught.value.close) == {"Ann Lee", "Ann Tan"}
    with pytest.raises(NameRefused) as caught:
        pick("0AA", ["Aa", "B"])  # the whole name and its one word: one suggestion
    assert caught.value.close == ("Aa",)
    with pytest.raises(NameRefused) as caught:
        pick("Zed", PEOPLE)  # close to nobody: the names to choose from instead
    assert caught.value.close == () and caught.value.did_you_mean == ""
    assert str(caught.value).startswith("nobody called 'Zed' here: give one of Ricky Purnomo")


WORD = st.from_regex(r"[A-Z][a-z]{0,6}", fullmatch=True)
NAME = st.lists(WORD, min_size=1, max_size=3).map(" ".join)
PEOPLE_LISTS = st.lists(NAME, min_size=1, max_size=6, unique_by=str.casefold)
SAID = st.text(max_size=20) | NAME | st.lists(
    st.from_regex(r"[A-Za-z]{1,4}\.?", fullmatch=True), min_size=1, max_size=3).map(" ".join)


def _fits(said: str, name: str) -> bool:
    """Each word said starts a later word of the name (the weakest level)."""
    words = name.casefold().split()
    at = 0
    for w in said.casefold().split():
        w = w.rstrip(".") or w
        while at < len(words) and not words[at].startswith(w):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


@given(PEOPLE_LISTS, st.data())
def test_a_whole_name_in_any_case_or_spacing_picks_itself(people: list[str],
                                                          data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(people) - 1))
    said = data.draw(st.sampled_from([people[i], people[i].upper(), people[i].lower(),
                                      "  " + people[i].replace(" ", "   ") + " "]))
    assert pick(said, people) == i


@given(PEOPLE_LISTS, SAID)
def test_a_pick_matches_what_was_said_and_a_refusal_names_real_people(
        people: list[str], said: str) -> None:
    try:
        i = pick(said, people)
    except NameRefused as refused:
        assert set(refused.candidates) <= set(people)
        if refused.ambiguous:
            assert len(refused.candidates) >= 2
            assert all(_fits(said, c) for c in refused.candidates)
        else:
            assert refused.candidates == tuple(people)
            assert not any(_fits(said, p) for p in people) or not said.split()
        assert set(refused.close) <= set(people) and len(set(refused.close)) == len(refused.close)
        shown = refused.close if refused.close and not refused.ambiguous else refused.candidates
        for name in shown:
            assert name in str(refused)
        return
    assert _fits(said, people[i])


@given(PEOPLE_LISTS, SAID, st.randoms(use_true_random=False))
def test_the_order_of_the_people_does_not_change_whom_a_name_means(
        people: list[str], said: str, rnd: object) -> None:
    shuffled = list(people)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    before = {people[i] for i in matches_of(said, people)}
    after = {shuffled[i] for i in matches_of(said, shuffled)}
    assert before == after


@given(PEOPLE_LISTS, SAID)
def test_unique_when_one_person_fits_at_all(people: list[str], said: str) -> None:
    """If exactly one person fits the weakest level, the name means them."""
    fitting = [i for i, p in enumerate(people) if _fits(said, p)]
    if said.split() and len(fitting) == 1:
        assert pick(said, people) == fitting[0]
