import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Written by migrate:create, less the workshops' `_order` lines: that change is 20261126_002034_workshops_by_date's
// (made on a branch beside this one, so this one's snapshot did not know it yet).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp(3) with time zone;
  ALTER TABLE "users" ADD COLUMN "previous_login_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "users" DROP COLUMN "last_login_at";
  ALTER TABLE "users" DROP COLUMN "previous_login_at";`)
}
