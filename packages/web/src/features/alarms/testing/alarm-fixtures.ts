import type { Alarm } from '@iot/shared';

/** An active threshold alarm of a cold room, changed by `change`. */
export const alarmOf = (id: string, change: Partial<Alarm> = {}): Alarm => ({
  id,
  sequenceId: 1,
  number: 1,
  status: 'active',
  conditionActive: true,
  snoozedUntil: null,
  signal: 'temperature',
  signalName: 'Temperature',
  source: 'rule',
  value: 9.5,
  device: { uuid: 'd1', description: 'Cold room' },
  asset: null,
  businessId: 'b1',
  raisedAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  version: 1,
  ...change,
});
