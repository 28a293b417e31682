-- Sound clues: an id per play, short-lived, instead of one per artist (docs/decisions/035-sound-clues.md).
CREATE TABLE "clip_play" (
	"id" text PRIMARY KEY NOT NULL,
	"clip_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "clip_play_expires" ON "clip_play" USING btree ("expires_at");
--> statement-breakpoint
ALTER TABLE "clip" DROP CONSTRAINT "clip_id_unique";
--> statement-breakpoint
ALTER TABLE "clip" DROP COLUMN "id";
--> statement-breakpoint
-- Challenge links: a friend's game keeps the ranks their typed guesses found, judged on the server, and
-- the score is counted from those (docs/decisions/027-challenge-links.md). A game is in the results once
-- finished; games finished before this had their score counted already.
ALTER TABLE "challenge_play" ADD COLUMN "found_ranks" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "challenge_play" ADD COLUMN "finished_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "challenge_play" SET "finished_at" = "updated_at";
