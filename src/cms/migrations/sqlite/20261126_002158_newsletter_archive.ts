import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

import { giveIssuesSlugs } from '../issue-slugs'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`newsletter_archive\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`enabled\` integer DEFAULT false,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`newsletters\` ADD \`slug\` text;`)
  await db.run(sql`ALTER TABLE \`newsletters\` ADD \`show_in_archive\` integer DEFAULT true;`)
  await db.run(sql`CREATE UNIQUE INDEX \`newsletters_slug_idx\` ON \`newsletters\` (\`slug\`);`)
  await giveIssuesSlugs(payload, req)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`newsletter_archive\`;`)
  await db.run(sql`DROP INDEX \`newsletters_slug_idx\`;`)
  await db.run(sql`ALTER TABLE \`newsletters\` DROP COLUMN \`slug\`;`)
  await db.run(sql`ALTER TABLE \`newsletters\` DROP COLUMN \`show_in_archive\`;`)
}
