import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_coaching_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`intro\` text DEFAULT 'Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so you can move from stuck to moving.',
  	\`pricing_call_to_action\` text DEFAULT 'Start with a free call',
  	\`closing_heading\` text DEFAULT 'Ready to Begin?',
  	\`closing_text\` text DEFAULT 'Start with a free discovery call of about 30 minutes. No obligation.',
  	\`seo_title\` text DEFAULT 'Coaching',
  	\`seo_description\` text DEFAULT 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.',
  	\`_status\` text DEFAULT 'draft',
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_coaching_page\`("id", "intro", "pricing_call_to_action", "closing_heading", "closing_text", "seo_title", "seo_description", "_status", "updated_at", "created_at") SELECT "id", "intro", "pricing_call_to_action", "closing_heading", "closing_text", "seo_title", "seo_description", "_status", "updated_at", "created_at" FROM \`coaching_page\`;`)
  await db.run(sql`DROP TABLE \`coaching_page\`;`)
  await db.run(sql`ALTER TABLE \`__new_coaching_page\` RENAME TO \`coaching_page\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`coaching_page__status_idx\` ON \`coaching_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`__new__coaching_page_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_intro\` text DEFAULT 'Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so you can move from stuck to moving.',
  	\`version_pricing_call_to_action\` text DEFAULT 'Start with a free call',
  	\`version_closing_heading\` text DEFAULT 'Ready to Begin?',
  	\`version_closing_text\` text DEFAULT 'Start with a free discovery call of about 30 minutes. No obligation.',
  	\`version_seo_title\` text DEFAULT 'Coaching',
  	\`version_seo_description\` text DEFAULT 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.',
  	\`version__status\` text DEFAULT 'draft',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer
  );
  `)
  await db.run(sql`INSERT INTO \`__new__coaching_page_v\`("id", "version_intro", "version_pricing_call_to_action", "version_closing_heading", "version_closing_text", "version_seo_title", "version_seo_description", "version__status", "version_updated_at", "version_created_at", "created_at", "updated_at", "latest") SELECT "id", "version_intro", "version_pricing_call_to_action", "version_closing_heading", "version_closing_text", "version_seo_title", "version_seo_description", "version__status", "version_updated_at", "version_created_at", "created_at", "updated_at", "latest" FROM \`_coaching_page_v\`;`)
  await db.run(sql`DROP TABLE \`_coaching_page_v\`;`)
  await db.run(sql`ALTER TABLE \`__new__coaching_page_v\` RENAME TO \`_coaching_page_v\`;`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_version__status_idx\` ON \`_coaching_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_created_at_idx\` ON \`_coaching_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_updated_at_idx\` ON \`_coaching_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_latest_idx\` ON \`_coaching_page_v\` (\`latest\`);`)
  // The built-in search description as stored by a coach who saved the page before: the same words, its
  // price now following the pricing cards (src/domain/prices.ts).
  await db.run(sql`UPDATE \`coaching_page\` SET \`seo_description\` = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.' WHERE \`seo_description\` = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.';`)
  await db.run(
    sql`UPDATE \`_coaching_page_v\` SET \`version_seo_description\` = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.' WHERE \`version_seo_description\` = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.';`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_coaching_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`intro\` text DEFAULT 'Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so you can move from stuck to moving.',
  	\`pricing_call_to_action\` text DEFAULT 'Start with a free call',
  	\`closing_heading\` text DEFAULT 'Ready to Begin?',
  	\`closing_text\` text DEFAULT 'Start with a free discovery call of about 30 minutes. No obligation.',
  	\`seo_title\` text DEFAULT 'Coaching',
  	\`seo_description\` text DEFAULT 'Coaching packages, what to expect, pricing from $150 and answers to common questions.',
  	\`_status\` text DEFAULT 'draft',
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`INSERT INTO \`__new_coaching_page\`("id", "intro", "pricing_call_to_action", "closing_heading", "closing_text", "seo_title", "seo_description", "_status", "updated_at", "created_at") SELECT "id", "intro", "pricing_call_to_action", "closing_heading", "closing_text", "seo_title", "seo_description", "_status", "updated_at", "created_at" FROM \`coaching_page\`;`)
  await db.run(sql`DROP TABLE \`coaching_page\`;`)
  await db.run(sql`ALTER TABLE \`__new_coaching_page\` RENAME TO \`coaching_page\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`coaching_page__status_idx\` ON \`coaching_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`__new__coaching_page_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_intro\` text DEFAULT 'Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so you can move from stuck to moving.',
  	\`version_pricing_call_to_action\` text DEFAULT 'Start with a free call',
  	\`version_closing_heading\` text DEFAULT 'Ready to Begin?',
  	\`version_closing_text\` text DEFAULT 'Start with a free discovery call of about 30 minutes. No obligation.',
  	\`version_seo_title\` text DEFAULT 'Coaching',
  	\`version_seo_description\` text DEFAULT 'Coaching packages, what to expect, pricing from $150 and answers to common questions.',
  	\`version__status\` text DEFAULT 'draft',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer
  );
  `)
  await db.run(sql`INSERT INTO \`__new__coaching_page_v\`("id", "version_intro", "version_pricing_call_to_action", "version_closing_heading", "version_closing_text", "version_seo_title", "version_seo_description", "version__status", "version_updated_at", "version_created_at", "created_at", "updated_at", "latest") SELECT "id", "version_intro", "version_pricing_call_to_action", "version_closing_heading", "version_closing_text", "version_seo_title", "version_seo_description", "version__status", "version_updated_at", "version_created_at", "created_at", "updated_at", "latest" FROM \`_coaching_page_v\`;`)
  await db.run(sql`DROP TABLE \`_coaching_page_v\`;`)
  await db.run(sql`ALTER TABLE \`__new__coaching_page_v\` RENAME TO \`_coaching_page_v\`;`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_version__status_idx\` ON \`_coaching_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_created_at_idx\` ON \`_coaching_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_updated_at_idx\` ON \`_coaching_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_latest_idx\` ON \`_coaching_page_v\` (\`latest\`);`)
  // Back to the words with the price written out.
  await db.run(sql`UPDATE \`coaching_page\` SET \`seo_description\` = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.' WHERE \`seo_description\` = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.';`)
  await db.run(
    sql`UPDATE \`_coaching_page_v\` SET \`version_seo_description\` = 'Coaching packages, what to expect, pricing from $150 and answers to common questions.' WHERE \`version_seo_description\` = 'Coaching packages, what to expect, pricing from {lowest price} and answers to common questions.';`,
  )
}
