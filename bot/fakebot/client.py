"""The test's side of the fake: people who write to the bot, and questions about the result.

A test (or the console demo) holds one :class:`FakeTelegram`. It plays the users
(``user_sends``, ``user_taps``, ``tap_label``, ``user_sends_photo``, ``user_sends_document``,
``user_blocks_bot``), gives the bot its transport (``request()`` in-process, or
``bot.fakebot.server.FakeBotServer`` over HTTP), plans faults (``faults``), and
answers "what happened?" (``calls``, ``sent``, ``buttons_of``, ``transcript``).

Group chats follow Telegram's privacy mode (Bot API, "Privacy mode"): unless it is
off or the bot is an admin, the bot only receives commands, replies to its own
messages and messages that mention it. Everything else still appears in the chat.
"""

from __future__ import annotations

import asyncio
import copy
import json
import mimetypes
from collections.abc import Callable
from typing import Any

from bot.fakebot.faults import FaultPlan
from bot.fakebot.flood import FloodControl
from bot.fakebot.html_text import command_entities
from bot.fakebot.request import FakeRequest
from bot.fakebot.state import (
    DEFAULT_TOKEN,
    Call,
    CallbackQuery,
    ChatEvent,
    Clock,
    FakeChat,
    FakeUser,
    StoredMessage,
    World,
)
from bot.fakebot.transcript import render_transcript


