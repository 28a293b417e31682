CREATE TABLE "sms_inbound" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_verification" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone_e164" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"message_sid" text,
	"consent_version" text NOT NULL,
	"source" text NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "sms_consent" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "sms_consent" ADD COLUMN "code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_consent" ADD COLUMN "code_message_sid" text;