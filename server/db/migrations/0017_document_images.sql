CREATE TABLE "document_image_runs" (
	"document_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"state" text NOT NULL,
	"image_count" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_images" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"md5" text NOT NULL,
	"page" integer,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"seq" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_image_runs" ADD CONSTRAINT "document_image_runs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_images" ADD CONSTRAINT "document_images_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_images_document_seq_idx" ON "document_images" USING btree ("document_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "document_images_document_sha_idx" ON "document_images" USING btree ("document_id","sha256");--> statement-breakpoint
CREATE INDEX "document_images_owner_md5_idx" ON "document_images" USING btree ("owner_id","md5");