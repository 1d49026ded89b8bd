-- form_lead_counts follows the leads table whatever writes it (decision 0028): inserts and deletes
-- once per statement from their transition tables, a lead moved to another page or day by a row
-- trigger that fires only when form_id or created_at changes. Cascades (a purged page, a deleted
-- workspace) fire the delete trigger too; the counts of a purged page go with it by their own cascade.
CREATE OR REPLACE FUNCTION form_lead_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO form_lead_counts AS c (form_id, day, leads)
  SELECT form_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM added_leads GROUP BY 1, 2
  ON CONFLICT (form_id, day) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION form_lead_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE form_lead_counts c SET leads = c.leads - g.n
  FROM (SELECT form_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM removed_leads GROUP BY 1, 2) g
  WHERE c.form_id = g.form_id AND c.day = g.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION form_lead_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE form_lead_counts SET leads = leads - 1
  WHERE form_id = OLD.form_id AND day = (OLD.created_at AT TIME ZONE 'UTC')::date;
  INSERT INTO form_lead_counts AS c (form_id, day, leads) VALUES (NEW.form_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1)
  ON CONFLICT (form_id, day) DO UPDATE SET leads = c.leads + 1;
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
-- The leads already stored, counted once (the triggers above already hold leads' write lock).
INSERT INTO form_lead_counts (form_id, day, leads)
SELECT form_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM leads GROUP BY 1, 2
ON CONFLICT (form_id, day) DO UPDATE SET leads = excluded.leads;
