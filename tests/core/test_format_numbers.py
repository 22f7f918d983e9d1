"""Numbers read from tournament files are written with the ASCII digits 0-9. ``str.isdigit``
takes "²" (which ``int`` then refuses with a bare ValueError) and ``int`` or regex ``\\d``
take "١٥٠٠" and "1_0": a fuzzer found the first; each is a ``FormatError`` naming the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats import FormatError, is_digits, is_signed_digits
from core.formats.trf import read_trf
from core.formats.tsh import read_tsh

DATA = Path(__file__).parent.parent / "data"
TRF = (DATA / "swiss_small.trf").read_text()
TRF_LINES = TRF.splitlines()
#: The first player line (Anand) and where it sits in the file.
ANAND = next(i for i, line in enumerate(TRF_LINES) if line.startswith("001    1"))


def _trf_with(line: str) -> str:
    return "\n".join(TRF_LINES[:ANAND] + [line] + TRF_LINES[ANAND + 1:]) + "\n"


def test_a_superscript_in_a_trf_opponent_column_is_a_format_error() -> None:
    player = TRF_LINES[ANAND]
    bad = player[:91] + "   ²" + player[95:]  # round 1 opponent, columns 92-95
    with pytest.raises(FormatError) as refused:
        read_trf(_trf_with(bad))
    assert refused.value.line == ANAND + 1
    assert refused.value.message == (
        "round 1 opponent (columns 92-95) must be a number written with 0-9, found '²'")


@pytest.mark.parametrize("digits", ["²७५०", "٢٧٥٠", "2_75"])
def test_other_digits_in_a_trf_rating_are_a_format_error(digits: str) -> None:
    player = TRF_LINES[ANAND]
    bad = player[:48] + digits.rjust(4) + player[52:]  # rating, columns 49-52
    with pytest.raises(FormatError, match="rating \\(columns 49-52\\) must be a number"):
        read_trf(_trf_with(bad))


def test_a_superscript_in_a_trf_team_line_is_not_a_member() -> None:
    team = "013 " + "Chennai".ljust(32) + "   1   ²"
    division = read_trf(TRF + team + "\n")
    assert [p.team for p in division.players[:2]] == ["Chennai", ""]


TSH = "Lee, Ann 1500 2; 400\nOng, Ben 1400 1; 350\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Lee, Ann 1500 2; 400 ²\nOng, Ben 1400 1; 350\n", "'²'"),
        ("Lee, Ann 1500 2; 4_00\nOng, Ben 1400 1; 350\n", "'4_00'"),
        ("Lee, Ann 1500 2; ٤٠٠\nOng, Ben 1400 1; 350\n", "'٤٠٠'"),
    ],
)
def test_tsh_scores_must_be_written_with_0_to_9(text: str, words: str) -> None:
    with pytest.raises(FormatError) as refused:
        read_tsh(text)
    assert refused.value.line == 1
    assert refused.value.message == f"scores must be whole numbers written with 0-9, found {words}"


def test_a_tsh_rating_in_another_script_is_not_read_as_a_number() -> None:
    """"Lee, Ann ١٥٠٠ 2" has no rating in 0-9, so the line does not read (before, \\d made
    it a rating of 1500 without a word)."""
    assert read_tsh(TSH)[0].players[0].rating == 1500
    with pytest.raises(FormatError) as refused:
        read_tsh(TSH.replace("1500", "١٥٠٠"))
    assert refused.value.line == 1


@given(st.text(max_size=8))
def test_the_digit_checks_say_yes_exactly_when_int_reads_plain_digits(text: str) -> None:
    plain = text != "" and all(c in "0123456789" for c in text)
    assert is_digits(text) is plain
    signed = text[1:] if text[:1] in ("+", "-") else text
    assert is_signed_digits(text) is (signed != "" and all(c in "0123456789" for c in signed))
    if is_signed_digits(text):
        int(text)  # and int() reads whatever the checks accept
