"""The core's words in no language yet (core/phrases.py): the English they read as, and the
record a journal line keeps them in."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from core.phrases import from_record, phrase, to_record

AT = datetime(2026, 3, 9, 17, 0, tzinfo=timezone(timedelta(hours=8)))


def test_a_phrase_reads_as_its_english_with_its_values() -> None:
    why = phrase("won {points}", points="412-380")
    said = phrase("{a} beat {b} by {at} ({why}).", a="Ann", b="Ben", at=AT, why=why)
    assert str(said) == "Ann beat Ben by Mon 09 Mar 2026 17:00 (UTC+08:00) (won 412-380)."


def test_a_phrase_kept_as_json_comes_back_the_same() -> None:
    said = phrase("{a} climbs {n} rungs by {at} ({why})", a="Ann", n=2, at=AT,
                  why=phrase("held {points}", points="1-0"))
    assert from_record(json.loads(json.dumps(to_record(said)))) == said


def test_a_record_an_older_version_wrote_is_no_phrase() -> None:
    assert from_record("Ann beat Ben.") is None
    assert from_record({"message": "{a}", "values": {"a": [1]}}) is None
    assert from_record({"message": "{a}", "values": {"a": True}}) is None
