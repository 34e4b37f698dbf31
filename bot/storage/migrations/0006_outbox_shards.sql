-- Several bot processes, each running some of the Discord shards: every outbox row carries
-- its campaign's guild, so a process claims only the rows of its shards' guilds
-- ((guild_id >> 22) % shard count), and a DM refused because the player's DMs are closed is
-- kept as held (`held` = 1) until the player next uses a command, in whichever process.

ALTER TABLE outbox ADD COLUMN guild_id INTEGER;
ALTER TABLE outbox ADD COLUMN held INTEGER NOT NULL DEFAULT 0;
UPDATE outbox SET guild_id = (SELECT guild_id FROM campaigns WHERE campaigns.id = outbox.campaign_id);
CREATE INDEX outbox_held ON outbox (target_id) WHERE held = 1;
