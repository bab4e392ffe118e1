import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "person_notes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"notes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "person_notes_id" integer;
  CREATE UNIQUE INDEX "person_notes_email_idx" ON "person_notes" USING btree ("email");
  CREATE INDEX "person_notes_updated_at_idx" ON "person_notes" USING btree ("updated_at");
  CREATE INDEX "person_notes_created_at_idx" ON "person_notes" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_person_notes_fk" FOREIGN KEY ("person_notes_id") REFERENCES "public"."person_notes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_person_notes_id_idx" ON "payload_locked_documents_rels" USING btree ("person_notes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "person_notes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "person_notes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_person_notes_fk";
  
  DROP INDEX "payload_locked_documents_rels_person_notes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "person_notes_id";`)
}
