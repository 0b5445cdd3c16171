import { sql } from 'kysely';
import { rowBuilder } from './sqlite-rows.js';

/**
 * Columns a hot SQLite listing reads many of, read as one JSON array per row (`json_array`, named `packed`) and made
 * into an object again here (`unpack`, which adds the row's other columns by name) by the row builder SQLite's rows
 * are made with (`db/sqlite-rows.ts`). better-sqlite3 makes a value of every column of every row, and that was most of
 * a page's read: the page of 51 devices of 19 columns took 330 µs as values and 160 µs as one array each. With
 * unpacking, presenting and the JSON answer, one thread made 2,560-2,800 pages a second against 1,840-2,050 (two runs
 * in one process, alternating). Not on PostgreSQL: there `json_build_array` cost the database about what it saved
 * node-postgres, and on one machine the page was no faster. Only for columns whose values JSON keeps as they are:
 * texts, integers within 2^53 and nulls (not blobs, nor reals that must stay exact).
 */
export function packedColumns<Row, Column extends keyof Row & string, Extra extends string = never>(
  table: string,
  columns: readonly Column[],
  extras: readonly Extra[] = [],
) {
  const references = sql.join(columns.map((column) => sql.ref(`${table}.${column}`)));
  const build = rowBuilder([...columns, ...extras]);
  return {
    /** The columns as one value, `packed` in the result. */
    selection: sql<string>`json_array(${references})`.as('packed'),
    /** A result row as an object of the columns and of the extras (the row's other columns). */
    unpack: <Result extends { packed: string } & Record<Extra, unknown>>(row: Result) => {
      const values = JSON.parse(row.packed) as unknown[];
      for (const extra of extras) values.push(row[extra]);
      return build(values) as Pick<Row, Column> & Pick<Result, Extra>;
    },
  };
}
