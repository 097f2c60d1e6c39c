CREATE TABLE "upload_parts" (
	"session_id" text NOT NULL,
	"part_number" integer NOT NULL,
	"size" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "upload_parts_session_id_part_number_pk" PRIMARY KEY("session_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"md5" text NOT NULL,
	"size" bigint NOT NULL,
	"part_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"store_upload_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_parts" ADD CONSTRAINT "upload_parts_session_id_upload_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."upload_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_sessions_user_md5_idx" ON "upload_sessions" USING btree ("user_id","md5");