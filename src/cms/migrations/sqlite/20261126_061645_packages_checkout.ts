import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`purchases\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`reference\` text,
  	\`status\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`package_id\` integer,
  	\`package_title\` text NOT NULL,
  	\`amount\` numeric NOT NULL,
  	\`sessions\` numeric NOT NULL,
  	\`session_minutes\` numeric NOT NULL,
  	\`validity_days\` numeric NOT NULL,
  	\`payment_method\` text,
  	\`paid_at\` text,
  	\`paid_by_id\` integer,
  	\`agreement_version_id\` integer,
  	\`agreement_hash\` text,
  	\`agreed_name\` text,
  	\`agreed_at\` text,
  	\`agreed_email\` text,
  	\`intake_answers\` text,
  	\`code_hash\` text,
  	\`code_expires_at\` text,
  	\`code_tries\` numeric DEFAULT 0,
  	\`client_key\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`package_id\`) REFERENCES \`packages\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`paid_by_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`agreement_version_id\`) REFERENCES \`agreement_versions\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`purchases_reference_idx\` ON \`purchases\` (\`reference\`);`)
  await db.run(sql`CREATE INDEX \`purchases_status_idx\` ON \`purchases\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`purchases_email_idx\` ON \`purchases\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`purchases_package_idx\` ON \`purchases\` (\`package_id\`);`)
  await db.run(sql`CREATE INDEX \`purchases_paid_by_idx\` ON \`purchases\` (\`paid_by_id\`);`)
  await db.run(sql`CREATE INDEX \`purchases_agreement_version_idx\` ON \`purchases\` (\`agreement_version_id\`);`)
  await db.run(sql`CREATE INDEX \`purchases_client_key_idx\` ON \`purchases\` (\`client_key\`);`)
  await db.run(sql`CREATE INDEX \`purchases_updated_at_idx\` ON \`purchases\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`purchases_created_at_idx\` ON \`purchases\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`packages_intake_questions\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`question\` text NOT NULL,
  	\`kind\` text DEFAULT 'short' NOT NULL,
  	\`required\` integer DEFAULT false,
  	\`choices\` text,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`packages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`packages_intake_questions_order_idx\` ON \`packages_intake_questions\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`packages_intake_questions_parent_id_idx\` ON \`packages_intake_questions\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`packages\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`card\` text NOT NULL,
  	\`on_sale\` integer DEFAULT false,
  	\`sessions\` numeric NOT NULL,
  	\`session_minutes\` numeric DEFAULT 60 NOT NULL,
  	\`validity_days\` numeric DEFAULT 90 NOT NULL,
  	\`agreement_id\` integer NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`agreement_id\`) REFERENCES \`agreements\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`packages_card_idx\` ON \`packages\` (\`card\`);`)
  await db.run(sql`CREATE INDEX \`packages_agreement_idx\` ON \`packages\` (\`agreement_id\`);`)
  await db.run(sql`CREATE INDEX \`packages_updated_at_idx\` ON \`packages\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`packages_created_at_idx\` ON \`packages\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`agreements\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`text\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`agreements_updated_at_idx\` ON \`agreements\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`agreements_created_at_idx\` ON \`agreements\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`agreement_versions\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`agreement_id\` integer,
  	\`number\` numeric NOT NULL,
  	\`title\` text NOT NULL,
  	\`text\` text NOT NULL,
  	\`hash\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`agreement_id\`) REFERENCES \`agreements\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`agreement_versions_agreement_idx\` ON \`agreement_versions\` (\`agreement_id\`);`)
  await db.run(sql`CREATE INDEX \`agreement_versions_hash_idx\` ON \`agreement_versions\` (\`hash\`);`)
  await db.run(sql`CREATE INDEX \`agreement_versions_updated_at_idx\` ON \`agreement_versions\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`agreement_versions_created_at_idx\` ON \`agreement_versions\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`payment_details\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`account_holder\` text,
  	\`account\` text,
  	\`bank\` text,
  	\`reference_hint\` text DEFAULT 'Please write the reference on your transfer so I can match your payment.',
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`purchases_id\` integer REFERENCES purchases(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`packages_id\` integer REFERENCES packages(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`agreements_id\` integer REFERENCES agreements(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`agreement_versions_id\` integer REFERENCES agreement_versions(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_purchases_id_idx\` ON \`payload_locked_documents_rels\` (\`purchases_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_packages_id_idx\` ON \`payload_locked_documents_rels\` (\`packages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_agreements_id_idx\` ON \`payload_locked_documents_rels\` (\`agreements_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_agreement_versions_id_idx\` ON \`payload_locked_documents_rels\` (\`agreement_versions_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`purchases\`;`)
  await db.run(sql`DROP TABLE \`packages_intake_questions\`;`)
  await db.run(sql`DROP TABLE \`packages\`;`)
  await db.run(sql`DROP TABLE \`agreements\`;`)
  await db.run(sql`DROP TABLE \`agreement_versions\`;`)
  await db.run(sql`DROP TABLE \`payment_details\`;`)
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
}
