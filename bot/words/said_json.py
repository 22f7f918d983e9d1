"""A record (``bot/words/said.py``) kept as JSON, to be written later in a language not
known yet: a message for a person who has no Telegram account yet is held in the outbox
until they join, and only then is their language known (the one their app reports).

Each value keeps its kind, so that the record read back renders as the one written: text
is a JSON string, a whole number a JSON number; the other kinds are tagged objects
(``{"decimal": "1.50"}``, ``{"moment": ISO, "zone": "Europe/Paris"}`` with the zone's name
so that it still says "CET", ``{"said": ...}``, ``{"lines": [...]}``, ``{"html": ...}``).
"""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from bot.words.said import Rendered, Said, Value


def dumps(record: Said) -> str:
    """The record as JSON text."""
    return json.dumps(to_json(record), ensure_ascii=False, separators=(",", ":"))


def loads(text: str) -> Said:
    """The record ``dumps`` wrote."""
    return from_json(json.loads(text))


def to_json(record: Said) -> dict[str, Any]:
    """The record as JSON-ready data (a part of a larger document)."""
    out: dict[str, Any] = {"message": record.message,
                           "values": [[name, _value(v)] for name, v in record.values]}
    if record.plural is not None:
        out["plural"], out["count"] = record.plural, record.count
    return out


def from_json(data: dict[str, Any]) -> Said:
    """The record ``to_json`` made."""
    values = tuple((name, _read(v)) for name, v in data["values"])
    return Said(data["message"], values, data.get("plural"), data.get("count"))


def _value(value: Value) -> Any:
    if isinstance(value, str | int) and not isinstance(value, bool):
        return value
    if isinstance(value, float):
        return {"float": value}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if isinstance(value, datetime):
        zone = value.tzinfo
        return {"moment": value.isoformat(),
                **({"zone": zone.key} if isinstance(zone, ZoneInfo) else {})}
    if isinstance(value, date):
        return {"day": value.isoformat()}
    if isinstance(value, Said):
        return {"said": to_json(value)}
    if isinstance(value, Rendered):
        return {"html": value.html}
    if isinstance(value, tuple):
        return {"lines": [_value(v) for v in value]}
    raise TypeError(f"{value!r} is not a record's value")


def _read(data: Any) -> Value:
    if isinstance(data, str | int):
        return data
    if "float" in data:
        return float(data["float"])
    if "decimal" in data:
        return Decimal(data["decimal"])
    if "moment" in data:
        moment = datetime.fromisoformat(data["moment"])
        return moment.astimezone(ZoneInfo(data["zone"])) if "zone" in data else moment
    if "day" in data:
        return date.fromisoformat(data["day"])
    if "said" in data:
        return from_json(data["said"])
    if "html" in data:
        return Rendered(data["html"])
    if "lines" in data:
        lines = [_read(v) for v in data["lines"]]
        return tuple(v for v in lines if isinstance(v, Said | Rendered))
    raise ValueError(f"{data!r} is not a kept record's value")
