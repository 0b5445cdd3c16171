import { describe, expect, it } from 'vitest';
import { axisRangeOf, type ChartedSignal, chartPanels, onOffPoints } from './readings-view';

const numbers = (signal: string, unit?: string): ChartedSignal => ({ signal, unit, onOff: false });
const flag = (signal: string): ChartedSignal => ({ signal, unit: undefined, onOff: true });

describe('the charts of the readings', () => {
  it('put two units on a chart and the next ones on charts of their own, below', () => {
    // A tracker's speed, heading and battery: three units, so the battery goes to a second chart.
    expect(chartPanels([numbers('speed', 'km/h'), numbers('heading', '°'), numbers('battery', '%')])).toEqual([
      {
        kind: 'numbers',
        units: ['km/h', '°'],
        signals: [
          { index: 0, axis: 0 },
          { index: 1, axis: 1 },
        ],
      },
      { kind: 'numbers', units: ['%'], signals: [{ index: 2, axis: 0 }] },
    ]);
  });

  it('let signals of one unit share its axis, and count the signals without a unit as one unit', () => {
    const signals = [
      numbers('temperature', '°C'),
      numbers('pulses'),
      numbers('dewPoint', '°C'),
      numbers('count'),
      numbers('humidity', '%'),
    ];
    expect(chartPanels(signals)).toEqual([
      {
        kind: 'numbers',
        units: ['°C', undefined],
        signals: [
          { index: 0, axis: 0 },
          { index: 1, axis: 1 },
          { index: 2, axis: 0 },
          { index: 3, axis: 1 },
        ],
      },
      { kind: 'numbers', units: ['%'], signals: [{ index: 4, axis: 0 }] },
    ]);
  });

  it('draw each on/off signal as a band of its own under the numbers', () => {
    expect(chartPanels([flag('moving'), numbers('speed', 'km/h'), flag('sos')])).toEqual([
      { kind: 'numbers', units: ['km/h'], signals: [{ index: 1, axis: 0 }] },
      { kind: 'onOff', signals: [{ index: 0, axis: 0 }] },
      { kind: 'onOff', signals: [{ index: 2, axis: 0 }] },
    ]);
  });

  it('have no chart without signals', () => {
    expect(chartPanels([])).toEqual([]);
  });

  it('scale percentages from 0 to 100 and headings over a turn, other units to their readings', () => {
    expect(axisRangeOf('%')).toEqual({ min: 0, max: 100 });
    expect(axisRangeOf('°')).toEqual({ min: 0, max: 360, interval: 90 });
    expect(axisRangeOf('°C')).toBe('readings');
    expect(axisRangeOf(undefined)).toBe('readings');
  });

  it('turn on/off readings into a band of ones and zeros, oldest first', () => {
    const answer = {
      signal: 'moving',
      readings: [
        { date: 3000, value: false },
        { date: 1000, value: true },
        { date: 2000, value: 'unknown' },
      ],
      total: 3,
      truncated: false,
      cutoff: null,
    };
    expect(onOffPoints(answer)).toEqual([
      [1000, 1],
      [3000, 0],
    ]);
  });
});
