import type { RowsFinisher } from '../db/reusable-query.js';

/** A finisher for the tests of reads finished where they are read: the rows' display names joined by a separator. */
export const joinedNames: RowsFinisher<{ displayName: string }, { separator: string }, string> = {
  module: import.meta.url,
  name: 'joinedNames',
  finish: (rows, { separator }) => rows.map((row) => row.displayName).join(separator),
};
