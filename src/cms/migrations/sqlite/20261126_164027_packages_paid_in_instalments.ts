import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`purchases\` ADD \`instalments\` numeric;`)
  await db.run(sql`ALTER TABLE \`purchases\` ADD \`stripe_subscription\` text;`)
  await db.run(sql`ALTER TABLE \`purchases\` ADD \`instalment_problem\` text;`)
  await db.run(sql`CREATE INDEX \`purchases_stripe_subscription_idx\` ON \`purchases\` (\`stripe_subscription\`);`)
  await db.run(sql`ALTER TABLE \`packages\` ADD \`payment\` text DEFAULT 'full';`)
  await db.run(sql`ALTER TABLE \`packages\` ADD \`instalments\` numeric DEFAULT 3;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`purchases_stripe_subscription_idx\`;`)
  await db.run(sql`ALTER TABLE \`purchases\` DROP COLUMN \`instalments\`;`)
  await db.run(sql`ALTER TABLE \`purchases\` DROP COLUMN \`stripe_subscription\`;`)
  await db.run(sql`ALTER TABLE \`purchases\` DROP COLUMN \`instalment_problem\`;`)
  await db.run(sql`ALTER TABLE \`packages\` DROP COLUMN \`payment\`;`)
  await db.run(sql`ALTER TABLE \`packages\` DROP COLUMN \`instalments\`;`)
}
