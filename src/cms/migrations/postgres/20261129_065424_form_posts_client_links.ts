import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "client_links" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"client_key" varchar NOT NULL,
  	"issue" numeric NOT NULL,
  	"token_hash" varchar NOT NULL,
  	"issued_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "form_posts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL,
  	"answer" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "client_links_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "form_posts_id" integer;
  CREATE INDEX "client_links_client_key_idx" ON "client_links" USING btree ("client_key");
  CREATE UNIQUE INDEX "client_links_token_hash_idx" ON "client_links" USING btree ("token_hash");
  CREATE INDEX "client_links_updated_at_idx" ON "client_links" USING btree ("updated_at");
  CREATE INDEX "client_links_created_at_idx" ON "client_links" USING btree ("created_at");
  CREATE UNIQUE INDEX "clientKey_issue_idx" ON "client_links" USING btree ("client_key","issue");
  CREATE UNIQUE INDEX "form_posts_key_idx" ON "form_posts" USING btree ("key");
  CREATE INDEX "form_posts_at_idx" ON "form_posts" USING btree ("at");
  CREATE INDEX "form_posts_updated_at_idx" ON "form_posts" USING btree ("updated_at");
  CREATE INDEX "form_posts_created_at_idx" ON "form_posts" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_client_links_fk" FOREIGN KEY ("client_links_id") REFERENCES "public"."client_links"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_form_posts_fk" FOREIGN KEY ("form_posts_id") REFERENCES "public"."form_posts"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_client_links_id_idx" ON "payload_locked_documents_rels" USING btree ("client_links_id");
  CREATE INDEX "payload_locked_documents_rels_form_posts_id_idx" ON "payload_locked_documents_rels" USING btree ("form_posts_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "client_links" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "form_posts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "client_links" CASCADE;
  DROP TABLE "form_posts" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_client_links_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_form_posts_fk";
  
  DROP INDEX "payload_locked_documents_rels_client_links_id_idx";
  DROP INDEX "payload_locked_documents_rels_form_posts_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "client_links_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "form_posts_id";`)
}
