import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands for a named argument of a reusable query while it is built. */
const MARKER = '\u0000argument:';

/**
 * A query built and compiled once, run many times with new arguments: for the calls every request makes (the
 * session, the permission check), where building and compiling the query again cost more than the database's answer.
 * `build` receives `argument(name)`, a stand-in for a value that each run fills in; the query it builds must use the
 * stand-ins as plain values (compared or selected), as bound parameters.
 */
export function reusableQuery<Args extends Record<string, unknown>, Row>(
  build: (argument: <Name extends keyof Args & string>(name: Name) => Args[Name]) => Compilable<Row>,
) {
  const compiled = build((name) => `${MARKER}${name}` as never).compile();
  const names = compiled.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(MARKER) ? value.slice(MARKER.length) : undefined,
  );
  // biome-ignore lint/suspicious/noExplicitAny: any database schema and any transaction of it run the query.
  return async (executor: Pick<Kysely<any>, 'executeQuery'>, args: Args): Promise<Row[]> => {
    const parameters = compiled.parameters.map((value, index) => {
      const name = names[index];
      return name === undefined ? value : args[name];
    });
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await executor.executeQuery(query)).rows;
  };
}
