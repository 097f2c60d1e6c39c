CREATE TABLE "object_uploads" (
	"user_id" text NOT NULL,
	"md5" text NOT NULL,
	"sha256" text,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "object_uploads_user_id_md5_pk" PRIMARY KEY("user_id","md5")
);
--> statement-breakpoint
ALTER TABLE "object_uploads" ADD CONSTRAINT "object_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;