CREATE TABLE "source_refresh_lease" (
	"user_id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
