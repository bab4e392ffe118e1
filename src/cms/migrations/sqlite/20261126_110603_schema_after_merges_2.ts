import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-sqlite'

/*
 * Nothing to change: client_sessions and stripe_card_payments were made side by side on 2026-11-26, each from a
 * snapshot that knew nothing of the other. This one only carries the snapshot of the whole schema (the .json
 * beside it), so the next `migrate:create` compares against all of it and writes only what is new.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
