-- The bot username an event's invite links were made for (https://t.me/<bot>?start=...):
-- given once when the event is created (tdbot event create --bot-username, or the bot
-- itself when an organiser sends the definition), so later commands that print the
-- event's links use it too. NULL: not known; the command line then asks for one.
ALTER TABLE events ADD COLUMN bot_username TEXT;
