"""One handler per intent (python-telegram-bot's own examples' style), registered in order.

Order matters within group 0: the first matching handler takes the update. The catch-alls
(a message for strangers, a button press nobody knows) come last so that every specific
handler is tried first.
"""

from __future__ import annotations

from typing import Any

from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    MessageHandler,
    filters,
)

from bot.service.platform import callbacks
from bot.telegram.handlers import (
    approvals,
    availability,
    between,
    chances_cmd,
    club,
    desk,
    event_upload,
    expel,
    fees,
    group,
    help_cmd,
    hold,
    ladder,
    language_cmd,
    my_matches,
    photos,
    rating_cmd,
    replies,
    report,
    round_cmds,
    rulings,
    start,
    stranger,
    td,
)
from bot.telegram.handlers.errors import on_error


def register(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    # New messages only: Telegram sends an edited message as another update, and running
    # an edited command again would repeat its effect; edits get their own answer.
    private = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE
    app.add_handler(MessageHandler(filters.ChatType.PRIVATE & filters.UpdateType.EDITED_MESSAGE,
                                   stranger.edited))
    app.add_handler(CommandHandler("start", start.start, filters=private))
    app.add_handler(CommandHandler("help", help_cmd.help_command, filters=private))
    app.add_handler(CommandHandler("language", language_cmd.language, filters=private))
    app.add_handler(CommandHandler("matches", my_matches.my_matches, filters=private))
    app.add_handler(CommandHandler("pending", td.pending, filters=private))
    app.add_handler(CommandHandler("invites", td.list_invites, filters=private))
    app.add_handler(CommandHandler("openround", td.open_round, filters=private))
    app.add_handler(CommandHandler("draw", td.draw, filters=private))
    app.add_handler(CommandHandler("paid", fees.paid_command, filters=private))
    app.add_handler(CommandHandler("cost", fees.cost_command, filters=private))
    app.add_handler(CommandHandler("prizes", fees.prizes_command, filters=private))
    app.add_handler(CommandHandler("closeround", desk.close_round, filters=private))
    app.add_handler(CommandHandler("report", report.report_command, filters=private))
    app.add_handler(CommandHandler("dispute", report.dispute_command, filters=private))
    app.add_handler(CommandHandler("amend", rulings.amend_command, filters=private))
    app.add_handler(CommandHandler("correct", rulings.correct_command, filters=private))
    app.add_handler(CommandHandler("bracket", group.private_bracket, filters=private))
    app.add_handler(CommandHandler("holdround", hold.hold_round, filters=private))
    app.add_handler(CommandHandler("expel", expel.expel_command, filters=private))
    app.add_handler(CommandHandler("standings", round_cmds.standings, filters=private))
    app.add_handler(CommandHandler("why", round_cmds.why, filters=private))
    app.add_handler(CommandHandler("chances", chances_cmd.chances, filters=private))
    app.add_handler(CommandHandler("rating", rating_cmd.rating, filters=private))
    app.add_handler(CommandHandler("export", round_cmds.export, filters=private))
    app.add_handler(CommandHandler(["link", "unlink"], group.in_private, filters=private))
    app.add_handler(CommandHandler("night", club.night, filters=private))
    app.add_handler(CommandHandler("checkin", club.checkin, filters=private))
    app.add_handler(CommandHandler("pairround", club.pair_round, filters=private))
    app.add_handler(CommandHandler("fees", club.fees, filters=private))
    app.add_handler(CommandHandler("endnight", club.end_night, filters=private))
    app.add_handler(CommandHandler("me", club.me, filters=private))
    app.add_handler(CommandHandler("ladder", ladder.show, filters=private))
    app.add_handler(CommandHandler("challenge", ladder.challenge, filters=private))
    app.add_handler(CommandHandler("accept", ladder.accept, filters=private))
    app.add_handler(CommandHandler("decline", ladder.decline, filters=private))
    app.add_handler(CommandHandler("withdraw", ladder.withdraw, filters=private))
    app.add_handler(CommandHandler("join", ladder.join, filters=private))
    app.add_handler(CommandHandler("tell", between.tell, filters=private))
    app.add_handler(CommandHandler("cancel", between.cancel, filters=private))
    app.add_handler(CommandHandler("mute", between.mute, filters=private))
    app.add_handler(CommandHandler("unmute", between.unmute, filters=private))
    app.add_handler(CommandHandler("share", between.share, filters=private))
    app.add_handler(CommandHandler("matchlog", between.match_log, filters=private))
    app.add_handler(CommandHandler("timezone", between.timezone, filters=private))
    app.add_handler(CommandHandler("propose", between.propose, filters=private))
    app.add_handler(CommandHandler("agree", between.agree, filters=private))
    app.add_handler(CommandHandler("noshow", between.no_show, filters=private))
    app.add_handler(CommandHandler("contest", between.contest, filters=private))
    app.add_handler(CommandHandler("unavailable", availability.unavailable, filters=private))
    app.add_handler(CommandHandler("available", availability.available, filters=private))
    app.add_handler(CommandHandler("availability", availability.who_is_available,
                                   filters=private))
    # a text answering the bot's question (a reason, scores) goes to that question's
    # handler before the result parser or anything else reads it
    app.add_handler(MessageHandler(private & filters.TEXT & ~filters.COMMAND,
                                   replies.awaited_reply), group=-1)
    app.add_handler(
        MessageHandler(private & filters.Document.FileExtension("toml"),
                       event_upload.definition_document)
    )
    app.add_handler(MessageHandler(private & filters.PHOTO
                                   & filters.CaptionRegex(fees.PROOF_CAPTION), fees.proof_photo))
    app.add_handler(CallbackQueryHandler(fees.proof_button, pattern=callbacks.is_proof))
    app.add_handler(CallbackQueryHandler(club.fee_paid, pattern=callbacks.is_club_paid))
    app.add_handler(CallbackQueryHandler(language_cmd.language_button,
                                         pattern=callbacks.is_language))
    app.add_handler(CallbackQueryHandler(approvals.pick_entry, pattern=callbacks.is_join_pick))
    app.add_handler(CallbackQueryHandler(approvals.decide, pattern=callbacks.is_join_decide))
    app.add_handler(CallbackQueryHandler(report.slip_button, pattern=callbacks.is_slip))
    app.add_handler(CallbackQueryHandler(rulings.rule_button, pattern=callbacks.is_rule))
    app.add_handler(CallbackQueryHandler(rulings.tie_button, pattern=callbacks.is_tie))
    app.add_handler(CallbackQueryHandler(rulings.fix_button, pattern=callbacks.is_fix))
    app.add_handler(CallbackQueryHandler(rulings.skip_button, pattern=callbacks.is_why_skip))
    app.add_handler(CallbackQueryHandler(rulings.correction_button,
                                         pattern=callbacks.is_correction))
    app.add_handler(CallbackQueryHandler(desk.desk_button, pattern=callbacks.is_desk))
    app.add_handler(CallbackQueryHandler(expel.slot_button, pattern=callbacks.is_expel_pick))
    app.add_handler(CallbackQueryHandler(ladder.button, pattern=callbacks.is_ladder))
    app.add_handler(CallbackQueryHandler(between.button, pattern=callbacks.is_relay))
    app.add_handler(CallbackQueryHandler(between.button, pattern=callbacks.is_arrange))
    app.add_handler(CallbackQueryHandler(between.button, pattern=callbacks.is_no_show))
    app.add_handler(CallbackQueryHandler(event_upload.start_today_button,
                                         pattern=callbacks.is_event_today))
    app.add_handler(MessageHandler(private & filters.TEXT & ~filters.COMMAND & report.RESULT_TEXT,
                                   report.report_message))
    app.add_handler(MessageHandler(private & photos.PHOTO, photos.board_photo))
    app.add_handler(CallbackQueryHandler(photos.pick_game, pattern=callbacks.is_photo_pick))
    app.add_handler(CallbackQueryHandler(photos.rule, pattern=callbacks.is_photo_rule))
    app.add_handler(CallbackQueryHandler(photos.open_game, pattern=callbacks.is_photo_game))
    app.add_handler(CallbackQueryHandler(photos.rule_list, pattern=callbacks.is_photo_all))
    app.add_handler(MessageHandler(private & ~filters.StatusUpdate.ALL, stranger.anything_else))
    app.add_handler(CallbackQueryHandler(stranger.stale_button))  # after every button handler
    # The event's group chat: only these commands there (bot/service/events/groups.py).
    in_group = filters.ChatType.GROUPS & filters.UpdateType.MESSAGE
    app.add_handler(CommandHandler("link", group.link, filters=in_group))
    app.add_handler(CommandHandler("unlink", group.unlink, filters=in_group))
    app.add_handler(CommandHandler("bracket", group.group_bracket, filters=in_group))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, group.moved))
    app.add_error_handler(on_error)
