import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`discovery_calls\` ADD \`meeting_kind\` text;`)
  await db.run(sql`ALTER TABLE \`discovery_calls\` ADD \`phone\` text;`)
  await db.run(sql`ALTER TABLE \`discovery_calls\` ADD \`meeting_place\` text;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`meeting_kind\` text DEFAULT 'unset' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`meeting_link\` text;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`meeting_address\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`discovery_calls\` DROP COLUMN \`meeting_kind\`;`)
  await db.run(sql`ALTER TABLE \`discovery_calls\` DROP COLUMN \`phone\`;`)
  await db.run(sql`ALTER TABLE \`discovery_calls\` DROP COLUMN \`meeting_place\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`meeting_kind\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`meeting_link\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`meeting_address\`;`)
}
