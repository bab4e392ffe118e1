import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`inbox_hash\` text;`)
  await db.run(sql`CREATE INDEX \`subscribers_inbox_hash_idx\` ON \`subscribers\` (\`inbox_hash\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`subscribers_inbox_hash_idx\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`inbox_hash\`;`)
}
