"""The catalogue's template and the checks of a translation, read and written with Babel.

The template (``bot/words/messages.pot``) holds every message the code marks (``_``, ``n_``,
``N_``: ``bot.words``; the records ``said`` and ``said_n``: ``bot.words.said``; the core's
``phrase``: ``core.phrases``); it is extracted from the source, so the tests compare the committed
file with a fresh extraction and fail when someone changed a message without running
``python -m bot.words.extract``, which also brings each shipped translation up to date with
it (``updated``). Each shipped translation must translate every message of the template,
with the same placeholders (a misspelt ``{name}`` would break the message at
the moment it is sent).
"""

from __future__ import annotations

import re
import string
from datetime import datetime
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.words import DOMAIN

PACKAGE = Path(__file__).resolve().parent
TEMPLATE = PACKAGE / "messages.pot"
LOCALES = PACKAGE / "locales"
#: The code the messages are extracted from: the whole ``bot`` package.
SOURCE_ROOT = PACKAGE.parent
#: The names that mark a message, and which arguments are its texts.
KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "n_": (1, 2), "N_": None,
                                               "said": None, "said_n": (1, 2)}
#: The core's words (``core/phrases.py``), marked by ``phrase``: extracted too, so that what
#: the core says is translated like the bot's own messages.
CORE_ROOT = SOURCE_ROOT.parent / "core"
CORE_KEYWORDS: dict[str, tuple[int, ...] | None] = {"phrase": None}
#: Fixed, so that the template changes only when a message does.
_HEADER_DATE = datetime(2026, 1, 1)


def template() -> str:
    """The template as extracted now from ``bot/`` and ``core/``: messages sorted, their source files
    noted without line numbers (a line moving is not a message changing)."""
    catalog = Catalog(project="TDBot", domain=DOMAIN, creation_date=_HEADER_DATE,
                      msgid_bugs_address="", copyright_holder="TDBot's authors",
                      charset="utf-8")
    catalog.fuzzy = False
    found = extract_from_dir(str(SOURCE_ROOT), [("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        path = f"bot/{Path(filename).as_posix()}"
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(CORE_ROOT), [("**.py", "python")], keywords=CORE_KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        path = f"core/{Path(filename).as_posix()}"
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    out = BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False)
    return out.getvalue().decode("utf-8")


def updated(po: Path, template_text: str) -> str:
    """The shipped translation ``po`` brought up to date with the template: a message new
    to the template gets an empty entry (so that whoever added it sees it to translate:
    ``problems`` names it), one the template no longer has is dropped; the translated
    ones and the header (its Plural-Forms too) stay as they are. No fuzzy guesses: a guess
    would read as a translation where there is none."""
    template_catalog = read_po(BytesIO(template_text.encode("utf-8")), domain=DOMAIN)
    catalog = read(po, po.parent.parent.name)
    catalog.update(template_catalog, no_fuzzy_matching=True, update_header_comment=False,
                   update_creation_date=False)
    out = BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    return out.getvalue().decode("utf-8")


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=locale, domain=DOMAIN)


def problems(template_catalog: Catalog, translation: Catalog) -> list[str]:
    """What a translation lacks: each message of the template it does not translate (no
    entry, an empty one, or one marked fuzzy), or whose placeholders differ from the
    English's. Empty when it is complete."""
    found = []
    for message in template_catalog:
        if not message.id:
            continue  # the header
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        done = translation.get(key, message.context)
        forms = [] if done is None else (
            list(done.string) if isinstance(done.string, tuple | list) else [done.string])
        if done is None or done.fuzzy or not forms or not all(forms):
            found.append(f"not translated: {key!r}")
            continue
        wanted = _placeholders(message.id)
        for form in forms:
            if _placeholders(form or "") != wanted:
                found.append(f"placeholders differ in {key!r}: {form!r}")
    return found


def _placeholders(text: str | tuple[str, ...] | list[str]) -> set[str]:
    """The ``{name}`` fields of a message (of all its forms), without their format specs;
    ``{n}`` is left out, since a language whose singular is for one may write "one"."""
    texts = [text] if isinstance(text, str) else list(text)
    names = set()
    for t in texts:
        for _, field, _, _ in string.Formatter().parse(t):
            if field is not None:
                names.add(re.split(r"[.\[]", field)[0])
    return names - {"n"}


def locale_catalogues() -> dict[str, Path]:
    """The shipped translations by language."""
    return {po.parent.parent.name: po for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}
