CREATE TABLE "source_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"previous_hash" text,
	"previous_until" timestamp with time zone,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"source_name" text NOT NULL,
	"display_name" text,
	"source_key" text NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_top_artists" (
	"user_id" text PRIMARY KEY NOT NULL,
	"artists" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "source_session_previous_hash" ON "source_session" USING btree ("previous_hash");--> statement-breakpoint
CREATE INDEX "source_session_user" ON "source_session" USING btree ("user_id");