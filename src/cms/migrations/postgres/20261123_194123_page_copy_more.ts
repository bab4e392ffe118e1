import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_books_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__books_page_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_workshops_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__workshops_page_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_contact_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__contact_page_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "books_page_reader_quotes" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"quote" varchar,
  	"author" varchar
  );
  
  CREATE TABLE "books_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"intro" varchar DEFAULT 'Everything I teach in sessions and workshops, distilled into books you can keep by your bed and come back to.',
  	"seo_title" varchar DEFAULT 'My Books',
  	"seo_description" varchar DEFAULT 'Books on courage, habits and rest: practical guides for people who want to grow without burning out.',
  	"_status" "enum_books_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_books_page_v_version_reader_quotes" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"quote" varchar,
  	"author" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_books_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_intro" varchar DEFAULT 'Everything I teach in sessions and workshops, distilled into books you can keep by your bed and come back to.',
  	"version_seo_title" varchar DEFAULT 'My Books',
  	"version_seo_description" varchar DEFAULT 'Books on courage, habits and rest: practical guides for people who want to grow without burning out.',
  	"version__status" "enum__books_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "workshops_page_highlights" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"year" numeric,
  	"text" varchar
  );
  
  CREATE TABLE "workshops_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"intro" varchar DEFAULT 'Learn, practise and grow together: hands-on sessions with tools you keep using.',
  	"newsletter_text" varchar DEFAULT 'Get new dates and early bird offers in your inbox.',
  	"seo_title" varchar DEFAULT 'Workshops',
  	"seo_description" varchar DEFAULT 'Upcoming workshops and seminars, online and in person, plus highlights from past years.',
  	"_status" "enum_workshops_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_workshops_page_v_version_highlights" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"year" numeric,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_workshops_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_intro" varchar DEFAULT 'Learn, practise and grow together: hands-on sessions with tools you keep using.',
  	"version_newsletter_text" varchar DEFAULT 'Get new dates and early bird offers in your inbox.',
  	"version_seo_title" varchar DEFAULT 'Workshops',
  	"version_seo_description" varchar DEFAULT 'Upcoming workshops and seminars, online and in person, plus highlights from past years.',
  	"version__status" "enum__workshops_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "contact_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"intro" varchar DEFAULT 'Start with a free discovery call, or send a message about anything else.',
  	"reply_time" varchar DEFAULT '2-3 business days',
  	"seo_title" varchar DEFAULT 'Schedule and Contact',
  	"seo_description" varchar DEFAULT 'Book a free 30-minute discovery call or send a message. Replies within 2-3 business days.',
  	"_status" "enum_contact_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_contact_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_intro" varchar DEFAULT 'Start with a free discovery call, or send a message about anything else.',
  	"version_reply_time" varchar DEFAULT '2-3 business days',
  	"version_seo_title" varchar DEFAULT 'Schedule and Contact',
  	"version_seo_description" varchar DEFAULT 'Book a free 30-minute discovery call or send a message. Replies within 2-3 business days.',
  	"version__status" "enum__contact_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  ALTER TABLE "books_page_reader_quotes" ADD CONSTRAINT "books_page_reader_quotes_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."books_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_books_page_v_version_reader_quotes" ADD CONSTRAINT "_books_page_v_version_reader_quotes_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_books_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "workshops_page_highlights" ADD CONSTRAINT "workshops_page_highlights_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."workshops_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_workshops_page_v_version_highlights" ADD CONSTRAINT "_workshops_page_v_version_highlights_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_workshops_page_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "books_page_reader_quotes_order_idx" ON "books_page_reader_quotes" USING btree ("_order");
  CREATE INDEX "books_page_reader_quotes_parent_id_idx" ON "books_page_reader_quotes" USING btree ("_parent_id");
  CREATE INDEX "books_page__status_idx" ON "books_page" USING btree ("_status");
  CREATE INDEX "_books_page_v_version_reader_quotes_order_idx" ON "_books_page_v_version_reader_quotes" USING btree ("_order");
  CREATE INDEX "_books_page_v_version_reader_quotes_parent_id_idx" ON "_books_page_v_version_reader_quotes" USING btree ("_parent_id");
  CREATE INDEX "_books_page_v_version_version__status_idx" ON "_books_page_v" USING btree ("version__status");
  CREATE INDEX "_books_page_v_created_at_idx" ON "_books_page_v" USING btree ("created_at");
  CREATE INDEX "_books_page_v_updated_at_idx" ON "_books_page_v" USING btree ("updated_at");
  CREATE INDEX "_books_page_v_latest_idx" ON "_books_page_v" USING btree ("latest");
  CREATE INDEX "workshops_page_highlights_order_idx" ON "workshops_page_highlights" USING btree ("_order");
  CREATE INDEX "workshops_page_highlights_parent_id_idx" ON "workshops_page_highlights" USING btree ("_parent_id");
  CREATE INDEX "workshops_page__status_idx" ON "workshops_page" USING btree ("_status");
  CREATE INDEX "_workshops_page_v_version_highlights_order_idx" ON "_workshops_page_v_version_highlights" USING btree ("_order");
  CREATE INDEX "_workshops_page_v_version_highlights_parent_id_idx" ON "_workshops_page_v_version_highlights" USING btree ("_parent_id");
  CREATE INDEX "_workshops_page_v_version_version__status_idx" ON "_workshops_page_v" USING btree ("version__status");
  CREATE INDEX "_workshops_page_v_created_at_idx" ON "_workshops_page_v" USING btree ("created_at");
  CREATE INDEX "_workshops_page_v_updated_at_idx" ON "_workshops_page_v" USING btree ("updated_at");
  CREATE INDEX "_workshops_page_v_latest_idx" ON "_workshops_page_v" USING btree ("latest");
  CREATE INDEX "contact_page__status_idx" ON "contact_page" USING btree ("_status");
  CREATE INDEX "_contact_page_v_version_version__status_idx" ON "_contact_page_v" USING btree ("version__status");
  CREATE INDEX "_contact_page_v_created_at_idx" ON "_contact_page_v" USING btree ("created_at");
  CREATE INDEX "_contact_page_v_updated_at_idx" ON "_contact_page_v" USING btree ("updated_at");
  CREATE INDEX "_contact_page_v_latest_idx" ON "_contact_page_v" USING btree ("latest");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "books_page_reader_quotes" CASCADE;
  DROP TABLE "books_page" CASCADE;
  DROP TABLE "_books_page_v_version_reader_quotes" CASCADE;
  DROP TABLE "_books_page_v" CASCADE;
  DROP TABLE "workshops_page_highlights" CASCADE;
  DROP TABLE "workshops_page" CASCADE;
  DROP TABLE "_workshops_page_v_version_highlights" CASCADE;
  DROP TABLE "_workshops_page_v" CASCADE;
  DROP TABLE "contact_page" CASCADE;
  DROP TABLE "_contact_page_v" CASCADE;
  DROP TYPE "public"."enum_books_page_status";
  DROP TYPE "public"."enum__books_page_v_version_status";
  DROP TYPE "public"."enum_workshops_page_status";
  DROP TYPE "public"."enum__workshops_page_v_version_status";
  DROP TYPE "public"."enum_contact_page_status";
  DROP TYPE "public"."enum__contact_page_v_version_status";`)
}
