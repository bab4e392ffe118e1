import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_workshop_registrations_status" AS ENUM('registered', 'waitlisted', 'offered', 'cancelled');
  CREATE TYPE "public"."enum_workshop_registrations_cancelled_by" AS ENUM('attendee', 'coach', 'lapsed');
  CREATE TYPE "public"."enum_workshops_attendance" AS ENUM('online', 'in-person');
  CREATE TABLE "workshop_registrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"workshop_id" integer NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"status" "enum_workshop_registrations_status" NOT NULL,
  	"seat" numeric,
  	"queued_at" timestamp(3) with time zone NOT NULL,
  	"hold_until" timestamp(3) with time zone,
  	"offers" numeric DEFAULT 0 NOT NULL,
  	"cancelled_at" timestamp(3) with time zone,
  	"cancelled_by" "enum_workshop_registrations_cancelled_by",
  	"sequence" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "workshops" ALTER COLUMN "register_link" DROP NOT NULL;
  ALTER TABLE "workshops" ADD COLUMN "slug" varchar;
  ALTER TABLE "workshops" ADD COLUMN "ends_at" timestamp(3) with time zone;
  ALTER TABLE "workshops" ADD COLUMN "attendance" "enum_workshops_attendance" DEFAULT 'online';
  ALTER TABLE "workshops" ADD COLUMN "venue" varchar;
  ALTER TABLE "workshops" ADD COLUMN "online_link" varchar;
  ALTER TABLE "workshops" ADD COLUMN "seats" numeric DEFAULT 20;
  ALTER TABLE "workshops" ADD COLUMN "price" numeric DEFAULT 0;
  ALTER TABLE "workshops" ADD COLUMN "registration_closes_at" timestamp(3) with time zone;
  ALTER TABLE "workshops" ADD COLUMN "waitlist" boolean DEFAULT true;
  ALTER TABLE "workshops" ADD COLUMN "hold_hours" numeric DEFAULT 24;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "workshop_registrations_id" integer;
  ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "workshop_registrations_workshop_idx" ON "workshop_registrations" USING btree ("workshop_id");
  CREATE INDEX "workshop_registrations_email_idx" ON "workshop_registrations" USING btree ("email");
  CREATE INDEX "workshop_registrations_status_idx" ON "workshop_registrations" USING btree ("status");
  CREATE INDEX "workshop_registrations_queued_at_idx" ON "workshop_registrations" USING btree ("queued_at");
  CREATE INDEX "workshop_registrations_updated_at_idx" ON "workshop_registrations" USING btree ("updated_at");
  CREATE INDEX "workshop_registrations_created_at_idx" ON "workshop_registrations" USING btree ("created_at");
  CREATE UNIQUE INDEX "workshop_email_idx" ON "workshop_registrations" USING btree ("workshop_id","email");
  CREATE UNIQUE INDEX "workshop_seat_idx" ON "workshop_registrations" USING btree ("workshop_id","seat");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_workshop_registrations_fk" FOREIGN KEY ("workshop_registrations_id") REFERENCES "public"."workshop_registrations"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "workshops_slug_idx" ON "workshops" USING btree ("slug");
  CREATE INDEX "payload_locked_documents_rels_workshop_registrations_id_idx" ON "payload_locked_documents_rels" USING btree ("workshop_registrations_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "workshop_registrations" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "workshop_registrations" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_workshop_registrations_fk";
  
  DROP INDEX "workshops_slug_idx";
  DROP INDEX "payload_locked_documents_rels_workshop_registrations_id_idx";
  ALTER TABLE "workshops" ALTER COLUMN "register_link" SET NOT NULL;
  ALTER TABLE "workshops" DROP COLUMN "slug";
  ALTER TABLE "workshops" DROP COLUMN "ends_at";
  ALTER TABLE "workshops" DROP COLUMN "attendance";
  ALTER TABLE "workshops" DROP COLUMN "venue";
  ALTER TABLE "workshops" DROP COLUMN "online_link";
  ALTER TABLE "workshops" DROP COLUMN "seats";
  ALTER TABLE "workshops" DROP COLUMN "price";
  ALTER TABLE "workshops" DROP COLUMN "registration_closes_at";
  ALTER TABLE "workshops" DROP COLUMN "waitlist";
  ALTER TABLE "workshops" DROP COLUMN "hold_hours";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "workshop_registrations_id";
  DROP TYPE "public"."enum_workshop_registrations_status";
  DROP TYPE "public"."enum_workshop_registrations_cancelled_by";
  DROP TYPE "public"."enum_workshops_attendance";`)
}
