import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Forward only: every change to a user, and every session ended, is made known to the server processes, which keep
 * recent sessions in memory (`modules/auth/session-cache.ts`), whatever wrote the change (the server, a tool, a person
 * at a SQL prompt).
 * - PostgreSQL, where several processes may serve: announced on the channel `session_changes` with the user's id,
 *   delivered to every process when the change commits.
 * - SQLite: counted in `session_revision` (one row), which the one serving process reads (at most once a
 *   millisecond) before using what it keeps.
 * A session's last use (written about once a minute per session) is not a change: the process that uses a session
 * knows when it used it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The trigger's argument names the column holding the user's id in the changed row.
    await sql`create function notify_session_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('session_changes', to_jsonb(old) ->> tg_argv[0]);
        return null;
      end
    $$`.execute(db);
    await sql`create trigger users_session_change after update or delete on users
      for each row execute function notify_session_change('id')`.execute(db);
    await sql`create trigger sessions_session_change after delete on sessions
      for each row execute function notify_session_change('user_id')`.execute(db);
    return;
  }
  await sql`create table session_revision (id integer primary key check (id = 1), revision integer not null)`.execute(
    db,
  );
  await sql`insert into session_revision (id, revision) values (1, 0)`.execute(db);
  const bump = sql`begin update session_revision set revision = revision + 1 where id = 1; end`;
  await sql`create trigger users_session_change_update after update on users ${bump}`.execute(db);
  await sql`create trigger users_session_change_delete after delete on users ${bump}`.execute(db);
  await sql`create trigger sessions_session_change after delete on sessions ${bump}`.execute(db);
}
