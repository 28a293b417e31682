-- Rate-limit counters live in Redis (or in memory on the embedded database), never in a table.
DROP TABLE IF EXISTS "rate_limit" CASCADE;
--> statement-breakpoint
-- Each batch of events adds its own counts to the day's totals in the statement that writes it
-- (src/events/log.ts): no row-by-row trigger on the day's counter row.
DROP TRIGGER IF EXISTS "analytics_event_daily" ON "analytics_event";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "analytics_daily_count"();
