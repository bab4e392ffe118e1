import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`workshop_registrations\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`workshop_id\` integer NOT NULL,
  	\`name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`status\` text NOT NULL,
  	\`seat\` numeric,
  	\`queued_at\` text NOT NULL,
  	\`hold_until\` text,
  	\`offers\` numeric DEFAULT 0 NOT NULL,
  	\`cancelled_at\` text,
  	\`cancelled_by\` text,
  	\`sequence\` numeric DEFAULT 0 NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`workshop_id\`) REFERENCES \`workshops\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`workshop_registrations_workshop_idx\` ON \`workshop_registrations\` (\`workshop_id\`);`)
  await db.run(sql`CREATE INDEX \`workshop_registrations_email_idx\` ON \`workshop_registrations\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`workshop_registrations_status_idx\` ON \`workshop_registrations\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`workshop_registrations_queued_at_idx\` ON \`workshop_registrations\` (\`queued_at\`);`)
  await db.run(sql`CREATE INDEX \`workshop_registrations_updated_at_idx\` ON \`workshop_registrations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`workshop_registrations_created_at_idx\` ON \`workshop_registrations\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`workshop_email_idx\` ON \`workshop_registrations\` (\`workshop_id\`,\`email\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`workshop_seat_idx\` ON \`workshop_registrations\` (\`workshop_id\`,\`seat\`);`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_workshops\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`date\` text NOT NULL,
  	\`format\` text NOT NULL,
  	\`description\` text NOT NULL,
  	\`register_link\` text,
  	\`slug\` text,
  	\`ends_at\` text,
  	\`attendance\` text DEFAULT 'online',
  	\`venue\` text,
  	\`online_link\` text,
  	\`seats\` numeric DEFAULT 20,
  	\`price\` numeric DEFAULT 0,
  	\`registration_closes_at\` text,
  	\`waitlist\` integer DEFAULT true,
  	\`hold_hours\` numeric DEFAULT 24,
  	\`published\` integer DEFAULT true,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  // Only the columns the old table has: the new ones take their defaults (slug, venue, seats, ...).
  await db.run(sql`INSERT INTO \`__new_workshops\`("id", "title", "date", "format", "description", "register_link", "published", "updated_at", "created_at") SELECT "id", "title", "date", "format", "description", "register_link", "published", "updated_at", "created_at" FROM \`workshops\`;`)
  await db.run(sql`DROP TABLE \`workshops\`;`)
  await db.run(sql`ALTER TABLE \`__new_workshops\` RENAME TO \`workshops\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`workshops_date_idx\` ON \`workshops\` (\`date\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`workshops_slug_idx\` ON \`workshops\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`workshops_published_idx\` ON \`workshops\` (\`published\`);`)
  await db.run(sql`CREATE INDEX \`workshops_updated_at_idx\` ON \`workshops\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`workshops_created_at_idx\` ON \`workshops\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`workshop_registrations_id\` integer REFERENCES workshop_registrations(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_workshop_registrations_id_idx\` ON \`payload_locked_documents_rels\` (\`workshop_registrations_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`workshop_registrations\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`discovery_calls_id\` integer,
  	\`contact_messages_id\` integer,
  	\`subscribers_id\` integer,
  	\`newsletters_id\` integer,
  	\`newsletter_deliveries_id\` integer,
  	\`person_notes_id\` integer,
  	\`credit_entries_id\` integer,
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
  	FOREIGN KEY (\`discovery_calls_id\`) REFERENCES \`discovery_calls\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`subscribers_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`newsletters_id\`) REFERENCES \`newsletters\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`newsletter_deliveries_id\`) REFERENCES \`newsletter_deliveries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`person_notes_id\`) REFERENCES \`person_notes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`credit_entries_id\`) REFERENCES \`credit_entries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "discovery_calls_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id") SELECT "id", "order", "parent_id", "path", "discovery_calls_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_discovery_calls_id_idx\` ON \`payload_locked_documents_rels\` (\`discovery_calls_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_subscribers_id_idx\` ON \`payload_locked_documents_rels\` (\`subscribers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_newsletters_id_idx\` ON \`payload_locked_documents_rels\` (\`newsletters_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_newsletter_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`newsletter_deliveries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_person_notes_id_idx\` ON \`payload_locked_documents_rels\` (\`person_notes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_credit_entries_id_idx\` ON \`payload_locked_documents_rels\` (\`credit_entries_id\`);`)
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
  await db.run(sql`CREATE TABLE \`__new_workshops\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`date\` text NOT NULL,
  	\`format\` text NOT NULL,
  	\`description\` text NOT NULL,
  	\`register_link\` text NOT NULL,
  	\`published\` integer DEFAULT true,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`INSERT INTO \`__new_workshops\`("id", "title", "date", "format", "description", "register_link", "published", "updated_at", "created_at") SELECT "id", "title", "date", "format", "description", "register_link", "published", "updated_at", "created_at" FROM \`workshops\`;`)
  await db.run(sql`DROP TABLE \`workshops\`;`)
  await db.run(sql`ALTER TABLE \`__new_workshops\` RENAME TO \`workshops\`;`)
  await db.run(sql`CREATE INDEX \`workshops_date_idx\` ON \`workshops\` (\`date\`);`)
  await db.run(sql`CREATE INDEX \`workshops_published_idx\` ON \`workshops\` (\`published\`);`)
  await db.run(sql`CREATE INDEX \`workshops_updated_at_idx\` ON \`workshops\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`workshops_created_at_idx\` ON \`workshops\` (\`created_at\`);`)
}
