"""The message catalogue (bot/words): the committed template is the one the code's messages
make, every shipped language translates all of it with the same placeholders, and a
language's catalogue is what a reader of that language gets (English, the source, else)."""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import bot.words
from bot.service.people import standing_texts
from bot.telegram import keyboards
from bot.telegram.commands import COMMANDS, summary
from bot.words import DOMAIN, for_locale
from bot.words.catalogue import (
    TEMPLATE,
    locale_catalogues,
    problems,
    read,
    template,
    updated,
)
from bot.words.said import english
from tests.bot import catalogues


def test_the_committed_template_holds_the_messages_of_the_code() -> None:
    """Fails when a message was added or changed without ``python -m bot.words.extract``."""
    assert TEMPLATE.read_text(encoding="utf-8") == template(), (
        "bot/words/messages.pot is stale: run .venv/bin/python -m bot.words.extract")


def test_the_template_holds_the_adapter_s_messages() -> None:
    """Spot checks that extraction finds each kind of mark: ``_``, ``n_`` and ``N_``."""
    catalog = read(TEMPLATE)
    assert catalog.get("Reject") is not None  # keyboards.py, _()
    assert catalog.get(standing_texts.STRANGER) is not None  # a constant, N_()
    assert catalog.get(COMMANDS[0].summary) is not None  # the command menu, N_()
    plural = catalog.get("{n} message, the last: ")  # n_()
    assert plural is not None and plural.id == ("{n} message, the last: ",
                                                "{n} messages, the last: ")


@pytest.mark.parametrize("locale", sorted(locale_catalogues()))
def test_every_shipped_language_translates_every_message(locale: str) -> None:
    template_catalog = read(TEMPLATE)
    assert problems(template_catalog, read(locale_catalogues()[locale], locale)) == []


def _complete(locale: str = "fr") -> Catalog:
    """A translation of the whole template (each message marked, its placeholders kept)."""
    catalog = Catalog(locale=locale, domain=DOMAIN)
    for message in read(TEMPLATE):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string: str | tuple[str, ...] = (f"[{locale}] {message.id[0]}",
                                             f"[{locale}] {message.id[1]}")
        else:
            string = f"[{locale}] {message.id}"
        catalog.add(message.id, string, context=message.context)
    return catalog


def test_a_complete_translation_passes() -> None:
    assert problems(read(TEMPLATE), _complete()) == []


def test_a_translation_missing_a_message_fails_and_names_it() -> None:
    fixture = _complete()
    fixture.delete("Reject")
    empty = fixture.get("Nothing waits for you.")
    assert empty is not None
    empty.string = ""
    assert problems(read(TEMPLATE), fixture) == ["not translated: 'Nothing waits for you.'",
                                                 "not translated: 'Reject'"]


