-- 0023: the address of the live pages (bot/web), as the running bot was started with it
-- (TDBOT_PUBLIC_URL). Whoever posts to an event's group (the bot, a deadline, a TD at the
-- command line) links the event's page from there, so every process that writes posts
-- reads the same address. No row: no address set, no links.
CREATE TABLE site (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    public_url TEXT NOT NULL
);
