"""The adapter's small pure parts: command table, /help text, URLs, back-off, keyboards.

Rules checked ("/help shows only what that person may do"; "--base-url ... file
downloads then use the same host's /file/bot"; "retries failures with back-off").
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.people.standing_texts import help_text
from bot.telegram import commands, texts
from bot.telegram.app import file_url_for
from bot.telegram.sender import reply_markup, retry_delay, split_text
from bot.words.said import english


def test_a_player_is_not_offered_td_commands() -> None:
    names = {c.name for c in commands.allowed({("player", "sssg")})}
    assert {"start", "help", "matches"} <= names
    assert not names & {"draw", "openround", "pending", "invites"}


def test_a_td_is_offered_td_commands_and_a_stranger_only_the_basics() -> None:
    assert {"draw", "openround", "pending"} <= {
        c.name for c in commands.allowed({("td", "sssg")})}
    assert [c.name for c in commands.allowed(())] == ["start", "help"]


def test_help_text_lists_exactly_the_allowed_commands() -> None:
    text = english(help_text(frozenset({("player", "sssg")}), can_create_events=False))
    assert "/matches" in text and "/draw" not in text and ".toml" not in text
    stranger = english(help_text(frozenset(), can_create_events=False))
    assert "invite link" in stranger
    assert ".toml" in english(help_text(frozenset({("organiser", "sssg")}),
                                        can_create_events=True))


def test_refusals_escape_user_text() -> None:
    assert texts.refused("no player <b>&</b>") == "⚠️ No player &lt;b&gt;&amp;&lt;/b&gt;"



def test_a_refusal_reads_as_a_sentence_but_a_name_or_code_that_begins_it_stays_as_typed() -> None:
    """The catalogue words refusals in lower case for the command line ("error: ..."); in
    the chat each begins with a capital, in every language, unless a value begins it."""
    from bot.service.platform.errors import Invalid
    from bot.service.platform.limits import SEED
    from bot.words import for_locale
    from bot.words.said import said, text

    with pytest.raises(Invalid) as seed:
        SEED.parse("1e9")
    assert texts.refused(seed.value) == (
        "⚠️ The seed must be a whole number from 0 to 999999999, not '1e9'")
    assert texts.refused(seed.value, lang="fr").startswith("⚠️ La graine du tirage doit")
    assert texts.refusal_text(seed.value, lang="fr").startswith("La graine du tirage doit")
    assert text(seed.value.record, for_locale("en")).startswith("the seed")  # the CLI's
    named = Invalid(said("{source}: brackets nested hundreds deep", source="cup.toml"))
    assert texts.refused(named) == "⚠️ cup.toml: brackets nested hundreds deep"


@pytest.mark.parametrize(
    ("base", "files"),
    [
        ("http://127.0.0.1:8081/bot", "http://127.0.0.1:8081/file/bot"),
        ("https://api.telegram.org/bot/", "https://api.telegram.org/file/bot"),
        ("http://h:1/prefix/bot", "http://h:1/prefix/file/bot"),
    ],
)
def test_file_url_sits_beside_the_api_url(base: str, files: str) -> None:
    assert file_url_for(base) == files


def test_a_base_url_without_bot_is_refused_with_an_example() -> None:
    with pytest.raises(ValueError, match="must end in /bot"):
        file_url_for("http://127.0.0.1:8081")


def test_back_off_doubles_then_caps_at_an_hour() -> None:
    delays = [retry_delay(n) for n in range(1, 15)]
    assert delays[:3] == [timedelta(seconds=5), timedelta(seconds=10), timedelta(seconds=20)]
    assert all(a <= b for a, b in zip(delays, delays[1:], strict=False))
    assert delays[-1] == timedelta(hours=1)
    with pytest.raises(ValueError):
        retry_delay(0)


def test_stored_buttons_become_an_inline_keyboard() -> None:
    markup = reply_markup([[{"text": "Agree", "data": "a:1"}, {"text": "Site", "url": "https://x.org"}]])
    assert markup is not None
    agree, site = markup.inline_keyboard[0]
    assert (agree.text, agree.callback_data) == ("Agree", "a:1")
    assert site.url == "https://x.org"
    assert reply_markup([]) is None


def test_long_texts_are_cut_at_line_ends_within_telegrams_limit() -> None:
    lines = [f"<b>M{i}</b>: Player {i} v Player {i + 1}" for i in range(400)]
    text = "\n".join(lines)
    pieces = split_text(text, limit=1000)
    assert all(len(p) <= 1000 for p in pieces)
    assert "\n".join(pieces) == text  # nothing lost, nothing reordered
    assert all(p.count("<b>") == p.count("</b>") for p in pieces)  # no tag cut in two
    assert split_text("short") == ["short"]
    assert split_text("x" * 2500, limit=1000) == ["x" * 1000, "x" * 1000, "x" * 500]
