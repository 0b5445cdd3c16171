import { describe, expect, it } from 'vitest';
import { deviceFilterOf, readDeviceListParams, writeDeviceListParams } from './device-list-params';

describe('the device list in the URL', () => {
  it('reads a plain URL as the whole list in description order', () => {
    expect(readDeviceListParams(new URLSearchParams())).toEqual({
      search: '',
      deviceTypes: [],
      communicationTypes: [],
      parameterizationStatuses: [],
      lastSeen: null,
      sort: { by: 'description', order: 'asc' },
      view: 'list',
    });
  });

  it('reads every filter, the sort and the view back from what it wrote', () => {
    const list = {
      search: 'tank',
      deviceTypes: ['water-meter-lora', 'gps-tracker'],
      communicationTypes: ['lora' as const, 'sigfox' as const],
      parameterizationStatuses: ['WAITING' as const],
      lastSeen: 'never' as const,
      sort: { by: 'lastSeen' as const, order: 'desc' as const },
      view: 'cards' as const,
    };
    const params = writeDeviceListParams(new URLSearchParams(), list);
    expect(params.toString()).toBe(
      'q=tank&type=water-meter-lora%2Cgps-tracker&network=lora%2Csigfox&status=WAITING&seen=never&sort=-lastSeen&view=cards',
    );
    expect(readDeviceListParams(new URLSearchParams(params.toString()))).toEqual(list);
  });

  it('keeps the keys it does not own and drops defaults', () => {
    const before = new URLSearchParams('tab=devices&q=old&view=map');
    const after = writeDeviceListParams(before, { ...readDeviceListParams(before), search: ' ', view: 'list' });
    expect(after.toString()).toBe('tab=devices');
  });

  it('ignores values a hand-edited URL got wrong', () => {
    const list = readDeviceListParams(
      new URLSearchParams('network=lora,carrier-pigeon&status=LOST&seen=x&sort=-colour'),
    );
    expect(list.communicationTypes).toEqual(['lora']);
    expect(list.parameterizationStatuses).toEqual([]);
    expect(list.lastSeen).toBeNull();
    expect(list.sort).toEqual({ by: 'description', order: 'asc' });
  });
});

describe('deviceFilterOf', () => {
  it('asks the server only for the filters set, within the business when scoped', () => {
    const list = readDeviceListParams(new URLSearchParams('q=%20tank%20&seen=recent&sort=createdAt'));
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
});
