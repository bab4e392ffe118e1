import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`mail_texts\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`contact_receipt_subject\` text DEFAULT 'We received your message | {siteName}' NOT NULL,
  	\`contact_receipt_body\` text DEFAULT 'Hello,

Thank you for getting in touch. Your message has reached {coachName}, who replies within {replyTime}.

If you did not send a message, you can ignore this e-mail.

Warm regards,
{siteName}
{siteUrl}' NOT NULL,
  	\`newsletter_confirmation_subject\` text DEFAULT 'Please confirm your subscription | {siteName}' NOT NULL,
  	\`newsletter_confirmation_body\` text DEFAULT 'Hello,

Someone, hopefully you, asked to receive the newsletter of {siteName} at this address.
To confirm, open this link and press "Confirm subscription":

{link}

If it was not you, ignore this e-mail: without confirmation nothing will be sent.' NOT NULL,
  	\`call_booked_subject\` text DEFAULT 'Your discovery call is booked | {siteName}' NOT NULL,
  	\`call_booked_body\` text DEFAULT 'Hello {name},

Your free discovery call with {coachName} is booked.

{time}

The attached invite adds it to your calendar.
To reschedule or cancel: {manageLink}
You can reschedule or cancel until 24 hours before the call.

Warm regards,
{siteName}' NOT NULL,
  	\`call_already_booked_subject\` text DEFAULT 'Your discovery call | {siteName}' NOT NULL,
  	\`call_already_booked_body\` text DEFAULT 'Hello {name},

Someone, hopefully you, tried to book a discovery call with this address. You already have one:

{time}

To reschedule or cancel: {manageLink}

If it was not you, you can ignore this e-mail.' NOT NULL,
  	\`call_moved_subject\` text DEFAULT 'Your discovery call was moved | {siteName}' NOT NULL,
  	\`call_moved_body\` text DEFAULT 'Hello {name},

Your discovery call has a new time.

{time}

To reschedule or cancel: {manageLink}' NOT NULL,
  	\`call_cancelled_subject\` text DEFAULT 'Your discovery call was cancelled | {siteName}' NOT NULL,
  	\`call_cancelled_body\` text DEFAULT 'Hello {name},

This discovery call was cancelled:

{time}

To book another time: {bookingLink}' NOT NULL,
  	\`call_cancelled_by_coach_subject\` text DEFAULT 'Your discovery call was cancelled | {siteName}' NOT NULL,
  	\`call_cancelled_by_coach_body\` text DEFAULT 'Hello {name},

{coachName} had to cancel this discovery call:

{time}

To book another time: {bookingLink}' NOT NULL,
  	\`reminder_day_before_subject\` text DEFAULT 'Tomorrow: your discovery call | {siteName}' NOT NULL,
  	\`reminder_day_before_body\` text DEFAULT 'Hello {name},

A reminder of your free discovery call with {coachName}:

{time}

Until the call is 24 hours away you can still reschedule or cancel:
{manageLink}' NOT NULL,
  	\`reminder_hour_before_subject\` text DEFAULT 'In one hour: your discovery call | {siteName}' NOT NULL,
  	\`reminder_hour_before_body\` text DEFAULT 'Hello {name},

Your discovery call with {coachName} starts in one hour.

{time}' NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`brand_coach_name\` text DEFAULT 'Jordan Ellis' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`brand_site_name\` text DEFAULT 'Jordan Ellis Coaching' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`brand_role\` text DEFAULT 'Personal growth and life coach, author' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`brand_description\` text DEFAULT 'Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free 30-minute discovery call.' NOT NULL;`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`brand_logo_id\` integer REFERENCES media(id);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`brand_portrait_id\` integer REFERENCES media(id);`)
  await db.run(sql`ALTER TABLE \`site_settings\` ADD \`brand_mail_from_name\` text DEFAULT 'Jordan Ellis Coaching' NOT NULL;`)
  await db.run(sql`CREATE INDEX \`site_settings_brand_brand_logo_idx\` ON \`site_settings\` (\`brand_logo_id\`);`)
  await db.run(sql`CREATE INDEX \`site_settings_brand_brand_portrait_idx\` ON \`site_settings\` (\`brand_portrait_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`mail_texts\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_site_settings\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`phone\` text,
  	\`email\` text,
  	\`social_instagram\` text,
  	\`social_facebook\` text,
  	\`social_blog_platform\` text,
  	\`social_linkedin\` text,
  	\`social_whatsapp\` text,
  	\`external_blog_url\` text,
  	\`intro_video_id\` text,
  	\`external_calendar_url\` text,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_site_settings\`("id", "phone", "email", "social_instagram", "social_facebook", "social_blog_platform", "social_linkedin", "social_whatsapp", "external_blog_url", "intro_video_id", "external_calendar_url", "updated_at", "created_at") SELECT "id", "phone", "email", "social_instagram", "social_facebook", "social_blog_platform", "social_linkedin", "social_whatsapp", "external_blog_url", "intro_video_id", "external_calendar_url", "updated_at", "created_at" FROM \`site_settings\`;`)
  await db.run(sql`DROP TABLE \`site_settings\`;`)
  await db.run(sql`ALTER TABLE \`__new_site_settings\` RENAME TO \`site_settings\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
}
