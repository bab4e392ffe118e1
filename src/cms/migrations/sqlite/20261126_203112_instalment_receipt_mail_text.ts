import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * The receipt of each later monthly payment of a package paid in instalments (decision 071) in Settings → Mail
 * texts. (The generator's indentation of the body's lines taken out by hand, so the default is the built-in text.)
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_instalment_received_subject\` text DEFAULT 'Payment {payment} received: {package} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_instalment_received_body\` text DEFAULT 'Your payment of {amount} for the {package} (reference {reference}, payment {payment}) has arrived. Thank you!

{paymentsLeft}

Your page, with your sessions and receipts:
{clientLink}' NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_instalment_received_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_instalment_received_body\`;`)
}
