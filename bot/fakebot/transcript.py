"""The conversation rendered as a person reads it, for test failures and the demo.

Lines read like a chat log: "[Alice] /start abc", "[bot → Alice] Welcome", with the
inline keyboard below as "    [Agree] [Dispute]", taps as "[Alice taps Agree]" and
callback answers as "[bot → Alice, notice] Recorded". HTML is already gone: the
fake stores what Telegram would show (plain text plus entities); links keep their
target in brackets so a reader can check it.
"""

from __future__ import annotations

from bot.fakebot.html_text import render_plain
from bot.fakebot.state import Event, StoredMessage

INDENT = "    "


def _attachment(message: StoredMessage | None) -> str:
    if message is None:
        return ""
    prefix = ""
    origin = message.extra.get("forward_origin")
    if origin and origin.get("sender_user"):
        prefix = f"[forwarded from {origin['sender_user']['first_name']}] "
    if message.photo is not None:
        return prefix + "[photo] "
    if message.document is not None:
        return prefix + f"[document {message.document.file_name or 'file'}] "
    return prefix


def _where(event: Event) -> str:
    """Who speaks to whom: "Alice", "bot → Alice", "Alice @ Club", "bot → Club"."""
    if event.actor.is_bot:
        return f"bot → {event.chat.name}"
    if event.chat.type == "private":
        return event.actor.name
    return f"{event.actor.name} @ {event.chat.name}"


def _body(event: Event) -> list[str]:
    text = render_plain(event.text, list(event.entities))
    lines = (_attachment(event.message) + text).rstrip().split("\n")
    rows = [INDENT + " ".join(f"[{label}]" for label in row) for row in event.buttons]
    return lines + rows


def render_event(event: Event) -> list[str]:
    if event.kind == "tap":
        return [f"[{event.actor.name} taps {event.text}]"]
    if event.kind == "answer":
        kind = "alert" if event.show_alert else "notice"
        return [f"[bot → {event.chat.name}, {kind}] {event.text}"]
    if event.kind == "delete":
        return [
            f"[bot deleted message #{event.message.message_id if event.message else '?'}"
            f" in {event.chat.name}]"
        ]
    if event.kind in ("block", "unblock"):
        return [f"[{event.actor.name} {event.kind}ed the bot]"]
    first, *rest = _body(event)
    label = _where(event)
    if event.kind == "edit":
        label += f", edited #{event.message.message_id if event.message else '?'}"
    return [f"[{label}] {first}".rstrip()] + [
        (r if r.startswith(INDENT) else INDENT + r).rstrip() for r in rest
    ]


def render_transcript(events: list[Event], chat_id: int | None = None) -> str:
    """All events, or those of one chat, one line per message line."""
    lines: list[str] = []
    for event in events:
        if chat_id is None or event.chat.id == chat_id:
            lines.extend(render_event(event))
    return "\n".join(lines)
