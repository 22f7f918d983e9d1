"""The one players-CSV parser (``core.formats.players_csv``) that ``tdbot files draw``,
``tdbot files simulate`` and ``tdbot players import`` share."""

from __future__ import annotations

import csv
import io
import unicodedata
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.formats.players_csv import (
    MAX_RATING,
    TELEGRAM_ID_LIMIT,
    PlayerRow,
    PlayersCsvError,
    parse_players_csv,
)


def test_comma_semicolon_and_tab_files_read_alike() -> None:
    rows = [["Name", "Rating", "Phone"], ["Lim, Aaron", "1800", "9123 4567"], ["Bea", "1700", ""]]
    results = []
    for sep in (",", ";", "\t"):
        out = io.StringIO()
        csv.writer(out, delimiter=sep).writerows(rows)
        results.append(parse_players_csv(out.getvalue()))
    assert results[0] == results[1] == results[2] == (
        PlayerRow(2, "Lim, Aaron", 1800, "9123 4567"),
        PlayerRow(3, "Bea", 1700),
    )


def test_a_bom_any_case_header_columns_in_any_order_and_spreadsheet_spellings() -> None:
    text = (
        "\ufeffClub;Membership Until;RATING;Telegram ID;NAME\r\n"
        "KL;2016-12-31;1800.0;5001;  Ann   Lee \r\n"
        "SG;;;;Bob\r\n"
    )
    assert parse_players_csv(text) == (
        PlayerRow(2, "Ann Lee", 1800, "", 5001, date(2016, 12, 31)),
        PlayerRow(3, "Bob", 0),  # an empty rating is unrated: 0
    )


def test_a_team_is_read_like_a_name_and_is_optional() -> None:
    rows = parse_players_csv(f"Name,Team,Rating\nAnn,  Raffles   Institution ,1\nBob,,2\n"
                             f"Cai,{'T' * 32},3\n")
    assert [p.team for p in rows] == ["Raffles Institution", "", "T" * 32]
    assert parse_players_csv("name,rating\nAnn,1\n")[0].team == ""


def test_rows_are_the_spreadsheets_blank_and_multi_line_rows_included() -> None:
    text = 'name,rating\n\nAnn,1\n"Bea\nTan",2\n,,\nCal,3\n'
    assert [(p.row, p.name) for p in parse_players_csv(text)] == [
        (3, "Ann"), (4, "Bea Tan"), (7, "Cal"),
    ]  # fmt: skip


def test_ratings_from_0_to_4000_and_whole_numbers_only() -> None:
    ok = parse_players_csv(f"name,rating\nA,0\nB,{MAX_RATING}\nC,1800.00\nD, 1500 \n")
    assert [p.rating for p in ok] == [0, MAX_RATING, 1800, 1500]
    for raw, message in [
        ("18OO", "row 2: rating '18OO' is not a whole number"),
        ("1800.5", "row 2: rating '1800.5' is not a whole number"),
        ("nan", "row 2: rating 'nan' is not a whole number"),
        ("inf", "row 2: rating 'inf' is not a whole number"),
        ("-1", "row 2: rating '-1' is out of range: ratings go from 0 to 4000"),
        ("4001", "row 2: rating '4001' is out of range: ratings go from 0 to 4000"),
    ]:
        with pytest.raises(PlayersCsvError) as err:
            parse_players_csv(f"name,rating\nA,{raw}\n")
        assert str(err.value).startswith(message), str(err.value)
        assert err.value.row == 2


def test_the_file_name_goes_first_in_a_message() -> None:
    with pytest.raises(PlayersCsvError) as err:
        parse_players_csv("name,rating\nA,1\nB,2\nC,18OO\n")
    assert err.value.where("players.csv") == "players.csv row 4: rating '18OO' is not a whole number"
    with pytest.raises(PlayersCsvError) as err:
        parse_players_csv("")
    assert err.value.where("p.csv").startswith("p.csv: the file is empty")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("name,rating\n\n", "the file has a header but no players"),
        ("name\nBea\n", "row 1: the header needs the columns name and rating; missing: rating"),
        ("Ann,1500\nBob,1400\n", "missing: name, rating (the header is: Ann, 1500)"),
        ("name,rating,Name\nA,1,B\n", "row 1: the column name appears twice"),
        ("name,rating\n,1500\n", "row 2: the name is empty"),
        ("name,rating\nBea,1\nBEA,2\n", "row 3: 'BEA' appears twice (also row 2)"),
        ("name,rating\nZo\u00eb,1\nzoe\u0308,2\n", "row 3: 'zo\u00eb' appears twice"),
        ("name,rating\nLim, Aaron,1800\n", "row 2: 3 values but the header has 2 columns"),
        ('name,rating\n"Ann" Lee,1\n', "row 2: cannot read this row"),
        ('name,rating\nAnn,1\n"Bob,2\n', "row 3: cannot read this row"),
        ("name,rating,telegram_id\nA,1,0\n", "row 2: telegram_id '0' is not a Telegram user id"),
        ("name,rating,telegram_id\nA,1,-5\n", "telegram_id '-5' is not a Telegram user id"),
        ("name,rating,telegram_id\nA,1,1.2E+09\n", "telegram_id '1.2E+09' is not a Telegram"),
        (f"name,rating,telegram_id\nA,1,{TELEGRAM_ID_LIMIT}\n", "is not a Telegram user id"),
        ("name,rating,telegram_id\nA,1,12345678901234567890\n", "of at most 19 digits"),
        ("name,rating,telegram_id\nA,1,5\nB,2,5\n", "row 3: telegram_id 5 appears twice (also row 2)"),
        ("name,rating,membership_until\nA,1,31/12/2016\n",
         "row 2: membership_until '31/12/2016' is not a date; write it as YYYY-MM-DD"),
        (f"name,rating,team\nA,1,{'T' * 33}\n",
         "row 2: team 'TTTTTTTTTTTTTTTTTTTTTTTTTTT...' is 33 characters long; a team name has "
         "at most 32 (what a TRF file holds): shorten it"),
    ],
)  # fmt: skip
def test_mistakes_name_the_row_and_the_fix(text: str, message: str) -> None:
    with pytest.raises(PlayersCsvError) as err:
        parse_players_csv(text)
    assert message in str(err.value)


def test_the_largest_telegram_id_and_trailing_empty_cells_are_fine() -> None:
    (row,) = parse_players_csv(f"name,rating,telegram_id\nA,1,{TELEGRAM_ID_LIMIT - 1},,\n")
    assert row.telegram_id == TELEGRAM_ID_LIMIT - 1


_names = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=12
).filter(lambda s: s.strip() != "")


@given(
    st.lists(st.tuples(_names, st.integers(0, MAX_RATING)), min_size=1, max_size=12),
    st.sampled_from([",", ";", "\t"]),
)
def test_what_a_spreadsheet_writes_reads_back(rows: list[tuple[str, int]], sep: str) -> None:
    """Any list a spreadsheet writes (quoted as needed, any separator) reads back as the
    same names and ratings, or is refused for a duplicate name; never anything else."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep)
    writer.writerow(["name", "rating"])
    writer.writerows(rows)
    expected = [(" ".join(unicodedata.normalize("NFC", n).split()), r) for n, r in rows]
    folded = [name.casefold() for name, _ in expected]
    if len(set(folded)) < len(folded):
        with pytest.raises(PlayersCsvError, match="appears twice"):
            parse_players_csv(out.getvalue())
    else:
        assert [(p.name, p.rating) for p in parse_players_csv(out.getvalue())] == expected
