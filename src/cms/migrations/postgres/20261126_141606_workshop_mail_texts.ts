import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_registered_subject" varchar DEFAULT 'You are registered: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_registered_body" varchar DEFAULT 'Hello {name},

Your seat at "{workshop}" is booked.

{workshopWhen}
{workshopWhere}

The calendar invite is attached.
You can cancel until {cancelUntil} (48 hours before the start): {registrationLink}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_waitlisted_subject" varchar DEFAULT 'You are on the waitlist: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_waitlisted_body" varchar DEFAULT 'Hello {name},

"{workshop}" is full, so you are on its waitlist.
{workshopWhen}

If a seat frees up, we will e-mail you and hold it for you for a while: you take it from that mail.
To leave the waitlist: {registrationLink}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_offer_subject" varchar DEFAULT 'A seat is free for you: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_offer_body" varchar DEFAULT 'Hello {name},

A seat at "{workshop}" has become free and we are holding it for you.
{workshopWhen}

{toTakeIt} before {holdUntil}: {registrationLink}
After that it goes to the next person waiting.

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_seat_held_subject" varchar DEFAULT 'Your seat is held until you pay: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_seat_held_body" varchar DEFAULT 'Hello {name},

We are holding a seat at "{workshop}" for you until {holdUntil}.
{workshopWhen}

{howToPay}
Your registration: {registrationLink}
If the payment has not arrived by then, the seat goes to the next person waiting.

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_offer_lapsed_subject" varchar DEFAULT 'The seat we held has gone: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_offer_lapsed_body" varchar DEFAULT 'Hello {name},

The seat we held for you at "{workshop}" was not {takenOrPaidFor} in time, so it has gone to the next person.
You are welcome to register again at {workshopsLink}.

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_cancelled_subject" varchar DEFAULT 'Cancelled: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_cancelled_body" varchar DEFAULT 'Hello {name},

Your registration for "{workshop}" is cancelled.

{settlement}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_cancelled_by_coach_subject" varchar DEFAULT 'Cancelled: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_cancelled_by_coach_body" varchar DEFAULT 'Hello {name},

{coachName} has cancelled your registration for "{workshop}". Reply to this mail with any questions.

{settlement}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_cancelled_whole_subject" varchar DEFAULT 'Cancelled: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_cancelled_whole_body" varchar DEFAULT 'Hello {name},

{coachName} has cancelled "{workshop}": it will not take place. We are sorry. Reply to this mail with any questions.

{settlement}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_already_subject" varchar DEFAULT 'Your registration: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_already_body" varchar DEFAULT 'Hello {name},

{status}
{workshopWhen}

Your registration: {registrationLink}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_reminder_day_before_subject" varchar DEFAULT 'Tomorrow: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_reminder_day_before_body" varchar DEFAULT 'Hello {name},

A reminder: "{workshop}" starts in 24 hours.

{workshopWhen}
{workshopWhere}

Your registration: {registrationLink}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_reminder_hour_before_subject" varchar DEFAULT 'In one hour: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_reminder_hour_before_body" varchar DEFAULT 'Hello {name},

A reminder: "{workshop}" starts in one hour.

{workshopWhen}
{workshopWhere}

Your registration: {registrationLink}

{coachName}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_updated_subject" varchar DEFAULT 'Updated: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_updated_body" varchar DEFAULT 'Hello {name},

The details of "{workshop}" have changed. Your seat is kept.

{workshopWhen}
{workshopWhere}

The updated calendar invite is attached.
You can cancel until {cancelUntil} (48 hours before the start): {registrationLink}

{coachName}' NOT NULL;
`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_registered_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_registered_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_waitlisted_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_waitlisted_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_offer_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_offer_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_seat_held_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_seat_held_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_offer_lapsed_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_offer_lapsed_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_cancelled_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_cancelled_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_cancelled_by_coach_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_cancelled_by_coach_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_cancelled_whole_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_cancelled_whole_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_already_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_already_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_reminder_day_before_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_reminder_day_before_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_reminder_hour_before_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_reminder_hour_before_body";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_updated_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_updated_body";
`)
}
