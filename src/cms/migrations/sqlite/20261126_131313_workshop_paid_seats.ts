import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`workshop_credits\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`email\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`key\` text NOT NULL,
  	\`amount\` numeric NOT NULL,
  	\`credit_id\` integer,
  	\`registration_id\` integer,
  	\`note\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`credit_id\`) REFERENCES \`workshop_credits\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`registration_id\`) REFERENCES \`workshop_registrations\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`workshop_credits_email_idx\` ON \`workshop_credits\` (\`email\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`workshop_credits_key_idx\` ON \`workshop_credits\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`workshop_credits_credit_idx\` ON \`workshop_credits\` (\`credit_id\`);`)
  await db.run(sql`CREATE INDEX \`workshop_credits_registration_idx\` ON \`workshop_credits\` (\`registration_id\`);`)
  await db.run(sql`CREATE INDEX \`workshop_credits_updated_at_idx\` ON \`workshop_credits\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`workshop_credits_created_at_idx\` ON \`workshop_credits\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` ADD \`price\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` ADD \`paid_with\` text;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` ADD \`paid_at\` text;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` ADD \`reference\` text;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` ADD \`stripe_session\` text;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` ADD \`stripe_payment_intent\` text;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` ADD \`stripe_refund\` text;`)
  await db.run(sql`CREATE INDEX \`workshop_registrations_stripe_session_idx\` ON \`workshop_registrations\` (\`stripe_session\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`workshop_credits_id\` integer REFERENCES workshop_credits(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_workshop_credits_id_idx\` ON \`payload_locked_documents_rels\` (\`workshop_credits_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`workshop_credits\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`discovery_calls_id\` integer,
  	\`coaching_sessions_id\` integer,
  	\`contact_messages_id\` integer,
  	\`subscribers_id\` integer,
  	\`newsletters_id\` integer,
  	\`newsletter_deliveries_id\` integer,
  	\`person_notes_id\` integer,
  	\`credit_entries_id\` integer,
  	\`workshop_registrations_id\` integer,
  	\`purchases_id\` integer,
  	\`stripe_events_id\` integer,
  	\`packages_id\` integer,
  	\`agreements_id\` integer,
  	\`agreement_versions_id\` integer,
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
  	FOREIGN KEY (\`coaching_sessions_id\`) REFERENCES \`coaching_sessions\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`subscribers_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`newsletters_id\`) REFERENCES \`newsletters\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`newsletter_deliveries_id\`) REFERENCES \`newsletter_deliveries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`person_notes_id\`) REFERENCES \`person_notes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`credit_entries_id\`) REFERENCES \`credit_entries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`workshop_registrations_id\`) REFERENCES \`workshop_registrations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`purchases_id\`) REFERENCES \`purchases\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`stripe_events_id\`) REFERENCES \`stripe_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`packages_id\`) REFERENCES \`packages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`agreements_id\`) REFERENCES \`agreements\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`agreement_versions_id\`) REFERENCES \`agreement_versions\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "discovery_calls_id", "coaching_sessions_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "workshop_registrations_id", "purchases_id", "stripe_events_id", "packages_id", "agreements_id", "agreement_versions_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id") SELECT "id", "order", "parent_id", "path", "discovery_calls_id", "coaching_sessions_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "workshop_registrations_id", "purchases_id", "stripe_events_id", "packages_id", "agreements_id", "agreement_versions_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_discovery_calls_id_idx\` ON \`payload_locked_documents_rels\` (\`discovery_calls_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coaching_sessions_id_idx\` ON \`payload_locked_documents_rels\` (\`coaching_sessions_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_subscribers_id_idx\` ON \`payload_locked_documents_rels\` (\`subscribers_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_newsletters_id_idx\` ON \`payload_locked_documents_rels\` (\`newsletters_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_newsletter_deliveries_id_idx\` ON \`payload_locked_documents_rels\` (\`newsletter_deliveries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_person_notes_id_idx\` ON \`payload_locked_documents_rels\` (\`person_notes_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_credit_entries_id_idx\` ON \`payload_locked_documents_rels\` (\`credit_entries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_workshop_registrations_id_idx\` ON \`payload_locked_documents_rels\` (\`workshop_registrations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_purchases_id_idx\` ON \`payload_locked_documents_rels\` (\`purchases_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_stripe_events_id_idx\` ON \`payload_locked_documents_rels\` (\`stripe_events_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_packages_id_idx\` ON \`payload_locked_documents_rels\` (\`packages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_agreements_id_idx\` ON \`payload_locked_documents_rels\` (\`agreements_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_agreement_versions_id_idx\` ON \`payload_locked_documents_rels\` (\`agreement_versions_id\`);`)
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
  await db.run(sql`DROP INDEX \`workshop_registrations_stripe_session_idx\`;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` DROP COLUMN \`price\`;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` DROP COLUMN \`paid_with\`;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` DROP COLUMN \`paid_at\`;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` DROP COLUMN \`reference\`;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` DROP COLUMN \`stripe_session\`;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` DROP COLUMN \`stripe_payment_intent\`;`)
  await db.run(sql`ALTER TABLE \`workshop_registrations\` DROP COLUMN \`stripe_refund\`;`)
}