class FakeTelegram:
    """One bot's Telegram, as seen by the people using it."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "tdbot_test_bot",
        clock: Clock | None = None,
        privacy_mode: bool = True,
        flood: FloodControl | None = None,
    ) -> None:
        self.world = World(token, bot_username=bot_username, clock=clock, privacy_mode=privacy_mode)
        self.world.flood = flood

    # --- wiring -----------------------------------------------------------------------
    @property
    def token(self) -> str:
        return self.world.token

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot

    @property
    def faults(self) -> FaultPlan:
        return self.world.faults

    def request(self, *, read_timeout: float | None = 5.0) -> FakeRequest:
        """A transport for ``ApplicationBuilder().request(r).get_updates_request(r)``."""
        return FakeRequest(self.world, read_timeout=read_timeout)

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
        return self.world.add_user(
            first_name,
            username=username,
            last_name=last_name,
            language_code=language_code,
            user_id=user_id,
        )

    def add_group(
        self,
        title: str,
        members: list[FakeUser],
        *,
        admins: list[FakeUser] | None = None,
        supergroup: bool = True,
        bot_is_admin: bool = False,
    ) -> FakeChat:
        return self.world.add_group(
            title, members, admins=admins or [], supergroup=supergroup, bot_is_admin=bot_is_admin
        )

    def chat_of(self, user: FakeUser) -> FakeChat:
        return self.world.private_chat(user)

    # --- acting as a user -------------------------------------------------------------
    def _chat_for_user(self, user: FakeUser, chat: FakeChat | None) -> FakeChat:
        if user.id not in self.world.users:
            raise ValueError(f"{user.name} is not a user of this fake; use add_user first")
        if chat is None:
            return self.world.private_chat(user)
        if user.id not in chat.members:
            raise ValueError(f"{user.name} is not a member of {chat.name}")
        return chat

    def _bot_sees(self, chat: FakeChat, message: StoredMessage) -> bool:
        """Privacy mode (Bot API, "Privacy mode"): what a group bot receives."""
        if chat.type == "private" or not self.world.privacy_mode or chat.bot_is_admin:
            return chat.type == "private" or chat.bot_is_member
        if not chat.bot_is_member:
            return False
        text = message.text or message.caption or ""
        entities = message.entities or message.caption_entities
        if any(e["type"] == "bot_command" and e["offset"] == 0 for e in entities):
            return True
        if f"@{self.world.bot.username}".lower() in text.lower():
            return True
        return message.reply_to is not None and message.reply_to.sender.id == self.world.bot.id

    def _deliver(self, user: FakeUser, chat: FakeChat, message: StoredMessage) -> StoredMessage:
        self.world.record(
            ChatEvent(
                "message",
                chat,
                user,
                message,
                message.text or message.caption or "",
                tuple(message.entities or message.caption_entities),
            )
        )
        if self._bot_sees(chat, message):
            self.world.push_update("message", message.to_json())
        return message

    def user_sends(
        self,
        user: FakeUser,
        text: str,
        *,
        chat: FakeChat | None = None,
        reply_to: StoredMessage | None = None,
    ) -> StoredMessage:
        """The user types ``text`` (commands get their bot_command entity, as live)."""
        if not text.strip():
            raise ValueError("Telegram clients do not send empty messages")
        target = self._chat_for_user(user, chat)
        if chat is None and user.id in self.world.blocked:
            self.user_unblocks_bot(user)  # a client unblocks ("Restart bot") before sending
        message = self.world.new_message(
            target, user, text=text, entities=command_entities(text), reply_to=reply_to
        )
        return self._deliver(user, target, message)

    def user_sends_photo(
        self,
        user: FakeUser,
        data: bytes,
        *,
        caption: str | None = None,
        chat: FakeChat | None = None,
        reply_to: StoredMessage | None = None,
    ) -> StoredMessage:
        """The user sends a picture (a board photo); the bot can getFile and download it."""
        target = self._chat_for_user(user, chat)
        stored = self.world.store_file(data, "photo")
        message = self.world.new_message(
            target,
            user,
            photo=stored,
            caption=caption,
            caption_entities=command_entities(caption) if caption else [],
            reply_to=reply_to,
        )
        return self._deliver(user, target, message)

    def user_sends_document(
        self,
        user: FakeUser,
        data: bytes,
        file_name: str,
        *,
        mime_type: str | None = None,
        caption: str | None = None,
        chat: FakeChat | None = None,
    ) -> StoredMessage:
        """The user sends a file, e.g. a .tou or a scoresheet PDF."""
        target = self._chat_for_user(user, chat)
        mime = mime_type or mimetypes.guess_type(file_name)[0] or "application/octet-stream"
        stored = self.world.store_file(data, "document", file_name=file_name, mime_type=mime)
        message = self.world.new_message(
            target,
            user,
            document=stored,
            caption=caption,
            caption_entities=command_entities(caption) if caption else [],
        )
        return self._deliver(user, target, message)

    def user_edits(self, user: FakeUser, message: StoredMessage, text: str) -> StoredMessage:
        """The user edits one of their messages; the bot gets an edited_message update."""
        if message.sender.id != user.id or message.text is None:
            raise ValueError(f"{user.name} can only edit their own text messages")
        message.text, message.entities = text, command_entities(text)
        message.edit_date = self.world.timestamp()
        self.world.record(ChatEvent("edit", message.chat, user, message, text, tuple(message.entities)))
        if self._bot_sees(message.chat, message):
            self.world.push_update("edited_message", message.to_json())
        return message

    def user_taps(
        self,
        user: FakeUser,
        message: StoredMessage,
        button_data: str | None = None,
        *,
        text: str | None = None,
    ) -> CallbackQuery:
        """The user taps an inline button, named by its callback_data or by its label."""
        if (button_data is None) == (text is None):
            raise ValueError("name the button by button_data or by text=, not both")
        self._chat_for_user(user, message.chat if message.chat.type != "private" else None)
        if message.chat.type == "private" and message.chat.id != user.id:
            raise ValueError(f"{user.name} cannot see a message in {message.chat.name}'s chat")
        current = self.world.message(message.chat.id, message.message_id)
        if current is None:
            raise ValueError(f"message {message.message_id} was deleted; nothing to tap")
        buttons = [b for row in current.buttons() for b in row if "callback_data" in b]
        chosen = next(
            (
                b
                for b in buttons
                if (
                    b["callback_data"] == button_data
                    if button_data is not None
                    else b["text"] == text
                )
            ),
            None,
        )
        if chosen is None:
            offered = ", ".join(f"[{b['text']}]={b['callback_data']!r}" for b in buttons)
            raise ValueError(
                f"message {message.message_id} has no button "
                f"{button_data or text!r}; it offers: {offered or 'no buttons'}"
            )
        query = CallbackQuery(self.world.new_callback_id(), user, current, chosen["callback_data"])
        self.world.callbacks[query.id] = query
        self.world.record(ChatEvent("tap", current.chat, user, current, chosen["text"]))
        self.world.push_update(
            "callback_query",
            {
                "id": query.id,
                "from": user.to_json(),
                "message": current.to_json(),
                "chat_instance": str(abs(current.chat.id) * 7919 % 10**12),
                "data": query.data,
            },
        )
        return query

    def user_forges_tap(
        self, user: FakeUser, data: str, message: StoredMessage | None = None
    ) -> CallbackQuery:
        """A modified client presses a button with callback data of its own choosing.

        The Bot API warns that "a bad client can send arbitrary data" in a callback query's
        ``data``: Telegram does not check it against the message's keyboard. So this pushes
        the press as Telegram would, on ``message`` (default: the latest message of the
        user's private chat, which must exist), whatever its buttons say.
        """
        if message is None:
            chat = self.world.private_chat(user)
            mine = [m for (chat_id, _), m in self.world.messages.items()
                    if chat_id == chat.id and not m.deleted]
            if not mine:
                raise ValueError(f"{user.name}'s chat has no message to press a button on")
            message = mine[-1]
        query = CallbackQuery(self.world.new_callback_id(), user, message, data)
        self.world.callbacks[query.id] = query
        self.world.record(ChatEvent("tap", message.chat, user, message, f"forged {data!r}"))
        self.world.push_update(
            "callback_query",
            {
                "id": query.id,
                "from": user.to_json(),
                "message": message.to_json(),
                "chat_instance": str(abs(message.chat.id) * 7919 % 10**12),
                "data": data,
            },
        )
        return query

    def tap_label(self, user: FakeUser, label: str) -> CallbackQuery:
        """The user taps the button called ``label`` on the latest message that still has it.

        This is what a person does: scroll up to the newest message showing that button
        (older copies may have lost their keyboard when the bot edited them).
        """
        for message in reversed(self.sent(user)):
            if any(b["text"] == label for row in message.buttons() for b in row):
                return self.user_taps(user, message, text=label)
        offered = ", ".join(repr(shown) for shown in self.buttons_of(user))
        raise AssertionError(
            f"{user.name} has no message with a {label!r} button; "
            f"their chat offers: {offered or 'no buttons'}"
        )

    def buttons_of(self, user: FakeUser) -> list[str]:
        """The labels of the buttons on every message in the user's chat, oldest first."""
        return [b["text"] for m in self.sent(user) for row in m.buttons() for b in row]

    def user_blocks_bot(self, user: FakeUser) -> None:
        """From now on the bot gets 403 for this user; it is told by a my_chat_member update."""
        chat = self.world.private_chat(user)
        self.world.blocked.add(user.id)
        self.world.record(ChatEvent("block", chat, user))
        self._member_update(user, chat, "member", "kicked")

    def user_unblocks_bot(self, user: FakeUser) -> None:
        chat = self.world.private_chat(user)
        self.world.blocked.discard(user.id)
        self.world.record(ChatEvent("unblock", chat, user))
        self._member_update(user, chat, "kicked", "member")

    def _member_update(self, user: FakeUser, chat: FakeChat, old: str, new: str) -> None:
        def member(status: str) -> dict[str, Any]:
            data: dict[str, Any] = {"status": status, "user": self.world.bot.to_json()}
            if status == "kicked":
                data["until_date"] = 0
            return data

        self.world.push_update(
            "my_chat_member",
            {
                "chat": chat.to_json(),
                "from": user.to_json(),
                "date": self.world.timestamp(),
                "old_chat_member": member(old),
                "new_chat_member": member(new),
            },
        )

    def redeliver(self, update_id: int) -> None:
        """Queue an update again, as Telegram does when the bot died before confirming it.

        It goes back in update_id order, so the bot sees it before anything newer.
        """
        update = self.world.history.get(update_id)
        if update is None:
            raise ValueError(f"no update {update_id} was ever sent")
        queued = [u for u in self.world.updates if u["update_id"] != update_id]
        queued.append(copy.deepcopy(update))
        self.world.updates = sorted(queued, key=lambda u: u["update_id"])
        self.world.wake_pollers()

    # --- what happened ----------------------------------------------------------------
    def calls(self, method: str | None = None) -> list[Call]:
        """Every Bot API call received (failed ones too), oldest first."""
        return [c for c in self.world.calls if method is None or c.method == method]

    def sent(self, to: FakeUser | FakeChat | None = None) -> list[StoredMessage]:
        """The bot's messages that exist now (not deleted), oldest first."""
        chat_id = None if to is None else to.id
        return [
            m
            for m in self.world.messages.values()
            if m.sender.id == self.world.bot.id
            and not m.deleted
            and (chat_id is None or m.chat.id == chat_id)
        ]

    def last_sent(self, to: FakeUser | FakeChat) -> StoredMessage:
        found = self.sent(to)
        if not found:
            name = to.name
            raise AssertionError(f"the bot has sent nothing to {name}")
        return found[-1]

    def unanswered_taps(self) -> list[CallbackQuery]:
        """Button taps the bot never answered: the user's client shows a spinner for them."""
        return [q for q in self.world.callbacks.values() if not q.answered]

    def pending_updates(self) -> int:
        """Updates the bot has not yet confirmed."""
        return len(self.world.updates)

    def transcript(self, chat: FakeUser | FakeChat | None = None) -> str:
        """The conversation as a person reads it (see bot.fakebot.transcript)."""
        return render_transcript(self.world.events, None if chat is None else chat.id)

    def commands_shown(self, user: FakeUser, chat: FakeChat | None = None) -> list[str]:
        """The commands of the menu a user sees (``menu_shown``)."""
        return [command for command, _ in self.menu_shown(user, chat)]

    def menu_shown(self, user: FakeUser, chat: FakeChat | None = None) -> list[tuple[str, str]]:
        """The command menu a user sees, (command, description), resolving scopes and
        languages as a Telegram client does.

        Bot API, "Determining list of commands": the first non-empty list among chat_member,
        chat_administrators (admins), chat, all_chat_administrators (admins),
        all_group_chats (groups) / all_private_chats (private), default, for the user's
        language first and then without a language.
        """
        target = chat or self.world.private_chat(user)
        if target.type == "private":
            scopes: list[dict[str, Any]] = [
                {"type": "chat", "chat_id": target.id},
                {"type": "all_private_chats"},
                {"type": "default"},
            ]
        else:
            admin = user.id in target.admins
            scopes = [{"type": "chat_member", "chat_id": target.id, "user_id": user.id}]
            if admin:
                scopes.append({"type": "chat_administrators", "chat_id": target.id})
            scopes.append({"type": "chat", "chat_id": target.id})
            if admin:
                scopes.append({"type": "all_chat_administrators"})
            scopes += [{"type": "all_group_chats"}, {"type": "default"}]
        for scope in scopes:
            key = json.dumps(scope, sort_keys=True)
            for language in (user.language_code or "", ""):
                found = self.world.commands.get((key, language))
                if found:
                    return [(c["command"], c["description"]) for c in found]
        return []

    async def wait_until(
        self, condition: Callable[[], bool], *, timeout: float = 5.0, what: str = "the condition"
    ) -> None:
        """Let the bot run until ``condition()`` holds; fail clearly if it never does."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if loop.time() > deadline:
                raise AssertionError(
                    f"timed out after {timeout} s waiting for {what}\n"
                    f"transcript so far:\n{self.transcript()}"
                )
            await asyncio.sleep(0.005)

    async def wait_for_sent(
        self, to: FakeUser | FakeChat, count: int = 1, *, timeout: float = 5.0
    ) -> list[StoredMessage]:
        """Wait until the bot has sent ``count`` messages (in total) to ``to``."""
        await self.wait_until(
            lambda: len(self.sent(to)) >= count,
            timeout=timeout,
            what=f"{count} message(s) to {to.name}",
        )
        return self.sent(to)

    async def wait_for_call(
        self, method: str, count: int = 1, *, timeout: float = 5.0
    ) -> list[Call]:
        """Wait until ``method`` has been called ``count`` times (failed calls count)."""
        await self.wait_until(
            lambda: len(self.calls(method)) >= count,
            timeout=timeout,
            what=f"{count} {method} call(s)",
        )
        return self.calls(method)

    async def wait_until_polled(self, *, timeout: float = 5.0) -> None:
        """Wait until the bot has fetched every update sent so far."""
        await self.wait_until(
            lambda: self.world.last_delivered >= self.world.last_update_id,
            timeout=timeout,
            what="the bot to fetch its updates",
        )
