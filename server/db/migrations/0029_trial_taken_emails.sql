CREATE TABLE "billing_trial_taken_emails" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
