"""The club ladder in the chat (examples/club_ladder.toml), for the ladder's chat tests:
the bot running with the ladder created and its people on Telegram."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path

from bot.telegram.harness import BotUnderTest
from tests.bot.cast import Cast, event_bot
from tests.bot.club_chat import linked_definition

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "club_ladder.toml"
LADDER = EXAMPLE.read_text()
IDS = {"Tara TD": 9001, "Ann Lee": 9011, "Ben Ong": 9012, "Cai Wen": 9013, "Dev Rao": 9014,
       "Eve Tan": 9015}


def ladder_definition(rules: dict[str, str] | None = None) -> str:
    """The example ladder with everyone's Telegram id and some rules changed."""
    text = LADDER
    for key, value in (rules or {}).items():
        start = text.index(f"\n{key} = ") + 1
        end = text.index("\n", start)
        text = text[:start] + f"{key} = {value}" + text[end:]
    return linked_definition(None, base=text, ids=IDS)


def ladder_bot(tmp_path: Path, rules: dict[str, str] | None = None,
               db_name: str = "ladder.sqlite3", *, db: Path | str | None = None
               ) -> AbstractAsyncContextManager[BotUnderTest]:
    """The ladder's bot; on ``db`` if given (tests/conftest.py's ``db_target``), else on
    the SQLite file ``db_name`` in ``tmp_path``."""
    return event_bot(db or tmp_path / db_name, ladder_definition(rules), IDS)


_cast = Cast(IDS)
user, say, tap, last = _cast.user, _cast.say, _cast.tap, _cast.last


async def order(bot: BotUnderTest) -> list[str]:
    """The ladder's names, top first, as stored."""
    import json
    async with bot.runtime.db.transaction() as tx:
        record = await tx.scalar("SELECT record_json FROM ladders")
    return list(json.loads(record)["names"])


def said_to(bot: BotUnderTest, name: str) -> str:
    """Everything the bot said to ``name``, one text."""
    return "\n".join(m.text or m.caption or "" for m in bot.telegram.sent(user(bot, name)))
