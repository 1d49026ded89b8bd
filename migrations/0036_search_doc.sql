-- The leads lists' search asks the trigram index for a superset of the matching leads and tests each
-- candidate (decision 0094). lead_search_text (0015) aggregates the answers in a subquery, so PostgreSQL
-- runs it as a function call for every candidate it re-checks (about 14 us each); this body has no
-- subquery and is inlined (about 2 us). The answers appear in it as jsonb writes them: a search text
-- without a double quote, a backslash or a control character (the only characters jsonb escapes)
-- is in it wherever it is in an answer; the search asks the index only for such texts.
-- IF [NOT] EXISTS so that, on a large leads table, the index can be built beforehand with CREATE
-- INDEX CONCURRENTLY (same name, after creating the function) and this migration skips it.
CREATE OR REPLACE FUNCTION lead_search_doc(email text, data jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT email || E'\n' || data::text $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_search_doc_trgm_idx" ON "leads" USING gin (lead_search_doc("email", "data") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "leads_search_trgm_idx";--> statement-breakpoint
DROP FUNCTION IF EXISTS lead_search_text(text, jsonb);
