"""The Bot API methods of the fake, shared by the in-process request and the HTTP server.

Both transports hand :func:`serve_call` what arrived on the wire: the form fields as
strings (python-telegram-bot JSON-encodes every non-string value, see
``RequestData.json_parameters``) and the multipart uploads. Each method then checks
its input the way Telegram does and answers with Telegram's own error texts, so the
bot under test meets the same failures it would meet live. References are to the Bot
API (https://core.telegram.org/bots/api), section named in each docstring.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from bot.fakebot.errors import ApiError, bad_request
from bot.fakebot.faults import Fault
from bot.fakebot.flood import SENDING_METHODS
from bot.fakebot.html_text import parse_html, strip_outer_whitespace
from bot.fakebot.state import Call, ChatEvent, FakeChat, StoredFile, StoredMessage, World


@dataclass(frozen=True)
class Upload:
    """A file that came with the call as multipart data."""

    filename: str
    data: bytes
    mime_type: str


@dataclass(frozen=True)
class Answer:
    """What the transport sends back: status and JSON body (or ``raw`` bytes that are not
    JSON, for a garbled answer), or a timeout to simulate."""

    status: int
    body: dict[str, Any]
    timeout: Fault | None = None
    raw: bytes | None = None

    def payload(self) -> bytes:
        """The body as it goes on the wire."""
        return self.raw if self.raw is not None else json.dumps(self.body).encode()


Params = dict[str, Any]
Handler = Callable[[World, Params, dict[str, Upload]], Awaitable[Any]]

_INT_FIELDS = frozenset(
    {
        "message_id",
        "offset",
        "limit",
        "timeout",
        "user_id",
        "message_thread_id",
        "cache_time",
        "max_connections",
        "reply_to_message_id",
        "until_date",
    }
)
_CHAT_FIELDS = frozenset({"chat_id", "from_chat_id"})
_JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "entities",
        "caption_entities",
        "allowed_updates",
        "commands",
        "scope",
        "reply_parameters",
        "link_preview_options",
        "media",
        "message_ids",
    }
)
_BOOL_FIELDS = frozenset(
    {
        "disable_notification",
        "protect_content",
        "show_alert",
        "drop_pending_updates",
        "disable_web_page_preview",
        "allow_sending_without_reply",
        "show_caption_above_media",
        "has_spoiler",
        "disable_content_type_detection",
        "allow_paid_broadcast",
    }
)

MAX_TEXT = 4096  # Bot API, sendMessage: "1-4096 characters after entities parsing"
MAX_CAPTION = 1024  # Bot API, sendPhoto: "0-1024 characters after entities parsing"
MAX_CALLBACK_DATA = 64  # Bot API, InlineKeyboardButton.callback_data: "1-64 bytes"
MAX_UPLOAD = 50 * 1024 * 1024  # Bot API, "Sending files": up to 50 MB for other files
MAX_DOWNLOAD = 20 * 1024 * 1024  # Bot API, getFile: "files of up to 20MB in size"
MAX_ANSWER_TEXT = 200  # Bot API, answerCallbackQuery.text: "0-200 characters"


def decode_params(raw: dict[str, Any]) -> Params:
    """Give each known field its Bot API type; a malformed one is a 400, as on Telegram."""
    params: Params = {}
    for name, value in raw.items():
        if not isinstance(value, str):
            params[name] = value  # a JSON body already carries types
            continue
        if name in _CHAT_FIELDS:
            params[name] = int(value) if re.fullmatch(r"-?\d+", value) else value
        elif name in _INT_FIELDS:
            try:
                params[name] = int(value)
            except ValueError:
                raise bad_request(f'field "{name}" must be an integer, got {value!r}') from None
        elif name in _BOOL_FIELDS:
            params[name] = value.lower() in ("true", "1")
        elif name in _JSON_FIELDS:
            try:
                params[name] = json.loads(value)
            except ValueError:
                raise bad_request(f"can't parse {name} JSON object") from None
        else:
            params[name] = value
    return params


def _required(params: Params, name: str) -> Any:
    if name not in params or params[name] == "":
        raise bad_request(f"{name} is empty" if name in params else f"{name} is required")
    return params[name]


# --- text, markup, replies ------------------------------------------------------------


def _formatted(
    params: Params, text_field: str, entities_field: str, limit: int, *, required: bool
) -> tuple[str | None, list[dict[str, Any]]]:
    """Apply parse_mode like Telegram (Bot API, "Formatting options"), then trim and limit."""
    source = params.get(text_field)
    if source is None:
        if required:
            raise bad_request("message text is empty")
        return None, []
    source = str(source)
    mode = params.get("parse_mode")
    if mode is None or mode == "":
        text, entities = source, list(params.get(entities_field) or [])
    elif str(mode).lower() == "html":
        text, entities = parse_html(source)
    else:
        raise bad_request(
            f"parse_mode {mode!r} is not implemented by the fake Bot API; the project uses HTML"
        )
    text, entities = strip_outer_whitespace(text, entities)
    if not text:
        if required:
            raise bad_request("message text is empty")
        return None, []
    if len(text) > limit:
        raise bad_request(
            "message is too long" if text_field == "text" else "message caption is too long"
        )
    return text, entities


_BUTTON_KINDS = (
    "callback_data",
    "url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "login_url",
    "web_app",
    "callback_game",
    "pay",
    "copy_text",
)


def _markup(params: Params) -> dict[str, Any] | None:
    """Check reply_markup the way Telegram rejects it (Bot API, InlineKeyboardMarkup)."""
    markup = params.get("reply_markup")
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" in markup:
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise bad_request(
                'field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays'
            )
        for row in rows:
            for button in row:
                _check_button(button)
        return markup
    if "keyboard" in markup or "remove_keyboard" in markup or "force_reply" in markup:
        return markup
    raise bad_request("can't parse reply keyboard markup JSON object")


def _check_button(button: Any) -> None:
    if not isinstance(button, dict) or not str(button.get("text", "")).strip():
        raise bad_request("BUTTON_TEXT_INVALID")
    kinds = [k for k in _BUTTON_KINDS if k in button]
    if len(kinds) != 1:
        raise bad_request("BUTTON_TYPE_INVALID")
    if "callback_data" in button:
        data = button["callback_data"]
        if not isinstance(data, str) or not 1 <= len(data.encode()) <= MAX_CALLBACK_DATA:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in button and not re.match(r"(https?|tg)://", str(button["url"])):
        raise bad_request("BUTTON_URL_INVALID")


def _reply_target(world: World, chat: FakeChat, params: Params) -> StoredMessage | None:
    """Bot API, ReplyParameters (and the older reply_to_message_id)."""
    reply = params.get("reply_parameters")
    if isinstance(reply, dict):
        message_id = reply.get("message_id")
        allow_missing = bool(reply.get("allow_sending_without_reply"))
    else:
        message_id = params.get("reply_to_message_id")
        allow_missing = bool(params.get("allow_sending_without_reply"))
    if message_id is None:
        return None
    target = world.message(chat.id, int(message_id))
    if target is None and not allow_missing:
        raise bad_request("message to be replied not found")
    return target


def _button_labels(markup: dict[str, Any] | None) -> tuple[tuple[str, ...], ...]:
    if not markup:
        return ()
    rows = markup.get("inline_keyboard") or markup.get("keyboard") or []
    return tuple(tuple(b["text"] if isinstance(b, dict) else str(b) for b in row) for row in rows)


def _announce(world: World, kind: Literal["message", "edit"], message: StoredMessage) -> None:
    text = message.text if message.text is not None else (message.caption or "")
    entities = message.entities if message.text is not None else message.caption_entities
    world.record(
        ChatEvent(
            kind,
            message.chat,
            world.bot,
            message,
            text,
            tuple(entities),
            _button_labels(message.reply_markup),
        )
    )


# --- methods ---------------------------------------------------------------------------


async def get_me(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getMe. can_read_all_group_messages is the inverse of privacy mode."""
    return {
        **world.bot.to_json(),
        "can_join_groups": True,
        "can_read_all_group_messages": not world.privacy_mode,
        "supports_inline_queries": False,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


async def get_updates(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getUpdates: offset confirms, limit 1-100, long poll up to ``timeout`` s.

    A second poller makes the first answer 409 "terminated by other getUpdates request",
    which is what a bot run twice by mistake sees live.
    """
    world.raise_if_webhook()
    limit = params.get("limit", 100)
    if not 1 <= limit <= 100:
        limit = 100  # Telegram clamps rather than rejects
    timeout = max(0, params.get("timeout", 0))
    allowed = params.get("allowed_updates")
    if allowed is not None:
        if not isinstance(allowed, list):
            raise bad_request("can't parse allowed_updates JSON array")
        world.allowed_updates = [str(a) for a in allowed]
    if "offset" in params:
        world.confirm(params["offset"])
    world.poll_generation += 1
    generation = world.poll_generation
    world.wake_pollers()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        found = world.deliverable(limit)
        if found:
            return found
        if world.poll_generation != generation:
            raise ApiError(
                409,
                "Conflict: terminated by other getUpdates request; make sure "
                "that only one bot instance is running",
            )
        remaining = deadline - loop.time()
        if remaining <= 0:
            return []
        await world.wait_for_update(remaining)


async def send_message(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, sendMessage."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    text, entities = _formatted(params, "text", "entities", MAX_TEXT, required=True)
    markup = _markup(params)
    reply_to = _reply_target(world, chat, params)
    message = world.new_message(
        chat, world.bot, text=text, entities=entities, reply_markup=markup, reply_to=reply_to
    )
    _announce(world, "message", message)
    return message.to_json()


def _file_for(
    world: World, params: Params, uploads: dict[str, Upload], field: str, kind: str
) -> StoredFile:
    """A file given as upload, attach:// reference or file_id (Bot API, "Sending files")."""
    value = params.get(field)
    upload = uploads.get(field)
    if isinstance(value, str) and value.startswith("attach://"):
        upload = uploads.get(value.removeprefix("attach://"))
        if upload is None:
            raise bad_request(f"{field}: file {value} was not attached")
    if upload is not None:
        if not upload.data:
            raise bad_request("file must be non-empty")
        if len(upload.data) > MAX_UPLOAD:
            raise ApiError(413, "Request Entity Too Large")
        return world.store_file(
            upload.data,
            kind,  # type: ignore[arg-type]
            file_name=upload.filename,
            mime_type=upload.mime_type,
        )
    if not value:
        raise bad_request(f"there is no {field} in the request")
    if isinstance(value, str) and re.match(r"https?://", value):
        raise bad_request(
            "failed to get HTTP URL content (the fake Bot API does not fetch "
            "URLs; upload the file instead)"
        )
    stored = world.files.get(str(value))
    if stored is None:
        raise bad_request("wrong file identifier/HTTP URL specified")
    if stored.kind != kind:
        raise bad_request(
            f"can't use file of type {stored.kind.capitalize()} as {kind.capitalize()}"
        )
    return stored


async def _send_file(world: World, params: Params, uploads: dict[str, Upload], kind: str) -> Any:
    chat = world.chat_for_bot(_required(params, "chat_id"))
    stored = _file_for(world, params, uploads, kind, kind)
    caption, entities = _formatted(
        params, "caption", "caption_entities", MAX_CAPTION, required=False
    )
    markup = _markup(params)
    reply_to = _reply_target(world, chat, params)
    message = world.new_message(
        chat,
        world.bot,
        caption=caption,
        caption_entities=entities,
        reply_markup=markup,
        reply_to=reply_to,
        **{kind: stored},
    )
    _announce(world, "message", message)
    return message.to_json()


async def send_photo(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, sendPhoto: a new upload, or a file_id of a photo already on the server."""
    return await _send_file(world, params, uploads, "photo")


async def send_document(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, sendDocument."""
    return await _send_file(world, params, uploads, "document")


def _bots_message(world: World, params: Params, verb: str) -> StoredMessage:
    if params.get("inline_message_id"):
        raise bad_request("the fake Bot API has no inline messages; use chat_id and message_id")
    chat = world.chat_for_bot(_required(params, "chat_id"))
    message = world.message(chat.id, int(_required(params, "message_id")))
    if message is None:
        raise bad_request(f"message to {verb} not found")
    if message.sender.id != world.bot.id:
        raise bad_request(
            f"message can't be {verb}ed" if verb == "edit" else f"message can't be {verb}d"
        )
    return message


_NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)


async def edit_message_text(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, editMessageText. Leaving out reply_markup removes the keyboard, as live."""
    message = _bots_message(world, params, "edit")
    if message.text is None:
        raise bad_request("there is no text in the message to edit")
    text, entities = _formatted(params, "text", "entities", MAX_TEXT, required=True)
    markup = _markup(params)
    if (text, entities, markup) == (message.text, message.entities, message.reply_markup):
        raise bad_request(_NOT_MODIFIED)
    message.text, message.entities, message.reply_markup = text, entities, markup
    message.edit_date = world.timestamp()
    _announce(world, "edit", message)
    return message.to_json()


async def edit_message_caption(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, editMessageCaption."""
    message = _bots_message(world, params, "edit")
    if message.text is not None:
        raise bad_request("there is no caption in the message to edit")
    caption, entities = _formatted(
        params, "caption", "caption_entities", MAX_CAPTION, required=False
    )
    markup = _markup(params)
    if (caption, entities, markup) == (
        message.caption,
        message.caption_entities,
        message.reply_markup,
    ):
        raise bad_request(_NOT_MODIFIED)
    message.caption, message.caption_entities, message.reply_markup = caption, entities, markup
    message.edit_date = world.timestamp()
    _announce(world, "edit", message)
    return message.to_json()


async def edit_message_reply_markup(
    world: World, params: Params, uploads: dict[str, Upload]
) -> Any:
    """Bot API, editMessageReplyMarkup: no reply_markup means "remove the keyboard"."""
    message = _bots_message(world, params, "edit")
    markup = _markup(params)
    if markup == message.reply_markup or (not markup and not message.reply_markup):
        raise bad_request(_NOT_MODIFIED)
    message.reply_markup = markup
    message.edit_date = world.timestamp()
    _announce(world, "edit", message)
    return message.to_json()


async def delete_message(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, deleteMessage: own messages anywhere, others' in private chats or as admin."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    message = world.message(chat.id, int(_required(params, "message_id")))
    if message is None:
        raise bad_request("message to delete not found")
    own = message.sender.id == world.bot.id
    if not own and chat.type != "private" and not chat.bot_is_admin:
        raise bad_request("message can't be deleted")
    message.deleted = True
    world.record(ChatEvent("delete", chat, world.bot, message))
    return True


async def answer_callback_query(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, answerCallbackQuery: each query can be answered once."""
    query = world.callbacks.get(str(_required(params, "callback_query_id")))
    if query is None or query.answered:
        raise bad_request("query is too old and response timeout expired or query ID is invalid")
    text = params.get("text")
    if text is not None and len(str(text)) > MAX_ANSWER_TEXT:
        raise bad_request("MESSAGE_TOO_LONG")
    query.answered = True
    query.answer_text = None if text is None else str(text)
    query.show_alert = bool(params.get("show_alert"))
    if query.answer_text:
        world.record(
            ChatEvent(
                "answer",
                query.message.chat,
                world.bot,
                query.message,
                query.answer_text,
                show_alert=query.show_alert,
            )
        )
    return True


async def get_file(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getFile: the path is then fetched from <base_file_url><token>/<file_path>."""
    stored = world.files.get(str(_required(params, "file_id")))
    if stored is None:
        raise bad_request("invalid file_id")
    if len(stored.data) > MAX_DOWNLOAD:
        raise bad_request("file is too big")
    return {
        "file_id": stored.file_id,
        "file_unique_id": stored.file_unique_id,
        "file_size": len(stored.data),
        "file_path": stored.file_path,
    }


_SCOPES = {
    "default": (),
    "all_private_chats": (),
    "all_group_chats": (),
    "all_chat_administrators": (),
    "chat": ("chat_id",),
    "chat_administrators": ("chat_id",),
    "chat_member": ("chat_id", "user_id"),
}


def scope_key(world: World, params: Params) -> tuple[str, str]:
    """Commands are stored per (scope, language) (Bot API, BotCommandScope)."""
    scope = params.get("scope") or {"type": "default"}
    if not isinstance(scope, dict) or scope.get("type") not in _SCOPES:
        raise bad_request("can't parse BotCommandScope JSON object")
    fields = _SCOPES[scope["type"]]
    for name in fields:
        if name not in scope:
            raise bad_request(f'field "{name}" must be given in BotCommandScope')
    if "chat_id" in fields:
        world.chat_for_bot(
            int(scope["chat_id"])
            if str(scope["chat_id"]).lstrip("-").isdigit()
            else scope["chat_id"]
        )
    canonical = {
        "type": scope["type"],
        **{n: int(scope[n]) for n in fields if str(scope[n]).lstrip("-").isdigit()},
    }
    language = str(params.get("language_code") or "")
    if language and not re.fullmatch(r"[a-z]{2}", language):
        raise bad_request("invalid language code specified")
    return json.dumps(canonical, sort_keys=True), language


async def set_my_commands(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, setMyCommands: at most 100 commands, names 1-32 of [a-z0-9_]."""
    commands = _required(params, "commands") if "commands" in params else None
    if not isinstance(commands, list):
        raise bad_request("can't parse commands JSON array")
    if len(commands) > 100:
        raise bad_request("too many commands specified")
    cleaned = []
    for command in commands:
        if not isinstance(command, dict):
            raise bad_request("can't parse BotCommand JSON object")
        name = str(command.get("command", "")).removeprefix("/")
        description = str(command.get("description", ""))
        if not re.fullmatch(r"[a-z0-9_]{1,32}", name):
            raise bad_request("BOT_COMMAND_INVALID")
        if not 1 <= len(description.strip()) <= 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
        cleaned.append({"command": name, "description": description})
    key = scope_key(world, params)
    if cleaned:
        world.commands[key] = cleaned
    else:
        world.commands.pop(key, None)
    return True


async def get_my_commands(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getMyCommands: that exact scope and language, no fallback."""
    return list(world.commands.get(scope_key(world, params), []))


async def delete_my_commands(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, deleteMyCommands."""
    world.commands.pop(scope_key(world, params), None)
    return True


async def set_webhook(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, setWebhook. An empty url removes the webhook, as live."""
    url = str(params.get("url") or "")
    secret = params.get("secret_token")
    if secret is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", str(secret)):
        raise bad_request("secret token contains unallowed characters")
    if url and not re.match(r"https?://", url):
        raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
    if params.get("drop_pending_updates"):
        world.updates.clear()
    if not url:
        world.webhook = {}
        return True
    allowed = params.get("allowed_updates")
    if isinstance(allowed, list):
        world.allowed_updates = [str(a) for a in allowed]
    world.webhook = {
        "url": url,
        "secret_token": secret,
        "max_connections": params.get("max_connections", 40),
    }
    world.wake_pollers()
    return True


async def delete_webhook(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, deleteWebhook."""
    if params.get("drop_pending_updates"):
        world.updates.clear()
    world.webhook = {}
    return True


async def get_webhook_info(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getWebhookInfo."""
    info: dict[str, Any] = {
        "url": world.webhook.get("url", ""),
        "has_custom_certificate": False,
        "pending_update_count": len(world.updates),
    }
    if world.webhook:
        info["max_connections"] = world.webhook["max_connections"]
        for key in ("last_error_date", "last_error_message"):
            if key in world.webhook:
                info[key] = world.webhook[key]
        if world.allowed_updates:
            info["allowed_updates"] = list(world.allowed_updates)
    return info


_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)


async def send_chat_action(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, sendChatAction."""
    world.chat_for_bot(_required(params, "chat_id"))
    if params.get("action") not in _ACTIONS:
        raise bad_request("wrong parameter action in request")
    return True


def _source_message(world: World, params: Params) -> StoredMessage:
    source_chat = world.chats.get(_required(params, "from_chat_id"))
    if source_chat is None:
        raise bad_request("chat not found")
    message = world.message(source_chat.id, int(_required(params, "message_id")))
    if message is None:
        raise bad_request("message to forward not found")
    return message


async def forward_message(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, forwardMessage: same content, with forward_origin naming the author."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    source = _source_message(world, params)
    origin = {"type": "user", "date": source.date, "sender_user": source.sender.to_json()}
    message = world.new_message(
        chat,
        world.bot,
        text=source.text,
        entities=list(source.entities),
        caption=source.caption,
        caption_entities=list(source.caption_entities),
        photo=source.photo,
        document=source.document,
        extra={"forward_origin": origin},
    )
    _announce(world, "message", message)
    return message.to_json()


async def copy_message(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, copyMessage: a new message without a link to the original; a new
    caption or reply_markup may be given. Answers only the new MessageId."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    source = _source_message(world, params)
    caption, entities = source.caption, list(source.caption_entities)
    if "caption" in params:
        caption, entities = _formatted(
            params, "caption", "caption_entities", MAX_CAPTION, required=False
        )
    message = world.new_message(
        chat,
        world.bot,
        text=source.text,
        entities=list(source.entities),
        caption=caption,
        caption_entities=entities,
        photo=source.photo,
        document=source.document,
        reply_markup=_markup(params),
        reply_to=_reply_target(world, chat, params),
    )
    _announce(world, "message", message)
    return {"message_id": message.message_id}


async def get_chat(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getChat: a ChatFullInfo with the fields PTB 22 requires."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    return {
        **chat.to_json(),
        "accent_color_id": 0,
        "max_reaction_count": 11,
        "accepted_gift_types": {
            "unlimited_gifts": False,
            "limited_gifts": False,
            "unique_gifts": False,
            "premium_subscription": False,
            "gifts_from_channels": False,
        },
    }


_ADMIN_RIGHTS = (
    "can_be_edited",
    "is_anonymous",
    "can_manage_chat",
    "can_delete_messages",
    "can_manage_video_chats",
    "can_restrict_members",
    "can_promote_members",
    "can_change_info",
    "can_invite_users",
    "can_post_stories",
    "can_edit_stories",
    "can_delete_stories",
    "can_pin_messages",
)


async def get_chat_member(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getChatMember: how a TD bot tells a group's admins from its players."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    user_id = int(_required(params, "user_id"))
    user = world.bot if user_id == world.bot.id else world.users.get(user_id)
    if user is None:
        raise bad_request("user not found")
    if user.id == world.bot.id:
        is_admin, is_member = chat.bot_is_admin, chat.bot_is_member
    else:
        is_admin, is_member = user.id in chat.admins, user.id in chat.members
    if chat.type == "private":
        is_admin, is_member = False, user.id in (chat.id, world.bot.id)
    if is_admin:
        member: dict[str, Any] = {"status": "administrator", "user": user.to_json()}
        member.update(
            {right: right != "can_be_edited" and right != "is_anonymous" for right in _ADMIN_RIGHTS}
        )
        return member
    return {"status": "member" if is_member else "left", "user": user.to_json()}


async def get_chat_administrators(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, getChatAdministrators."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    if chat.type == "private":
        raise bad_request("there are no administrators in the private chat")
    admins = []
    for user_id in sorted(chat.admins):
        admins.append(
            await get_chat_member(world, {"chat_id": chat.id, "user_id": user_id}, uploads)
        )
    return admins


async def pin_chat_message(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, pinChatMessage: in groups the bot must be an admin."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    message = world.message(chat.id, int(_required(params, "message_id")))
    if message is None:
        raise bad_request("message to pin not found")
    if chat.type != "private" and not chat.bot_is_admin:
        raise bad_request("not enough rights to manage pinned messages in the chat")
    chat.pinned = message.message_id
    return True


async def unpin_chat_message(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """Bot API, unpinChatMessage."""
    chat = world.chat_for_bot(_required(params, "chat_id"))
    if chat.type != "private" and not chat.bot_is_admin:
        raise bad_request("not enough rights to manage pinned messages in the chat")
    chat.pinned = None
    return True


async def _always_true(world: World, params: Params, uploads: dict[str, Upload]) -> Any:
    """logOut, close, setMyDescription and friends: nothing a test could observe."""
    return True


METHODS: dict[str, Handler] = {
    "getMe": get_me,
    "getUpdates": get_updates,
    "sendMessage": send_message,
    "sendPhoto": send_photo,
    "sendDocument": send_document,
    "editMessageText": edit_message_text,
    "editMessageCaption": edit_message_caption,
    "editMessageReplyMarkup": edit_message_reply_markup,
    "deleteMessage": delete_message,
    "answerCallbackQuery": answer_callback_query,
    "getFile": get_file,
    "setMyCommands": set_my_commands,
    "getMyCommands": get_my_commands,
    "deleteMyCommands": delete_my_commands,
    "setWebhook": set_webhook,
    "deleteWebhook": delete_webhook,
    "getWebhookInfo": get_webhook_info,
    "sendChatAction": send_chat_action,
    "forwardMessage": forward_message,
    "copyMessage": copy_message,
    "getChat": get_chat,
    "getChatMember": get_chat_member,
    "getChatAdministrators": get_chat_administrators,
    "pinChatMessage": pin_chat_message,
    "unpinChatMessage": unpin_chat_message,
    "logOut": _always_true,
    "close": _always_true,
    "setMyDescription": _always_true,
    "setMyShortDescription": _always_true,
    "setMyName": _always_true,
}
_BY_LOWER = {name.lower(): name for name in METHODS}


def _record_call(
    world: World,
    method: str,
    params: Params,
    uploads: dict[str, Upload],
    status: int,
    result: Any = None,
    error: str | None = None,
    via_webhook: bool = False,
) -> None:
    world.calls.append(
        Call(
            seq=len(world.calls) + 1,
            method=method,
            params=params,
            files={name: up.filename for name, up in uploads.items()},
            at=world.now(),
            status=status,
            result=result,
            error=error,
            via_webhook=via_webhook,
        )
    )


async def serve_call(
    world: World, token: str, method: str, raw: dict[str, Any], uploads: dict[str, Upload],
    *, via_webhook: bool = False,
) -> Answer:
    """Answer one Bot API call: token, fault plan, then the method itself; all recorded
    (``via_webhook``: a call the bot made in its answer to a webhook's POST)."""
    name = _BY_LOWER.get(method.lower(), method)
    _record = partial(_record_call, via_webhook=via_webhook)

    if token != world.token:
        _record(world, name, dict(raw), uploads, 401, error="Unauthorized")
        return Answer(401, ApiError(401, "Unauthorized").payload())
    try:
        params = decode_params(raw)
    except ApiError as exc:
        _record(world, name, dict(raw), uploads, exc.status, error=exc.description)
        return Answer(exc.status, exc.payload())
    handler = METHODS.get(name)
    if handler is None:
        error = ApiError(
            404, f"Not Found: method {method!r} is not implemented by the fake Bot API"
        )
        _record(world, name, params, uploads, 404, error=error.description)
        return Answer(404, error.payload())
    fault = world.faults.take(name, params.get("chat_id"))
    if fault is not None and fault.kind not in ("timeout", "slow", "garbled"):
        error = fault.error()
        _record(world, name, params, uploads, error.status, error=error.description)
        return Answer(error.status, error.payload())
    if fault is not None and not fault.carried_out:
        _record(world, name, params, uploads, 0, error="timed out (not carried out)")
        return Answer(0, {}, timeout=fault)
    if fault is not None and fault.kind == "slow":
        await asyncio.sleep(fault.delay)  # cancelled here (the bot gave up): not carried out
    try:
        if world.flood is not None and name in SENDING_METHODS and "chat_id" in params:
            target = world.chats.get(params["chat_id"])
            world.flood.check(params["chat_id"], target is not None and target.type != "private")
        result = await handler(world, params, uploads)
    except ApiError as exc:
        _record(world, name, params, uploads, exc.status, error=exc.description)
        return Answer(exc.status, exc.payload())
    if fault is not None and fault.kind == "timeout":
        _record(
            world,
            name,
            params,
            uploads,
            0,
            result=result,
            error="timed out (carried out, answer lost)",
        )
        return Answer(200, {"ok": True, "result": result}, timeout=fault)
    if fault is not None and fault.kind == "garbled":
        _record(world, name, params, uploads, 200, result=result,
                error="carried out, answer garbled")
        if fault.not_json:
            return Answer(200, {}, raw=b"<html><body>200 OK</body></html>")
        garbled = {**result, fault.field: fault.value} if isinstance(result, dict) else fault.value
        return Answer(200, {"ok": True, "result": garbled})
    _record(world, name, params, uploads, 200, result=result)
    return Answer(200, {"ok": True, "result": result})
