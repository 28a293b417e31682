CREATE TABLE "admin_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"signup_id" integer,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"transport" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_suppression_erased" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "waitlist_signup" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "admin_audit_created" ON "admin_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_signup" ON "mail_outbox" USING btree ("signup_id");--> statement-breakpoint
CREATE INDEX "waitlist_signup_created" ON "waitlist_signup" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_profile_email_lower" ON "user_profile" (lower("email"));--> statement-breakpoint
-- The audit log is evidence, like consent records: once written it is never changed or removed.
CREATE FUNCTION "admin_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "admin_audit_no_change" BEFORE UPDATE OR DELETE ON "admin_audit"
  FOR EACH ROW EXECUTE FUNCTION "admin_audit_append_only"();--> statement-breakpoint
-- Consent records stay append-only, except inside an erasure the operator asked for (docs/operator.md,
-- "Erasing a listener"), which sets heavy_rotation.erasing for its own transaction.
CREATE OR REPLACE FUNCTION "sms_consent_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('heavy_rotation.erasing', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'sms_consent is append-only';
END;
$$;
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_name_detail_pk" PRIMARY KEY("day","name","detail")
);
--> statement-breakpoint
-- Every event is counted into its UTC day as it is written (docs/operator.md, "Stats").
CREATE FUNCTION "analytics_daily_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily AS d (day, name, detail, count)
  VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.name, coalesce(NEW.detail, ''), 1)
  ON CONFLICT (day, name, detail) DO UPDATE SET count = d.count + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "analytics_event_daily" AFTER INSERT ON "analytics_event"
  FOR EACH ROW EXECUTE FUNCTION "analytics_daily_count"();
--> statement-breakpoint
INSERT INTO "analytics_daily" ("day", "name", "detail", "count")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "name", '', count(*)::int FROM "analytics_event" GROUP BY 1, 2;
