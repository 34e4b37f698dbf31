-- Asynchronous play: what a deadline needs to be re-armed after a restart, and one
-- schedule record per campaign (pace, vacations, substitutes, reminder preferences).

ALTER TABLE deadlines ADD COLUMN urgency TEXT NOT NULL DEFAULT 'turn';
ALTER TABLE deadlines ADD COLUMN phase TEXT NOT NULL DEFAULT '';
ALTER TABLE deadlines ADD COLUMN user_id TEXT;                  -- the holder when armed
ALTER TABLE deadlines ADD COLUMN armed_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deadlines ADD COLUMN armed_at TEXT NOT NULL DEFAULT '';
ALTER TABLE deadlines ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deadlines ADD COLUMN overdue_noticed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deadlines ADD COLUMN closed_at TEXT;
-- state: 'pending', then 'answered', 'missed', 'autopilot' (played for an absent seat)
-- or 'cancelled' (the prompt went away without the seat acting: an undo, the end).
CREATE INDEX deadlines_by_campaign ON deadlines (campaign_id, state, id);

CREATE TABLE campaign_schedule (
    campaign_id INTEGER PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    record      TEXT    NOT NULL,            -- JSON, see bot.services.schedule_record
    version     INTEGER NOT NULL DEFAULT 0   -- optimistic concurrency, like campaigns.seq
);
