CREATE TABLE "chunk_embeddings" (
	"document_id" text NOT NULL,
	"seq" integer NOT NULL,
	"owner_id" text NOT NULL,
	"model" text NOT NULL,
	"embedding" real[] NOT NULL,
	CONSTRAINT "chunk_embeddings_document_id_seq_pk" PRIMARY KEY("document_id","seq")
);
--> statement-breakpoint
ALTER TABLE "chunk_embeddings" ADD CONSTRAINT "chunk_embeddings_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;