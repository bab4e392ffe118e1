import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_workshop_registrations_paid_with" AS ENUM('bank-transfer', 'stripe', 'credit');
  CREATE TYPE "public"."enum_workshop_credits_kind" AS ENUM('credit', 'use');
  ALTER TYPE "public"."enum_workshop_registrations_status" ADD VALUE 'refunded';
  ALTER TYPE "public"."enum_workshop_registrations_status" ADD VALUE 'credited';
  CREATE TABLE "workshop_credits" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"kind" "enum_workshop_credits_kind" NOT NULL,
  	"key" varchar NOT NULL,
  	"amount" numeric NOT NULL,
  	"credit_id" integer,
  	"registration_id" integer,
  	"note" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "workshop_registrations" ADD COLUMN "price" numeric DEFAULT 0;
  ALTER TABLE "workshop_registrations" ADD COLUMN "paid_with" "enum_workshop_registrations_paid_with";
  ALTER TABLE "workshop_registrations" ADD COLUMN "paid_at" timestamp(3) with time zone;
  ALTER TABLE "workshop_registrations" ADD COLUMN "reference" varchar;
  ALTER TABLE "workshop_registrations" ADD COLUMN "stripe_session" varchar;
  ALTER TABLE "workshop_registrations" ADD COLUMN "stripe_payment_intent" varchar;
  ALTER TABLE "workshop_registrations" ADD COLUMN "stripe_refund" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "workshop_credits_id" integer;
  ALTER TABLE "workshop_credits" ADD CONSTRAINT "workshop_credits_credit_id_workshop_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."workshop_credits"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "workshop_credits" ADD CONSTRAINT "workshop_credits_registration_id_workshop_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."workshop_registrations"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "workshop_credits_email_idx" ON "workshop_credits" USING btree ("email");
  CREATE UNIQUE INDEX "workshop_credits_key_idx" ON "workshop_credits" USING btree ("key");
  CREATE INDEX "workshop_credits_credit_idx" ON "workshop_credits" USING btree ("credit_id");
  CREATE INDEX "workshop_credits_registration_idx" ON "workshop_credits" USING btree ("registration_id");
  CREATE INDEX "workshop_credits_updated_at_idx" ON "workshop_credits" USING btree ("updated_at");
  CREATE INDEX "workshop_credits_created_at_idx" ON "workshop_credits" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_workshop_credits_fk" FOREIGN KEY ("workshop_credits_id") REFERENCES "public"."workshop_credits"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "workshop_registrations_stripe_session_idx" ON "workshop_registrations" USING btree ("stripe_session");
  CREATE INDEX "payload_locked_documents_rels_workshop_credits_id_idx" ON "payload_locked_documents_rels" USING btree ("workshop_credits_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "workshop_credits" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "workshop_credits" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_workshop_credits_fk";
  
  ALTER TABLE "workshop_registrations" ALTER COLUMN "status" SET DATA TYPE text;
  DROP TYPE "public"."enum_workshop_registrations_status";
  CREATE TYPE "public"."enum_workshop_registrations_status" AS ENUM('registered', 'waitlisted', 'offered', 'cancelled');
  ALTER TABLE "workshop_registrations" ALTER COLUMN "status" SET DATA TYPE "public"."enum_workshop_registrations_status" USING "status"::"public"."enum_workshop_registrations_status";
  DROP INDEX "workshop_registrations_stripe_session_idx";
  DROP INDEX "payload_locked_documents_rels_workshop_credits_id_idx";
  ALTER TABLE "workshop_registrations" DROP COLUMN "price";
  ALTER TABLE "workshop_registrations" DROP COLUMN "paid_with";
  ALTER TABLE "workshop_registrations" DROP COLUMN "paid_at";
  ALTER TABLE "workshop_registrations" DROP COLUMN "reference";
  ALTER TABLE "workshop_registrations" DROP COLUMN "stripe_session";
  ALTER TABLE "workshop_registrations" DROP COLUMN "stripe_payment_intent";
  ALTER TABLE "workshop_registrations" DROP COLUMN "stripe_refund";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "workshop_credits_id";
  DROP TYPE "public"."enum_workshop_registrations_paid_with";
  DROP TYPE "public"."enum_workshop_credits_kind";`)
}
