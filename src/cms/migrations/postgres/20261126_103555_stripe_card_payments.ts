import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_purchases_payment_method" ADD VALUE 'stripe';
  CREATE TABLE "stripe_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"event_id" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"purchase" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "purchases" ADD COLUMN "stripe_session" varchar;
  ALTER TABLE "purchases" ADD COLUMN "stripe_payment_intent" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "stripe_events_id" integer;
  CREATE UNIQUE INDEX "stripe_events_event_id_idx" ON "stripe_events" USING btree ("event_id");
  CREATE INDEX "stripe_events_purchase_idx" ON "stripe_events" USING btree ("purchase");
  CREATE INDEX "stripe_events_updated_at_idx" ON "stripe_events" USING btree ("updated_at");
  CREATE INDEX "stripe_events_created_at_idx" ON "stripe_events" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_stripe_events_fk" FOREIGN KEY ("stripe_events_id") REFERENCES "public"."stripe_events"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "purchases_stripe_session_idx" ON "purchases" USING btree ("stripe_session");
  CREATE INDEX "purchases_stripe_payment_intent_idx" ON "purchases" USING btree ("stripe_payment_intent");
  CREATE INDEX "payload_locked_documents_rels_stripe_events_id_idx" ON "payload_locked_documents_rels" USING btree ("stripe_events_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "stripe_events" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "stripe_events" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_stripe_events_fk";
  
  ALTER TABLE "purchases" ALTER COLUMN "payment_method" SET DATA TYPE text;
  DROP TYPE "public"."enum_purchases_payment_method";
  CREATE TYPE "public"."enum_purchases_payment_method" AS ENUM('bank-transfer');
  ALTER TABLE "purchases" ALTER COLUMN "payment_method" SET DATA TYPE "public"."enum_purchases_payment_method" USING "payment_method"::"public"."enum_purchases_payment_method";
  DROP INDEX "purchases_stripe_session_idx";
  DROP INDEX "purchases_stripe_payment_intent_idx";
  DROP INDEX "payload_locked_documents_rels_stripe_events_id_idx";
  ALTER TABLE "purchases" DROP COLUMN "stripe_session";
  ALTER TABLE "purchases" DROP COLUMN "stripe_payment_intent";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "stripe_events_id";`)
}
