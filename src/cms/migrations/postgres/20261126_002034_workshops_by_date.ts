import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "workshops__order_idx";
  ALTER TABLE "workshops" DROP COLUMN "_order";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "workshops" ADD COLUMN "_order" varchar;
  CREATE INDEX "workshops__order_idx" ON "workshops" USING btree ("_order");`)
}
