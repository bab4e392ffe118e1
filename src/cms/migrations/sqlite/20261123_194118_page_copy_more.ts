import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`books_page_reader_quotes\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`quote\` text,
  	\`author\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`books_page\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`books_page_reader_quotes_order_idx\` ON \`books_page_reader_quotes\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`books_page_reader_quotes_parent_id_idx\` ON \`books_page_reader_quotes\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`books_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`intro\` text DEFAULT 'Everything I teach in sessions and workshops, distilled into books you can keep by your bed and come back to.',
  	\`seo_title\` text DEFAULT 'My Books',
  	\`seo_description\` text DEFAULT 'Books on courage, habits and rest: practical guides for people who want to grow without burning out.',
  	\`_status\` text DEFAULT 'draft',
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`CREATE INDEX \`books_page__status_idx\` ON \`books_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`_books_page_v_version_reader_quotes\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`quote\` text,
  	\`author\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_books_page_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_books_page_v_version_reader_quotes_order_idx\` ON \`_books_page_v_version_reader_quotes\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_books_page_v_version_reader_quotes_parent_id_idx\` ON \`_books_page_v_version_reader_quotes\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_books_page_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_intro\` text DEFAULT 'Everything I teach in sessions and workshops, distilled into books you can keep by your bed and come back to.',
  	\`version_seo_title\` text DEFAULT 'My Books',
  	\`version_seo_description\` text DEFAULT 'Books on courage, habits and rest: practical guides for people who want to grow without burning out.',
  	\`version__status\` text DEFAULT 'draft',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer
  );
  `)
  await db.run(sql`CREATE INDEX \`_books_page_v_version_version__status_idx\` ON \`_books_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_books_page_v_created_at_idx\` ON \`_books_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_books_page_v_updated_at_idx\` ON \`_books_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_books_page_v_latest_idx\` ON \`_books_page_v\` (\`latest\`);`)
  await db.run(sql`CREATE TABLE \`workshops_page_highlights\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`year\` numeric,
  	\`text\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`workshops_page\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`workshops_page_highlights_order_idx\` ON \`workshops_page_highlights\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`workshops_page_highlights_parent_id_idx\` ON \`workshops_page_highlights\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`workshops_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`intro\` text DEFAULT 'Learn, practise and grow together: hands-on sessions with tools you keep using.',
  	\`newsletter_text\` text DEFAULT 'Get new dates and early bird offers in your inbox.',
  	\`seo_title\` text DEFAULT 'Workshops',
  	\`seo_description\` text DEFAULT 'Upcoming workshops and seminars, online and in person, plus highlights from past years.',
  	\`_status\` text DEFAULT 'draft',
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`CREATE INDEX \`workshops_page__status_idx\` ON \`workshops_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`_workshops_page_v_version_highlights\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`year\` numeric,
  	\`text\` text,
  	\`_uuid\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`_workshops_page_v\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`_workshops_page_v_version_highlights_order_idx\` ON \`_workshops_page_v_version_highlights\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`_workshops_page_v_version_highlights_parent_id_idx\` ON \`_workshops_page_v_version_highlights\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`_workshops_page_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_intro\` text DEFAULT 'Learn, practise and grow together: hands-on sessions with tools you keep using.',
  	\`version_newsletter_text\` text DEFAULT 'Get new dates and early bird offers in your inbox.',
  	\`version_seo_title\` text DEFAULT 'Workshops',
  	\`version_seo_description\` text DEFAULT 'Upcoming workshops and seminars, online and in person, plus highlights from past years.',
  	\`version__status\` text DEFAULT 'draft',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer
  );
  `)
  await db.run(sql`CREATE INDEX \`_workshops_page_v_version_version__status_idx\` ON \`_workshops_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_workshops_page_v_created_at_idx\` ON \`_workshops_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_workshops_page_v_updated_at_idx\` ON \`_workshops_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_workshops_page_v_latest_idx\` ON \`_workshops_page_v\` (\`latest\`);`)
  await db.run(sql`CREATE TABLE \`contact_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`intro\` text DEFAULT 'Start with a free discovery call, or send a message about anything else.',
  	\`reply_time\` text DEFAULT '2-3 business days',
  	\`seo_title\` text DEFAULT 'Schedule and Contact',
  	\`seo_description\` text DEFAULT 'Book a free 30-minute discovery call or send a message. Replies within 2-3 business days.',
  	\`_status\` text DEFAULT 'draft',
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`CREATE INDEX \`contact_page__status_idx\` ON \`contact_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`_contact_page_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_intro\` text DEFAULT 'Start with a free discovery call, or send a message about anything else.',
  	\`version_reply_time\` text DEFAULT '2-3 business days',
  	\`version_seo_title\` text DEFAULT 'Schedule and Contact',
  	\`version_seo_description\` text DEFAULT 'Book a free 30-minute discovery call or send a message. Replies within 2-3 business days.',
  	\`version__status\` text DEFAULT 'draft',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer
  );
  `)
  await db.run(sql`CREATE INDEX \`_contact_page_v_version_version__status_idx\` ON \`_contact_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_contact_page_v_created_at_idx\` ON \`_contact_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_contact_page_v_updated_at_idx\` ON \`_contact_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_contact_page_v_latest_idx\` ON \`_contact_page_v\` (\`latest\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`books_page_reader_quotes\`;`)
  await db.run(sql`DROP TABLE \`books_page\`;`)
  await db.run(sql`DROP TABLE \`_books_page_v_version_reader_quotes\`;`)
  await db.run(sql`DROP TABLE \`_books_page_v\`;`)
  await db.run(sql`DROP TABLE \`workshops_page_highlights\`;`)
  await db.run(sql`DROP TABLE \`workshops_page\`;`)
  await db.run(sql`DROP TABLE \`_workshops_page_v_version_highlights\`;`)
  await db.run(sql`DROP TABLE \`_workshops_page_v\`;`)
  await db.run(sql`DROP TABLE \`contact_page\`;`)
  await db.run(sql`DROP TABLE \`_contact_page_v\`;`)
}
