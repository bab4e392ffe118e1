import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_mail_outbox_status" ADD VALUE 'cancelled';
  ALTER TABLE "mail_outbox" ADD COLUMN "html" varchar;
  ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;
  ALTER TABLE "mail_outbox" ADD COLUMN "calendar" jsonb;
  ALTER TABLE "mail_outbox" ADD COLUMN "reference" varchar;
  ALTER TABLE "mail_outbox" ADD COLUMN "idempotency_key" varchar;
  ALTER TABLE "mail_outbox" ADD COLUMN "send_after" timestamp(3) with time zone;
  CREATE INDEX "mail_outbox_reference_idx" ON "mail_outbox" USING btree ("reference");
  CREATE UNIQUE INDEX "mail_outbox_idempotency_key_idx" ON "mail_outbox" USING btree ("idempotency_key");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mail_outbox" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "mail_outbox" ALTER COLUMN "status" SET DEFAULT 'queued'::text;
  DROP TYPE "public"."enum_mail_outbox_status";
  CREATE TYPE "public"."enum_mail_outbox_status" AS ENUM('queued', 'sending', 'sent', 'failed');
  ALTER TABLE "mail_outbox" ALTER COLUMN "status" SET DEFAULT 'queued'::"public"."enum_mail_outbox_status";
  ALTER TABLE "mail_outbox" ALTER COLUMN "status" SET DATA TYPE "public"."enum_mail_outbox_status" USING "status"::"public"."enum_mail_outbox_status";
  DROP INDEX "mail_outbox_reference_idx";
  DROP INDEX "mail_outbox_idempotency_key_idx";
  ALTER TABLE "mail_outbox" DROP COLUMN "html";
  ALTER TABLE "mail_outbox" DROP COLUMN "attachments";
  ALTER TABLE "mail_outbox" DROP COLUMN "calendar";
  ALTER TABLE "mail_outbox" DROP COLUMN "reference";
  ALTER TABLE "mail_outbox" DROP COLUMN "idempotency_key";
  ALTER TABLE "mail_outbox" DROP COLUMN "send_after";`)
}
