import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_coaching_sessions_meeting_kind" AS ENUM('unset', 'video', 'phone', 'in-person');
  ALTER TABLE "coaching_sessions" ADD COLUMN "meeting_kind" "enum_coaching_sessions_meeting_kind";
  ALTER TABLE "coaching_sessions" ADD COLUMN "phone" varchar;
  ALTER TABLE "coaching_sessions" ADD COLUMN "meeting_place" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "coaching_sessions" DROP COLUMN "meeting_kind";
  ALTER TABLE "coaching_sessions" DROP COLUMN "phone";
  ALTER TABLE "coaching_sessions" DROP COLUMN "meeting_place";
  DROP TYPE "public"."enum_coaching_sessions_meeting_kind";`)
}
