import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  deviceFilterOf,
  LAST_SEEN_FILTERS,
  readDeviceListParams,
  writeDeviceListParams,
} from './device-list-params';

describe('the device list in the URL', () => {
  it('reads a plain URL as the whole list in description order', () => {
    expect(readDeviceListParams(new URLSearchParams())).toEqual({
      search: '',
      deviceTypes: [],
      communicationTypes: [],
      parameterizationStatuses: [],
      locationStates: [],
      lastSeen: null,
      signalValues: [],
      sort: { by: 'description', order: 'asc' },
      view: null,
    });
  });

  it('reads every filter, the sort and the view back from what it wrote', () => {
    const list = {
      search: 'tank',
      deviceTypes: ['water-meter-lora', 'gps-tracker'],
      communicationTypes: ['lora' as const, 'sigfox' as const],
      parameterizationStatuses: ['WAITING' as const],
      locationStates: ['atForbiddenPoi' as const, 'lost' as const],
      lastSeen: 'never' as const,
      signalValues: [
        { signal: 'temperature', op: 'gte' as const, value: -2.5 },
        { signal: 'leak', op: 'eq' as const, value: true },
        { signal: 'trigger', op: 'neq' as const, value: 'a:b, "c"' },
      ],
      sort: { by: 'lastSeen' as const, order: 'desc' as const },
      view: 'cards' as const,
    };
    const params = writeDeviceListParams(new URLSearchParams(), list);
    expect(params.toString()).toBe(
      'q=tank&type=water-meter-lora%2Cgps-tracker&network=lora%2Csigfox&status=WAITING' +
        '&location=atForbiddenPoi%2Clost&seen=never' +
        '&signal=temperature%3Agte%3A-2.5&signal=leak%3Aeq%3Atrue&signal=trigger%3Aneq%3A%22a%3Ab%2C+%5C%22c%5C%22%22' +
        '&sort=-lastSeen&view=cards',
    );
    expect(readDeviceListParams(new URLSearchParams(params.toString()))).toEqual(list);
  });

  it('keeps the keys it does not own and drops defaults', () => {
    const before = new URLSearchParams('tab=devices&q=old&view=map');
    const after = writeDeviceListParams(before, { ...readDeviceListParams(before), search: ' ', view: null });
    expect(after.toString()).toBe('tab=devices');
    // A view chosen is kept, the list too: on a phone the list is not the default.
    const chosen = writeDeviceListParams(before, { ...readDeviceListParams(before), view: 'list' });
    expect(chosen.toString()).toBe('tab=devices&q=old&view=list');
  });

  it('ignores values a hand-edited URL got wrong', () => {
    const list = readDeviceListParams(
      new URLSearchParams('network=lora,carrier-pigeon&status=LOST&location=lost,atHome&seen=x&sort=-colour'),
    );
    expect(list.communicationTypes).toEqual(['lora']);
    expect(list.parameterizationStatuses).toEqual([]);
    expect(list.locationStates).toEqual(['lost']);
    expect(list.lastSeen).toBeNull();
    expect(list.sort).toEqual({ by: 'description', order: 'asc' });
  });

  it('keeps only the signal conditions the server takes, each once, a number apart from a text', () => {
    const params = new URLSearchParams();
    for (const condition of [
      'temperature:gt:8',
      'temperature:gt:8',
      'mode:eq:"10"',
      'mode:gt:"a"',
      "x') or 1=1:eq:1",
      'door:eq:',
      'door:between:true',
      'temperature:lt:{"a":1}',
      'no-value',
    ]) {
      params.append('signal', condition);
    }
    expect(readDeviceListParams(params).signalValues).toEqual([
      { signal: 'temperature', op: 'gt', value: 8 },
      { signal: 'mode', op: 'eq', value: '10' },
    ]);
    const many = new URLSearchParams(Array.from({ length: 12 }, (_, index) => ['signal', `s${index}:eq:1`]));
    expect(readDeviceListParams(many).signalValues).toHaveLength(10);
  });

  it('reads each last-seen choice back from what it wrote', () => {
    const plain = readDeviceListParams(new URLSearchParams());
    for (const lastSeen of LAST_SEEN_FILTERS) {
      const params = writeDeviceListParams(new URLSearchParams(), { ...plain, lastSeen });
      expect(params.toString()).toBe(`seen=${lastSeen}`);
      expect(readDeviceListParams(new URLSearchParams(params.toString()))).toEqual({ ...plain, lastSeen });
    }
  });

  it('reads a link from before the last-seen windows, `seen=recent`, as the last 24 hours', () => {
    expect(readDeviceListParams(new URLSearchParams('seen=recent')).lastSeen).toBe('24h');
  });
});

