import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * The two mails of a package paid in monthly payments (decision 071) in Settings → Mail texts: how to pay by bank
 * transfer, and the first payment received. (Written by hand after merging: the generated one also held the
 * instalments' own columns, which 20261126_164027/164044_packages_paid_in_instalments add; its snapshot is the
 * merged schema.)
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_instalment_details_subject\` text DEFAULT 'How to pay for the {package} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_instalment_details_body\` text DEFAULT 'Thank you. You pay for the {package} in {plan}, by bank transfer. Please send the first, {firstAmount}, now:

{paymentDetails}

{schedule}

Your sessions open as soon as the first payment arrives; you then get a mail with the link to your page.' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_first_instalment_paid_subject\` text DEFAULT 'Your sessions are ready: {package} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_first_instalment_paid_body\` text DEFAULT 'Your first payment of {firstAmount} for the {package} (reference {reference}, {plan}) has arrived. Thank you!

{sessionsReady} on your page:
{clientLink}

Keep this mail: the link is your way in, no password needed.' NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_instalment_details_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_instalment_details_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_first_instalment_paid_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_first_instalment_paid_body\`;`)
}
