import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../db/sqlite-file.js';
import { startSqliteCheckpointer } from './sqlite-checkpointer.js';

describe('the SQLite checkpointer', () => {
  it('keeps the log short while a writer that never checkpoints commits, and loses nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'iot-checkpointer-'));
    const file = join(dataDir, 'app.db');
    const writer = openSqliteFile(file);
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table filler (id integer primary key, body blob not null)');
    const checkpointer = startSqliteCheckpointer({ file, restartFrames: 500, intervalMs: 10 });
    try {
      expect(await checkpointer.ready).toBe(true);
      const insert = writer.prepare('insert into filler (body) values (randomblob(3000))');
      const commit = writer.transaction(() => {
        for (let row = 0; row < 20; row++) insert.run();
      });
      // 8,000 rows of 3 KB: a log of about 8,000 pages (32 MB) if nothing copied it back.
      for (let batch = 0; batch < 400; batch++) {
        commit();
        await sleep(1);
      }
      const log = await stat(`${file}-wal`);
      expect(log.size).toBeLessThan(12 * 1024 * 1024);
      expect(writer.prepare('select count(*) as n from filler').get()).toEqual({ n: 8000 });
    } finally {
      await checkpointer.close();
      writer.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