describe('deviceFilterOf', () => {
  it('asks the server only for the filters set, within the business when scoped', () => {
    const list = readDeviceListParams(new URLSearchParams('q=%20tank%20&seen=24h&sort=createdAt'));
    expect(deviceFilterOf(list, 'b1')).toEqual({
      businessId: 'b1',
      search: 'tank',
      seenWithinHours: 24,
      sort: { by: 'createdAt', order: 'asc' },
    });
    expect(deviceFilterOf(readDeviceListParams(new URLSearchParams('seen=never')))).toEqual({
      neverSeen: true,
      sort: { by: 'description', order: 'asc' },
    });
  });

  it('asks for each last-seen window in hours', () => {
    const hoursOf = (seen: string) =>
      deviceFilterOf(readDeviceListParams(new URLSearchParams({ seen }))).seenWithinHours;
    expect(['1h', '24h', '7d', '30d'].map(hoursOf)).toEqual([1, 24, 168, 720]);
  });

  it('asks for each silent window alone, as hours not heard from', () => {
    const filterOf = (seen: string) => deviceFilterOf(readDeviceListParams(new URLSearchParams({ seen })));
    expect(['silent-24h', 'silent-7d', 'silent-30d'].map(filterOf)).toEqual(
      [24, 168, 720].map((notSeenForHours) => ({ notSeenForHours, sort: { by: 'description', order: 'asc' } })),
    );
  });

  it('sends the signal conditions as the server takes them', () => {
    const list = readDeviceListParams(new URLSearchParams('signal=temperature:gt:8&signal=door:neq:true'));
    expect(deviceFilterOf(list).signalValues).toEqual([
      { signal: 'temperature', op: 'gt', value: 8 },
      { signal: 'door', op: 'neq', value: true },
    ]);
    expect(deviceFilterOf(readDeviceListParams(new URLSearchParams()))).not.toHaveProperty('signalValues');
  });

  it('asks for the location states chosen, and sorts by location state', () => {
    const list = readDeviceListParams(new URLSearchParams('location=atPoi,atForbiddenPoi&sort=-locationState'));
    expect(deviceFilterOf(list)).toEqual({
      locationStates: ['atPoi', 'atForbiddenPoi'],
      sort: { by: 'locationState', order: 'desc' },
    });
    expect(deviceFilterOf(readDeviceListParams(new URLSearchParams()))).not.toHaveProperty('locationStates');
  });
});

describe("the count of filters on the phone's Filters button", () => {
  it('counts each filter set and each signal condition, not the search or the sort', () => {
    const read = (query: string) => activeFilterCount(readDeviceListParams(new URLSearchParams(query)));
    expect(read('q=tank&sort=-lastSeen')).toBe(0);
    expect(read('type=water-meter-lora%2Cgps-tracker&seen=never')).toBe(2);
    expect(read('network=lora&status=WAITING&signal=temperature%3Agte%3A-2.5&signal=leak%3Aeq%3Atrue')).toBe(4);
    expect(read('location=lost%2CatForbiddenPoi&seen=silent-24h')).toBe(2);
  });
});
