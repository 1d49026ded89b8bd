-- Every server caches the live pages it serves (docs/decisions/0026). Whatever changes what a visitor
-- may see of a page (publishing, taking offline, deleting, restoring, purging), from whichever
-- writer, tells every server on channel lodestone_forms with the page's id.
CREATE OR REPLACE FUNCTION lodestone_forms_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lodestone_forms', COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER forms_change_notify
  AFTER INSERT OR DELETE OR UPDATE OF published, published_version, status, deleted_at ON forms
  FOR EACH ROW EXECUTE FUNCTION lodestone_forms_notify();
