-- Tells every instance which cached rows changed (docs/decisions/036-caches-told-by-the-database.md): each
-- trigger names the columns that key the caches of its table; on commit, "<table> <value>" is sent on the
-- hr_changes channel for the old and the new value of each. pg_notify sends nothing if the transaction
-- rolls back, and one notice for identical payloads of one transaction.
CREATE FUNCTION "hr_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text;
  k text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    IF TG_OP <> 'INSERT' THEN
      EXECUTE format('SELECT ($1).%I::text', col) USING OLD INTO k;
      IF k IS NOT NULL THEN PERFORM pg_notify('hr_changes', TG_TABLE_NAME || ' ' || k); END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      EXECUTE format('SELECT ($1).%I::text', col) USING NEW INTO k;
      IF k IS NOT NULL THEN PERFORM pg_notify('hr_changes', TG_TABLE_NAME || ' ' || k); END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A session is cached by its token's hash: a new session was never cached, so only updates and deletes tell.
CREATE TRIGGER "source_session_changed" AFTER UPDATE OR DELETE ON "source_session"
  FOR EACH ROW EXECUTE FUNCTION "hr_notify_change"('token_hash', 'previous_hash');
--> statement-breakpoint
CREATE TRIGGER "source_top_artists_changed" AFTER INSERT OR UPDATE OR DELETE ON "source_top_artists"
  FOR EACH ROW EXECUTE FUNCTION "hr_notify_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "chart_snapshot_changed" AFTER INSERT OR UPDATE OR DELETE ON "chart_snapshot"
  FOR EACH ROW EXECUTE FUNCTION "hr_notify_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_profile_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_profile"
  FOR EACH ROW EXECUTE FUNCTION "hr_notify_change"('id');
