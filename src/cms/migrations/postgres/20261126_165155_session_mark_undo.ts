import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_credit_entries_type" ADD VALUE 'mark-undone';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "credit_entries" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_credit_entries_type";
  CREATE TYPE "public"."enum_credit_entries_type" AS ENUM('purchase-opened', 'payment-received', 'refund', 'session-booked', 'session-rescheduled', 'session-cancelled', 'session-held', 'no-show', 'credits-expired');
  ALTER TABLE "credit_entries" ALTER COLUMN "type" SET DATA TYPE "public"."enum_credit_entries_type" USING "type"::"public"."enum_credit_entries_type";`)
}
