import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_code_subject\` text DEFAULT 'Your code: {code} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_code_body\` text DEFAULT 'Your code to buy the {package}: {code}

Type it on the page where you asked for it. It is valid for 30 minutes.
If you did not ask for it, you can ignore this mail: nothing happens without the code.' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_agreement_copy_subject\` text DEFAULT 'Your copy of the agreement: {agreement} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_agreement_copy_body\` text DEFAULT 'You accepted this agreement for the {package} on {agreedAt},
typing the name "{name}", from the e-mail address {email}.
{agreementVersion}

----
{agreementText}
----' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_payment_details_subject\` text DEFAULT 'How to pay for the {package} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_payment_details_body\` text DEFAULT 'Thank you. Please pay {amount} for the {package} by bank transfer:

{paymentDetails}

Your sessions open as soon as the payment arrives; you then get a mail with the link to your page.' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_paid_subject\` text DEFAULT 'Your sessions are ready: {package} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_paid_body\` text DEFAULT 'Your payment of {amount} for the {package} (reference {reference}) has arrived. Thank you!

{sessionsReady} on your page:
{clientLink}

Keep this mail: the link is your way in, no password needed.' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_client_link_subject\` text DEFAULT 'The link to your page | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_client_link_body\` text DEFAULT 'Hello {name},

Here is the link to your page, where you book and move your sessions and find your receipts:
{clientLink}

Keep this mail: the link is your way in, no password needed.
If you did not ask for it, you can ignore this mail: the link was sent only to you.

Warm regards,
{siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_refund_subject\` text DEFAULT 'Your refund: {package} | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`package_refund_body\` text DEFAULT 'We have refunded {amount} of your payment for the {package} (reference {reference}).
{refundHow}
{sessionsTaken}

Your page, with your sessions and receipts:
{clientLink}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_booked_subject\` text DEFAULT 'Your coaching session is booked | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_booked_body\` text DEFAULT 'Hello {name},

Your coaching session is booked. The invite for your calendar is attached.

{session}

To move or cancel it (until {noticeHours} hours before it starts): {clientLink}

Warm regards,
{siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_moved_subject\` text DEFAULT 'Your coaching session has a new time | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_moved_body\` text DEFAULT 'Hello {name},

Your coaching session has a new time. The updated invite for your calendar is attached.

{session}

To move or cancel it (until {noticeHours} hours before it starts): {clientLink}

Warm regards,
{siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_moved_by_coach_subject\` text DEFAULT 'Your coaching session has a new time | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_moved_by_coach_body\` text DEFAULT 'Hello {name},

{coachName} has moved your coaching session. The updated invite for your calendar is attached.

{session}

To move or cancel it (until {noticeHours} hours before it starts): {clientLink}

{coachLine}

Warm regards,
{siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_cancelled_subject\` text DEFAULT 'Your coaching session is cancelled | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_cancelled_body\` text DEFAULT 'Hello {name},

Your coaching session is cancelled.

{session}

{credit}
Your page: {clientLink}

Warm regards,
{siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_cancelled_by_coach_subject\` text DEFAULT 'Your coaching session is cancelled | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_cancelled_by_coach_body\` text DEFAULT 'Hello {name},

{coachName} has cancelled your coaching session.

{session}

{credit}
Your page: {clientLink}

{coachLine}

Warm regards,
{siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_reminder_day_before_subject\` text DEFAULT 'Tomorrow: your coaching session | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_reminder_day_before_body\` text DEFAULT 'Hello {name},

A reminder: your coaching session with {coachName} is tomorrow.

{session}

Your page: {clientLink}

Warm regards,
{siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_reminder_hour_before_subject\` text DEFAULT 'In one hour: your coaching session | {siteName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`session_reminder_hour_before_body\` text DEFAULT 'Hello {name},

A reminder: your coaching session with {coachName} starts in one hour.

{session}

Your page: {clientLink}

Warm regards,
{siteName}' NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_code_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_code_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_agreement_copy_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_agreement_copy_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_payment_details_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_payment_details_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_paid_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_paid_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_client_link_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_client_link_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_refund_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`package_refund_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_booked_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_booked_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_moved_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_moved_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_moved_by_coach_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_moved_by_coach_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_cancelled_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_cancelled_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_cancelled_by_coach_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_cancelled_by_coach_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_reminder_day_before_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_reminder_day_before_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_reminder_hour_before_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`session_reminder_hour_before_body\`;`)
}
