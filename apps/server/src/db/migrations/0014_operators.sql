CREATE TABLE "operator" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_name_unique" UNIQUE("name"),
	CONSTRAINT "operator_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
-- Sessions from before named operators belong to no account: everyone signs in again.
DELETE FROM "admin_session";--> statement-breakpoint
ALTER TABLE "admin_session" ADD COLUMN "operator_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_session" ADD CONSTRAINT "admin_session_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_session" DROP COLUMN "actor";