import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`session_rules\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`coaching_reschedule_notice_hours\` numeric DEFAULT 24 NOT NULL,
  	\`late_cancellation_uses_credit\` integer DEFAULT true,
  	\`no_show_uses_credit\` integer DEFAULT true,
  	\`credits_expire\` integer DEFAULT true,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`coaching_sessions\` ADD \`cancelled_by\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`session_rules\`;`)
  await db.run(sql`ALTER TABLE \`coaching_sessions\` DROP COLUMN \`cancelled_by\`;`)
}
