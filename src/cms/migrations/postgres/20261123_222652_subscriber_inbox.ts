import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscribers" ADD COLUMN "inbox_hash" varchar;
  CREATE INDEX "subscribers_inbox_hash_idx" ON "subscribers" USING btree ("inbox_hash");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "subscribers_inbox_hash_idx";
  ALTER TABLE "subscribers" DROP COLUMN "inbox_hash";`)
}
