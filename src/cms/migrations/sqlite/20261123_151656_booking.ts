import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`discovery_calls\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`note\` text,
  	\`starts_at\` text NOT NULL,
  	\`ends_at\` text NOT NULL,
  	\`blocked_until\` text NOT NULL,
  	\`status\` text DEFAULT 'booked' NOT NULL,
  	\`visitor_time_zone\` text,
  	\`cancelled_at\` text,
  	\`cancelled_by\` text,
  	\`coach_notes\` text,
  	\`sequence\` numeric DEFAULT 0 NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`discovery_calls_email_idx\` ON \`discovery_calls\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`discovery_calls_starts_at_idx\` ON \`discovery_calls\` (\`starts_at\`);`)
  await db.run(sql`CREATE INDEX \`discovery_calls_status_idx\` ON \`discovery_calls\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`discovery_calls_updated_at_idx\` ON \`discovery_calls\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`discovery_calls_created_at_idx\` ON \`discovery_calls\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`availability_weekly_hours\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`weekday\` text NOT NULL,
  	\`from\` text NOT NULL,
  	\`to\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`availability\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`availability_weekly_hours_order_idx\` ON \`availability_weekly_hours\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`availability_weekly_hours_parent_id_idx\` ON \`availability_weekly_hours\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`availability_days_off\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`from\` text NOT NULL,
  	\`to\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`availability\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`availability_days_off_order_idx\` ON \`availability_days_off\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`availability_days_off_parent_id_idx\` ON \`availability_days_off\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`availability\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`time_zone\` text NOT NULL,
  	\`call_minutes\` numeric DEFAULT 30 NOT NULL,
  	\`buffer_minutes\` numeric DEFAULT 15 NOT NULL,
  	\`notice_hours\` numeric DEFAULT 24 NOT NULL,
  	\`horizon_days\` numeric DEFAULT 30 NOT NULL,
  	\`max_per_day\` numeric DEFAULT 4 NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`discovery_calls_id\` integer REFERENCES discovery_calls(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_discovery_calls_id_idx\` ON \`payload_locked_documents_rels\` (\`discovery_calls_id\`);`)
  // Written by hand: the database itself refuses a live call whose time, with its buffer, overlaps another
  // live call's. SQLite runs one writer at a time and a trigger runs inside its statement, so two requests at
  // the same instant (from any number of processes) cannot both book it. Dates are stored as ISO 8601 text
  // in UTC with milliseconds, so comparing the text compares the instants.
  for (const [name, when] of [
    ['discovery_calls_no_overlap_insert', 'BEFORE INSERT ON `discovery_calls`'],
    ['discovery_calls_no_overlap_update', 'BEFORE UPDATE OF `starts_at`, `blocked_until`, `status` ON `discovery_calls`'],
  ]) {
    await db.run(
      sql.raw(`CREATE TRIGGER \`${name}\` ${when} FOR EACH ROW
  WHEN NEW.\`status\` = 'booked' AND EXISTS (
    SELECT 1 FROM \`discovery_calls\` AS c
    WHERE c.\`status\` = 'booked' AND c.\`id\` IS NOT NEW.\`id\`
      AND c.\`starts_at\` < NEW.\`blocked_until\` AND NEW.\`starts_at\` < c.\`blocked_until\`)
BEGIN
  SELECT RAISE(ABORT, 'discovery_calls_no_overlap');
END;`),
    )
  }
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`discovery_calls\`;`)
  await db.run(sql`DROP TABLE \`availability_weekly_hours\`;`)
  await db.run(sql`DROP TABLE \`availability_days_off\`;`)
  await db.run(sql`DROP TABLE \`availability\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`contact_messages_id\` integer,
  	\`subscribers_id\` integer,
  	\`mail_outbox_id\` integer,
  	\`testimonials_id\` integer,
  	\`blog_posts_id\` integer,
  	\`coaching_services_id\` integer,
  	\`books_id\` integer,
  	\`workshops_id\` integer,
  	\`faqs_id\` integer,
  	\`media_id\` integer,
  	\`users_id\` integer,
  	\`rate_limit_hits_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`subscribers_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`mail_outbox_id\`) REFERENCES \`mail_outbox\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`testimonials_id\`) REFERENCES \`testimonials\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`blog_posts_id\`) REFERENCES \`blog_posts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`coaching_services_id\`) REFERENCES \`coaching_services\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`books_id\`) REFERENCES \`books\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`workshops_id\`) REFERENCES \`workshops\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`faqs_id\`) REFERENCES \`faqs\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`rate_limit_hits_id\`) REFERENCES \`rate_limit_hits\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "contact_messages_id", "subscribers_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id") SELECT "id", "order", "parent_id", "path", "contact_messages_id", "subscribers_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_subscribers_id_idx\` ON \`payload_locked_documents_rels\` (\`subscribers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_mail_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`mail_outbox_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_testimonials_id_idx\` ON \`payload_locked_documents_rels\` (\`testimonials_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_blog_posts_id_idx\` ON \`payload_locked_documents_rels\` (\`blog_posts_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coaching_services_id_idx\` ON \`payload_locked_documents_rels\` (\`coaching_services_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_books_id_idx\` ON \`payload_locked_documents_rels\` (\`books_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_workshops_id_idx\` ON \`payload_locked_documents_rels\` (\`workshops_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_faqs_id_idx\` ON \`payload_locked_documents_rels\` (\`faqs_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_rate_limit_hits_id_idx\` ON \`payload_locked_documents_rels\` (\`rate_limit_hits_id\`);`)
}
