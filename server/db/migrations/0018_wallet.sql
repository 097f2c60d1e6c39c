ALTER TABLE "testpay_outbox" ADD COLUMN "provider" text DEFAULT 'testpay' NOT NULL;--> statement-breakpoint
ALTER TABLE "testpay_sessions" ADD COLUMN "provider" text DEFAULT 'testpay' NOT NULL;--> statement-breakpoint
ALTER TABLE "testpay_subscriptions" ADD COLUMN "provider" text DEFAULT 'testpay' NOT NULL;