def test_a_fuzzy_or_misspelt_translation_fails() -> None:
    fixture = _complete()
    fuzzy = fixture.get("Cancel")
    assert fuzzy is not None
    fuzzy.flags.add("fuzzy")
    wrong = fixture.get("Approve {entry}")
    assert wrong is not None
    wrong.string = "Approuver {entree}"
    assert problems(read(TEMPLATE), fixture) == [
        "placeholders differ in 'Approve {entry}': 'Approuver {entree}'",
        "not translated: 'Cancel'",
    ]


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A tiny shipped language: a few messages of the template translated to French, its
    catalogue in a locales folder the package reads instead of its own."""
    catalog = Catalog(locale="fr", domain=DOMAIN)
    catalog.add("Reject", "Refuser")
    catalog.add("Approve {entry}", "Accepter {entry}")
    catalog.add(("{n} message, the last: ", "{n} messages, the last: "),
                ("{n} message, le dernier : ", "{n} messages, le dernier : "))
    catalog.add(standing_texts.STRANGER, "Bonjour ! Je suis <b>TDBot</b>.")
    catalog.add("Cancel", "Annuler", flags=["fuzzy"])
    po = catalogues.ship(catalog, tmp_path, monkeypatch)
    yield po
    catalogues.forget()


def test_a_reader_gets_their_language_and_english_where_it_lacks_a_message(french: Path) -> None:
    assert bot.words.locales() == ["fr"]
    fr = for_locale("fr")
    assert fr.locale == "fr"
    row = keyboards.join_decision(7, "Ann <Lee>", lang="fr")
    assert [b["text"] for b in row] == ["Accepter Ann <Lee>", "Refuser"]
    assert fr.gettext(standing_texts.STRANGER) == "Bonjour ! Je suis <b>TDBot</b>."
    # French's plural rule (Babel's default for fr) puts 0 with 1, unlike English
    assert fr.n_("{n} message, the last: ", "{n} messages, the last: ", 0) == (
        "0 message, le dernier : ")
    assert for_locale("en").n_("{n} message, the last: ", "{n} messages, the last: ", 0) == (
        "0 messages, the last: ")
    assert fr._("Cancel") == "Cancel"  # fuzzy: not trusted, said in English
    assert fr._("Nothing waits for you.") == "Nothing waits for you."  # not translated
    assert for_locale("fr_CA").locale == "fr"
    assert for_locale("ms").locale == "en"
    assert summary(COMMANDS[1], (), lang="fr") == COMMANDS[1].summary


def test_english_is_the_source_and_needs_no_catalogue() -> None:
    en = for_locale("en")
    assert en.locale == "en"
    assert "en" not in locale_catalogues()
    assert en._("Hello again, {name}! Type /help to see what you can do.", name="Ann") == (
        english(standing_texts.welcome_back("Ann")))
    assert en.gettext(standing_texts.STRANGER) is standing_texts.STRANGER



def _marked_calls() -> Iterator[tuple[str, int, list[str], set[str]]]:
    """Each ``_()``/``n_()``/``said()``/``said_n()`` call of ``bot/`` with literal messages and named values only:
    its file, line, message texts and the names it puts in."""
    root = Path(bot.words.__file__).resolve().parents[1]
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", "")
            texts_given = 2 if name in ("n_", "said_n") else 1 if name in ("_", "said") else 0
            args = node.args[:texts_given]
            if not texts_given or len(args) < texts_given or not all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # **values: checked by the tests that say the message
            names = {k.arg for k in node.keywords if k.arg is not None}
            if name in ("n_", "said_n"):
                names.add("n")
            messages = [a.value for a in args if isinstance(a, ast.Constant)]
            yield str(path.relative_to(root)), node.lineno, messages, names


def test_every_message_is_given_exactly_the_values_it_names() -> None:
    """A placeholder with no value would fail only when that message is sent, in a chat;
    a value no placeholder names is a message that says less than the code meant."""
    wrong = []
    calls = list(_marked_calls())
    for where, line, messages, names in calls:
        wanted: set[str] = set()
        for message in messages:
            wanted |= {f.split(".")[0].split("[")[0]
                       for _, f, _, _ in string.Formatter().parse(message) if f}
        if names and wanted != names - ({"n"} - wanted):
            wrong.append(f"{where}:{line}: names {sorted(wanted)}, given {sorted(names)}")
        elif not names and wanted:
            wrong.append(f"{where}:{line}: names {sorted(wanted)}, given none")
    assert len(calls) > 100
    assert wrong == []


def test_each_shipped_translation_is_up_to_date_with_the_template() -> None:
    """Fails when a message was added or removed without ``python -m bot.words.extract``,
    which gives each shipped translation an empty entry for it (or drops it)."""
    text = TEMPLATE.read_text(encoding="utf-8")
    for po in locale_catalogues().values():
        assert po.read_text(encoding="utf-8") == updated(po, text), (
            f"{po} is stale: run .venv/bin/python -m bot.words.extract")


def test_updating_a_translation_adds_the_new_messages_empty_and_drops_the_removed(
        tmp_path: Path) -> None:
    template_catalog = Catalog(domain=DOMAIN)
    template_catalog.add("Reject")
    template_catalog.add("Approve {entry}")
    template_catalog.add(("{n} message", "{n} messages"))
    out = BytesIO()
    write_po(out, template_catalog)
    old = Catalog(locale="fr", domain=DOMAIN)
    old.mime_headers = [*old.mime_headers, ("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    old.add("Reject", "Refuser")
    old.add("Gone now", "Parti")
    po = tmp_path / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as fp:
        write_po(fp, old)
    po.write_text(updated(po, out.getvalue().decode("utf-8")), encoding="utf-8")
    new = read(po, "fr")
    assert {m.id if isinstance(m.id, str) else tuple(m.id): m.string for m in new if m.id} == {
        "Reject": "Refuser", "Approve {entry}": "", ("{n} message", "{n} messages"): ("", "")}
    assert "Gone now" not in po.read_text(encoding="utf-8")  # not even as an obsolete entry
    assert new.plural_forms == "nplurals=2; plural=(n > 1);"  # the header kept
    assert problems(template_catalog, new) == ["not translated: 'Approve {entry}'",
                                               "not translated: '{n} message'"]


def test_french_has_the_two_plural_forms_of_french_grammar() -> None:
    """One for 0 and 1, the other from 2 (gettext's rule for French; CLDR's third form,
    for round millions, would only add a "de"): "0 partie annulée", "2 parties"."""
    catalog = read(locale_catalogues()["fr"], "fr")
    assert catalog.plural_forms == "nplurals=2; plural=(n > 1);"
    fr = for_locale("fr")
    line = ("{n} message, the last: ", "{n} messages, the last: ")
    assert [fr.n_(*line, n) for n in (0, 1, 2)] == [
        "0 message, le dernier : ", "1 message, le dernier : ", "2 messages, le dernier : "]
