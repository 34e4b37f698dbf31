-- A quieter campaign channel (issue 22), as SQLite's migration 0004: which prompt a prompt
-- message shows (seat, number among the seat's prompts, fingerprint of its text and
-- choices), and when the channel gets a map.
ALTER TABLE prompt_posts ADD COLUMN seat TEXT NOT NULL DEFAULT '';
ALTER TABLE prompt_posts ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
ALTER TABLE prompt_posts ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';

ALTER TABLE campaigns ADD COLUMN maps TEXT NOT NULL DEFAULT 'resolution'
    CHECK (maps IN ('resolution', 'round', 'on_demand'));
