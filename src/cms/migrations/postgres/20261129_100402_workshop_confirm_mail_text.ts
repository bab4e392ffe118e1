import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The workshop registration's confirmation mail (decision 080) in Settings → Mail texts, like every other mail to
 * visitors. (Its multi-line default written by hand: the generated one indented the lines after the first.)
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mail_texts" ADD COLUMN "workshop_confirm_subject" varchar DEFAULT 'Please confirm your registration: {workshop}' NOT NULL;
  ALTER TABLE "mail_texts" ADD COLUMN "workshop_confirm_body" varchar DEFAULT 'Someone, we hope you, asked to register this e-mail address for "{workshop}".
{workshopWhen}

To confirm it, open this link {confirmUntil} and press "Confirm my registration":

{link}

If it was not you, ignore this mail: nothing is registered without the link.

{coachName}' NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mail_texts" DROP COLUMN "workshop_confirm_subject";
  ALTER TABLE "mail_texts" DROP COLUMN "workshop_confirm_body";`)
}
