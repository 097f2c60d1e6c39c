CREATE TABLE "answer_sources" (
	"message_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"n" integer NOT NULL,
	"document_id" text NOT NULL,
	"page" integer NOT NULL,
	"excerpt" text NOT NULL,
	CONSTRAINT "answer_sources_message_id_n_pk" PRIMARY KEY("message_id","n")
);
--> statement-breakpoint
CREATE TABLE "channel_documents" (
	"channel_id" text NOT NULL,
	"document_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "channel_documents_channel_id_document_id_pk" PRIMARY KEY("channel_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "document_chunks" (
	"document_id" text NOT NULL,
	"seq" integer NOT NULL,
	"owner_id" text NOT NULL,
	"page" integer NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "document_chunks_document_id_seq_pk" PRIMARY KEY("document_id","seq")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"md5" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"url" text,
	"topic" text NOT NULL,
	"language" text NOT NULL,
	"page_count" integer NOT NULL,
	"parse_status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_sources" ADD CONSTRAINT "answer_sources_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_sources" ADD CONSTRAINT "answer_sources_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_sources" ADD CONSTRAINT "answer_sources_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_documents" ADD CONSTRAINT "channel_documents_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_documents" ADD CONSTRAINT "channel_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_sources_channel_idx" ON "answer_sources" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "document_chunks_fts_idx" ON "document_chunks" USING gin (to_tsvector('simple', "content"));--> statement-breakpoint
CREATE UNIQUE INDEX "documents_owner_md5_idx" ON "documents" USING btree ("owner_id","md5");--> statement-breakpoint
CREATE INDEX "documents_owner_created_idx" ON "documents" USING btree ("owner_id","created_at");