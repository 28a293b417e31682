-- The one door that deletes consent records (docs/deploy.md, "Evidence the app cannot change"): one
-- listener's rows, with an audit line of its own. SECURITY DEFINER: where a separate role owns the
-- evidence tables and this function, the app's role may call it and do nothing else to those rows.
CREATE FUNCTION "erase_listener_consent"(p_listener text, p_actor text, p_pseudonym text)
  RETURNS integer LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  removed integer;
BEGIN
  IF p_listener IS NULL OR p_listener = '' THEN
    RAISE EXCEPTION 'erase_listener_consent needs a listener id';
  END IF;
  PERFORM set_config('heavy_rotation.erasing', 'on', true);
  DELETE FROM sms_consent WHERE user_id = p_listener;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('heavy_rotation.erasing', 'off', true);
  IF removed > 0 THEN
    INSERT INTO admin_audit (actor, action, detail)
      VALUES (coalesce(p_actor, '(unknown)'), 'erased consent records',
              format('listener %s; %s removed', coalesce(p_pseudonym, '(unnamed)'), removed));
  END IF;
  RETURN removed;
END;
$$;
--> statement-breakpoint
-- A definer function must not find a caller's temporary table first: its search path is the schema it
-- was made in, then pg_temp, written out (the schema differs between deployments and test runs).
DO $$
BEGIN
  EXECUTE format(
    'ALTER FUNCTION erase_listener_consent(text, text, text) SET search_path = %I, pg_temp',
    current_schema());
END;
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION "erase_listener_consent"(text, text, text) FROM PUBLIC;
--> statement-breakpoint
-- Audit pseudonyms are now keyed by a secret outside the database (docs/operator.md, "Audit log"): the
-- old key goes, so nobody who reads the database can link the old entries to a guessed person either.
DELETE FROM "app_secret" WHERE "name" = 'audit-pseudonym';
