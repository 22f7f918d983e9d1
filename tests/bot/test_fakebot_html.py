"""Telegram's HTML parse mode as the fake applies it (Bot API, "Formatting options").

The property that matters to the project: any text passed through ``html.escape``
comes out of the fake exactly as typed, with no entities; and offsets count UTF-16
code units, so names with emoji or accents still get their bold in the right place.
"""

from __future__ import annotations

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.fakebot.errors import ApiError
from bot.fakebot.html_text import (
    command_entities,
    parse_html,
    render_plain,
    strip_outer_whitespace,
    utf16_len,
)

TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)


@given(TEXT)
def test_escaped_text_comes_back_unchanged(text: str) -> None:
    assert parse_html(html.escape(text)) == (text, [])


@given(TEXT, TEXT)
def test_bold_entity_offsets_are_utf16(before: str, inside: str) -> None:
    plain, entities = parse_html(f"{html.escape(before)}<b>{html.escape(inside)}</b>")
    assert plain == before + inside
    if inside:
        assert entities == [
            {"type": "bold", "offset": utf16_len(before), "length": utf16_len(inside)}
        ]
    else:
        assert entities == []


def test_emoji_counts_two_units() -> None:
    assert parse_html("😀 <i>Ann</i>")[1] == [{"type": "italic", "offset": 3, "length": 3}]


@pytest.mark.parametrize(
    "source, error",
    [
        ("<Bob>", 'Unsupported start tag "bob" at byte offset 0'),
        ("mail <kahn@inbox.ru>", 'Unsupported start tag "kahn@inbox.ru" at byte offset 5'),
        ("3 < 4", "Empty tag name at byte offset 2"),
        ("é <b", "Unclosed start tag at byte offset 3"),
        ("<b>open", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<b>x</i>", 'expected "</b>", found "</i>"'),
        ("x</b>", "Unexpected end tag at byte offset 1"),
        ('<span class="x">y</span>', 'must have class "tg-spoiler"'),
    ],
)
def test_bad_html_is_rejected_as_telegram_does(source: str, error: str) -> None:
    with pytest.raises(ApiError) as caught:
        parse_html(source)
    assert caught.value.status == 400
    assert caught.value.description.startswith("Bad Request: can't parse entities: ")
    assert error in caught.value.description


def test_supported_tags_and_entities() -> None:
    text, entities = parse_html(
        '<a href="https://x.org/?a=1&amp;b=2">site</a> <tg-spoiler>s</tg-spoiler> '
        '<pre><code class="language-python">p</code></pre> &#33;&#x21; A &amp; B & C'
    )
    assert text == "site s p !! A & B & C"
    kinds = [e["type"] for e in entities]
    assert kinds == ["text_link", "spoiler", "pre", "code"]
    assert entities[0]["url"] == "https://x.org/?a=1&b=2"
    assert entities[2]["language"] == "python"
    assert render_plain(text, entities) == "site (https://x.org/?a=1&b=2) s p !! A & B & C"


def test_trimming_moves_entities() -> None:
    text, entities = parse_html("  <b>hi</b> there \n")
    assert strip_outer_whitespace(text, entities) == (
        "hi there",
        [{"type": "bold", "offset": 0, "length": 2}],
    )


def test_user_text_gets_command_entities_like_a_client() -> None:
    found = command_entities("/start abc then /help@tdbot_test_bot and @alice_b")
    assert [(e["type"], e["offset"], e["length"]) for e in found] == [
        ("bot_command", 0, 6),
        ("bot_command", 16, 20),
        ("mention", 41, 8),
    ]
    assert command_entities("412-380 a/b") == []
