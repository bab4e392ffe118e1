import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_about_page_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__about_page_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "about_page" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"intro" varchar DEFAULT 'Coach, author and workshop leader, helping people grow with courage and kindness.',
  	"portrait_id" integer,
  	"journey" jsonb DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"For a decade I worked in corporate leadership, successful on paper and exhausted in practice. A burnout at 34 made me ask better questions about what a good life is, and that question became my work.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""},{"type":"paragraph","children":[{"type":"text","text":"Since then I have coached more than 500 clients, hosted over 20 workshops and written three books about courage, habits and rest.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}'::jsonb,
  	"philosophy" jsonb DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Change lasts when it is small, specific and kind. I combine evidence-based coaching tools with honest conversation: you bring the goals, I bring structure, questions and accountability.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}'::jsonb,
  	"credentials" jsonb DEFAULT '{"root":{"type":"root","children":[{"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"ICF Professional Certified Coach (PCC)","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":1},{"type":"listitem","children":[{"type":"text","text":"MSc in Organisational Psychology","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":2},{"type":"listitem","children":[{"type":"text","text":"Certified Mindfulness-Based Stress Reduction teacher","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":3},{"type":"listitem","children":[{"type":"text","text":"10 years of coaching experience","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":4}],"direction":"ltr","format":"","indent":0,"version":1,"listType":"bullet","start":1,"tag":"ul"}],"direction":"ltr","format":"","indent":0,"version":1}}'::jsonb,
  	"video_caption" varchar DEFAULT 'An introduction by Jordan Ellis',
  	"seo_title" varchar DEFAULT 'About',
  	"seo_description" varchar DEFAULT 'Meet Jordan Ellis: the journey, philosophy and credentials behind the coaching, books and workshops.',
  	"_status" "enum_about_page_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_about_page_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_intro" varchar DEFAULT 'Coach, author and workshop leader, helping people grow with courage and kindness.',
  	"version_portrait_id" integer,
  	"version_journey" jsonb DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"For a decade I worked in corporate leadership, successful on paper and exhausted in practice. A burnout at 34 made me ask better questions about what a good life is, and that question became my work.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""},{"type":"paragraph","children":[{"type":"text","text":"Since then I have coached more than 500 clients, hosted over 20 workshops and written three books about courage, habits and rest.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}'::jsonb,
  	"version_philosophy" jsonb DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Change lasts when it is small, specific and kind. I combine evidence-based coaching tools with honest conversation: you bring the goals, I bring structure, questions and accountability.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}'::jsonb,
  	"version_credentials" jsonb DEFAULT '{"root":{"type":"root","children":[{"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"ICF Professional Certified Coach (PCC)","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":1},{"type":"listitem","children":[{"type":"text","text":"MSc in Organisational Psychology","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":2},{"type":"listitem","children":[{"type":"text","text":"Certified Mindfulness-Based Stress Reduction teacher","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":3},{"type":"listitem","children":[{"type":"text","text":"10 years of coaching experience","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":4}],"direction":"ltr","format":"","indent":0,"version":1,"listType":"bullet","start":1,"tag":"ul"}],"direction":"ltr","format":"","indent":0,"version":1}}'::jsonb,
  	"version_video_caption" varchar DEFAULT 'An introduction by Jordan Ellis',
  	"version_seo_title" varchar DEFAULT 'About',
  	"version_seo_description" varchar DEFAULT 'Meet Jordan Ellis: the journey, philosophy and credentials behind the coaching, books and workshops.',
  	"version__status" "enum__about_page_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  ALTER TABLE "about_page" ADD CONSTRAINT "about_page_portrait_id_media_id_fk" FOREIGN KEY ("portrait_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_about_page_v" ADD CONSTRAINT "_about_page_v_version_portrait_id_media_id_fk" FOREIGN KEY ("version_portrait_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "about_page_portrait_idx" ON "about_page" USING btree ("portrait_id");
  CREATE INDEX "about_page__status_idx" ON "about_page" USING btree ("_status");
  CREATE INDEX "_about_page_v_version_version_portrait_idx" ON "_about_page_v" USING btree ("version_portrait_id");
  CREATE INDEX "_about_page_v_version_version__status_idx" ON "_about_page_v" USING btree ("version__status");
  CREATE INDEX "_about_page_v_created_at_idx" ON "_about_page_v" USING btree ("created_at");
  CREATE INDEX "_about_page_v_updated_at_idx" ON "_about_page_v" USING btree ("updated_at");
  CREATE INDEX "_about_page_v_latest_idx" ON "_about_page_v" USING btree ("latest");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "about_page" CASCADE;
  DROP TABLE "_about_page_v" CASCADE;
  DROP TYPE "public"."enum_about_page_status";
  DROP TYPE "public"."enum__about_page_v_version_status";`)
}
