import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_discovery_calls_meeting_kind" AS ENUM('unset', 'video', 'phone', 'in-person');
  CREATE TYPE "public"."enum_availability_meeting_kind" AS ENUM('unset', 'video', 'phone', 'in-person');
  ALTER TABLE "discovery_calls" ADD COLUMN "meeting_kind" "enum_discovery_calls_meeting_kind";
  ALTER TABLE "discovery_calls" ADD COLUMN "phone" varchar;
  ALTER TABLE "discovery_calls" ADD COLUMN "meeting_place" varchar;
  ALTER TABLE "availability" ADD COLUMN "meeting_kind" "enum_availability_meeting_kind" DEFAULT 'unset' NOT NULL;
  ALTER TABLE "availability" ADD COLUMN "meeting_link" varchar;
  ALTER TABLE "availability" ADD COLUMN "meeting_address" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "discovery_calls" DROP COLUMN "meeting_kind";
  ALTER TABLE "discovery_calls" DROP COLUMN "phone";
  ALTER TABLE "discovery_calls" DROP COLUMN "meeting_place";
  ALTER TABLE "availability" DROP COLUMN "meeting_kind";
  ALTER TABLE "availability" DROP COLUMN "meeting_link";
  ALTER TABLE "availability" DROP COLUMN "meeting_address";
  DROP TYPE "public"."enum_discovery_calls_meeting_kind";
  DROP TYPE "public"."enum_availability_meeting_kind";`)
}
