"""A translation made up for a test, shipped in place of the package's own: the tests of
the words read a message in a language whose text they choose."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import bot.words
from bot.service.people import languages
from bot.words import DOMAIN, for_locale


def ship(catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Ship ``catalog`` (its locale's ``.po`` under ``tmp_path``) as the only translation,
    until the test ends; returns the ``.po`` written. The caches of what is shipped are
    cleared now and by ``forget`` after."""
    po = tmp_path / str(catalog.locale) / "LC_MESSAGES" / f"{DOMAIN}.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as fp:
        write_po(fp, catalog)
    monkeypatch.setattr(bot.words, "LOCALES", tmp_path)
    forget()
    return po


def forget() -> None:
    """Drop what was read of the shipped translations (after a test that shipped its own)."""
    for_locale.cache_clear()
    languages.shipped.cache_clear()
