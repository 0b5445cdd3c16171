import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinedNames } from '../testing/row-finisher.js';
import { openSqliteFile } from './sqlite-file.js';
import { startSqliteReader } from './sqlite-reader.js';

describe("SQLite's reader thread", () => {
  let dir: string;
  let sqlite: SqliteDatabase.Database;
  let reader: ReturnType<typeof startSqliteReader>;
  let told: string[];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'iot-reader-'));
    sqlite = openSqliteFile(join(dir, 'app.db'));
    sqlite.exec("create table t (id integer primary key, name text); insert into t values (1, 'one'), (2, 'two')");
    told = [];
    reader = startSqliteReader(sqlite.name, (error) => told.push(error.message));
  });
  afterEach(async () => {
    await reader.close();
    sqlite.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers nothing until it reads, then the rows the main connection would, with their column names', async () => {
    expect(reader.read('select * from t', [])).toBeUndefined();
    await reader.started();
    const text = 'select id, name, id * 2 as "double" from t where id >= ? order by id';
    expect(await reader.read(text, [1])).toEqual(sqlite.prepare(text).all(1));
    expect(await reader.read(text, [3])).toEqual([]);
  });

  it('makes the rows, named as Kysely names them, into what a finisher loaded on the thread makes of them', async () => {
    const { module, name } = joinedNames;
    const finishing = { module, name, args: { separator: ' | ' } };
    const text = 'select name as display_name from t order by id';
    expect(reader.finish(text, [], finishing)).toBeUndefined();
    await reader.started();
    expect(await reader.finish(text, [], finishing)).toBe('one | two');
    expect(await reader.finish(`${text} limit ?`, [1], { ...finishing, args: { separator: '' } })).toBe('one');
    await expect(reader.finish(text, [], { ...finishing, name: 'missing' })).rejects.toThrow(/exports no finisher/);
    expect(await reader.finish(text, [], finishing)).toBe('one | two');
  });

  it('reads what the main connection committed before, never what it has not committed yet', async () => {
    await reader.started();
    sqlite.exec("insert into t values (3, 'three')");
    expect(await reader.read('select name from t where id = ?', [3])).toEqual([{ name: 'three' }]);
    sqlite.exec("begin; insert into t values (4, 'four')");
    expect(await reader.read('select count(*) as n from t', [])).toEqual([{ n: 3 }]);
    sqlite.exec('rollback');
  });

  it('follows the columns when a change of the table changes what a kept statement reads', async () => {
    await reader.started();
    expect(await reader.read('select * from t where id = ?', [1])).toEqual([{ id: 1, name: 'one' }]);
    sqlite.exec("alter table t add column colour text default 'red'");
    expect(await reader.read('select * from t where id = ?', [1])).toEqual([{ id: 1, name: 'one', colour: 'red' }]);
  });

  it('refuses a statement that writes, and one SQLite cannot run, with SQLite’s word, then reads on', async () => {
    await reader.started();
    await expect(reader.read("insert into t values (5, 'five')", [])).rejects.toThrow(/return data/);
    await expect(reader.read("update t set name = 'x' returning id", [])).rejects.toMatchObject({
      code: 'SQLITE_READONLY',
    });
    await expect(reader.read('select * from missing', [])).rejects.toMatchObject({
      message: expect.stringMatching(/no such table: missing/),
      code: 'SQLITE_ERROR',
    });
    expect(sqlite.prepare('select name from t order by id').pluck().all()).toEqual(['one', 'two']);
    expect(await reader.read('select count(*) as n from t', [])).toEqual([{ n: 2 }]);
  });

  it('leaves a read to the main thread while four wait for the thread', async () => {
    await reader.started();
    const long =
      'with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select count(*) as n from c';
    const waiting = [1, 2, 3, 4].map(() => reader.read(long, [1_000_000]));
    expect(reader.read('select * from t', [])).toBeUndefined();
    expect(await Promise.all(waiting)).toEqual([1, 2, 3, 4].map(() => [{ n: 1_000_000 }]));
    expect(await reader.read('select name from t where id = ?', [1])).toEqual([{ name: 'one' }]);
  });

  it('counts the reads the thread has finished, even while their answers wait for a busy main thread', async () => {
    await reader.started();
    const answered = [1, 2, 3, 4].map(() => reader.read('select name from t where id = ?', [1]));
    // The main thread busy: the thread finishes the four, whose answers then wait for this loop to end.
    const busyUntil = performance.now() + 300;
    while (performance.now() < busyUntil);
    const fifth = reader.read('select name from t where id = ?', [2]);
    expect(fifth).toBeDefined();
    expect(await Promise.all([...answered, fifth])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [{ name: n < 5 ? 'one' : 'two' }]),
    );
  });

  it('answers nothing once closed, so reads go back to the main thread', async () => {
    await reader.started();
    await reader.close();
    // Closed, it did not stop by itself: nothing to tell.
    expect(told).toEqual([]);
    expect(reader.read('select * from t', [])).toBeUndefined();
  });

  it('leaves reads on the main thread for good when its thread stops', async () => {
    const unopenable = startSqliteReader(join(dir, 'missing', 'app.db'), (error) => told.push(error.message));
    await expect(unopenable.started()).rejects.toThrow(/stopped/);
    expect(unopenable.read('select * from t', [])).toBeUndefined();
    expect(told).toEqual([expect.stringMatching(/the SQLite reader stopped .*main thread/)]);
    await unopenable.close();
  });
});
