import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`workshops__order_idx\`;`)
  await db.run(sql`ALTER TABLE \`workshops\` DROP COLUMN \`_order\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`workshops\` ADD \`_order\` text;`)
  await db.run(sql`CREATE INDEX \`workshops__order_idx\` ON \`workshops\` (\`_order\`);`)
}
