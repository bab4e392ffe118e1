import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_packages_payment" AS ENUM('full', 'instalments');
  ALTER TABLE "purchases" ADD COLUMN "instalments" numeric;
  ALTER TABLE "purchases" ADD COLUMN "stripe_subscription" varchar;
  ALTER TABLE "purchases" ADD COLUMN "instalment_problem" varchar;
  ALTER TABLE "packages" ADD COLUMN "payment" "enum_packages_payment" DEFAULT 'full';
  ALTER TABLE "packages" ADD COLUMN "instalments" numeric DEFAULT 3;
  CREATE INDEX "purchases_stripe_subscription_idx" ON "purchases" USING btree ("stripe_subscription");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "purchases_stripe_subscription_idx";
  ALTER TABLE "purchases" DROP COLUMN "instalments";
  ALTER TABLE "purchases" DROP COLUMN "stripe_subscription";
  ALTER TABLE "purchases" DROP COLUMN "instalment_problem";
  ALTER TABLE "packages" DROP COLUMN "payment";
  ALTER TABLE "packages" DROP COLUMN "instalments";
  DROP TYPE "public"."enum_packages_payment";`)
}
