"""/start: deep-link onboarding (``https://t.me/<bot>?start=<code>``), or a hello.

Whoever follows a player link is linked to their entry -- at once for a personal link, or they pick their name from an inline keyboard and a TD approves (the
picking is ``approvals.pick_entry``). TD, adjudicator and organiser links grant the role.
Following a link twice is harmless (the service answers "linked" again).
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.people.invites import Redemption, follow_invite, role_name
from bot.service.people.standing import Standing, my_standing
from bot.service.platform.unit import Answer, Reply, Request
from bot.telegram import keyboards, texts
from bot.telegram.handlers.common import AfterCommit, handled
from bot.telegram.handlers.help_cmd import menu_update
from bot.telegram.runtime import runtime
from bot.words import for_locale


def _hello(s: Standing, lang: str) -> Reply:
    if s.hats:
        return Reply(texts.welcome_back(s.name, lang=lang))
    return Reply(for_locale(lang).gettext(texts.ORGANISER_HELLO if s.organiser
                                          else texts.STRANGER))


def _followed(code: str) -> Answer[Redemption]:
    def render(done: Redemption, lang: str) -> Reply:
        if done.outcome == "choose_entry":
            if not done.choices:
                return Reply(texts.no_entries_left(done.event_name, lang=lang))
            return Reply(texts.pick_your_name(done.event_name, lang=lang),
                         keyboards.pick_entry(code, done.choices))
        if done.outcome == "pending":
            return Reply(texts.still_waiting(done.event_name, lang=lang))
        return Reply(texts.joined(done.event_name, for_locale(lang).gettext(role_name(done.role)),
                                  done.entry, lang=lang))

    return render


@handled
async def start(update: Update, context: ContextTypes.DEFAULT_TYPE, req: Request) -> AfterCommit | None:
    db = runtime(context).db
    if not context.args:
        standing = await my_standing(db, req, render=_hello)
        return menu_update(context, req.chat_id, standing.hats, req.language)
    code = context.args[0]
    done = await follow_invite(db, req, code, render=_followed(code))
    if done.outcome != "linked":
        return None
    return menu_update(context, req.chat_id, done.held, req.language)
