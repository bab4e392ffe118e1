import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "availability" ADD COLUMN "busy_calendar_url" varchar;
  ALTER TABLE "availability" ADD COLUMN "busy_calendar_read_at" timestamp(3) with time zone;
  ALTER TABLE "availability" ADD COLUMN "busy_calendar_failing_since" timestamp(3) with time zone;
  ALTER TABLE "availability" ADD COLUMN "busy_calendar_last_error" varchar;
  ALTER TABLE "availability" ADD COLUMN "busy_calendar_busy" jsonb;
  ALTER TABLE "availability" ADD COLUMN "feed_version" numeric DEFAULT 1 NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "availability" DROP COLUMN "busy_calendar_url";
  ALTER TABLE "availability" DROP COLUMN "busy_calendar_read_at";
  ALTER TABLE "availability" DROP COLUMN "busy_calendar_failing_since";
  ALTER TABLE "availability" DROP COLUMN "busy_calendar_last_error";
  ALTER TABLE "availability" DROP COLUMN "busy_calendar_busy";
  ALTER TABLE "availability" DROP COLUMN "feed_version";`)
}
