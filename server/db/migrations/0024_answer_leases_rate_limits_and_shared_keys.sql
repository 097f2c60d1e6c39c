CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"private_pem" text NOT NULL,
	"public_pem" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "lease_heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_streaming_lease_idx" ON "messages" USING btree ("lease_owner","lease_heartbeat_at") WHERE "messages"."status" = 'streaming';