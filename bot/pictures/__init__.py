"""Pictures of events for the chat: bracket PNGs (``bot.pictures.bracket``)."""
