-- The consent text in six languages (docs/languages.md, "Consent texts"): a version is one language's
-- words, so a record keeps the language beside the version. Every record and pending code so far
-- showed the English words. The default stays on sms_consent (a row is evidence of English words
-- unless it says otherwise); the app always writes the language of a pending code.
ALTER TABLE "sms_consent" ADD COLUMN "consent_language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sms_verification" ADD COLUMN "consent_language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sms_verification" ALTER COLUMN "consent_language" DROP DEFAULT;
