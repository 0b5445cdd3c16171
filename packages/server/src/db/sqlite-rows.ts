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
 * A reading statement's rows as arrays, with the names of their columns. The names are read again when the number of
 * columns changes: SQLite prepares a statement again by itself after a migration changes a table it reads (`select *`
 * then has other columns). The same array of names stands until then.
 */
export function arrayRows(statement: SqliteDatabase.Statement) {
  statement.raw(true);
  let columns: string[] = [];
  const columnsOf = (first: RawRow | undefined) => {
    if (first && first.length !== columns.length) columns = statement.columns().map((column) => column.name);
    return columns;
  };
  return {
    all(parameters: readonly unknown[]): { columns: string[]; rows: RawRow[] } {
      const rows = statement.all(parameters) as RawRow[];
      return { columns: columnsOf(rows[0]), rows };
    },
    *iterate(parameters: readonly unknown[]): IterableIterator<{ columns: string[]; row: RawRow }> {
      for (const row of statement.iterate(parameters) as IterableIterator<RawRow>)
        yield { columns: columnsOf(row), row };
    },
  };
}

/**
 * A statement as Kysely's SQLite dialect runs it, reading rows as arrays (`arrayRows`) and building their objects with
 * a `rowBuilder`, made again when the statement's columns change.
 */
export function rowBuildingStatement(statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader) return statement as unknown as SqliteStatement;
  const arrays = arrayRows(statement);
  let names: string[] | null = null;
  let build: RowBuilder = rowBuilder([]);
  const builderOf = (columns: string[]) => {
    if (columns !== names) {
      names = columns;
      build = rowBuilder(columns);
    }
    return build;
  };
  return {
    reader: true,
    all(parameters) {
      const { columns, rows } = arrays.all(parameters);
      const builder = builderOf(columns);
      return rows.map((row) => builder(row));
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const { columns, row } of arrays.iterate(parameters)) yield builderOf(columns)(row);
    },
  };
}

/**
 * Statements kept prepared by their text, the least recently used going first past `size`: preparing costs about as
 * much as running a small query. For one connection, whose queries run one at a time, so a statement is never in use
 * twice at once.
 */
export function statementsByText<Statement>(prepare: (text: string) => Statement, size: number) {
  const statements = new Map<string, Statement>();
  return (text: string): Statement => {
    let statement = statements.get(text);
    if (statement !== undefined) statements.delete(text);
    else statement = prepare(text);
    statements.set(text, statement);
    const oldest = statements.keys().next().value;
    if (statements.size > size && oldest !== undefined) statements.delete(oldest);
    return statement;
  };
}
