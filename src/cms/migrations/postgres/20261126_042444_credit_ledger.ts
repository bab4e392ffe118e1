import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_credit_entries_type" AS ENUM('purchase-opened', 'payment-received', 'refund', 'session-booked', 'session-rescheduled', 'session-cancelled', 'session-held', 'no-show', 'credits-expired');
  CREATE TABLE "credit_entries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"seq" numeric NOT NULL,
  	"key" varchar NOT NULL,
  	"type" "enum_credit_entries_type" NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"purchase" varchar,
  	"session" varchar,
  	"entry" jsonb NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "credit_entries_id" integer;
  CREATE INDEX "credit_entries_email_idx" ON "credit_entries" USING btree ("email");
  CREATE INDEX "credit_entries_type_idx" ON "credit_entries" USING btree ("type");
  CREATE INDEX "credit_entries_purchase_idx" ON "credit_entries" USING btree ("purchase");
  CREATE INDEX "credit_entries_session_idx" ON "credit_entries" USING btree ("session");
  CREATE INDEX "credit_entries_updated_at_idx" ON "credit_entries" USING btree ("updated_at");
  CREATE INDEX "credit_entries_created_at_idx" ON "credit_entries" USING btree ("created_at");
  CREATE UNIQUE INDEX "email_key_idx" ON "credit_entries" USING btree ("email","key");
  CREATE UNIQUE INDEX "email_seq_idx" ON "credit_entries" USING btree ("email","seq");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_credit_entries_fk" FOREIGN KEY ("credit_entries_id") REFERENCES "public"."credit_entries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_credit_entries_id_idx" ON "payload_locked_documents_rels" USING btree ("credit_entries_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "credit_entries" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "credit_entries" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_credit_entries_fk";
  
  DROP INDEX "payload_locked_documents_rels_credit_entries_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "credit_entries_id";
  DROP TYPE "public"."enum_credit_entries_type";`)
}
