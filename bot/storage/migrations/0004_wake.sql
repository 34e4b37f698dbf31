-- When the scheduler must next look at each running campaign, so that a tick reads only
-- the campaigns due (an index on the time) instead of visiting every one.
--
-- The scheduler writes `wake_at` after looking at a campaign: its next reminder, deadline
-- or vacation boundary, or NULL when nothing waits on the clock. Any change to a running
-- campaign (a step, an undo, a seat, a deadline, its schedule, an audited act) sets
-- `wake_at` to '' (before any time: look at once) and counts one more in `changes`, by the
-- triggers below, so no code path can forget it; the scheduler's own write only lands if
-- nothing changed since it looked (`changes` unchanged). A campaign that is not running
-- has no row.

CREATE TABLE campaign_wake (
    campaign_id INTEGER PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    wake_at     TEXT,                       -- UTC ISO time, '' = now, NULL = on a change
    changes     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX campaign_wake_due ON campaign_wake (wake_at, campaign_id);

INSERT INTO campaign_wake (campaign_id, wake_at) SELECT id, '' FROM campaigns
WHERE status = 'active';

CREATE TRIGGER wake_on_status AFTER UPDATE OF status, seq ON campaigns BEGIN
    DELETE FROM campaign_wake WHERE campaign_id = NEW.id AND NEW.status != 'active';
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT NEW.id, '', 1 WHERE NEW.status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;

CREATE TRIGGER wake_on_import AFTER INSERT ON campaigns WHEN NEW.status = 'active' BEGIN
    INSERT OR IGNORE INTO campaign_wake (campaign_id, wake_at) VALUES (NEW.id, '');
END;

CREATE TRIGGER wake_on_actions_insert AFTER INSERT ON actions BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_actions_delete AFTER DELETE ON actions BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = OLD.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_audit_insert AFTER INSERT ON audit BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_seats_insert AFTER INSERT ON seats BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_seats_update AFTER UPDATE ON seats BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_deadlines_insert AFTER INSERT ON deadlines BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_deadlines_update AFTER UPDATE ON deadlines BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_campaign_schedule_insert AFTER INSERT ON campaign_schedule BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
CREATE TRIGGER wake_on_campaign_schedule_update AFTER UPDATE ON campaign_schedule BEGIN
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '', 1 FROM campaigns WHERE id = NEW.campaign_id AND status = 'active'
    ON CONFLICT (campaign_id) DO UPDATE SET wake_at = '', changes = changes + 1;
END;
