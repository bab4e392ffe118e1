import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_newsletters_status" AS ENUM('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'held');
  CREATE TYPE "public"."enum_newsletter_deliveries_status" AS ENUM('queued', 'sending', 'sent', 'deferred', 'failed', 'bounced', 'complained', 'unsubscribed', 'uncertain', 'cancelled');
  ALTER TYPE "public"."enum_subscribers_status" ADD VALUE 'bounced';
  CREATE TABLE "newsletters" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"subject" varchar NOT NULL,
  	"preheader" varchar,
  	"body" jsonb NOT NULL,
  	"status" "enum_newsletters_status" DEFAULT 'draft' NOT NULL,
  	"scheduled_at" timestamp(3) with time zone,
  	"scheduledat_tz" varchar,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"recipients" numeric,
  	"notice" varchar,
  	"lease_holder" varchar,
  	"lease_until" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "newsletter_deliveries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"newsletter_id" integer NOT NULL,
  	"subscriber_id" integer,
  	"email" varchar NOT NULL,
  	"status" "enum_newsletter_deliveries_status" DEFAULT 'queued' NOT NULL,
  	"attempts" numeric DEFAULT 0 NOT NULL,
  	"next_attempt_at" timestamp(3) with time zone,
  	"claimed_at" timestamp(3) with time zone,
  	"claimed_by" varchar,
  	"ended_at" timestamp(3) with time zone,
  	"sent_at" timestamp(3) with time zone,
  	"message_id" varchar,
  	"reason" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "newsletters_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "newsletter_deliveries_id" integer;
  ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "newsletters_status_idx" ON "newsletters" USING btree ("status");
  CREATE INDEX "newsletters_scheduled_at_idx" ON "newsletters" USING btree ("scheduled_at");
  CREATE INDEX "newsletters_updated_at_idx" ON "newsletters" USING btree ("updated_at");
  CREATE INDEX "newsletters_created_at_idx" ON "newsletters" USING btree ("created_at");
  CREATE INDEX "newsletter_deliveries_newsletter_idx" ON "newsletter_deliveries" USING btree ("newsletter_id");
  CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");
  CREATE INDEX "newsletter_deliveries_status_idx" ON "newsletter_deliveries" USING btree ("status");
  CREATE INDEX "newsletter_deliveries_next_attempt_at_idx" ON "newsletter_deliveries" USING btree ("next_attempt_at");
  CREATE INDEX "newsletter_deliveries_ended_at_idx" ON "newsletter_deliveries" USING btree ("ended_at");
  CREATE INDEX "newsletter_deliveries_message_id_idx" ON "newsletter_deliveries" USING btree ("message_id");
  CREATE INDEX "newsletter_deliveries_updated_at_idx" ON "newsletter_deliveries" USING btree ("updated_at");
  CREATE INDEX "newsletter_deliveries_created_at_idx" ON "newsletter_deliveries" USING btree ("created_at");
  CREATE UNIQUE INDEX "newsletter_subscriber_idx" ON "newsletter_deliveries" USING btree ("newsletter_id","subscriber_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_newsletters_fk" FOREIGN KEY ("newsletters_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_newsletter_deliveries_fk" FOREIGN KEY ("newsletter_deliveries_id") REFERENCES "public"."newsletter_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_newsletters_id_idx" ON "payload_locked_documents_rels" USING btree ("newsletters_id");
  CREATE INDEX "payload_locked_documents_rels_newsletter_deliveries_id_idx" ON "payload_locked_documents_rels" USING btree ("newsletter_deliveries_id");
  ALTER TABLE "users" DROP COLUMN "reset_password_requested_at";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "newsletters" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "newsletter_deliveries" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "newsletters" CASCADE;
  DROP TABLE "newsletter_deliveries" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_newsletters_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_newsletter_deliveries_fk";
  
  ALTER TABLE "subscribers" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "subscribers" ALTER COLUMN "status" SET DEFAULT 'pending'::text;
  DROP TYPE "public"."enum_subscribers_status";
  CREATE TYPE "public"."enum_subscribers_status" AS ENUM('pending', 'confirmed', 'unsubscribed');
  ALTER TABLE "subscribers" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."enum_subscribers_status";
  ALTER TABLE "subscribers" ALTER COLUMN "status" SET DATA TYPE "public"."enum_subscribers_status" USING "status"::"public"."enum_subscribers_status";
  DROP INDEX "payload_locked_documents_rels_newsletters_id_idx";
  DROP INDEX "payload_locked_documents_rels_newsletter_deliveries_id_idx";
  ALTER TABLE "users" ADD COLUMN "reset_password_requested_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "newsletters_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "newsletter_deliveries_id";
  DROP TYPE "public"."enum_newsletters_status";
  DROP TYPE "public"."enum_newsletter_deliveries_status";`)
}
