"""The world the fake Bot API serves: users, chats, messages, files and the update queue.

It holds what Telegram's servers would hold for one bot, so that every Bot API call
the bot makes, in-process or over HTTP, reads and changes the same state, and a test
can look at the result as a person would (what did Alice get?). Telegram behaviours
kept on purpose, because a bot must cope with them live:

- a private chat exists only once the user has written to the bot; before that the
  bot gets 403 "bot can't initiate conversation with a user";
- a user who blocked the bot answers 403 "bot was blocked by the user";
- message ids count up per chat; dates are Unix seconds from an injected clock;
- updates wait in a queue until confirmed by a later ``getUpdates`` offset.
"""

from __future__ import annotations

import asyncio
import itertools
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from bot.fakebot.errors import ApiError, bad_request, forbidden
from bot.fakebot.faults import FaultPlan
from bot.fakebot.flood import FloodControl

Clock = Callable[[], datetime]
DEFAULT_TOKEN = "123456789:TEST-fake-bot-token"

# Update kinds Telegram leaves out unless a bot asks for them by name
# (Bot API, getUpdates: allowed_updates).
_OPT_IN_UPDATES = frozenset({"chat_member", "message_reaction", "message_reaction_count"})


def _system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass
class FakeUser:
    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = "en"
    is_bot: bool = False

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}" if self.last_name else self.first_name

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if self.language_code and not self.is_bot:
            data["language_code"] = self.language_code
        return data


ChatType = Literal["private", "group", "supergroup"]


@dataclass
class FakeChat:
    id: int
    type: ChatType
    title: str | None = None
    user: FakeUser | None = None  # the other side of a private chat
    members: set[int] = field(default_factory=set)
    admins: set[int] = field(default_factory=set)
    bot_is_member: bool = True
    bot_is_admin: bool = False
    username: str | None = None
    pinned: int | None = None  # message_id of the pinned message

    @property
    def name(self) -> str:
        if self.user is not None:
            return self.user.name
        return self.title or str(self.id)

    def to_json(self) -> dict[str, Any]:
        if self.user is not None:
            data = {"id": self.id, "type": "private", "first_name": self.user.first_name}
            if self.user.last_name:
                data["last_name"] = self.user.last_name
            if self.user.username:
                data["username"] = self.user.username
            return data
        data = {"id": self.id, "type": self.type, "title": self.title}
        if self.username:
            data["username"] = self.username
        return data


@dataclass
class StoredFile:
    file_id: str
    file_unique_id: str
    kind: Literal["photo", "document"]
    data: bytes
    file_path: str
    file_name: str | None = None
    mime_type: str | None = None
    width: int = 0
    height: int = 0

    def photo_sizes(self) -> list[dict[str, Any]]:
        """One size only: the fake keeps the upload as sent, with no thumbnails."""
        return [
            {
                "file_id": self.file_id,
                "file_unique_id": self.file_unique_id,
                "width": self.width,
                "height": self.height,
                "file_size": len(self.data),
            }
        ]

    def document_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file_id": self.file_id,
            "file_unique_id": self.file_unique_id,
            "file_size": len(self.data),
        }
        if self.file_name:
            data["file_name"] = self.file_name
        if self.mime_type:
            data["mime_type"] = self.mime_type
        return data


@dataclass
class StoredMessage:
    chat: FakeChat
    message_id: int
    sender: FakeUser
    date: int
    text: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    caption: str | None = None
    caption_entities: list[dict[str, Any]] = field(default_factory=list)
    photo: StoredFile | None = None
    document: StoredFile | None = None
    reply_markup: dict[str, Any] | None = None
    reply_to: StoredMessage | None = None
    edit_date: int | None = None
    deleted: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def buttons(self) -> list[list[dict[str, Any]]]:
        """The inline keyboard rows, or [] if the message has none."""
        if not self.reply_markup:
            return []
        return list(self.reply_markup.get("inline_keyboard", []))

    def to_json(self, *, nested: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": self.chat.to_json(),
            "from": self.sender.to_json(),
        }
        if self.text is not None:
            data["text"] = self.text
            if self.entities:
                data["entities"] = self.entities
        if self.photo is not None:
            data["photo"] = self.photo.photo_sizes()
        if self.document is not None:
            data["document"] = self.document.document_json()
        if self.caption is not None:
            data["caption"] = self.caption
            if self.caption_entities:
                data["caption_entities"] = self.caption_entities
        if self.reply_markup and "inline_keyboard" in self.reply_markup:
            data["reply_markup"] = {"inline_keyboard": self.reply_markup["inline_keyboard"]}
        if self.reply_to is not None and not nested:
            data["reply_to_message"] = self.reply_to.to_json(nested=True)
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        data.update(self.extra)
        return data


