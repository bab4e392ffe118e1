import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/*
 * The sealed live links of outgoing mail (src/platform/mail/secret-links.ts). Rows queued before this
 * migration have none: their links are in the open (now read by admins only), the worker sends them as they
 * are and hides the links in the row once sent.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mail_outbox" ADD COLUMN "sealed_links" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mail_outbox" DROP COLUMN "sealed_links";`)
}
