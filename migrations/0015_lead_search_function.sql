-- The leads lists' search (an address or an answer containing the text) served by a trigram index
-- (decision 0028). pg_trgm ships with PostgreSQL's contrib and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Everything the search looks in, one line each: the address, then every answer.
CREATE OR REPLACE FUNCTION lead_search_text(email text, data jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT email || E'\n' || coalesce((SELECT string_agg(value, E'\n') FROM jsonb_each_text(data)), '') $$;
