import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_discovery_calls_status" AS ENUM('booked', 'cancelled');
  CREATE TYPE "public"."enum_discovery_calls_cancelled_by" AS ENUM('visitor', 'coach');
  CREATE TYPE "public"."enum_availability_weekly_hours_weekday" AS ENUM('1', '2', '3', '4', '5', '6', '7');
  CREATE TABLE "discovery_calls" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"note" varchar,
  	"starts_at" timestamp(3) with time zone NOT NULL,
  	"ends_at" timestamp(3) with time zone NOT NULL,
  	"blocked_until" timestamp(3) with time zone NOT NULL,
  	"status" "enum_discovery_calls_status" DEFAULT 'booked' NOT NULL,
  	"visitor_time_zone" varchar,
  	"cancelled_at" timestamp(3) with time zone,
  	"cancelled_by" "enum_discovery_calls_cancelled_by",
  	"coach_notes" varchar,
  	"sequence" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "availability_weekly_hours" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"weekday" "enum_availability_weekly_hours_weekday" NOT NULL,
  	"from" varchar NOT NULL,
  	"to" varchar NOT NULL
  );
  
  CREATE TABLE "availability_days_off" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"from" varchar NOT NULL,
  	"to" varchar
  );
  
  CREATE TABLE "availability" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"time_zone" varchar NOT NULL,
  	"call_minutes" numeric DEFAULT 30 NOT NULL,
  	"buffer_minutes" numeric DEFAULT 15 NOT NULL,
  	"notice_hours" numeric DEFAULT 24 NOT NULL,
  	"horizon_days" numeric DEFAULT 30 NOT NULL,
  	"max_per_day" numeric DEFAULT 4 NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "discovery_calls_id" integer;
  ALTER TABLE "availability_weekly_hours" ADD CONSTRAINT "availability_weekly_hours_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."availability"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "availability_days_off" ADD CONSTRAINT "availability_days_off_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."availability"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "discovery_calls_email_idx" ON "discovery_calls" USING btree ("email");
  CREATE INDEX "discovery_calls_starts_at_idx" ON "discovery_calls" USING btree ("starts_at");
  CREATE INDEX "discovery_calls_status_idx" ON "discovery_calls" USING btree ("status");
  CREATE INDEX "discovery_calls_updated_at_idx" ON "discovery_calls" USING btree ("updated_at");
  CREATE INDEX "discovery_calls_created_at_idx" ON "discovery_calls" USING btree ("created_at");
  CREATE INDEX "availability_weekly_hours_order_idx" ON "availability_weekly_hours" USING btree ("_order");
  CREATE INDEX "availability_weekly_hours_parent_id_idx" ON "availability_weekly_hours" USING btree ("_parent_id");
  CREATE INDEX "availability_days_off_order_idx" ON "availability_days_off" USING btree ("_order");
  CREATE INDEX "availability_days_off_parent_id_idx" ON "availability_days_off" USING btree ("_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_discovery_calls_fk" FOREIGN KEY ("discovery_calls_id") REFERENCES "public"."discovery_calls"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_discovery_calls_id_idx" ON "payload_locked_documents_rels" USING btree ("discovery_calls_id");`)
  // Written by hand: the database itself refuses a live call whose time, with its buffer, overlaps another
  // live call's, so two requests at the same instant (on any number of app instances) cannot both book it.
  await db.execute(sql`
  ALTER TABLE "discovery_calls" ADD CONSTRAINT "discovery_calls_no_overlap"
    EXCLUDE USING gist (tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("status" = 'booked');`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "discovery_calls" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "availability_weekly_hours" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "availability_days_off" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "availability" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "discovery_calls" CASCADE;
  DROP TABLE "availability_weekly_hours" CASCADE;
  DROP TABLE "availability_days_off" CASCADE;
  DROP TABLE "availability" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_discovery_calls_fk";
  
  DROP INDEX "payload_locked_documents_rels_discovery_calls_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "discovery_calls_id";
  DROP TYPE "public"."enum_discovery_calls_status";
  DROP TYPE "public"."enum_discovery_calls_cancelled_by";
  DROP TYPE "public"."enum_availability_weekly_hours_weekday";`)
}
