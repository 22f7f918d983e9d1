-- 0025: between the two players of a match: their own time zone and shared username, the
-- messages the bot relays between them (kept for the TDs), the times they propose and
-- agree, and a claim that the opponent did not turn up at an agreed time.
--
-- A player's settings: the zone their times are read and shown in (NULL: the event's), and
-- the @username they chose to show their opponents (NULL: none; the bot never shows a phone
-- or an account the player has not chosen to share).
CREATE TABLE player_prefs (
    person_id INTEGER PRIMARY KEY REFERENCES people (id),
    time_zone TEXT,
    username TEXT,
    updated_at TEXT NOT NULL
);

-- Messages relayed from one player of a match to the other. 'muted': the recipient had
-- muted the match, so it was kept for the TDs but not delivered.
CREATE TABLE relay_messages (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    from_person INTEGER NOT NULL REFERENCES people (id),
    to_person INTEGER NOT NULL REFERENCES people (id),
    text TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('relayed', 'muted')),
    sent_at TEXT NOT NULL
);
CREATE INDEX relay_messages_match ON relay_messages (match_id, id);
CREATE INDEX relay_messages_sender ON relay_messages (from_person, match_id, sent_at);

-- A player who muted the relay of a match (until they unmute it).
CREATE TABLE relay_mutes (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    person_id INTEGER NOT NULL REFERENCES people (id),
    muted_at TEXT NOT NULL,
    PRIMARY KEY (match_id, person_id)
);

-- A player's next message is for their opponent (after the "Write to" button): one per
-- person, gone once used or cancelled.
CREATE TABLE relay_drafts (
    person_id INTEGER PRIMARY KEY REFERENCES people (id),
    match_id INTEGER NOT NULL REFERENCES matches (id),
    opened_at TEXT NOT NULL
);

-- Times proposed for a match. 'agreed' is the one agreed (at most one per match); a moved
-- game leaves its old time 'moved'; a proposal answered by another leaves it 'superseded'.
CREATE TABLE match_times (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    proposed_by INTEGER REFERENCES people (id),  -- NULL: a TD at the command line
    starts_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'proposed'
        CHECK (state IN ('proposed', 'agreed', 'superseded', 'moved', 'cancelled')),
    created_at TEXT NOT NULL,
    decided_at TEXT
);
CREATE INDEX match_times_match ON match_times (match_id, state);

-- A claim that the opponent did not turn up at an agreed time: 'open' in the opponent's
-- window to contest, 'contested', then 'with_tds' once the TDs are asked, 'ruled'.
CREATE TABLE no_show_claims (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    time_id INTEGER NOT NULL REFERENCES match_times (id),
    claimant INTEGER NOT NULL REFERENCES people (id),
    state TEXT NOT NULL DEFAULT 'open'
        CHECK (state IN ('open', 'contested', 'with_tds', 'ruled')),
    contest TEXT,
    claimed_at TEXT NOT NULL,
    contested_at TEXT,
    ruling TEXT,
    ruled_by TEXT,
    ruled_at TEXT,
    UNIQUE (time_id, claimant)
);
CREATE INDEX no_show_claims_match ON no_show_claims (match_id, state);
