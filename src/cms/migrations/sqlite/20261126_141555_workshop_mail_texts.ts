import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_registered_subject\` text DEFAULT 'You are registered: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_registered_body\` text DEFAULT 'Hello {name},

Your seat at "{workshop}" is booked.

{workshopWhen}
{workshopWhere}

The calendar invite is attached.
You can cancel until {cancelUntil} (48 hours before the start): {registrationLink}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_waitlisted_subject\` text DEFAULT 'You are on the waitlist: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_waitlisted_body\` text DEFAULT 'Hello {name},

"{workshop}" is full, so you are on its waitlist.
{workshopWhen}

If a seat frees up, we will e-mail you and hold it for you for a while: you take it from that mail.
To leave the waitlist: {registrationLink}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_offer_subject\` text DEFAULT 'A seat is free for you: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_offer_body\` text DEFAULT 'Hello {name},

A seat at "{workshop}" has become free and we are holding it for you.
{workshopWhen}

{toTakeIt} before {holdUntil}: {registrationLink}
After that it goes to the next person waiting.

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_seat_held_subject\` text DEFAULT 'Your seat is held until you pay: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_seat_held_body\` text DEFAULT 'Hello {name},

We are holding a seat at "{workshop}" for you until {holdUntil}.
{workshopWhen}

{howToPay}
Your registration: {registrationLink}
If the payment has not arrived by then, the seat goes to the next person waiting.

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_offer_lapsed_subject\` text DEFAULT 'The seat we held has gone: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_offer_lapsed_body\` text DEFAULT 'Hello {name},

The seat we held for you at "{workshop}" was not {takenOrPaidFor} in time, so it has gone to the next person.
You are welcome to register again at {workshopsLink}.

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_cancelled_subject\` text DEFAULT 'Cancelled: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_cancelled_body\` text DEFAULT 'Hello {name},

Your registration for "{workshop}" is cancelled.

{settlement}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_cancelled_by_coach_subject\` text DEFAULT 'Cancelled: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_cancelled_by_coach_body\` text DEFAULT 'Hello {name},

{coachName} has cancelled your registration for "{workshop}". Reply to this mail with any questions.

{settlement}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_cancelled_whole_subject\` text DEFAULT 'Cancelled: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_cancelled_whole_body\` text DEFAULT 'Hello {name},

{coachName} has cancelled "{workshop}": it will not take place. We are sorry. Reply to this mail with any questions.

{settlement}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_already_subject\` text DEFAULT 'Your registration: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_already_body\` text DEFAULT 'Hello {name},

{status}
{workshopWhen}

Your registration: {registrationLink}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_reminder_day_before_subject\` text DEFAULT 'Tomorrow: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_reminder_day_before_body\` text DEFAULT 'Hello {name},

A reminder: "{workshop}" starts in 24 hours.

{workshopWhen}
{workshopWhere}

Your registration: {registrationLink}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_reminder_hour_before_subject\` text DEFAULT 'In one hour: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_reminder_hour_before_body\` text DEFAULT 'Hello {name},

A reminder: "{workshop}" starts in one hour.

{workshopWhen}
{workshopWhere}

Your registration: {registrationLink}

{coachName}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_updated_subject\` text DEFAULT 'Updated: {workshop}' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` ADD \`workshop_updated_body\` text DEFAULT 'Hello {name},

The details of "{workshop}" have changed. Your seat is kept.

{workshopWhen}
{workshopWhere}

The updated calendar invite is attached.
You can cancel until {cancelUntil} (48 hours before the start): {registrationLink}

{coachName}' NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_registered_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_registered_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_waitlisted_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_waitlisted_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_offer_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_offer_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_seat_held_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_seat_held_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_offer_lapsed_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_offer_lapsed_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_cancelled_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_cancelled_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_cancelled_by_coach_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_cancelled_by_coach_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_cancelled_whole_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_cancelled_whole_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_already_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_already_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_reminder_day_before_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_reminder_day_before_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_reminder_hour_before_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_reminder_hour_before_body\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_updated_subject\`;`)
  await db.run(sql`ALTER TABLE \`mail_texts\` DROP COLUMN \`workshop_updated_body\`;`)
}
