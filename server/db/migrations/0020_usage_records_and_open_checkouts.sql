CREATE TABLE "billing_open_checkouts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"offer" text NOT NULL,
	"session_id" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"model_class" text,
	"amount" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_open_checkouts" ADD CONSTRAINT "billing_open_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_records_user_created_idx" ON "usage_records" USING btree ("user_id","created_at");--> statement-breakpoint
-- Usage so far (the current month's) was counted from stored messages and documents: carried over once.
INSERT INTO "usage_records" ("user_id", "kind", "model_class", "amount", "created_at")
SELECT c."owner_id", 'chat', CASE WHEN m."model" = 'Standard' THEN 'standard' ELSE 'pro' END, 1, m."created_at"
FROM "messages" m JOIN "channels" c ON c."id" = m."channel_id"
WHERE m."role" = 'user' AND m."created_at" >= now() - interval '32 days';--> statement-breakpoint
INSERT INTO "usage_records" ("user_id", "kind", "model_class", "amount", "created_at")
SELECT "owner_id", 'upload', NULL, "page_count", "created_at" FROM "documents"
WHERE "created_at" >= now() - interval '32 days';
