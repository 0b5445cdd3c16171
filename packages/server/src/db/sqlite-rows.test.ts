import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowBuildingStatement } from './sqlite-rows.js';

describe('rows built from arrays', () => {
  let sqlite: SqliteDatabase.Database;
  beforeEach(() => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec("create table t (id integer primary key, name text); insert into t values (1, 'one'), (2, 'two')");
  });
  afterEach(() => sqlite.close());

  it('are the rows better-sqlite3 would answer, by all and by iterate', () => {
    const statement = rowBuildingStatement(sqlite.prepare('select id, name, id * 2 as "double" from t where id >= ?'));
    const expected = sqlite.prepare('select id, name, id * 2 as "double" from t where id >= ?').all(1);
    expect(statement.all([1])).toEqual(expected);
    expect([...statement.iterate([2])]).toEqual(expected.slice(1));
    expect(statement.all([3])).toEqual([]);
  });

  it('follow the columns when a change of the table changes what the statement reads', () => {
    const statement = rowBuildingStatement(sqlite.prepare('select * from t order by id'));
    expect(statement.all([])).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    sqlite.exec("alter table t add column colour text default 'red'");
    expect(statement.all([])).toEqual([
      { id: 1, name: 'one', colour: 'red' },
      { id: 2, name: 'two', colour: 'red' },
    ]);
  });

  it('keep a column named __proto__ as a column, not as the prototype', () => {
    const [row] = rowBuildingStatement(sqlite.prepare(`select 1 as "__proto__", 2 as "b"`)).all([]) as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'b']);
  });

  it('leave statements that write as they are, and build the rows a write returns', () => {
    const statement = rowBuildingStatement(sqlite.prepare("insert into t (name) values ('three')"));
    expect(statement.reader).toBe(false);
    expect(statement.run([]).changes).toBe(1);
    const returning = rowBuildingStatement(sqlite.prepare('insert into t (name) values (?) returning id, name'));
    expect(returning.all(['four'])).toEqual([{ id: 4, name: 'four' }]);
  });
});
