import { describe, expect, it } from 'vitest';
import { unitAxes } from './readings-view';

describe('the value axes of the readings chart', () => {
  const units: Record<string, string> = { temperature: '°C', humidity: '%', dewPoint: '°C', battery: 'V' };
  const unitOf = (signal: string) => units[signal];

  it('give each unit an axis of its own, in the order the signals come, and share it between signals', () => {
    expect(unitAxes(['temperature', 'humidity', 'dewPoint', 'battery'], unitOf)).toEqual({
      units: ['°C', '%', 'V'],
      axisOf: [0, 1, 0, 2],
    });
  });

  it('put the signals without a unit on one axis', () => {
    expect(unitAxes(['pulses', 'temperature', 'count'], unitOf)).toEqual({
      units: [undefined, '°C'],
      axisOf: [0, 1, 0],
    });
  });

  it('have no axis without signals', () => {
    expect(unitAxes([], unitOf)).toEqual({ units: [], axisOf: [] });
  });
});