@dataclass(frozen=True)
class Call:
    """One Bot API call as the fake received it, and how it was answered."""

    seq: int
    method: str
    params: dict[str, Any]
    files: dict[str, str]  # multipart field -> uploaded file name
    at: datetime
    status: int
    result: Any = None
    error: str | None = None
    via_webhook: bool = False  # carried in the answer to a webhook's POST, not called

    @property
    def ok(self) -> bool:
        return self.status == 200


@dataclass(frozen=True)
class ChatEvent:
    """Something a person in the chat would notice, in order, for the transcript."""

    kind: Literal["message", "edit", "delete", "tap", "answer", "block", "unblock"]
    chat: FakeChat
    actor: FakeUser
    message: StoredMessage | None = None
    text: str = ""
    entities: tuple[dict[str, Any], ...] = ()
    buttons: tuple[tuple[str, ...], ...] = ()
    show_alert: bool = False


@dataclass
class CallbackQuery:
    id: str
    user: FakeUser
    message: StoredMessage
    data: str
    answered: bool = False
    answer_text: str | None = None
    show_alert: bool = False


def _image_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG or JPEG, (0, 0) for anything else."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                break
            marker = data[i + 1]
            length = int.from_bytes(data[i + 2 : i + 4], "big")
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return int(width), int(height)
            i += 2 + length
    return 0, 0


