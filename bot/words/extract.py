"""``python -m bot.words.extract``: write the catalogue's template, ``bot/words/messages.pot``,
from the messages marked in the code (run it after adding or changing a message; the tests
fail while the committed template is stale)."""

from __future__ import annotations

from bot.words.catalogue import TEMPLATE, template


def main() -> None:
    TEMPLATE.write_text(template(), encoding="utf-8")
    print(f"wrote {TEMPLATE}")


if __name__ == "__main__":
    main()
