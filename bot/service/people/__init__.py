"""People and their places in events: invites, entries, roles, membership, where a
Telegram user stands, and expulsions."""
