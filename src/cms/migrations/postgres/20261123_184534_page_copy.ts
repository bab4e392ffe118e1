import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_home_page_help_cards_link" AS ENUM('/', '/about', '/coaching', '/books', '/blog', '/workshops', '/schedule-and-contact', '/scheduling');
  CREATE TYPE "public"."enum_home_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__home_page_v_version_help_cards_link" AS ENUM('/', '/about', '/coaching', '/books', '/blog', '/workshops', '/schedule-and-contact', '/scheduling');
  CREATE TYPE "public"."enum__home_page_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_coaching_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__coaching_page_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "home_page_help_cards" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar,
  	"link" "enum_home_page_help_cards_link",
  	"link_label" varchar
  );
  
  CREATE TABLE "home_page_impact" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"figure" varchar,
  	"label" varchar
  );
  
  CREATE TABLE "home_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"hero_eyebrow" varchar DEFAULT 'Personal growth and life coaching',
  	"hero_headline" varchar DEFAULT 'Grow into the life you actually want',
  	"hero_lead" varchar DEFAULT 'I help thoughtful, busy people find clarity, build lasting habits and make brave decisions, through 1-on-1 coaching, group sessions, books and workshops.',
  	"seo_title" varchar DEFAULT 'personal growth and life coaching',
  	"seo_description" varchar DEFAULT 'Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free 30-minute discovery call.',
  	"_status" "enum_home_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_home_page_v_version_help_cards" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar,
  	"link" "enum__home_page_v_version_help_cards_link",
  	"link_label" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v_version_impact" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"figure" varchar,
  	"label" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_home_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_hero_eyebrow" varchar DEFAULT 'Personal growth and life coaching',
  	"version_hero_headline" varchar DEFAULT 'Grow into the life you actually want',
  	"version_hero_lead" varchar DEFAULT 'I help thoughtful, busy people find clarity, build lasting habits and make brave decisions, through 1-on-1 coaching, group sessions, books and workshops.',
  	"version_seo_title" varchar DEFAULT 'personal growth and life coaching',
  	"version_seo_description" varchar DEFAULT 'Personal growth and life coaching, books, workshops and seminars with Jordan Ellis. Book a free 30-minute discovery call.',
  	"version__status" "enum__home_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "coaching_page_steps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar
  );
  
  CREATE TABLE "coaching_page_pricing_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"feature" varchar
  );
  
  CREATE TABLE "coaching_page_pricing" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"price" numeric,
  	"rhythm" varchar
  );
  
  CREATE TABLE "coaching_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"intro" varchar DEFAULT 'Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so you can move from stuck to moving.',
  	"pricing_call_to_action" varchar DEFAULT 'Start with a free call',
  	"closing_heading" varchar DEFAULT 'Ready to Begin?',
  	"closing_text" varchar DEFAULT 'Start with a free discovery call of about 30 minutes. No obligation.',
  	"seo_title" varchar DEFAULT 'Coaching',
  	"seo_description" varchar DEFAULT 'Coaching packages, what to expect, pricing from $150 and answers to common questions.',
  	"_status" "enum_coaching_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_coaching_page_v_version_steps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_coaching_page_v_version_pricing_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"feature" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_coaching_page_v_version_pricing" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"price" numeric,
  	"rhythm" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_coaching_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_intro" varchar DEFAULT 'Coaching is a partnership: you bring what matters to you, I bring structure, questions and accountability, so you can move from stuck to moving.',
  	"version_pricing_call_to_action" varchar DEFAULT 'Start with a free call',
  	"version_closing_heading" varchar DEFAULT 'Ready to Begin?',
  	"version_closing_text" varchar DEFAULT 'Start with a free discovery call of about 30 minutes. No obligation.',
  	"version_seo_title" varchar DEFAULT 'Coaching',
  	"version_seo_description" varchar DEFAULT 'Coaching packages, what to expect, pricing from $150 and answers to common questions.',
  	"version__status" "enum__coaching_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  ALTER TABLE "home_page_help_cards" ADD CONSTRAINT "home_page_help_cards_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "home_page_impact" ADD CONSTRAINT "home_page_impact_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."home_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_help_cards" ADD CONSTRAINT "_home_page_v_version_help_cards_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_home_page_v_version_impact" ADD CONSTRAINT "_home_page_v_version_impact_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_home_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "coaching_page_steps" ADD CONSTRAINT "coaching_page_steps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."coaching_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "coaching_page_pricing_features" ADD CONSTRAINT "coaching_page_pricing_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."coaching_page_pricing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "coaching_page_pricing" ADD CONSTRAINT "coaching_page_pricing_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."coaching_page"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_coaching_page_v_version_steps" ADD CONSTRAINT "_coaching_page_v_version_steps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_coaching_page_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_coaching_page_v_version_pricing_features" ADD CONSTRAINT "_coaching_page_v_version_pricing_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_coaching_page_v_version_pricing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_coaching_page_v_version_pricing" ADD CONSTRAINT "_coaching_page_v_version_pricing_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_coaching_page_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "home_page_help_cards_order_idx" ON "home_page_help_cards" USING btree ("_order");
  CREATE INDEX "home_page_help_cards_parent_id_idx" ON "home_page_help_cards" USING btree ("_parent_id");
  CREATE INDEX "home_page_impact_order_idx" ON "home_page_impact" USING btree ("_order");
  CREATE INDEX "home_page_impact_parent_id_idx" ON "home_page_impact" USING btree ("_parent_id");
  CREATE INDEX "home_page__status_idx" ON "home_page" USING btree ("_status");
  CREATE INDEX "_home_page_v_version_help_cards_order_idx" ON "_home_page_v_version_help_cards" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_help_cards_parent_id_idx" ON "_home_page_v_version_help_cards" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_impact_order_idx" ON "_home_page_v_version_impact" USING btree ("_order");
  CREATE INDEX "_home_page_v_version_impact_parent_id_idx" ON "_home_page_v_version_impact" USING btree ("_parent_id");
  CREATE INDEX "_home_page_v_version_version__status_idx" ON "_home_page_v" USING btree ("version__status");
  CREATE INDEX "_home_page_v_created_at_idx" ON "_home_page_v" USING btree ("created_at");
  CREATE INDEX "_home_page_v_updated_at_idx" ON "_home_page_v" USING btree ("updated_at");
  CREATE INDEX "_home_page_v_latest_idx" ON "_home_page_v" USING btree ("latest");
  CREATE INDEX "coaching_page_steps_order_idx" ON "coaching_page_steps" USING btree ("_order");
  CREATE INDEX "coaching_page_steps_parent_id_idx" ON "coaching_page_steps" USING btree ("_parent_id");
  CREATE INDEX "coaching_page_pricing_features_order_idx" ON "coaching_page_pricing_features" USING btree ("_order");
  CREATE INDEX "coaching_page_pricing_features_parent_id_idx" ON "coaching_page_pricing_features" USING btree ("_parent_id");
  CREATE INDEX "coaching_page_pricing_order_idx" ON "coaching_page_pricing" USING btree ("_order");
  CREATE INDEX "coaching_page_pricing_parent_id_idx" ON "coaching_page_pricing" USING btree ("_parent_id");
  CREATE INDEX "coaching_page__status_idx" ON "coaching_page" USING btree ("_status");
  CREATE INDEX "_coaching_page_v_version_steps_order_idx" ON "_coaching_page_v_version_steps" USING btree ("_order");
  CREATE INDEX "_coaching_page_v_version_steps_parent_id_idx" ON "_coaching_page_v_version_steps" USING btree ("_parent_id");
  CREATE INDEX "_coaching_page_v_version_pricing_features_order_idx" ON "_coaching_page_v_version_pricing_features" USING btree ("_order");
  CREATE INDEX "_coaching_page_v_version_pricing_features_parent_id_idx" ON "_coaching_page_v_version_pricing_features" USING btree ("_parent_id");
  CREATE INDEX "_coaching_page_v_version_pricing_order_idx" ON "_coaching_page_v_version_pricing" USING btree ("_order");
  CREATE INDEX "_coaching_page_v_version_pricing_parent_id_idx" ON "_coaching_page_v_version_pricing" USING btree ("_parent_id");
  CREATE INDEX "_coaching_page_v_version_version__status_idx" ON "_coaching_page_v" USING btree ("version__status");
  CREATE INDEX "_coaching_page_v_created_at_idx" ON "_coaching_page_v" USING btree ("created_at");
  CREATE INDEX "_coaching_page_v_updated_at_idx" ON "_coaching_page_v" USING btree ("updated_at");
  CREATE INDEX "_coaching_page_v_latest_idx" ON "_coaching_page_v" USING btree ("latest");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "home_page_help_cards" CASCADE;
  DROP TABLE "home_page_impact" CASCADE;
  DROP TABLE "home_page" CASCADE;
  DROP TABLE "_home_page_v_version_help_cards" CASCADE;
  DROP TABLE "_home_page_v_version_impact" CASCADE;
  DROP TABLE "_home_page_v" CASCADE;
  DROP TABLE "coaching_page_steps" CASCADE;
  DROP TABLE "coaching_page_pricing_features" CASCADE;
  DROP TABLE "coaching_page_pricing" CASCADE;
  DROP TABLE "coaching_page" CASCADE;
  DROP TABLE "_coaching_page_v_version_steps" CASCADE;
  DROP TABLE "_coaching_page_v_version_pricing_features" CASCADE;
  DROP TABLE "_coaching_page_v_version_pricing" CASCADE;
  DROP TABLE "_coaching_page_v" CASCADE;
  DROP TYPE "public"."enum_home_page_help_cards_link";
  DROP TYPE "public"."enum_home_page_status";
  DROP TYPE "public"."enum__home_page_v_version_help_cards_link";
  DROP TYPE "public"."enum__home_page_v_version_status";
  DROP TYPE "public"."enum_coaching_page_status";
  DROP TYPE "public"."enum__coaching_page_v_version_status";`)
}
