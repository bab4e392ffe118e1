import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "mail_texts" ADD COLUMN "package_code_subject" varchar DEFAULT 'Your code: {code} | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_code_body" varchar DEFAULT 'Your code to buy the {package}: {code}

Type it on the page where you asked for it. It is valid for 30 minutes.
If you did not ask for it, you can ignore this mail: nothing happens without the code.' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_agreement_copy_subject" varchar DEFAULT 'Your copy of the agreement: {agreement} | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_agreement_copy_body" varchar DEFAULT 'You accepted this agreement for the {package} on {agreedAt},
typing the name "{name}", from the e-mail address {email}.
{agreementVersion}

----
{agreementText}
----' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_payment_details_subject" varchar DEFAULT 'How to pay for the {package} | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_payment_details_body" varchar DEFAULT 'Thank you. Please pay {amount} for the {package} by bank transfer:

{paymentDetails}

Your sessions open as soon as the payment arrives; you then get a mail with the link to your page.' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_paid_subject" varchar DEFAULT 'Your sessions are ready: {package} | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_paid_body" varchar DEFAULT 'Your payment of {amount} for the {package} (reference {reference}) has arrived. Thank you!

{sessionsReady} on your page:
{clientLink}

Keep this mail: the link is your way in, no password needed.' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_client_link_subject" varchar DEFAULT 'The link to your page | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_client_link_body" varchar DEFAULT 'Hello {name},

Here is the link to your page, where you book and move your sessions and find your receipts:
{clientLink}

Keep this mail: the link is your way in, no password needed.
If you did not ask for it, you can ignore this mail: the link was sent only to you.

Warm regards,
{siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_refund_subject" varchar DEFAULT 'Your refund: {package} | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "package_refund_body" varchar DEFAULT 'We have refunded {amount} of your payment for the {package} (reference {reference}).
{refundHow}
{sessionsTaken}

Your page, with your sessions and receipts:
{clientLink}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_booked_subject" varchar DEFAULT 'Your coaching session is booked | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_booked_body" varchar DEFAULT 'Hello {name},

Your coaching session is booked. The invite for your calendar is attached.

{session}

To move or cancel it (until {noticeHours} hours before it starts): {clientLink}

Warm regards,
{siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_moved_subject" varchar DEFAULT 'Your coaching session has a new time | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_moved_body" varchar DEFAULT 'Hello {name},

Your coaching session has a new time. The updated invite for your calendar is attached.

{session}

To move or cancel it (until {noticeHours} hours before it starts): {clientLink}

Warm regards,
{siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_moved_by_coach_subject" varchar DEFAULT 'Your coaching session has a new time | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_moved_by_coach_body" varchar DEFAULT 'Hello {name},

{coachName} has moved your coaching session. The updated invite for your calendar is attached.

{session}

To move or cancel it (until {noticeHours} hours before it starts): {clientLink}

{coachLine}

Warm regards,
{siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_cancelled_subject" varchar DEFAULT 'Your coaching session is cancelled | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_cancelled_body" varchar DEFAULT 'Hello {name},

Your coaching session is cancelled.

{session}

{credit}
Your page: {clientLink}

Warm regards,
{siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_cancelled_by_coach_subject" varchar DEFAULT 'Your coaching session is cancelled | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_cancelled_by_coach_body" varchar DEFAULT 'Hello {name},

{coachName} has cancelled your coaching session.

{session}

{credit}
Your page: {clientLink}

{coachLine}

Warm regards,
{siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_reminder_day_before_subject" varchar DEFAULT 'Tomorrow: your coaching session | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_reminder_day_before_body" varchar DEFAULT 'Hello {name},

A reminder: your coaching session with {coachName} is tomorrow.

{session}

Your page: {clientLink}

Warm regards,
{siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_reminder_hour_before_subject" varchar DEFAULT 'In one hour: your coaching session | {siteName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "session_reminder_hour_before_body" varchar DEFAULT 'Hello {name},

A reminder: your coaching session with {coachName} starts in one hour.

{session}

Your page: {clientLink}

Warm regards,
{siteName}' NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "mail_texts" DROP COLUMN "package_code_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "package_code_body";
  ALTER TABLE "mail_texts" DROP COLUMN "package_agreement_copy_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "package_agreement_copy_body";
  ALTER TABLE "mail_texts" DROP COLUMN "package_payment_details_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "package_payment_details_body";
  ALTER TABLE "mail_texts" DROP COLUMN "package_paid_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "package_paid_body";
  ALTER TABLE "mail_texts" DROP COLUMN "package_client_link_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "package_client_link_body";
  ALTER TABLE "mail_texts" DROP COLUMN "package_refund_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "package_refund_body";
  ALTER TABLE "mail_texts" DROP COLUMN "session_booked_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "session_booked_body";
  ALTER TABLE "mail_texts" DROP COLUMN "session_moved_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "session_moved_body";
  ALTER TABLE "mail_texts" DROP COLUMN "session_moved_by_coach_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "session_moved_by_coach_body";
  ALTER TABLE "mail_texts" DROP COLUMN "session_cancelled_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "session_cancelled_body";
  ALTER TABLE "mail_texts" DROP COLUMN "session_cancelled_by_coach_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "session_cancelled_by_coach_body";
  ALTER TABLE "mail_texts" DROP COLUMN "session_reminder_day_before_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "session_reminder_day_before_body";
  ALTER TABLE "mail_texts" DROP COLUMN "session_reminder_hour_before_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "session_reminder_hour_before_body";`)
}
