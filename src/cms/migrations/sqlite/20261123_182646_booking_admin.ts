import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`discovery_calls\` ADD \`startsat_tz\` text;`)
  // Written by hand from here on. Calls booked before this migration show in the coach's zone too.
  await db.run(sql`UPDATE \`discovery_calls\` SET \`startsat_tz\` = (SELECT \`time_zone\` FROM \`availability\` LIMIT 1);`)
  // One upcoming call per e-mail address, refused by the database itself: a booked call may not be added
  // while the same address has a booked call starting after the new one was made (its created_at is the
  // booking's clock). SQLite runs one writer at a time and the trigger runs inside the INSERT, so two
  // simultaneous bookings with one address cannot both pass. Dates are ISO 8601 text in UTC.
  await db.run(
    sql.raw(`CREATE TRIGGER \`discovery_calls_one_upcoming\` BEFORE INSERT ON \`discovery_calls\` FOR EACH ROW
  WHEN NEW.\`status\` = 'booked' AND EXISTS (
    SELECT 1 FROM \`discovery_calls\` AS c
    WHERE c.\`status\` = 'booked' AND c.\`email\` = NEW.\`email\` AND c.\`starts_at\` > NEW.\`created_at\`)
BEGIN
  SELECT RAISE(ABORT, 'discovery_calls_one_upcoming');
END;`),
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TRIGGER IF EXISTS \`discovery_calls_one_upcoming\`;`)
  await db.run(sql`ALTER TABLE \`discovery_calls\` DROP COLUMN \`startsat_tz\`;`)
}
