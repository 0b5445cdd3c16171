import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: on PostgreSQL, a move of the tree revision (migration 0013: a change to the nodes, to who holds which
 * role where, or to a user's e-mail or staff role, once per transaction at its commit) is also announced on the
 * channel `tree_changes`, so that every server process forgets the callers' entries it keeps
 * (`businesses/repo.ts`, `keepGrants`). SQLite's one serving process reads the revision itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function bump_tree_revision() returns trigger language plpgsql as $$
    begin
      if current_setting('iot.tree_revision_moved', true) is distinct from txid_current()::text then
        perform set_config('iot.tree_revision_moved', txid_current()::text, true);
        update tree_revision set revision = revision + 1 where id = 1;
        perform pg_notify('tree_changes', 'moved');
      end if;
      return null;
    end $$`.execute(db);
}
