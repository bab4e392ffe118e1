import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "discovery_calls" ADD COLUMN "startsat_tz" varchar;`)
  // Written by hand from here on. Calls booked before this migration show in the coach's zone too.
  await db.execute(sql`UPDATE "discovery_calls" SET "startsat_tz" = (SELECT "time_zone" FROM "availability" LIMIT 1);`)
  // One upcoming call per e-mail address, refused by the database itself: a booked call may not be added
  // while the same address has a booked call starting after the new one was made (its created_at is the
  // booking's clock). A lock per address, held to the end of the transaction, makes simultaneous bookings
  // with one address (on any number of app instances) take turns, and each check reads what committed before.
  await db.execute(sql`
  CREATE FUNCTION "discovery_calls_one_upcoming"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW."status" = 'booked' THEN
      PERFORM pg_advisory_xact_lock(hashtext('discovery_calls_one_upcoming'), hashtext(NEW."email"));
      IF EXISTS (
        SELECT 1 FROM "discovery_calls" AS c
        WHERE c."status" = 'booked' AND c."email" = NEW."email" AND c."starts_at" > NEW."created_at"
      ) THEN
        RAISE EXCEPTION 'discovery_calls_one_upcoming';
      END IF;
    END IF;
    RETURN NEW;
  END
  $$;
  CREATE TRIGGER "discovery_calls_one_upcoming" BEFORE INSERT ON "discovery_calls"
    FOR EACH ROW EXECUTE FUNCTION "discovery_calls_one_upcoming"();`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TRIGGER IF EXISTS "discovery_calls_one_upcoming" ON "discovery_calls";
   DROP FUNCTION IF EXISTS "discovery_calls_one_upcoming"();
   ALTER TABLE "discovery_calls" DROP COLUMN "startsat_tz";`)
}
