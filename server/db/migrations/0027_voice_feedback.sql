ALTER TABLE "user_feedback" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "user_feedback" ADD COLUMN "reasons" jsonb;