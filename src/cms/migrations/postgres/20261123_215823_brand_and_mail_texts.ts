import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "mail_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"contact_receipt_subject" varchar DEFAULT 'We received your message | {siteName}' NOT NULL,
  	"contact_receipt_body" varchar DEFAULT 'Hello,

Thank you for getting in touch. Your message has reached {coachName}, who replies within {replyTime}.

If you did not send a message, you can ignore this e-mail.

Warm regards,
{siteName}
{siteUrl}' NOT NULL,
  	"newsletter_confirmation_subject" varchar DEFAULT 'Please confirm your subscription | {siteName}' NOT NULL,
  	"newsletter_confirmation_body" varchar DEFAULT 'Hello,

Someone, hopefully you, asked to receive the newsletter of {siteName} at this address.
To confirm, open this link and press "Confirm subscription":

{link}

If it was not you, ignore this e-mail: without confirmation nothing will be sent.' NOT NULL,
  	"call_booked_subject" varchar DEFAULT 'Your discovery call is booked | {siteName}' NOT NULL,
  	"call_booked_body" varchar DEFAULT 'Hello {name},

Your free discovery call with {coachName} is booked.

{time}

The attached invite adds it to your calendar.
To reschedule or cancel: {manageLink}
You can reschedule or cancel until 24 hours before the call.

Warm regards,
{siteName}' NOT NULL,
  	"call_already_booked_subject" varchar DEFAULT 'Your discovery call | {siteName}' NOT NULL,
  	"call_already_booked_body" varchar DEFAULT 'Hello {name},

Someone, hopefully you, tried to book a discovery call with this address. You already have one:

{time}

To reschedule or cancel: {manageLink}

If it was not you, you can ignore this e-mail.' NOT NULL,
  	"call_moved_subject" varchar DEFAULT 'Your discovery call was moved | {siteName}' NOT NULL,
  	"call_moved_body" varchar DEFAULT 'Hello {name},

Your discovery call has a new time.

{time}

To reschedule or cancel: {manageLink}' NOT NULL,
  	"call_cancelled_subject" varchar DEFAULT 'Your discovery call was cancelled | {siteName}' NOT NULL,
  	"call_cancelled_body" varchar DEFAULT 'Hello {name},

This discovery call was cancelled:

{time}

To book another time: {bookingLink}' NOT NULL,
  	"call_cancelled_by_coach_subject" varchar DEFAULT 'Your discovery call was cancelled | {siteName}' NOT NULL,
  	"call_cancelled_by_coach_body" varchar DEFAULT 'Hello {name},

{coachName} had to cancel this discovery call:

{time}

To book another time: {bookingLink}' NOT NULL,
  	"reminder_day_before_subject" varchar DEFAULT 'Tomorrow: your discovery call | {siteName}' NOT NULL,
  	"reminder_day_before_body" varchar DEFAULT 'Hello {name},

A reminder of your free discovery call with {coachName}:

{time}

Until the call is 24 hours away you can still reschedule or cancel:
{manageLink}' NOT NULL,
  	"reminder_hour_before_subject" varchar DEFAULT 'In one hour: your discovery call | {siteName}' NOT NULL,
  	"reminder_hour_before_body" varchar DEFAULT 'Hello {name},

Your discovery call with {coachName} starts in one hour.

{time}' NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "site_settings" ADD COLUMN "brand_coach_name" varchar DEFAULT 'Jordan Ellis' NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "brand_site_name" varchar DEFAULT 'Jordan Ellis Coaching' NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "brand_role" varchar DEFAULT 'Personal growth and life coach, author' NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "brand_description" varchar DEFAULT 'Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free 30-minute discovery call.' NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "brand_logo_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "brand_portrait_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "brand_mail_from_name" varchar DEFAULT 'Jordan Ellis Coaching' NOT NULL;
  ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_brand_logo_id_media_id_fk" FOREIGN KEY ("brand_logo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_brand_portrait_id_media_id_fk" FOREIGN KEY ("brand_portrait_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "site_settings_brand_brand_logo_idx" ON "site_settings" USING btree ("brand_logo_id");
  CREATE INDEX "site_settings_brand_brand_portrait_idx" ON "site_settings" USING btree ("brand_portrait_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mail_texts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "mail_texts" CASCADE;
  ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_brand_logo_id_media_id_fk";
  
  ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_brand_portrait_id_media_id_fk";
  
  DROP INDEX "site_settings_brand_brand_logo_idx";
  DROP INDEX "site_settings_brand_brand_portrait_idx";
  ALTER TABLE "site_settings" DROP COLUMN "brand_coach_name";
  ALTER TABLE "site_settings" DROP COLUMN "brand_site_name";
  ALTER TABLE "site_settings" DROP COLUMN "brand_role";
  ALTER TABLE "site_settings" DROP COLUMN "brand_description";
  ALTER TABLE "site_settings" DROP COLUMN "brand_logo_id";
  ALTER TABLE "site_settings" DROP COLUMN "brand_portrait_id";
  ALTER TABLE "site_settings" DROP COLUMN "brand_mail_from_name";`)
}
