import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_coaching_sessions_status" AS ENUM('booked', 'cancelled');
  CREATE TABLE "coaching_sessions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"purchase_id" integer,
  	"package_title" varchar,
  	"starts_at" timestamp(3) with time zone NOT NULL,
  	"startsat_tz" varchar,
  	"ends_at" timestamp(3) with time zone NOT NULL,
  	"blocked_until" timestamp(3) with time zone NOT NULL,
  	"status" "enum_coaching_sessions_status" DEFAULT 'booked' NOT NULL,
  	"cancelled_at" timestamp(3) with time zone,
  	"credit_used" boolean,
  	"coach_notes" varchar,
  	"sequence" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "coaching_sessions_id" integer;
  ALTER TABLE "coaching_sessions" ADD CONSTRAINT "coaching_sessions_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "coaching_sessions_email_idx" ON "coaching_sessions" USING btree ("email");
  CREATE INDEX "coaching_sessions_purchase_idx" ON "coaching_sessions" USING btree ("purchase_id");
  CREATE INDEX "coaching_sessions_starts_at_idx" ON "coaching_sessions" USING btree ("starts_at");
  CREATE INDEX "coaching_sessions_status_idx" ON "coaching_sessions" USING btree ("status");
  CREATE INDEX "coaching_sessions_updated_at_idx" ON "coaching_sessions" USING btree ("updated_at");
  CREATE INDEX "coaching_sessions_created_at_idx" ON "coaching_sessions" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_coaching_sessions_fk" FOREIGN KEY ("coaching_sessions_id") REFERENCES "public"."coaching_sessions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_coaching_sessions_id_idx" ON "payload_locked_documents_rels" USING btree ("coaching_sessions_id");`)
  // Written by hand from here on (decision 065): the coach's time is one. A live coaching session may not
  // overlap another live session or a live discovery call, each with the buffer kept after it, nor a live call
  // a live session. An exclusion constraint holds within one table only: each insert or change of a live row
  // of either table takes one lock for the coach's time, held to the end of its transaction, so bookings of
  // both kinds (on any number of app instances) take turns, and each check reads what committed before it.
  await db.execute(sql`
  CREATE FUNCTION "coach_time_taken"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW."status" = 'booked' THEN
      PERFORM pg_advisory_xact_lock(hashtext('coach_time'), 0);
      IF EXISTS (
        SELECT 1 FROM "coaching_sessions" AS c
        WHERE c."status" = 'booked' AND (TG_TABLE_NAME <> 'coaching_sessions' OR c."id" <> NEW."id")
          AND c."starts_at" < NEW."blocked_until" AND NEW."starts_at" < c."blocked_until"
      ) OR EXISTS (
        SELECT 1 FROM "discovery_calls" AS c
        WHERE c."status" = 'booked' AND (TG_TABLE_NAME <> 'discovery_calls' OR c."id" <> NEW."id")
          AND c."starts_at" < NEW."blocked_until" AND NEW."starts_at" < c."blocked_until"
      ) THEN
        RAISE EXCEPTION 'coach_time_taken';
      END IF;
    END IF;
    RETURN NEW;
  END
  $$;
  CREATE TRIGGER "coach_time_taken" BEFORE INSERT OR UPDATE OF "starts_at", "blocked_until", "status"
    ON "coaching_sessions" FOR EACH ROW EXECUTE FUNCTION "coach_time_taken"();
  CREATE TRIGGER "coach_time_taken" BEFORE INSERT OR UPDATE OF "starts_at", "blocked_until", "status"
    ON "discovery_calls" FOR EACH ROW EXECUTE FUNCTION "coach_time_taken"();`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TRIGGER IF EXISTS "coach_time_taken" ON "discovery_calls";
   DROP TRIGGER IF EXISTS "coach_time_taken" ON "coaching_sessions";
   DROP FUNCTION IF EXISTS "coach_time_taken"();
   ALTER TABLE "coaching_sessions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "coaching_sessions" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_coaching_sessions_fk";
  
  DROP INDEX "payload_locked_documents_rels_coaching_sessions_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "coaching_sessions_id";
  DROP TYPE "public"."enum_coaching_sessions_status";`)
}
