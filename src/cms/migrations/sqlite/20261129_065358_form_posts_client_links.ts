import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`client_links\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`client_key\` text NOT NULL,
  	\`issue\` numeric NOT NULL,
  	\`token_hash\` text NOT NULL,
  	\`issued_at\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`client_links_client_key_idx\` ON \`client_links\` (\`client_key\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`client_links_token_hash_idx\` ON \`client_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`client_links_updated_at_idx\` ON \`client_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`client_links_created_at_idx\` ON \`client_links\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`clientKey_issue_idx\` ON \`client_links\` (\`client_key\`,\`issue\`);`)
  await db.run(sql`CREATE TABLE \`form_posts\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`at\` text NOT NULL,
  	\`answer\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`form_posts_key_idx\` ON \`form_posts\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`form_posts_at_idx\` ON \`form_posts\` (\`at\`);`)
  await db.run(sql`CREATE INDEX \`form_posts_updated_at_idx\` ON \`form_posts\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`form_posts_created_at_idx\` ON \`form_posts\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`client_links_id\` integer REFERENCES client_links(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`form_posts_id\` integer REFERENCES form_posts(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_client_links_id_idx\` ON \`payload_locked_documents_rels\` (\`client_links_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_form_posts_id_idx\` ON \`payload_locked_documents_rels\` (\`form_posts_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`client_links\`;`)
  await db.run(sql`DROP TABLE \`form_posts\`;`)
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
  	\`workshop_credits_id\` integer,
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
  	FOREIGN KEY (\`workshop_credits_id\`) REFERENCES \`workshop_credits\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "discovery_calls_id", "coaching_sessions_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "workshop_registrations_id", "workshop_credits_id", "purchases_id", "stripe_events_id", "packages_id", "agreements_id", "agreement_versions_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id") SELECT "id", "order", "parent_id", "path", "discovery_calls_id", "coaching_sessions_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "workshop_registrations_id", "workshop_credits_id", "purchases_id", "stripe_events_id", "packages_id", "agreements_id", "agreement_versions_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_workshop_credits_id_idx\` ON \`payload_locked_documents_rels\` (\`workshop_credits_id\`);`)
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
}
