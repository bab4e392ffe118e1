import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`coaching_sessions\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`purchase_id\` integer,
  	\`package_title\` text,
  	\`starts_at\` text NOT NULL,
  	\`startsat_tz\` text,
  	\`ends_at\` text NOT NULL,
  	\`blocked_until\` text NOT NULL,
  	\`status\` text DEFAULT 'booked' NOT NULL,
  	\`cancelled_at\` text,
  	\`credit_used\` integer,
  	\`coach_notes\` text,
  	\`sequence\` numeric DEFAULT 0 NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`purchase_id\`) REFERENCES \`purchases\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`coaching_sessions_email_idx\` ON \`coaching_sessions\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`coaching_sessions_purchase_idx\` ON \`coaching_sessions\` (\`purchase_id\`);`)
  await db.run(sql`CREATE INDEX \`coaching_sessions_starts_at_idx\` ON \`coaching_sessions\` (\`starts_at\`);`)
  await db.run(sql`CREATE INDEX \`coaching_sessions_status_idx\` ON \`coaching_sessions\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`coaching_sessions_updated_at_idx\` ON \`coaching_sessions\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`coaching_sessions_created_at_idx\` ON \`coaching_sessions\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`coaching_sessions_id\` integer REFERENCES coaching_sessions(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_coaching_sessions_id_idx\` ON \`payload_locked_documents_rels\` (\`coaching_sessions_id\`);`)
  // Written by hand from here on (decision 065): the coach's time is one. A live coaching session may not
  // overlap another live session or a live discovery call, each with the buffer kept after it, nor a live call
  // a live session. SQLite runs one writer at a time and a trigger runs inside its statement, so two bookings
  // of one time (of either kind, from any number of processes) cannot both be stored. Dates are ISO 8601 text
  // in UTC with milliseconds, so comparing the text compares the instants.
  const overlapping = (table: string, self: boolean) =>
    `SELECT 1 FROM \`${table}\` AS c WHERE c.\`status\` = 'booked'${self ? ' AND c.\`id\` IS NOT NEW.\`id\`' : ''}
      AND c.\`starts_at\` < NEW.\`blocked_until\` AND NEW.\`starts_at\` < c.\`blocked_until\``
  const changes = '`starts_at`, `blocked_until`, `status`'
  for (const [name, when, check] of [
    [
      'coaching_sessions_time_insert',
      'BEFORE INSERT ON `coaching_sessions`',
      `EXISTS (${overlapping('coaching_sessions', true)}) OR EXISTS (${overlapping('discovery_calls', false)})`,
    ],
    [
      'coaching_sessions_time_update',
      `BEFORE UPDATE OF ${changes} ON \`coaching_sessions\``,
      `EXISTS (${overlapping('coaching_sessions', true)}) OR EXISTS (${overlapping('discovery_calls', false)})`,
    ],
    [
      'discovery_calls_session_time_insert',
      'BEFORE INSERT ON `discovery_calls`',
      `EXISTS (${overlapping('coaching_sessions', false)})`,
    ],
    [
      'discovery_calls_session_time_update',
      `BEFORE UPDATE OF ${changes} ON \`discovery_calls\``,
      `EXISTS (${overlapping('coaching_sessions', false)})`,
    ],
  ]) {
    await db.run(
      sql.raw(`CREATE TRIGGER \`${name}\` ${when} FOR EACH ROW
  WHEN NEW.\`status\` = 'booked' AND (${check})
BEGIN
  SELECT RAISE(ABORT, 'coach_time_taken');
END;`),
    )
  }
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  for (const name of [
    'coaching_sessions_time_insert',
    'coaching_sessions_time_update',
    'discovery_calls_session_time_insert',
    'discovery_calls_session_time_update',
  ]) {
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS \`${name}\`;`))
  }
  await db.run(sql`DROP TABLE \`coaching_sessions\`;`)
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
  	\`workshop_registrations_id\` integer,
  	\`purchases_id\` integer,
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
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`subscribers_id\`) REFERENCES \`subscribers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`newsletters_id\`) REFERENCES \`newsletters\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`newsletter_deliveries_id\`) REFERENCES \`newsletter_deliveries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`person_notes_id\`) REFERENCES \`person_notes\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`credit_entries_id\`) REFERENCES \`credit_entries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`workshop_registrations_id\`) REFERENCES \`workshop_registrations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`purchases_id\`) REFERENCES \`purchases\`(\`id\`) ON UPDATE no action ON DELETE cascade,
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
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "discovery_calls_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "workshop_registrations_id", "purchases_id", "packages_id", "agreements_id", "agreement_versions_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id") SELECT "id", "order", "parent_id", "path", "discovery_calls_id", "contact_messages_id", "subscribers_id", "newsletters_id", "newsletter_deliveries_id", "person_notes_id", "credit_entries_id", "workshop_registrations_id", "purchases_id", "packages_id", "agreements_id", "agreement_versions_id", "mail_outbox_id", "testimonials_id", "blog_posts_id", "coaching_services_id", "books_id", "workshops_id", "faqs_id", "media_id", "users_id", "rate_limit_hits_id" FROM \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_workshop_registrations_id_idx\` ON \`payload_locked_documents_rels\` (\`workshop_registrations_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_purchases_id_idx\` ON \`payload_locked_documents_rels\` (\`purchases_id\`);`)
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
