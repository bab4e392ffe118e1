import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_coaching_sessions_cancelled_by" AS ENUM('client', 'coach');
  ALTER TYPE "public"."enum_coaching_sessions_status" ADD VALUE 'held';
  ALTER TYPE "public"."enum_coaching_sessions_status" ADD VALUE 'missed';
  CREATE TABLE "session_rules" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"coaching_reschedule_notice_hours" numeric DEFAULT 24 NOT NULL,
  	"late_cancellation_uses_credit" boolean DEFAULT true,
  	"no_show_uses_credit" boolean DEFAULT true,
  	"credits_expire" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "coaching_sessions" ADD COLUMN "cancelled_by" "enum_coaching_sessions_cancelled_by";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "session_rules" CASCADE;
  ALTER TABLE "coaching_sessions" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "coaching_sessions" ALTER COLUMN "status" SET DEFAULT 'booked'::text;
  DROP TYPE "public"."enum_coaching_sessions_status";
  CREATE TYPE "public"."enum_coaching_sessions_status" AS ENUM('booked', 'cancelled');
  ALTER TABLE "coaching_sessions" ALTER COLUMN "status" SET DEFAULT 'booked'::"public"."enum_coaching_sessions_status";
  ALTER TABLE "coaching_sessions" ALTER COLUMN "status" SET DATA TYPE "public"."enum_coaching_sessions_status" USING "status"::"public"."enum_coaching_sessions_status";
  ALTER TABLE "coaching_sessions" DROP COLUMN "cancelled_by";
  DROP TYPE "public"."enum_coaching_sessions_cancelled_by";`)
}
