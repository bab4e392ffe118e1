import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`coaching_sessions\` ADD \`meeting_kind\` text;`)
  await db.run(sql`ALTER TABLE \`coaching_sessions\` ADD \`phone\` text;`)
  await db.run(sql`ALTER TABLE \`coaching_sessions\` ADD \`meeting_place\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`coaching_sessions\` DROP COLUMN \`meeting_kind\`;`)
  await db.run(sql`ALTER TABLE \`coaching_sessions\` DROP COLUMN \`phone\`;`)
  await db.run(sql`ALTER TABLE \`coaching_sessions\` DROP COLUMN \`meeting_place\`;`)
}
