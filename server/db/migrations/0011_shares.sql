CREATE TABLE "channel_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"owner_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"title" text NOT NULL,
	"model" text NOT NULL,
	"messages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_shares" ADD CONSTRAINT "channel_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_shares" ADD CONSTRAINT "channel_shares_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_shares_key_idx" ON "channel_shares" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "channel_shares_channel_idx" ON "channel_shares" USING btree ("channel_id");