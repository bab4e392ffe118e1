import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { giveIssuesSlugs } from '../issue-slugs'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "newsletter_archive" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"enabled" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "newsletters" ADD COLUMN "slug" varchar;
  ALTER TABLE "newsletters" ADD COLUMN "show_in_archive" boolean DEFAULT true;
  CREATE UNIQUE INDEX "newsletters_slug_idx" ON "newsletters" USING btree ("slug");`)
  await giveIssuesSlugs(payload, req)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "newsletter_archive" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "newsletter_archive" CASCADE;
  DROP INDEX "newsletters_slug_idx";
  ALTER TABLE "newsletters" DROP COLUMN "slug";
  ALTER TABLE "newsletters" DROP COLUMN "show_in_archive";`)
}
