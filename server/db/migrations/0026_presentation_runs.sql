CREATE TABLE "presentation_run_chunks" (
	"request_id" text NOT NULL,
	"seq" integer NOT NULL,
	"chunk" jsonb NOT NULL,
	CONSTRAINT "presentation_run_chunks_request_id_seq_pk" PRIMARY KEY("request_id","seq")
);
--> statement-breakpoint
CREATE TABLE "presentation_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"presentation_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"step" text NOT NULL,
	"generated_by" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'streaming' NOT NULL,
	"lease_owner" text,
	"lease_heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presentation_runs_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "presentation_run_chunks" ADD CONSTRAINT "presentation_run_chunks_request_id_presentation_runs_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."presentation_runs"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_runs" ADD CONSTRAINT "presentation_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "presentation_runs_one_streaming_idx" ON "presentation_runs" USING btree ("presentation_id") WHERE "presentation_runs"."status" = 'streaming';--> statement-breakpoint
CREATE INDEX "presentation_runs_presentation_idx" ON "presentation_runs" USING btree ("presentation_id");--> statement-breakpoint
CREATE INDEX "presentation_runs_streaming_lease_idx" ON "presentation_runs" USING btree ("lease_owner","lease_heartbeat_at") WHERE "presentation_runs"."status" = 'streaming';