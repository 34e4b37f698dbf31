-- A quieter campaign channel (issue 22).
-- Which prompt a prompt message shows (its seat, its number among the seat's prompts, and a
-- fingerprint of its text and choices), so the next "prompts opened" row can edit the
-- message in place for the same seat, or leave an unchanged prompt where it is.
ALTER TABLE prompt_posts ADD COLUMN seat TEXT NOT NULL DEFAULT '';
ALTER TABLE prompt_posts ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
ALTER TABLE prompt_posts ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';

-- When the channel gets a map: after every resolution that moves the board, at the start
-- of every round, or only on demand (see bot/services/board.py).
ALTER TABLE campaigns ADD COLUMN maps TEXT NOT NULL DEFAULT 'resolution'
    CHECK (maps IN ('resolution', 'round', 'on_demand'));
