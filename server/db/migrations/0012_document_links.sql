CREATE TABLE "answer_links" (
	"message_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"n" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"favicon" text NOT NULL,
	"source" text NOT NULL,
	"publish_date" text,
	"snippet" text NOT NULL,
	"is_pdf" boolean NOT NULL,
	CONSTRAINT "answer_links_message_id_n_pk" PRIMARY KEY("message_id","n")
);
--> statement-breakpoint
ALTER TABLE "answer_links" ADD CONSTRAINT "answer_links_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_links" ADD CONSTRAINT "answer_links_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_links_channel_idx" ON "answer_links" USING btree ("channel_id");