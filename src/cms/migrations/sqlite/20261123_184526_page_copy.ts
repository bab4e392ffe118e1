import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`home_page_help_cards\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`title\` text,
  	\`text\` text,
  	\`link\` text,
  	\`link_label\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`home_page\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`home_page_help_cards_order_idx\` ON \`home_page_help_cards\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`home_page_help_cards_parent_id_idx\` ON \`home_page_help_cards\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`home_page_impact\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`figure\` text,
  	\`label\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`home_page\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`home_page_impact_order_idx\` ON \`home_page_impact\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`home_page_impact_parent_id_idx\` ON \`home_page_impact\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`home_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`hero_eyebrow\` text DEFAULT 'Personal growth and life coaching',
  	\`hero_headline\` text DEFAULT 'Grow into the life you actually want',
  	\`hero_lead\` text DEFAULT 'I help thoughtful, busy people find clarity, build lasting habits and make brave decisions, through 1-on-1 coaching, group sessions, books and workshops.',
  	\`seo_title\` text DEFAULT 'personal growth and life coaching',
  	\`seo_description\` text DEFAULT 'Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free 30-minute discovery call.',
  	\`_status\` text DEFAULT 'draft',
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`CREATE INDEX \`home_page__status_idx\` ON \`home_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`_home_page_v_version_help_cards\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text,
  	\`text\` text,
  	\`link\` text,
  	\`link_label\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_home_page_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_home_page_v_version_help_cards_order_idx\` ON \`_home_page_v_version_help_cards\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_home_page_v_version_help_cards_parent_id_idx\` ON \`_home_page_v_version_help_cards\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_home_page_v_version_impact\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`figure\` text,
  	\`label\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_home_page_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_home_page_v_version_impact_order_idx\` ON \`_home_page_v_version_impact\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_home_page_v_version_impact_parent_id_idx\` ON \`_home_page_v_version_impact\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_home_page_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_hero_eyebrow\` text DEFAULT 'Personal growth and life coaching',
  	\`version_hero_headline\` text DEFAULT 'Grow into the life you actually want',
  	\`version_hero_lead\` text DEFAULT 'I help thoughtful, busy people find clarity, build lasting habits and make brave decisions, through 1-on-1 coaching, group sessions, books and workshops.',
  	\`version_seo_title\` text DEFAULT 'personal growth and life coaching',
  	\`version_seo_description\` text DEFAULT 'Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free 30-minute discovery call.',
  	\`version__status\` text DEFAULT 'draft',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer
  );
  `)
  await db.run(sql`CREATE INDEX \`_home_page_v_version_version__status_idx\` ON \`_home_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_home_page_v_created_at_idx\` ON \`_home_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_home_page_v_updated_at_idx\` ON \`_home_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_home_page_v_latest_idx\` ON \`_home_page_v\` (\`latest\`);`)
  await db.run(sql`CREATE TABLE \`coaching_page_steps\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`title\` text,
  	\`text\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`coaching_page\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`coaching_page_steps_order_idx\` ON \`coaching_page_steps\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`coaching_page_steps_parent_id_idx\` ON \`coaching_page_steps\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`coaching_page_pricing_features\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`feature\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`coaching_page_pricing\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`coaching_page_pricing_features_order_idx\` ON \`coaching_page_pricing_features\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`coaching_page_pricing_features_parent_id_idx\` ON \`coaching_page_pricing_features\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`coaching_page_pricing\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`name\` text,
  	\`price\` numeric,
  	\`rhythm\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`coaching_page\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`coaching_page_pricing_order_idx\` ON \`coaching_page_pricing\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`coaching_page_pricing_parent_id_idx\` ON \`coaching_page_pricing\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`coaching_page\` (
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
  await db.run(sql`CREATE INDEX \`coaching_page__status_idx\` ON \`coaching_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`_coaching_page_v_version_steps\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text,
  	\`text\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_coaching_page_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_steps_order_idx\` ON \`_coaching_page_v_version_steps\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_steps_parent_id_idx\` ON \`_coaching_page_v_version_steps\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_coaching_page_v_version_pricing_features\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`feature\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_coaching_page_v_version_pricing\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_pricing_features_order_idx\` ON \`_coaching_page_v_version_pricing_features\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_pricing_features_parent_id_idx\` ON \`_coaching_page_v_version_pricing_features\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_coaching_page_v_version_pricing\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text,
  	\`price\` numeric,
  	\`rhythm\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_coaching_page_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_pricing_order_idx\` ON \`_coaching_page_v_version_pricing\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_pricing_parent_id_idx\` ON \`_coaching_page_v_version_pricing\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_coaching_page_v\` (
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
  await db.run(sql`CREATE INDEX \`_coaching_page_v_version_version__status_idx\` ON \`_coaching_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_created_at_idx\` ON \`_coaching_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_updated_at_idx\` ON \`_coaching_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_coaching_page_v_latest_idx\` ON \`_coaching_page_v\` (\`latest\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`home_page_help_cards\`;`)
  await db.run(sql`DROP TABLE \`home_page_impact\`;`)
  await db.run(sql`DROP TABLE \`home_page\`;`)
  await db.run(sql`DROP TABLE \`_home_page_v_version_help_cards\`;`)
  await db.run(sql`DROP TABLE \`_home_page_v_version_impact\`;`)
  await db.run(sql`DROP TABLE \`_home_page_v\`;`)
  await db.run(sql`DROP TABLE \`coaching_page_steps\`;`)
  await db.run(sql`DROP TABLE \`coaching_page_pricing_features\`;`)
  await db.run(sql`DROP TABLE \`coaching_page_pricing\`;`)
  await db.run(sql`DROP TABLE \`coaching_page\`;`)
  await db.run(sql`DROP TABLE \`_coaching_page_v_version_steps\`;`)
  await db.run(sql`DROP TABLE \`_coaching_page_v_version_pricing_features\`;`)
  await db.run(sql`DROP TABLE \`_coaching_page_v_version_pricing\`;`)
  await db.run(sql`DROP TABLE \`_coaching_page_v\`;`)
}
