import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import { rowRenaming } from './renamed-rows.js';

const MAX_REMEMBERED_COLUMN_NAMES = 10_000;

/**
 * The camel-case plugin, with its naming of a result column at hand for rows read past it (`registerDirectReader`, and
 * the reader's thread, which names the rows it finishes as the main thread would).
 */
export class CamelCase extends CamelCasePlugin {
  readonly #names = new Map<string, string>();

  // The plugin spells out every key of every row a letter at a time; the columns are a few hundred names, each worked
  // out once (bounded, should a query name its columns from data).
  protected override camelCase(column: string): string {
    let name = this.#names.get(column);
    if (name === undefined) {
      name = super.camelCase(column);
      if (this.#names.size < MAX_REMEMBERED_COLUMN_NAMES) this.#names.set(column, name);
    }
    return name;
  }

  readonly columnName = (column: string) => this.camelCase(column);

  /** The result rows with camel-case column names, each row built at once (`rowRenaming`). */
  readonly renamedRows = rowRenaming(this.columnName);

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    return Array.isArray(rows) ? { ...args.result, rows: this.renamedRows(rows) } : args.result;
  }
}
