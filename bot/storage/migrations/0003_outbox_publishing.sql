-- The outbox as the only way out: rows for a campaign without a channel (the console's
-- table), per-row retry times and a dead letter for rows given up, and the prompt
-- messages posted in channels, so a restarted bot closes the old ones.

CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id     INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    target_kind     TEXT    NOT NULL CHECK (target_kind IN ('channel', 'dm', 'table')),
    target_id       TEXT    NOT NULL,
    payload         TEXT    NOT NULL,               -- JSON, see bot.services.outbox
    created_at      TEXT    NOT NULL,
    delivered_at    TEXT,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    next_attempt_at TEXT,                           -- NULL: at once
    given_up_at     TEXT                            -- set: a dead letter, never tried again
);
INSERT INTO outbox_new (id, campaign_id, target_kind, target_id, payload, created_at,
                        delivered_at, attempts, last_error)
    SELECT id, campaign_id, target_kind, target_id, payload, created_at, delivered_at,
           attempts, last_error FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (delivered_at, id);
CREATE INDEX outbox_by_campaign ON outbox (campaign_id, id);

CREATE TABLE prompt_posts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    outbox_id   INTEGER NOT NULL,                   -- the "prompts opened" row it answers
    position    INTEGER NOT NULL,                   -- which prompt of that row
    channel_id  TEXT    NOT NULL,
    message_id  TEXT    NOT NULL,
    content     TEXT    NOT NULL,                   -- struck through when closed
    closed_at   TEXT,
    UNIQUE (outbox_id, position)
);
CREATE INDEX prompt_posts_open ON prompt_posts (campaign_id, closed_at);
