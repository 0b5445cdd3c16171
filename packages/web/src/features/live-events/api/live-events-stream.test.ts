import { describe, expect, it } from 'vitest';
import { createEventParser } from './live-events-stream';

describe('the live events parser', () => {
  it('gives the data of each event, across chunk boundaries, and skips comments', () => {
    const events: string[] = [];
    const parse = createEventParser((data) => events.push(data));
    parse(': keep-alive\n\ndata: {"a"');
    parse(':1}\n\ndata:{"b":2}\r\n\r\n');
    parse('data: one\ndata: two\n');
    expect(events).toEqual(['{"a":1}', '{"b":2}']);
    parse('\n');
    expect(events).toEqual(['{"a":1}', '{"b":2}', 'one\ntwo']);
  });
});
