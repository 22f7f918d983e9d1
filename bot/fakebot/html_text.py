"""Telegram's HTML parse mode, as the server applies it to a message text.

Telegram does not store HTML: it parses the text into plain text plus entities with
offsets in UTF-16 code units, and answers 400 "can't parse entities" when the HTML
is not the small subset it supports (Bot API, "Formatting options" / "HTML style":
b, strong, i, em, u, ins, s, strike, del, span class="tg-spoiler", tg-spoiler, a href,
tg-emoji, code, pre, blockquote [expandable]; only &lt; &gt; &amp; &quot; and numeric
entities). Doing the same here is what lets tests catch a name like "<Bob>" that the
bot forgot to escape: the fake rejects it exactly as Telegram would.

A bare "&" that starts no supported entity is kept as text, as Telegram's parser
(tdlib) does; error texts follow tdlib's ("Unsupported start tag "x" at byte offset 0").
"""

from __future__ import annotations

import html
import re
from typing import Any

from bot.fakebot.errors import ApiError, bad_request

_SIMPLE = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
}
# A tag's name runs to the first space or ">", as in tdlib's parser: so "<a@b.org>" is
# the unsupported start tag "a@b.org", and "< " an empty tag name.
_TAG = re.compile(r"<(/?)([^\s>]*)([^>]*)(>?)")
_ATTR = re.compile(r"""([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")
_ENTITY = re.compile(r"&(lt|gt|amp|quot|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});")


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units: the unit of every Bot API entity offset."""
    return len(text.encode("utf-16-le")) // 2


def _cant_parse(what: str) -> ApiError:
    return bad_request(f"can't parse entities: {what}")


def _attrs(raw: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for m in _ATTR.finditer(raw):
        value = m.group(2) if m.group(2) is not None else (m.group(3) or m.group(4) or "")
        found[m.group(1).lower()] = html.unescape(value)
    return found


def _entity_for(name: str, attrs: dict[str, str], offset: int) -> dict[str, Any]:
    if name in _SIMPLE:
        kind = _SIMPLE[name]
        if name == "blockquote" and "expandable" in attrs:
            kind = "expandable_blockquote"
        return {"type": kind}
    if name == "span":
        if attrs.get("class") != "tg-spoiler":
            raise _cant_parse(f'Tag "span" must have class "tg-spoiler" at byte offset {offset}')
        return {"type": "spoiler"}
    if name == "a":
        href = attrs.get("href", "")
        m = re.fullmatch(r"tg://user\?id=(\d+)", href)
        if m:
            return {
                "type": "text_mention",
                "user": {"id": int(m.group(1)), "is_bot": False, "first_name": ""},
            }
        return {"type": "text_link", "url": href}
    if name == "tg-emoji":
        return {"type": "custom_emoji", "custom_emoji_id": attrs.get("emoji-id", "")}
    raise _cant_parse(f'Unsupported start tag "{name}" at byte offset {offset}')


def parse_html(source: str) -> tuple[str, list[dict[str, Any]]]:
    """Turn Telegram HTML into (plain text, entities), or raise the 400 Telegram sends."""
    out: list[str] = []
    out_len = 0  # UTF-16 length of "".join(out)
    stack: list[tuple[str, dict[str, Any], int]] = []
    entities: list[dict[str, Any]] = []
    opened: dict[int, int] = {}  # id(entity) -> order of its start tag, outer first
    i = 0
    while i < len(source):
        ch = source[i]
        if ch == "<":
            m = _TAG.match(source, i)
            assert m is not None  # everything after "<" is optional in _TAG
            byte_offset = len(source[:i].encode())
            closing, name, raw_attrs = m.group(1) == "/", m.group(2).lower(), m.group(3)
            if not name and not closing:
                raise _cant_parse(f"Empty tag name at byte offset {byte_offset}")
            if not m.group(4):
                raise _cant_parse(f"Unclosed start tag at byte offset {byte_offset}")
            if closing:
                if not stack:
                    raise _cant_parse(f"Unexpected end tag at byte offset {byte_offset}")
                open_name, entity, start = stack.pop()
                if open_name != name:
                    raise _cant_parse(
                        f'Unmatched end tag at byte offset {byte_offset}, expected "</{open_name}>"'
                        f', found "</{name}>"'
                    )
                if out_len > start:
                    entity["offset"] = start
                    entity["length"] = out_len - start
                    entities.append(entity)
            else:
                attrs = _attrs(raw_attrs)
                entity = _entity_for(name, attrs, byte_offset)
                if name == "code" and stack and stack[-1][0] == "pre":
                    lang = attrs.get("class", "")
                    if lang.startswith("language-"):
                        stack[-1][1]["language"] = lang.removeprefix("language-")
                opened[id(entity)] = len(opened)
                stack.append((name, entity, out_len))
            i = m.end()
            continue
        if ch == "&":
            m = _ENTITY.match(source, i)
            if m is not None:
                text = html.unescape(m.group(0))
                out.append(text)
                out_len += utf16_len(text)
                i = m.end()
                continue
        out.append(ch)
        out_len += utf16_len(ch)
        i += 1
    if stack:
        raise _cant_parse(f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"')
    entities.sort(key=lambda e: (e["offset"], -e["length"], opened[id(e)]))
    return "".join(out), entities


def strip_outer_whitespace(
    text: str, entities: list[dict[str, Any]]
) -> tuple[str, list[dict[str, Any]]]:
    """Telegram trims a message's leading and trailing whitespace, moving entities along."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    lead = utf16_len(text[: len(text) - len(text.lstrip())])
    end = utf16_len(stripped)
    kept = []
    for e in entities:
        start = max(e["offset"] - lead, 0)
        stop = min(e["offset"] + e["length"] - lead, end)
        if stop > start:
            kept.append({**e, "offset": start, "length": stop - start})
    return stripped, kept


def command_entities(text: str) -> list[dict[str, Any]]:
    """Entities Telegram adds to a user's text: bot commands, @mentions, hashtags, links.

    python-telegram-bot's CommandHandler needs the bot_command entity at offset 0 to see
    a command at all, so a fake that sent "/start" without it would hide real bugs.
    """
    found: list[dict[str, Any]] = []
    patterns = (
        ("bot_command", r"(?<![\w/])/[a-zA-Z0-9_]{1,32}(?:@[a-zA-Z0-9_]{3,32})?"),
        ("mention", r"(?<!\w)@[a-zA-Z0-9_]{4,32}"),
        ("hashtag", r"(?<!\w)#[^\W\d][\w]*"),
        ("url", r"https?://[^\s]+"),
    )
    for kind, pattern in patterns:
        for m in re.finditer(pattern, text):
            if kind == "mention" and m.start() > 0 and text[m.start() - 1] == "/":
                continue
            found.append(
                {
                    "type": kind,
                    "offset": utf16_len(text[: m.start()]),
                    "length": utf16_len(m.group(0)),
                }
            )
    found.sort(key=lambda e: e["offset"])
    return found


def render_plain(text: str, entities: list[dict[str, Any]]) -> str:
    """The text as a person reads it; links keep their target so a reader can check it."""
    links = [e for e in entities if e["type"] == "text_link"]
    if not links:
        return text
    units = text.encode("utf-16-le")
    pieces = []
    pos = 0
    for e in sorted(links, key=lambda e: e["offset"]):
        stop = (e["offset"] + e["length"]) * 2
        pieces.append(units[pos:stop].decode("utf-16-le"))
        pieces.append(f" ({e['url']})")
        pos = stop
    pieces.append(units[pos:].decode("utf-16-le"))
    return "".join(pieces)
