CREATE TABLE "billing_customers" (
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "billing_customers_provider_customer_id_pk" PRIMARY KEY("provider","customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_cancel_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"monthly_discount" double precision NOT NULL,
	"yearly_discount" double precision NOT NULL,
	"duration_months" integer NOT NULL,
	"description" text NOT NULL,
	"period" text DEFAULT '' NOT NULL,
	"url" text,
	"active" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_memberships" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_type" text NOT NULL,
	"period" text,
	"gpt3_quota" integer NOT NULL,
	"gpt4_quota" integer NOT NULL,
	"pdf_page_quota" integer NOT NULL,
	"upload_quota" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_products" (
	"id" text PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"price_group" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"strike_price" integer,
	"period" text NOT NULL,
	"product_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_provider_products" (
	"provider" integer NOT NULL,
	"provider_product_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "billing_provider_products_provider_provider_product_id_pk" PRIMARY KEY("provider","provider_product_id")
);
--> statement-breakpoint
CREATE TABLE "billing_student_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"provider" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text,
	"status" text NOT NULL,
	"membership_id" integer NOT NULL,
	"product_id" text,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"interval" text DEFAULT 'month' NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount_duration" integer DEFAULT 0 NOT NULL,
	"activity" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_provider_id_pk" PRIMARY KEY("provider","id")
);
--> statement-breakpoint
CREATE TABLE "testpay_outbox" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "testpay_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"coupon" text,
	"subscription_id" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testpay_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"card" text NOT NULL,
	"status" text NOT NULL,
	"period_start" bigint NOT NULL,
	"period_end" bigint NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount_duration" integer DEFAULT 0 NOT NULL,
	"activity" text
);
--> statement-breakpoint
CREATE TABLE "billing_trials_used" (
	"user_id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cancel_feedback" ADD CONSTRAINT "billing_cancel_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_trials_used" ADD CONSTRAINT "billing_trials_used_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_customers_user_idx" ON "billing_customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_events_subscription_idx" ON "billing_events" USING btree ("provider","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_products_group_idx" ON "billing_products" USING btree ("membership_id","price_group");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user_idx" ON "billing_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "testpay_outbox_pending_idx" ON "testpay_outbox" USING btree ("seq") WHERE "testpay_outbox"."delivered_at" is null;