import SqliteDatabase from 'better-sqlite3';

/**
 * A connection to the SQLite file, set as every connection of the server is: the server's own and the ingest
 * writer's (a worker thread of its own), which must agree on how the file is journalled and checked.
 */
export function openSqliteFile(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // Telemetry commits touch index pages all over the readings: checkpointing every 1,000 WAL pages (the default) ran
  // a checkpoint, with its fsync, after nearly every ingest batch; every 10,000 pages (40 MB) writes the same hot
  // pages back once for several batches (measured: ingest commits 50-90 ms → 12-20 ms).
  sqlite.pragma('wal_autocheckpoint = 10000');
  return sqlite;
}
