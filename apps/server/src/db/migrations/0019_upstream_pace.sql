-- One pace for every paced outside service, a row per service (docs/architecture.md, "Pacing outside
-- services"): `next_at` hands out turns, `started_at` is when the last call started. It replaces the
-- MusicBrainz pace and the preview services' pace; a turn lost in the change costs one call's wait.
CREATE TABLE "upstream_pace" (
	"service" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE IF EXISTS "musicbrainz_pace";
--> statement-breakpoint
DROP TABLE IF EXISTS "clip_pace";
