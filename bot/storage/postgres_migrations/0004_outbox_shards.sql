-- Several bot processes, each running some of the Discord shards: every outbox row carries
-- its campaign's guild, so a process claims only the rows of its shards' guilds
-- ((guild_id >> 22) % shard count), and a DM refused because the player's DMs are closed is
-- kept as held until the player next uses a command, in whichever process.

ALTER TABLE outbox ADD COLUMN guild_id BIGINT, ADD COLUMN held BOOLEAN NOT NULL DEFAULT false;
UPDATE outbox SET guild_id = campaigns.guild_id FROM campaigns WHERE campaigns.id = outbox.campaign_id;
CREATE INDEX outbox_held ON outbox (target_id) WHERE held;