class World:
    """Everything Telegram's servers would know about one bot and its users."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "tdbot_test_bot",
        bot_name: str = "TDBot",
        clock: Clock | None = None,
        privacy_mode: bool = True,
    ) -> None:
        bot_id, sep, secret = token.partition(":")
        if not (sep and bot_id.isdigit() and secret):
            raise ValueError(f"token must look like '<digits>:<secret>', got {token!r}")
        self.token = token
        self.clock: Clock = clock or _system_clock
        self.bot = FakeUser(int(bot_id), bot_name, username=bot_username, is_bot=True)
        self.privacy_mode = privacy_mode
        self.users: dict[int, FakeUser] = {}
        self.chats: dict[int, FakeChat] = {}
        self.blocked: set[int] = set()
        self.messages: dict[tuple[int, int], StoredMessage] = {}
        self.files: dict[str, StoredFile] = {}
        self.files_by_path: dict[str, StoredFile] = {}
        self.callbacks: dict[str, CallbackQuery] = {}
        self.commands: dict[tuple[str, str], list[dict[str, str]]] = {}
        self.webhook: dict[str, Any] = {}
        self.calls: list[Call] = []
        self.events: list[ChatEvent] = []
        self.faults = FaultPlan()
        self.flood: FloodControl | None = None  # Telegram's send limits, when switched on
        self.updates: list[dict[str, Any]] = []
        self.history: dict[int, dict[str, Any]] = {}  # every update ever queued, by id
        self.allowed_updates: list[str] = []
        self._next_update_id = 1
        self.last_delivered = 0  # highest update_id a getUpdates answer has carried
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._user_ids = itertools.count(1001)
        self._group_ids = itertools.count(1)
        self._file_seq = itertools.count(1)
        self._callback_seq = itertools.count(1)
        self._waiters: set[asyncio.Event] = set()
        self.poll_generation = 0

    # --- time -------------------------------------------------------------------------
    def now(self) -> datetime:
        return self.clock()

    def timestamp(self) -> int:
        return int(self.clock().timestamp())

    # --- people and chats -------------------------------------------------------------
    def add_user(
        self,
        first_name: str,
        *,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "en",
        user_id: int | None = None,
    ) -> FakeUser:
        uid = user_id if user_id is not None else next(self._user_ids)
        if uid in self.users:
            raise ValueError(f"user id {uid} is already taken by {self.users[uid].name}")
        user = FakeUser(uid, first_name, last_name, username, language_code)
        self.users[uid] = user
        return user

    def add_group(
        self,
        title: str,
        members: list[FakeUser],
        *,
        admins: list[FakeUser] = (),  # type: ignore[assignment]
        supergroup: bool = True,
        bot_is_admin: bool = False,
    ) -> FakeChat:
        n = next(self._group_ids)
        chat_id = -(1000000000000 + n) if supergroup else -n
        chat = FakeChat(
            chat_id,
            "supergroup" if supergroup else "group",
            title=title,
            members={m.id for m in members} | {a.id for a in admins},
            admins={a.id for a in admins},
            bot_is_admin=bot_is_admin,
        )
        self.chats[chat_id] = chat
        return chat

    def private_chat(self, user: FakeUser) -> FakeChat:
        """The user's chat with the bot, opened the first time the user writes."""
        chat = self.chats.get(user.id)
        if chat is None:
            chat = FakeChat(user.id, "private", user=user, members={user.id})
            self.chats[user.id] = chat
        return chat

    def chat_for_bot(self, chat_id: int | str) -> FakeChat:
        """The chat a bot call names, or the error Telegram answers for it."""
        chat: FakeChat | None
        if isinstance(chat_id, str):
            if not chat_id.startswith("@"):
                raise bad_request("chat not found")
            chat = next((c for c in self.chats.values() if c.username == chat_id[1:]), None)
            if chat is None:
                raise bad_request("chat not found")
        else:
            chat = self.chats.get(chat_id)
        if chat is None:
            if chat_id in self.users:
                raise forbidden("bot can't initiate conversation with a user")
            raise bad_request("chat not found")
        if chat.user is not None and chat.user.id in self.blocked:
            raise forbidden("bot was blocked by the user")
        if chat.user is None and not chat.bot_is_member:
            raise forbidden(f"bot was kicked from the {chat.type} chat")
        return chat

    # --- messages and files -----------------------------------------------------------
    def new_message(self, chat: FakeChat, sender: FakeUser, **content: Any) -> StoredMessage:
        counter = self._message_ids.setdefault(chat.id, itertools.count(1))
        message = StoredMessage(chat, next(counter), sender, self.timestamp(), **content)
        self.messages[(chat.id, message.message_id)] = message
        return message

    def message(self, chat_id: int, message_id: int) -> StoredMessage | None:
        found = self.messages.get((chat_id, message_id))
        return None if found is None or found.deleted else found

    def store_file(
        self,
        data: bytes,
        kind: Literal["photo", "document"],
        *,
        file_name: str | None = None,
        mime_type: str | None = None,
    ) -> StoredFile:
        n = next(self._file_seq)
        suffix = (
            file_name.rsplit(".", 1)[-1]
            if file_name and "." in file_name
            else ("jpg" if kind == "photo" else "bin")
        )
        width, height = _image_size(data) if kind == "photo" else (0, 0)
        stored = StoredFile(
            file_id=f"{'AgAC' if kind == 'photo' else 'BQAC'}fake{n:06d}{kind}",
            file_unique_id=f"AQADfake{n:06d}",
            kind=kind,
            data=data,
            file_path=f"{kind}s/file_{n}.{suffix}",
            file_name=None if kind == "photo" else file_name,
            mime_type=None if kind == "photo" else mime_type,
            width=width,
            height=height,
        )
        self.files[stored.file_id] = stored
        self.files_by_path[stored.file_path] = stored
        return stored

    def record(self, event: ChatEvent) -> None:
        self.events.append(event)

    def new_callback_id(self) -> str:
        return f"{next(self._callback_seq)}{self.bot.id % 100000:05d}"

    # --- updates ----------------------------------------------------------------------
    def push_update(self, kind: str, payload: dict[str, Any]) -> int:
        update_id = self._next_update_id
        self._next_update_id += 1
        update = {"update_id": update_id, kind: payload}
        self.updates.append(update)
        self.history[update_id] = update
        self.wake_pollers()
        return update_id

    @property
    def last_update_id(self) -> int:
        return self._next_update_id - 1

    def confirm(self, offset: int) -> None:
        """Forget updates below ``offset``; a negative offset keeps only the last -offset."""
        if offset < 0:
            self.updates = self.updates[offset:]
        else:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]

    def deliverable(self, limit: int) -> list[dict[str, Any]]:
        """The next updates of the kinds the bot asked for; other kinds are dropped, as live."""
        wanted = set(self.allowed_updates)
        kept = []
        for update in self.updates:
            kind = next(k for k in update if k != "update_id")
            if (kind in wanted) if wanted else (kind not in _OPT_IN_UPDATES):
                kept.append(update)
        self.updates = kept
        if kept:
            self.last_delivered = max(self.last_delivered, kept[:limit][-1]["update_id"])
        return kept[:limit]

    async def wait_for_update(self, timeout: float) -> None:
        """Sleep until an update arrives, a newer poll starts, or ``timeout`` seconds pass.

        Each waiter gets its own Event so the world works from any event loop.
        """
        waiter = asyncio.Event()
        self._waiters.add(waiter)
        try:
            await asyncio.wait_for(waiter.wait(), timeout)
        except TimeoutError:
            pass
        finally:
            self._waiters.discard(waiter)

    def wake_pollers(self) -> None:
        for waiter in self._waiters:
            waiter.set()

    def raise_if_webhook(self) -> None:
        if self.webhook.get("url"):
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
