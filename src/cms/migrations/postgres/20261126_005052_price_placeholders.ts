import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "coaching_page" ALTER COLUMN "seo_description" SET DEFAULT 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.';
  ALTER TABLE "_coaching_page_v" ALTER COLUMN "version_seo_description" SET DEFAULT 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.';`)
  // The built-in search description as stored by a coach who saved the page before: the same words, its
  // price now following the pricing cards (src/domain/prices.ts).
  await db.execute(sql`UPDATE "coaching_page" SET "seo_description" = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.' WHERE "seo_description" = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.';`)
  await db.execute(
    sql`UPDATE "_coaching_page_v" SET "version_seo_description" = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.' WHERE "version_seo_description" = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.';`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "coaching_page" ALTER COLUMN "seo_description" SET DEFAULT 'Coaching packages, what to expect, pricing from $150 and answers to common questions.';
  ALTER TABLE "_coaching_page_v" ALTER COLUMN "version_seo_description" SET DEFAULT 'Coaching packages, what to expect, pricing from $150 and answers to common questions.';`)
  // Back to the words with the price written out.
  await db.execute(sql`UPDATE "coaching_page" SET "seo_description" = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.' WHERE "seo_description" = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.';`)
  await db.execute(
    sql`UPDATE "_coaching_page_v" SET "version_seo_description" = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.' WHERE "version_seo_description" = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.';`,
  )
}
