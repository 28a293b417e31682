-- The waitlist invitation in six languages (docs/languages.md, "Catalogs"): a signup keeps the
-- language its page was read in. Everyone who joined before read the English page.
ALTER TABLE "waitlist_signup" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
