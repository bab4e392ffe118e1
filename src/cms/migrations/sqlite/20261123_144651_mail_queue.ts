import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_outbox\` ADD \`html\` text;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` ADD \`attachments\` text;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` ADD \`calendar\` text;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` ADD \`reference\` text;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` ADD \`idempotency_key\` text;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` ADD \`send_after\` text;`)
  await db.run(sql`CREATE INDEX \`mail_outbox_reference_idx\` ON \`mail_outbox\` (\`reference\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`mail_outbox_idempotency_key_idx\` ON \`mail_outbox\` (\`idempotency_key\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`mail_outbox_reference_idx\`;`)
  await db.run(sql`DROP INDEX \`mail_outbox_idempotency_key_idx\`;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` DROP COLUMN \`html\`;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` DROP COLUMN \`attachments\`;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` DROP COLUMN \`calendar\`;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` DROP COLUMN \`reference\`;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` DROP COLUMN \`idempotency_key\`;`)
  await db.run(sql`ALTER TABLE \`mail_outbox\` DROP COLUMN \`send_after\`;`)
}
