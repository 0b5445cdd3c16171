import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: a move rewrites the path of every node below the moved one, and each of those rows moved the tree
 * revision on its own (SQLite: an update of the revision row per node; PostgreSQL: a deferred event per node, run at
 * commit). A path that changes while the parent stays is such a rewrite, whose moved node (its parent changed) moves
 * the revision already: those rows no longer do. Any other change to a node still does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger businesses_tree_revision on businesses`.execute(db);
    await sql`create constraint trigger businesses_tree_revision after insert or delete on businesses
      deferrable initially deferred for each row execute function bump_tree_revision()`.execute(db);
    // A constraint trigger's condition is checked as the row changes: a row that fails it queues no event.
    await sql`create constraint trigger businesses_tree_revision_update after update on businesses
      deferrable initially deferred for each row
      when (old.path = new.path or old.parent_id is distinct from new.parent_id)
      execute function bump_tree_revision()`.execute(db);
    return;
  }
  await sql`drop trigger businesses_tree_revision_update`.execute(db);
  await sql`create trigger businesses_tree_revision_update after update on businesses
    when old.path = new.path or old.parent_id is not new.parent_id
    begin update tree_revision set revision = revision + 1 where id = 1; end`.execute(db);
}
