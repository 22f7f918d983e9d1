"""The conversation rendered as a person reads it, for test failures and the demo.

Lines read like a chat log: "[Alice] /start abc", "[bot → Alice] Welcome", with the
inline keyboard below as "    [Agree] [Dispute]", taps as "[Alice taps Agree]" and
callback answers as "[bot → Alice, notice] Recorded". HTML is already gone: the
fake stores what Telegram would show (plain text plus entities); links keep their
target in brackets so a reader can check it.

An edit is shown as the change a reader notices, when the message it edits is known:
"[bot → Alice, edited #3: buttons removed]" when only the keyboard went, and "… " plus the
added lines when the new text continues the old one (a verdict under a request).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.fakebot.html_text import render_plain
from bot.fakebot.state import ChatEvent, StoredMessage

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


def _where(event: ChatEvent) -> str:
    """Who speaks to whom: "Alice", "bot → Alice", "Alice @ Club", "bot → Club"."""
    if event.actor.is_bot:
        return f"bot → {event.chat.name}"
    if event.chat.type == "private":
        return event.actor.name
    return f"{event.actor.name} @ {event.chat.name}"


def _body(event: ChatEvent) -> list[str]:
    text = render_plain(event.text, list(event.entities))
    lines = (_attachment(event.message) + text).rstrip().split("\n")
    rows = [INDENT + " ".join(f"[{label}]" for label in row) for row in event.buttons]
    return lines + rows


def _text(event: ChatEvent) -> str:
    return render_plain(event.text, list(event.entities))


def _edit_lines(label: str, event: ChatEvent, before: ChatEvent) -> list[str] | None:
    """The edit as a change to ``before``; None when it is not a simple one."""
    old, new = _text(before), _text(event)
    rows = [INDENT + " ".join(f"[{b}]" for b in row) for row in event.buttons]
    if new == old:
        if before.buttons and not event.buttons:
            return [f"[{label}: buttons removed]"]
        return [f"[{label}: buttons changed]", *rows]
    if old and new.startswith(old):
        added = [line for line in new[len(old):].strip("\n").split("\n")]
        return [f"[{label}] … {added[0]}".rstrip(), *(INDENT + a for a in added[1:]), *rows]
    return None


def render_event(event: ChatEvent, before: ChatEvent | None = None) -> list[str]:
    """One event; ``before`` is the last showing of the message an edit changes."""
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
    label = _where(event)
    if event.kind == "edit":
        label += f", edited #{event.message.message_id if event.message else '?'}"
        if before is not None:
            compact = _edit_lines(label, event, before)
            if compact is not None:
                return compact
    first, *rest = _body(event)
    return [f"[{label}] {first}".rstrip()] + [
        (r if r.startswith(INDENT) else INDENT + r).rstrip() for r in rest
    ]


def _key(event: ChatEvent) -> tuple[int, int] | None:
    if event.kind in ("message", "edit") and event.message is not None:
        return (event.chat.id, event.message.message_id)
    return None


def render_transcript(
    events: list[ChatEvent], chat_id: int | None = None, *, earlier: Iterable[ChatEvent] = ()
) -> str:
    """All events, or those of one chat, one line per message line. ``earlier``: events
    already shown, so that an edit of one of their messages is shown as a change."""
    shown: dict[tuple[int, int], ChatEvent] = {}
    for event in earlier:
        key = _key(event)
        if key is not None:
            shown[key] = event
    lines: list[str] = []
    for event in events:
        key = _key(event)
        if chat_id is None or event.chat.id == chat_id:
            lines.extend(render_event(event, shown.get(key) if key else None))
        if key is not None:
            shown[key] = event
    return "\n".join(lines)
