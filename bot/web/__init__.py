"""The event's live pages on the web: brackets, standings, pairings, matches, players and
the public log (``bot.service.events.site`` says what they may show), served by the bot
(``server``) or written as files (``files``)."""
