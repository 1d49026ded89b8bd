DROP INDEX "leads_workspace_verified_idx";--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "kept_for_editing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "leads_workspace_held_idx" ON "leads" USING btree ("workspace_id","verified_at") WHERE "leads"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_released_idx" ON "leads" USING btree ("released_at") WHERE "leads"."released_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_workspace_verified_idx" ON "leads" USING btree ("workspace_id","verified_at") WHERE "leads"."status" = 'verified' and "leads"."held_at" is null;--> statement-breakpoint
-- Held leads (decision 0045) are not the owner's to see until released: the dashboard's lead counts
-- (form_lead_counts, decision 0028) leave them out. A lead held or released moves in or out of them.
CREATE OR REPLACE FUNCTION form_lead_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO form_lead_counts AS c (form_id, month, leads)
  SELECT form_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM added_leads
  WHERE held_at IS NULL GROUP BY 1, 2
  ON CONFLICT (form_id, month) DO UPDATE SET leads = c.leads + excluded.leads;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION form_lead_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE form_lead_counts c SET leads = c.leads - g.n
  FROM (SELECT form_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, count(*)::int AS n
        FROM removed_leads WHERE held_at IS NULL GROUP BY 1, 2) g
  WHERE c.form_id = g.form_id AND c.month = g.month;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION form_lead_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.held_at IS NULL THEN
    UPDATE form_lead_counts SET leads = leads - 1
    WHERE form_id = OLD.form_id AND month = date_trunc('month', OLD.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF NEW.held_at IS NULL THEN
    INSERT INTO form_lead_counts AS c (form_id, month, leads)
    VALUES (NEW.form_id, date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (form_id, month) DO UPDATE SET leads = c.leads + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS leads_counted_on_move ON leads;
--> statement-breakpoint
CREATE TRIGGER leads_counted_on_move AFTER UPDATE OF form_id, created_at, held_at ON leads FOR EACH ROW
  WHEN (OLD.form_id IS DISTINCT FROM NEW.form_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR (OLD.held_at IS NULL) <> (NEW.held_at IS NULL))
  EXECUTE FUNCTION form_lead_counts_move();
--> statement-breakpoint
-- The room a workspace has left this month for confirmed sign-ups (its plan's limit less its
-- confirmed, unheld leads of the month of `confirmed_at`), or NULL when its plan has no limit. Whoever makes
-- leads confirmed asks it first and holds those past the room. It takes the workspace's sign-up lock
-- (held to the end of the caller's transaction) and, being VOLATILE, counts with a snapshot taken
-- after the lock: so the one statement that stores a burst of sign-ups, which cannot take a lock
-- before its own snapshot, still sees every confirmation committed before it. `plans` and `limits`
-- come from src/domain/plans.ts (a NULL limit: unlimited).
CREATE OR REPLACE FUNCTION lodestone_signup_room(workspace text, confirmed_at timestamptz, plans text[], limits integer[])
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  month_start timestamptz := date_trunc('month', confirmed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  plan_limit integer;
  used integer;
BEGIN
  SELECT limits[array_position(plans, o.plan)] INTO plan_limit FROM organizations o WHERE o.id = workspace;
  IF plan_limit IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7415, hashtext(workspace));
  -- Read again under the lock: a change of plan committed meanwhile applies.
  SELECT limits[array_position(plans, o.plan)] INTO plan_limit FROM organizations o WHERE o.id = workspace;
  IF plan_limit IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT count(*)::int INTO used FROM leads l
  WHERE l.workspace_id = workspace AND l.status = 'verified' AND l.held_at IS NULL
    AND l.verified_at >= month_start AND l.verified_at < month_start + interval '1 month';
  RETURN greatest(plan_limit - used, 0);
END $$;
