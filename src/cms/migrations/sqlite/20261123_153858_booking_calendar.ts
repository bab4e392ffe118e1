import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`availability\` ADD \`busy_calendar_url\` text;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`busy_calendar_read_at\` text;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`busy_calendar_failing_since\` text;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`busy_calendar_last_error\` text;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`busy_calendar_busy\` text;`)
  await db.run(sql`ALTER TABLE \`availability\` ADD \`feed_version\` numeric DEFAULT 1 NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`busy_calendar_url\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`busy_calendar_read_at\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`busy_calendar_failing_since\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`busy_calendar_last_error\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`busy_calendar_busy\`;`)
  await db.run(sql`ALTER TABLE \`availability\` DROP COLUMN \`feed_version\`;`)
}
