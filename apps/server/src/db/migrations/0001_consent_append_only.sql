-- Consent records are evidence: refuse any change or removal once written.
CREATE FUNCTION "sms_consent_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sms_consent is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sms_consent_no_change" BEFORE UPDATE OR DELETE ON "sms_consent"
  FOR EACH ROW EXECUTE FUNCTION "sms_consent_append_only"();
