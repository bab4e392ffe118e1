import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/*
 * The mark of the account made on a fresh install, unique (src/features/accounts/Users.ts): two first accounts
 * asked for at once cannot both be stored, so a race never makes a second admin. Accounts made before stay
 * unmarked; an install that has accounts makes no first account any more.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "first_account" varchar;
  CREATE UNIQUE INDEX "users_first_account_idx" ON "users" USING btree ("first_account");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "users_first_account_idx";
  ALTER TABLE "users" DROP COLUMN "first_account";`)
}
