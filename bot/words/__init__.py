"""The bot's words in one language: a message catalogue read through gettext.

Every message of the Telegram adapter is written in English in the source, inside ``_()``
(one message), ``n_()`` (a message that varies with a count) or ``N_()`` (a message kept in
a constant or a table and looked up where it is shown). The English text is the message's
id, so English needs no catalogue: ``for_locale("en")`` returns the source strings as they
are. Another language ships as ``bot/words/locales/<lang>/LC_MESSAGES/tdbot.po``, translated
from the template ``bot/words/messages.pot`` (``python -m bot.words.extract`` writes it).

Values go in by name (``_("You won {match}", match=esc(code))``), never by position or by
gluing pieces together, so that a translation may put them in another order. A value is
escaped for Telegram HTML before it is put in; the HTML tags stay in the message.
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from io import BytesIO

#: The language the messages are written in: its catalogue is the source itself.
SOURCE = "en"
#: The gettext domain: ``locales/<lang>/LC_MESSAGES/tdbot.po``.
DOMAIN = "tdbot"
#: Where the translations ship: inside the package, so that the wheel carries them.
LOCALES: Traversable = files(__name__) / "locales"


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined (a constant, a table's value)
    and returns it untranslated: its user translates it with ``Words.gettext``."""
    return message


class Words:
    """The messages of one language. ``_`` and ``n_`` translate, then put the named values
    in (``str.format``); ``gettext`` and ``ngettext`` only translate."""

    def __init__(self, locale: str, translations: gettext.NullTranslations) -> None:
        self.locale = locale
        self._translations = translations

    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._translations.ngettext(singular, plural, n)

    def _(self, message: str, /, **values: object) -> str:
        """One message, its ``{name}`` placeholders filled from ``values``. A message given
        no values is returned as it stands (braces and all)."""
        text = self.gettext(message)
        return text.format(**values) if values else text

    def n_(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The form of a message for the count ``n`` (English: the singular for 1; other
        languages have their own rules, in their catalogue's Plural-Forms), with ``{n}``
        and the named ``values`` put in."""
        return self.ngettext(singular, plural, n).format(n=n, **values)


def locales() -> list[str]:
    """The languages shipped with a catalogue (English, the source, has none)."""
    if not LOCALES.is_dir():
        return []
    return sorted(d.name for d in LOCALES.iterdir()
                  if (d / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())


@cache
def for_locale(locale: str = SOURCE) -> Words:
    """The words of ``locale`` ("fr", "ms", "fr_FR"): its catalogue, else its language's
    ("fr" for "fr_FR"), else English, the source. An entry the catalogue lacks or marks
    fuzzy is said in English."""
    shipped = locales()
    for name in (locale, locale.split("_")[0]):
        if name != SOURCE and name in shipped:
            return Words(name, _read(name))
    return Words(SOURCE, gettext.NullTranslations())


def _read(locale: str) -> gettext.GNUTranslations:
    """A ``.po`` file compiled in memory: the package ships the text catalogue only, so a
    translation edited in the repository needs no build step."""
    # Babel is imported here, not at the top: English, the only language most runs use,
    # never reads a catalogue, and the command line starts faster without it.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = LOCALES / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as fp:
        catalog = read_po(fp, locale=locale, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
