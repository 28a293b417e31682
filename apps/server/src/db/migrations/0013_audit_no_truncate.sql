-- TRUNCATE fires no row triggers: a statement-level trigger refuses it on the evidence tables too.
CREATE FUNCTION "refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_truncate" BEFORE TRUNCATE ON "admin_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_truncate"();
--> statement-breakpoint
CREATE TRIGGER "sms_consent_no_truncate" BEFORE TRUNCATE ON "sms_consent"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_truncate"();
