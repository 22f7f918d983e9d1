"""Which commands each person may use: the /help text and the command menus come from here.

Issue 3: "``/help`` shows only what that person may do; command menus are set per scope with
``setMyCommands`` (``BotCommandScopeChat`` per person after they get a role, default scope
for all)". One table, so the menu and /help can never disagree.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

from telegram import Bot, BotCommand, BotCommandScopeChat, BotCommandScopeDefault
from telegram.error import TelegramError

log = logging.getLogger(__name__)

#: The roles of an event (SSSg para 19 names TDs and a neutral adjudicator), plus
#: "organiser" for the people the settings allow to create events (TDBOT_ORGANISERS).
EVERYONE = "everyone"


@dataclass(frozen=True)
class Command:
    name: str
    summary: str  # the one line in Telegram's menu
    roles: frozenset[str]  # who may use it: EVERYONE or event roles


COMMANDS: tuple[Command, ...] = (
    Command("start", "Join an event with your invite link, or say hello", frozenset({EVERYONE})),
    Command("help", "What you can do here", frozenset({EVERYONE})),
    Command("matches", "Your matches, opponents and deadlines", frozenset({"player"})),
    Command("report", "Report a game: /report 412-380, your score first", frozenset({"player"})),
    Command("dispute", "Dispute a result slip: /dispute REASON", frozenset({"player"})),
    Command("pending", "What awaits a TD: disputes, unfinished matches, fees, join requests",
            frozenset({"td", "organiser"})),
    Command("invites", "The invite links of your event", frozenset({"td", "organiser"})),
    Command("draw", "Make the draw of your event (once)", frozenset({"td", "organiser"})),
    Command("openround", "Open a round: /openround CODE [until DATE]", frozenset({"td", "organiser"})),
    Command("bracket", "The bracket pictures of your event", frozenset({"player", "td", "organiser"})),
    Command("link", "In your event's group: /link EVENT posts results there",
            frozenset({"td", "organiser"})),
    Command("unlink", "In a linked group: stop posting there", frozenset({"td", "organiser"})),
    Command("holdround", "Hold a round open: /holdround CODE until DATE: REASON",
            frozenset({"td", "organiser"})),
    Command("amend", "The right scores after Amend on a dispute: /amend 412 380",
            frozenset({"td", "adjudicator", "organiser"})),
    Command("paid", "Record a fee: /paid NAME ROUND (players: photo captioned /paid)",
            frozenset({"td", "organiser", "player"})),
    Command("cost", "Enter a cost of the event: /cost AMOUNT NOTE", frozenset({"td", "organiser"})),
    Command("prizes", "Prize pools from the fees paid (paras 7-9)",
            frozenset({"td", "organiser", "player"})),
    Command("closeround", "Close a round: /closeround CODE [anyway: REASON]",
            frozenset({"td", "organiser"})),
    Command("expel", "Expel a player: /expel NAME: REASON (para 29)",
            frozenset({"td", "organiser"})),
    Command("night", "Club: start tonight's club night", frozenset({"td", "organiser"})),
    Command("checkin", "Club: check in for tonight (TDs: /checkin NAME, /checkin new NAME)",
            frozenset({"player", "td", "organiser"})),
    Command("pairround", "Club: pair tonight's next round [anyway]",
            frozenset({"td", "organiser"})),
    Command("fees", "Club: tonight's fees, a tap per player who pays",
            frozenset({"td", "organiser"})),
    Command("endnight", "Club: end tonight; who has not paid", frozenset({"td", "organiser"})),
    Command("me", "Club: your record (games, wins, average, high game, expert points)",
            frozenset({"player"})),
    Command("ladder", "Your challenge ladder: rungs and open challenges",
            frozenset({"player", "td", "organiser"})),
    Command("challenge", "Challenge a player above you: /challenge [NAME]", frozenset({"player"})),
    Command("accept", "Accept the challenge made to you", frozenset({"player"})),
    Command("decline", "Decline the challenge made to you", frozenset({"player"})),
    Command("withdraw", "Withdraw your challenge", frozenset({"player"})),
    Command("join", "Add a newcomer at the ladder's bottom: /join NAME [RATING]",
            frozenset({"td", "organiser"})),
    Command("standings", "Round-based events: the standings", frozenset(
        {"player", "td", "organiser", "adjudicator"})),
    Command("why", "Round-based events: why a player was paired so: /why NAME [ROUND]",
            frozenset({"td", "organiser"})),
    Command("export", "Round-based events: the .t, NASPA and TRF files so far",
            frozenset({"td", "organiser"})),
)


def allowed(roles: Iterable[str]) -> list[Command]:
    """The commands a person with these roles (in any event) may use, in menu order."""
    have = set(roles) | {EVERYONE}
    return [c for c in COMMANDS if c.roles & have]


def menu(roles: Iterable[str]) -> list[BotCommand]:
    return [BotCommand(c.name, c.summary) for c in allowed(roles)]


async def set_default_menu(bot: Bot) -> None:
    """The menu everyone sees before they hold a role (cosmetic: a failure is logged)."""
    try:
        await bot.set_my_commands(menu(()), scope=BotCommandScopeDefault())
    except TelegramError as exc:
        log.warning("could not set the default command menu: %s", exc)


async def set_menu_for(bot: Bot, chat_id: int, roles: Iterable[str]) -> None:
    """A person's own menu once they hold a role; a failure here is cosmetic, so logged."""
    try:
        await bot.set_my_commands(menu(roles), scope=BotCommandScopeChat(chat_id))
    except TelegramError as exc:
        log.warning("could not set the command menu of chat %s: %s", chat_id, exc)
