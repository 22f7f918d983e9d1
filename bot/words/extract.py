"""``python -m bot.words.extract``: write the catalogue's template, ``bot/words/messages.pot``,
from the messages marked in the code, and bring each shipped translation
(``bot/words/locales/<lang>/LC_MESSAGES/tdbot.po``) up to date with it: a new message gets
an empty entry to translate, a removed one is dropped. Run it after adding or changing a
message; the tests fail while the template is stale or a translation lacks a message."""

from __future__ import annotations

from bot.words.catalogue import TEMPLATE, locale_catalogues, template, updated


def main() -> None:
    text = template()
    TEMPLATE.write_text(text, encoding="utf-8")
    print(f"wrote {TEMPLATE}")
    for locale, po in locale_catalogues().items():
        po.write_text(updated(po, text), encoding="utf-8")
        print(f"updated {po} ({locale})")


if __name__ == "__main__":
    main()
