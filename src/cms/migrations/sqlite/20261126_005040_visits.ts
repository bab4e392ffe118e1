import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Written by migrate:create, less the workshops' `_order` lines: that change is 20261126_002029_workshops_by_date's
// (made on a branch beside this one, so this one's snapshot did not know it yet).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` ADD \`last_login_at\` text;`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`previous_login_at\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`last_login_at\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`previous_login_at\`;`)
}
