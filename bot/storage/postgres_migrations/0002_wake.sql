-- When the scheduler must next look at each running campaign (as SQLite's migration 0003):
-- `wake_at` is its next reminder, deadline or vacation boundary, '-infinity' to look at
-- once, NULL when nothing waits on the clock. Any change to a running campaign (a step, an
-- undo, a seat, a deadline, its schedule, an audited act) sets it to '-infinity' and counts
-- one more in `changes`, by the triggers below, so no code path can forget it; the
-- scheduler's own write lands only if nothing changed since it looked. A campaign that is
-- not running has no row.

CREATE TABLE campaign_wake (
    campaign_id BIGINT PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    wake_at     TIMESTAMPTZ,
    changes     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX campaign_wake_due ON campaign_wake (wake_at, campaign_id);

INSERT INTO campaign_wake (campaign_id, wake_at)
SELECT id, '-infinity' FROM campaigns WHERE status = 'active';

CREATE FUNCTION wake_campaign(changed BIGINT) RETURNS void LANGUAGE sql AS $$
    INSERT INTO campaign_wake (campaign_id, wake_at, changes)
    SELECT id, '-infinity', 1 FROM campaigns WHERE id = changed AND status = 'active'
    ON CONFLICT (campaign_id)
    DO UPDATE SET wake_at = '-infinity', changes = campaign_wake.changes + 1;
$$;

CREATE FUNCTION wake_on_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM wake_campaign(OLD.campaign_id);
    ELSE
        PERFORM wake_campaign(NEW.campaign_id);
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION wake_on_campaign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status != 'active' THEN
        DELETE FROM campaign_wake WHERE campaign_id = NEW.id;
    ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO campaign_wake (campaign_id, wake_at) VALUES (NEW.id, '-infinity')
        ON CONFLICT (campaign_id) DO NOTHING;
    ELSE
        PERFORM wake_campaign(NEW.id);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER wake_on_campaigns AFTER INSERT OR UPDATE OF status, seq ON campaigns
    FOR EACH ROW EXECUTE FUNCTION wake_on_campaign();
CREATE TRIGGER wake_on_actions AFTER INSERT OR DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION wake_on_row();
CREATE TRIGGER wake_on_audit AFTER INSERT ON audit
    FOR EACH ROW EXECUTE FUNCTION wake_on_row();
CREATE TRIGGER wake_on_seats AFTER INSERT OR UPDATE ON seats
    FOR EACH ROW EXECUTE FUNCTION wake_on_row();
CREATE TRIGGER wake_on_deadlines AFTER INSERT OR UPDATE ON deadlines
    FOR EACH ROW EXECUTE FUNCTION wake_on_row();
CREATE TRIGGER wake_on_campaign_schedule AFTER INSERT OR UPDATE ON campaign_schedule
    FOR EACH ROW EXECUTE FUNCTION wake_on_row();
