import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_purchases_status" AS ENUM('code-sent', 'verified', 'agreed', 'awaiting-payment', 'paid');
  CREATE TYPE "public"."enum_purchases_payment_method" AS ENUM('bank-transfer');
  CREATE TYPE "public"."enum_packages_intake_questions_kind" AS ENUM('short', 'long', 'choice');
  CREATE TABLE "purchases" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"reference" varchar,
  	"status" "enum_purchases_status" NOT NULL,
  	"email" varchar NOT NULL,
  	"package_id" integer,
  	"package_title" varchar NOT NULL,
  	"amount" numeric NOT NULL,
  	"sessions" numeric NOT NULL,
  	"session_minutes" numeric NOT NULL,
  	"validity_days" numeric NOT NULL,
  	"payment_method" "enum_purchases_payment_method",
  	"paid_at" timestamp(3) with time zone,
  	"paid_by_id" integer,
  	"agreement_version_id" integer,
  	"agreement_hash" varchar,
  	"agreed_name" varchar,
  	"agreed_at" timestamp(3) with time zone,
  	"agreed_email" varchar,
  	"intake_answers" jsonb,
  	"code_hash" varchar,
  	"code_expires_at" timestamp(3) with time zone,
  	"code_tries" numeric DEFAULT 0,
  	"client_key" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "packages_intake_questions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"question" varchar NOT NULL,
  	"kind" "enum_packages_intake_questions_kind" DEFAULT 'short' NOT NULL,
  	"required" boolean DEFAULT false,
  	"choices" varchar
  );
  
  CREATE TABLE "packages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"card" varchar NOT NULL,
  	"on_sale" boolean DEFAULT false,
  	"sessions" numeric NOT NULL,
  	"session_minutes" numeric DEFAULT 60 NOT NULL,
  	"validity_days" numeric DEFAULT 90 NOT NULL,
  	"agreement_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "agreements" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"text" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "agreement_versions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"agreement_id" integer,
  	"number" numeric NOT NULL,
  	"title" varchar NOT NULL,
  	"text" varchar NOT NULL,
  	"hash" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payment_details" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"account_holder" varchar,
  	"account" varchar,
  	"bank" varchar,
  	"reference_hint" varchar DEFAULT 'Please write the reference on your transfer so I can match your payment.',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "purchases_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "packages_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "agreements_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "agreement_versions_id" integer;
  ALTER TABLE "purchases" ADD CONSTRAINT "purchases_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases" ADD CONSTRAINT "purchases_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases" ADD CONSTRAINT "purchases_agreement_version_id_agreement_versions_id_fk" FOREIGN KEY ("agreement_version_id") REFERENCES "public"."agreement_versions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "packages_intake_questions" ADD CONSTRAINT "packages_intake_questions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "packages" ADD CONSTRAINT "packages_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "agreement_versions" ADD CONSTRAINT "agreement_versions_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "purchases_reference_idx" ON "purchases" USING btree ("reference");
  CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status");
  CREATE INDEX "purchases_email_idx" ON "purchases" USING btree ("email");
  CREATE INDEX "purchases_package_idx" ON "purchases" USING btree ("package_id");
  CREATE INDEX "purchases_paid_by_idx" ON "purchases" USING btree ("paid_by_id");
  CREATE INDEX "purchases_agreement_version_idx" ON "purchases" USING btree ("agreement_version_id");
  CREATE INDEX "purchases_client_key_idx" ON "purchases" USING btree ("client_key");
  CREATE INDEX "purchases_updated_at_idx" ON "purchases" USING btree ("updated_at");
  CREATE INDEX "purchases_created_at_idx" ON "purchases" USING btree ("created_at");
  CREATE INDEX "packages_intake_questions_order_idx" ON "packages_intake_questions" USING btree ("_order");
  CREATE INDEX "packages_intake_questions_parent_id_idx" ON "packages_intake_questions" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "packages_card_idx" ON "packages" USING btree ("card");
  CREATE INDEX "packages_agreement_idx" ON "packages" USING btree ("agreement_id");
  CREATE INDEX "packages_updated_at_idx" ON "packages" USING btree ("updated_at");
  CREATE INDEX "packages_created_at_idx" ON "packages" USING btree ("created_at");
  CREATE INDEX "agreements_updated_at_idx" ON "agreements" USING btree ("updated_at");
  CREATE INDEX "agreements_created_at_idx" ON "agreements" USING btree ("created_at");
  CREATE INDEX "agreement_versions_agreement_idx" ON "agreement_versions" USING btree ("agreement_id");
  CREATE INDEX "agreement_versions_hash_idx" ON "agreement_versions" USING btree ("hash");
  CREATE INDEX "agreement_versions_updated_at_idx" ON "agreement_versions" USING btree ("updated_at");
  CREATE INDEX "agreement_versions_created_at_idx" ON "agreement_versions" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_purchases_fk" FOREIGN KEY ("purchases_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_packages_fk" FOREIGN KEY ("packages_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_agreements_fk" FOREIGN KEY ("agreements_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_agreement_versions_fk" FOREIGN KEY ("agreement_versions_id") REFERENCES "public"."agreement_versions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_purchases_id_idx" ON "payload_locked_documents_rels" USING btree ("purchases_id");
  CREATE INDEX "payload_locked_documents_rels_packages_id_idx" ON "payload_locked_documents_rels" USING btree ("packages_id");
  CREATE INDEX "payload_locked_documents_rels_agreements_id_idx" ON "payload_locked_documents_rels" USING btree ("agreements_id");
  CREATE INDEX "payload_locked_documents_rels_agreement_versions_id_idx" ON "payload_locked_documents_rels" USING btree ("agreement_versions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "purchases" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "packages_intake_questions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "packages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "agreements" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "agreement_versions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payment_details" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "purchases" CASCADE;
  DROP TABLE "packages_intake_questions" CASCADE;
  DROP TABLE "packages" CASCADE;
  DROP TABLE "agreements" CASCADE;
  DROP TABLE "agreement_versions" CASCADE;
  DROP TABLE "payment_details" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_purchases_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_packages_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_agreements_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_agreement_versions_fk";
  
  DROP INDEX "payload_locked_documents_rels_purchases_id_idx";
  DROP INDEX "payload_locked_documents_rels_packages_id_idx";
  DROP INDEX "payload_locked_documents_rels_agreements_id_idx";
  DROP INDEX "payload_locked_documents_rels_agreement_versions_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "purchases_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "packages_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "agreements_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "agreement_versions_id";
  DROP TYPE "public"."enum_purchases_status";
  DROP TYPE "public"."enum_purchases_payment_method";
  DROP TYPE "public"."enum_packages_intake_questions_kind";`)
}
