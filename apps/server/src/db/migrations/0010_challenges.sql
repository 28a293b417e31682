CREATE TABLE "challenge" (
	"id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"owner_hash" text,
	"name" text,
	"artists" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_play" (
	"challenge_id" text NOT NULL,
	"play_id" text NOT NULL,
	"score" integer NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_play_challenge_id_play_id_pk" PRIMARY KEY("challenge_id","play_id")
);
--> statement-breakpoint
ALTER TABLE "challenge_play" ADD CONSTRAINT "challenge_play_challenge_id_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "challenge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_owner" ON "challenge" USING btree ("owner_hash");--> statement-breakpoint
CREATE INDEX "challenge_expires" ON "challenge" USING btree ("expires_at");