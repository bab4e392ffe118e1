import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`newsletter_permissions\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`editors_may_send\` integer DEFAULT false,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`left_because\` text;`)
  await db.run(sql`ALTER TABLE \`subscribers\` ADD \`left_note\` text;`)
  await db.run(sql`ALTER TABLE \`newsletter_deliveries\` ADD \`data_begun_at\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`newsletter_permissions\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`left_because\`;`)
  await db.run(sql`ALTER TABLE \`subscribers\` DROP COLUMN \`left_note\`;`)
  await db.run(sql`ALTER TABLE \`newsletter_deliveries\` DROP COLUMN \`data_begun_at\`;`)
}
