CREATE TABLE "artist_image" (
	"key" text PRIMARY KEY NOT NULL,
	"url" text,
	"width" integer,
	"height" integer,
	"source" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "musicbrainz_pace" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
