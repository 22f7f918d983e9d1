"""A chat test's transcript file name (tests/bot/transcripts.py) is one safe file name even
when the test's parameters hold "/" or spaces."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.transcripts import transcript_name, write_transcript


def test_a_parametrised_id_with_slashes_is_one_file_name() -> None:
    name = transcript_name("tests/bot/test_telegram_td.py::test_openround[/openround SF "
                           "until-give the date] (call)")
    assert name == "test_openround[_openround_SF_until-give_the_date]"
    assert "/" not in name and " " not in name


def test_the_transcript_is_written_under_the_directory(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDBOT_TRANSCRIPTS", str(tmp_path / "t"))
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/x.py::test_a[a/b/../c] (call)")
    path = write_transcript("hello")
    assert path is not None and path.parent == tmp_path / "t" and path.read_text() == "hello"
    monkeypatch.delenv("TDBOT_TRANSCRIPTS")
    assert write_transcript("hello") is None
