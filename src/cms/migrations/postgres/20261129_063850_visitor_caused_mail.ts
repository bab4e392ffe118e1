import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mail_outbox" ADD COLUMN "visitor_caused" boolean DEFAULT false;
  CREATE INDEX "mail_outbox_visitor_caused_idx" ON "mail_outbox" USING btree ("visitor_caused");`)
  // The visitor mail queued before, as the ceiling counted it then (by kind), still counts this hour.
  await db.execute(
    sql`UPDATE "mail_outbox" SET "visitor_caused" = true WHERE "kind" IN ('contact-confirmation', 'newsletter-confirmation', 'call-existing', 'checkout-code', 'client-link');`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "mail_outbox_visitor_caused_idx";
  ALTER TABLE "mail_outbox" DROP COLUMN "visitor_caused";`)
}
