CREATE TABLE "analytics_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"props" jsonb NOT NULL,
	"session_id" text NOT NULL,
	"web_id" text NOT NULL,
	"ip" text,
	"country" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_idx" ON "analytics_events" USING btree ("occurred_at");