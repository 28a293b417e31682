-- Success lines in six languages (docs/languages.md): a stored line belongs to its language, so the key is
-- the language and the normalised name. Every line stored so far is English.
ALTER TABLE "artist_message" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "artist_message" DROP CONSTRAINT "artist_message_pkey";
--> statement-breakpoint
ALTER TABLE "artist_message" ADD CONSTRAINT "artist_message_language_normalised_name_pk" PRIMARY KEY("language","normalised_name");
