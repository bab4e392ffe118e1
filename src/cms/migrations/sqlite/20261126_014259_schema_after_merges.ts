import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-sqlite'

/*
 * Nothing to change: four branches made their migrations side by side on 2026-11-26 (meeting_place, visits,
 * price_placeholders, time_zone_chosen, person_notes), each from a snapshot that knew none of the others. This
 * one only carries the snapshot of the whole schema (the .json beside it), so the next `migrate:create`
 * compares against all of it and writes only what is new.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
