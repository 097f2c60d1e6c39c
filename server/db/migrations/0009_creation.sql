CREATE TABLE "presentations" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"source_md5" text,
	"type" text DEFAULT 'outline' NOT NULL,
	"template_id" integer DEFAULT 20000 NOT NULL,
	"outline" jsonb NOT NULL,
	"slides" jsonb NOT NULL,
	"generated_by" text DEFAULT 'offline' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presentations" ADD CONSTRAINT "presentations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presentations_owner_updated_idx" ON "presentations" USING btree ("owner_id","updated_at");