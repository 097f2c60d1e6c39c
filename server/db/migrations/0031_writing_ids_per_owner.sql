ALTER TABLE "writing_docs" DROP CONSTRAINT "writing_docs_pkey";--> statement-breakpoint
ALTER TABLE "writing_docs" ADD CONSTRAINT "writing_docs_owner_id_id_pk" PRIMARY KEY("owner_id","id");
