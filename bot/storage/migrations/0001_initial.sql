-- The first schema: campaigns, seat tenures, the action log and its caches, deadlines,
-- the outbox of messages to deliver and the moderators' audit trail.

CREATE TABLE campaigns (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    ruleset         TEXT    NOT NULL,
    ruleset_version TEXT    NOT NULL,
    options         TEXT    NOT NULL,            -- JSON object, as given at creation
    data            TEXT,                        -- JSON replacement data file, or NULL
    seed_hex        TEXT    NOT NULL,            -- secret until the campaign is finished
    seed_commitment TEXT    NOT NULL,            -- SHA-256 of the seed, public from creation
    guild_id        INTEGER,
    channel_id      INTEGER,
    language        TEXT    NOT NULL DEFAULT 'en',
    status          TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'active', 'paused', 'finished')),
    creator         TEXT    NOT NULL,
    created_at      TEXT    NOT NULL,
    seq             INTEGER NOT NULL DEFAULT -1  -- newest log entry; -1 while in the lobby
);
CREATE INDEX campaigns_by_guild ON campaigns (guild_id);
CREATE INDEX campaigns_by_channel ON campaigns (channel_id);

-- One row per tenure: a seat may have several holders over time; ended_at NULL = current.
CREATE TABLE seats (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seat         TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    display_name TEXT    NOT NULL,
    started_at   TEXT    NOT NULL,
    ended_at     TEXT
);
CREATE UNIQUE INDEX seats_one_current_holder ON seats (campaign_id, seat) WHERE ended_at IS NULL;
CREATE INDEX seats_by_user ON seats (campaign_id, user_id);

-- The log is the truth: seq 0 is the set-up, every later row one accepted action.
CREATE TABLE actions (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        TEXT,                            -- NULL for the set-up entry
    action      TEXT    NOT NULL,                -- JSON
    events      TEXT    NOT NULL,                -- JSON list of events
    rolls       TEXT    NOT NULL,                -- JSON list of dice draws
    state_hash  TEXT    NOT NULL,                -- hash of the state after this entry
    actor       TEXT    NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, seq)
);

-- A cache: any snapshot can be deleted and rebuilt from the log.
CREATE TABLE snapshots (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    state       TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, seq)
);

CREATE TABLE deadlines (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seat        TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    due_at      TEXT    NOT NULL,
    state       TEXT    NOT NULL DEFAULT 'pending'
);
CREATE INDEX deadlines_by_due ON deadlines (state, due_at);

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    target_kind  TEXT    NOT NULL CHECK (target_kind IN ('channel', 'dm')),
    target_id    TEXT    NOT NULL,
    payload      TEXT    NOT NULL,               -- JSON
    created_at   TEXT    NOT NULL,
    delivered_at TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT
);
CREATE INDEX outbox_pending ON outbox (delivered_at, id);

CREATE TABLE audit (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    actor       TEXT    NOT NULL,
    act         TEXT    NOT NULL,
    reason      TEXT    NOT NULL,
    seqs        TEXT    NOT NULL,                -- JSON list of the log seqs concerned
    detail      TEXT    NOT NULL,                -- JSON: e.g. the content of removed log rows
    at          TEXT    NOT NULL
);
CREATE INDEX audit_by_campaign ON audit (campaign_id, id);
