CREATE TABLE "chart_snapshot" (
	"user_id" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"artist_ids" jsonb NOT NULL,
	CONSTRAINT "chart_snapshot_user_id_taken_at_pk" PRIMARY KEY("user_id","taken_at")
);
--> statement-breakpoint
CREATE TABLE "clip" (
	"key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"url" text,
	"source" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "clip_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "clip_pace" (
	"service" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
