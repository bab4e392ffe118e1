import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_subscribers_left_because" AS ENUM('reader', 'coach', 'complaint', 'bounce');
  CREATE TABLE "newsletter_permissions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"editors_may_send" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "subscribers" ADD COLUMN "left_because" "enum_subscribers_left_because";
  ALTER TABLE "subscribers" ADD COLUMN "left_note" varchar;
  ALTER TABLE "newsletter_deliveries" ADD COLUMN "data_begun_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "newsletter_permissions" CASCADE;
  ALTER TABLE "subscribers" DROP COLUMN "left_because";
  ALTER TABLE "subscribers" DROP COLUMN "left_note";
  ALTER TABLE "newsletter_deliveries" DROP COLUMN "data_begun_at";
  DROP TYPE "public"."enum_subscribers_left_because";`)
}
