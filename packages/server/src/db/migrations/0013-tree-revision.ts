import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: a revision of what a listing of the business tree shows, moved by the database itself on every change
 * to the nodes, to who holds which role where, and to a user's e-mail or staff role. A listing read at one revision
 * may be answered again while the revision stays (for every server process, since the revision lives in the
 * database); triggers keep it honest whichever code path writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tree_revision')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('revision', 'bigint', (column) => column.notNull())
    .execute();
  await sql`insert into tree_revision (id, revision) values (1, 1)`.execute(db);
  const watched = [
    ['businesses', 'insert or update or delete'],
    ['business_users', 'insert or update or delete'],
    ['users', 'update of email, role or delete'],
  ] as const;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // At commit, once per transaction: the revision row is locked only while a transaction commits, so writers in
    // different tenants (a device added here, a level renamed there) do not wait for each other's whole transaction.
    await sql`create function bump_tree_revision() returns trigger language plpgsql as $$
      begin
        if current_setting('iot.tree_revision_moved', true) is distinct from txid_current()::text then
          perform set_config('iot.tree_revision_moved', txid_current()::text, true);
          update tree_revision set revision = revision + 1 where id = 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const [table, events] of watched)
      await sql`create constraint trigger ${sql.raw(`${table}_tree_revision`)} after ${sql.raw(events)}
        on ${sql.table(table)} deferrable initially deferred
        for each row execute function bump_tree_revision()`.execute(db);
    return;
  }
  // SQLite triggers run per row and take one event each.
  for (const [table, events] of watched) {
    for (const event of events.split(' or ')) {
      const name = `${table}_tree_revision_${event.split(' ')[0]}`;
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update tree_revision set revision = revision + 1 where id = 1; end`.execute(db);
    }
  }
}
