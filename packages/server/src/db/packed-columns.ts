import { sql } from 'kysely';
import { rowBuilder } from './sqlite-rows.js';

/**
 * Columns a hot listing reads many of, read as one JSON array per row (named `packed`) and made into an object again
 * here (`unpack`, which adds the row's other columns by name) by the row builder SQLite's rows are made with
 * (`db/sqlite-rows.ts`). The drivers make a value of every column of every row, and that was most of a page's read:
 * - SQLite (`json_array`): the page of 51 devices of 19 columns took 330 µs as values and 160 µs as one array each.
 *   With unpacking, presenting and the JSON answer, one thread made 2,560-2,800 pages a second against 1,840-2,050
 *   (two runs in one process, alternating).
 * - PostgreSQL (`json_build_array`, as text so that node-postgres leaves it to `unpack`): the database, a process of
 *   its own, builds the arrays, and the main thread reads 51 values instead of 969. In a closed loop it cost the
 *   database about what it saved node-postgres, but at a fixed 1,000 pages a second, where the main thread's load
 *   sets the p99, the main thread was busy 59-62% of the time instead of 70-76%, and the page's p99 in six rounds of
 *   5 s was 8.5-71 ms (median 19) against 25-189 ms (median 62), alternating, 100,000 devices.
 * Only for columns whose values JSON keeps as they are: texts, integers within 2^53 and nulls (not blobs, nor reals
 * that must stay exact).
 */
export function packedColumns<Row, Column extends keyof Row & string, Extra extends string = never>(
  table: string,
  columns: readonly Column[],
  extras: readonly Extra[],
) {
  const references = sql.join(columns.map((column) => sql.ref(`${table}.${column}`)));
  const build = rowBuilder([...columns, ...extras]);
  return {
    /** The columns as one value, `packed` in the result, on PostgreSQL or on SQLite. */
    selection: (postgres: boolean) =>
      (postgres ? sql<string>`json_build_array(${references})::text` : sql<string>`json_array(${references})`).as(
        'packed',
      ),
    /** A result row as an object of the columns and of the extras (the row's other columns). */
    unpack: <Result extends { packed: string } & Record<Extra, unknown>>(row: Result) => {
      const values = JSON.parse(row.packed) as unknown[];
      for (const extra of extras) values.push(row[extra]);
      return build(values) as Pick<Row, Column> & Pick<Result, Extra>;
    },
  };
}
