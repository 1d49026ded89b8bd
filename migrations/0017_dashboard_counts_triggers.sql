-- The dashboard's counters follow their sources whatever writes them (decision 0028).
--
-- form_lead_counts follows leads: inserts and deletes once per statement from their transition tables,
-- a lead moved to another page or month by a row trigger that fires only when form_id or created_at
-- changes. Cascades (a purged page, a deleted workspace) fire the delete trigger too; the counts of a
-- purged page go with it by their own cascade.
CREATE OR REPLACE FUNCTION form_lead_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO form_lead_counts AS c (form_id, month, leads)
  SELECT form_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM added_leads GROUP BY 1, 2
  ON CONFLICT (form_id, month) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION form_lead_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE form_lead_counts c SET leads = c.leads - g.n
  FROM (SELECT form_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, count(*)::int AS n
        FROM removed_leads GROUP BY 1, 2) g
  WHERE c.form_id = g.form_id AND c.month = g.month;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION form_lead_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE form_lead_counts SET leads = leads - 1
  WHERE form_id = OLD.form_id AND month = date_trunc('month', OLD.created_at AT TIME ZONE 'UTC')::date;
  INSERT INTO form_lead_counts AS c (form_id, month, leads)
  VALUES (NEW.form_id, date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, 1)
  ON CONFLICT (form_id, month) DO UPDATE SET leads = c.leads + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_counted_on_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS added_leads FOR EACH STATEMENT EXECUTE FUNCTION form_lead_counts_add();
--> statement-breakpoint
CREATE TRIGGER leads_counted_on_delete AFTER DELETE ON leads
  REFERENCING OLD TABLE AS removed_leads FOR EACH STATEMENT EXECUTE FUNCTION form_lead_counts_remove();
--> statement-breakpoint
CREATE TRIGGER leads_counted_on_move AFTER UPDATE OF form_id, created_at ON leads FOR EACH ROW
  WHEN (OLD.form_id IS DISTINCT FROM NEW.form_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION form_lead_counts_move();
--> statement-breakpoint
-- form_stat_totals follows form_daily_stats row by row (its writes are one row each: a view, a bump),
-- by what the row adds: one upsert on the page's totals row.
CREATE OR REPLACE FUNCTION form_stat_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dv integer;
  dc integer;
  dd integer;
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.form_id IS DISTINCT FROM NEW.form_id) THEN
    UPDATE form_stat_totals SET views = views - OLD.views, confirmations = confirmations - OLD.confirmations,
      downloads = downloads - OLD.downloads
    WHERE form_id = OLD.form_id;
    IF TG_OP = 'DELETE' THEN
      RETURN NULL;
    END IF;
  END IF;
  dv := NEW.views;
  dc := NEW.confirmations;
  dd := NEW.downloads;
  IF TG_OP = 'UPDATE' AND OLD.form_id = NEW.form_id THEN
    dv := dv - OLD.views;
    dc := dc - OLD.confirmations;
    dd := dd - OLD.downloads;
  END IF;
  INSERT INTO form_stat_totals AS t (form_id, views, confirmations, downloads) VALUES (NEW.form_id, dv, dc, dd)
  ON CONFLICT (form_id) DO UPDATE SET views = t.views + excluded.views,
    confirmations = t.confirmations + excluded.confirmations, downloads = t.downloads + excluded.downloads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER form_daily_stats_totalled AFTER INSERT OR UPDATE OR DELETE ON form_daily_stats
  FOR EACH ROW EXECUTE FUNCTION form_stat_totals_follow();
--> statement-breakpoint
-- What is already stored, counted once (the triggers above already hold their tables' write locks).
INSERT INTO form_lead_counts (form_id, month, leads)
SELECT form_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM leads GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO form_stat_totals (form_id, views, confirmations, downloads)
SELECT form_id, sum(views)::int, sum(confirmations)::int, sum(downloads)::int FROM form_daily_stats GROUP BY 1;
