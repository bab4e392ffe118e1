import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`about_page\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`intro\` text DEFAULT 'Coach, author and workshop leader, helping people grow with courage and kindness.',
  	\`portrait_id\` integer,
  	\`journey\` text DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"For a decade I worked in corporate leadership, successful on paper and exhausted in practice. A burnout at 34 made me ask better questions about what a good life is, and that question became my work.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""},{"type":"paragraph","children":[{"type":"text","text":"Since then I have coached more than 500 clients, hosted over 20 workshops and written three books about courage, habits and rest.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}',
  	\`philosophy\` text DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Change lasts when it is small, specific and kind. I combine evidence-based coaching tools with honest conversation: you bring the goals, I bring structure, questions and accountability.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}',
  	\`credentials\` text DEFAULT '{"root":{"type":"root","children":[{"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"ICF Professional Certified Coach (PCC)","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":1},{"type":"listitem","children":[{"type":"text","text":"MSc in Organisational Psychology","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":2},{"type":"listitem","children":[{"type":"text","text":"Certified Mindfulness-Based Stress Reduction teacher","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":3},{"type":"listitem","children":[{"type":"text","text":"10 years of coaching experience","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":4}],"direction":"ltr","format":"","indent":0,"version":1,"listType":"bullet","start":1,"tag":"ul"}],"direction":"ltr","format":"","indent":0,"version":1}}',
  	\`video_caption\` text DEFAULT 'An introduction by Jordan Ellis',
  	\`seo_title\` text DEFAULT 'About',
  	\`seo_description\` text DEFAULT 'Meet Jordan Ellis: the journey, philosophy and credentials behind the coaching, books and workshops.',
  	\`_status\` text DEFAULT 'draft',
  	\`updated_at\` text,
  	\`created_at\` text,
  	FOREIGN KEY (\`portrait_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`about_page_portrait_idx\` ON \`about_page\` (\`portrait_id\`);`)
  await db.run(sql`CREATE INDEX \`about_page__status_idx\` ON \`about_page\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`_about_page_v\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`version_intro\` text DEFAULT 'Coach, author and workshop leader, helping people grow with courage and kindness.',
  	\`version_portrait_id\` integer,
  	\`version_journey\` text DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"For a decade I worked in corporate leadership, successful on paper and exhausted in practice. A burnout at 34 made me ask better questions about what a good life is, and that question became my work.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""},{"type":"paragraph","children":[{"type":"text","text":"Since then I have coached more than 500 clients, hosted over 20 workshops and written three books about courage, habits and rest.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}',
  	\`version_philosophy\` text DEFAULT '{"root":{"type":"root","children":[{"type":"paragraph","children":[{"type":"text","text":"Change lasts when it is small, specific and kind. I combine evidence-based coaching tools with honest conversation: you bring the goals, I bring structure, questions and accountability.","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"textFormat":0,"textStyle":""}],"direction":"ltr","format":"","indent":0,"version":1}}',
  	\`version_credentials\` text DEFAULT '{"root":{"type":"root","children":[{"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"ICF Professional Certified Coach (PCC)","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":1},{"type":"listitem","children":[{"type":"text","text":"MSc in Organisational Psychology","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":2},{"type":"listitem","children":[{"type":"text","text":"Certified Mindfulness-Based Stress Reduction teacher","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":3},{"type":"listitem","children":[{"type":"text","text":"10 years of coaching experience","format":0,"style":"","mode":"normal","detail":0,"version":1}],"direction":"ltr","format":"","indent":0,"version":1,"value":4}],"direction":"ltr","format":"","indent":0,"version":1,"listType":"bullet","start":1,"tag":"ul"}],"direction":"ltr","format":"","indent":0,"version":1}}',
  	\`version_video_caption\` text DEFAULT 'An introduction by Jordan Ellis',
  	\`version_seo_title\` text DEFAULT 'About',
  	\`version_seo_description\` text DEFAULT 'Meet Jordan Ellis: the journey, philosophy and credentials behind the coaching, books and workshops.',
  	\`version__status\` text DEFAULT 'draft',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer,
  	FOREIGN KEY (\`version_portrait_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_about_page_v_version_version_portrait_idx\` ON \`_about_page_v\` (\`version_portrait_id\`);`)
  await db.run(sql`CREATE INDEX \`_about_page_v_version_version__status_idx\` ON \`_about_page_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_about_page_v_created_at_idx\` ON \`_about_page_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_about_page_v_updated_at_idx\` ON \`_about_page_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_about_page_v_latest_idx\` ON \`_about_page_v\` (\`latest\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`about_page\`;`)
  await db.run(sql`DROP TABLE \`_about_page_v\`;`)
}
