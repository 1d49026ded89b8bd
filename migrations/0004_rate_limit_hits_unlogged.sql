-- Custom SQL migration file, put your code below! --
-- Rate-limit counters are short-lived and cheap to lose: no WAL, not replicated, emptied after a crash.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
