ALTER TABLE "users" ADD COLUMN "ocr" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ocr_language" text DEFAULT 'Auto' NOT NULL;