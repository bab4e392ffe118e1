import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_purchases_status" ADD VALUE 'lapsed';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "purchases" ALTER COLUMN "status" SET DATA TYPE text;
  DROP TYPE "public"."enum_purchases_status";
  CREATE TYPE "public"."enum_purchases_status" AS ENUM('code-sent', 'verified', 'agreed', 'awaiting-payment', 'paid');
  ALTER TABLE "purchases" ALTER COLUMN "status" SET DATA TYPE "public"."enum_purchases_status" USING "status"::"public"."enum_purchases_status";`)
}
