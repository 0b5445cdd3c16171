import type { PlaceArea, PlaceGroup } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import {
  areaOfDraft,
  groupDraftIssues,
  groupDraftOf,
  groupValuesOf,
  placeDraftIssues,
  placeDraftOf,
  typedNumber,
} from './place-form';

const circle: PlaceArea = { kind: 'circle', center: { lat: 41.15, lon: -8.61 }, radius: 250 };
const polygon: PlaceArea = {
  kind: 'polygon',
  points: [
    { lat: 1, lon: 1 },
    { lat: 1, lon: 2 },
    { lat: 2, lon: 2 },
  ],
};

describe('the place draft', () => {
  it('needs a name and, for a circle, a radius from 10 m to 50 km', () => {
    const draft = placeDraftOf(undefined, circle);
    expect(draft).toEqual({ name: '', groupId: '', radius: '250' });
    expect(placeDraftIssues(draft, circle)).toEqual({ name: 'validation.required' });
    expect(placeDraftIssues({ ...draft, name: 'Porto plant', radius: '9' }, circle)).toEqual({
      radius: 'places.radiusRange',
    });
    expect(placeDraftIssues({ ...draft, name: 'Porto plant', radius: '50001' }, circle).radius).toBe(
      'places.radiusRange',
    );
    expect(placeDraftIssues({ ...draft, name: 'x'.repeat(201) }, circle).name).toBe('validation.too_long');
    expect(placeDraftIssues({ ...draft, name: 'Porto plant', radius: '12,5' }, circle)).toEqual({});
    // A polygon has no radius to check.
    expect(placeDraftIssues({ name: 'Yard', groupId: '', radius: '' }, polygon)).toEqual({});
  });

  it('saves the radius typed, with a decimal comma', () => {
    expect(areaOfDraft({ name: 'a', groupId: '', radius: '12,5' }, circle)).toEqual({ ...circle, radius: 12.5 });
    expect(areaOfDraft({ name: 'a', groupId: '', radius: '' }, polygon)).toBe(polygon);
  });

  it('starts from the place being edited', () => {
    expect(placeDraftOf({ name: 'Depot', group: { id: 'g1' } }, polygon)).toEqual({
      name: 'Depot',
      groupId: 'g1',
      radius: '',
    });
  });
});

describe('the group draft', () => {
  it('starts with the default timings, in minutes and hours', () => {
    expect(groupDraftOf()).toEqual({ name: '', forbidden: false, enterAfterMinutes: '2', lostAfterHours: '24' });
    const group = { name: 'Plants', forbidden: true, enterAfterMs: 90_000, lostAfterMs: 30 * 60_000 } as PlaceGroup;
    expect(groupDraftOf(group)).toEqual({
      name: 'Plants',
      forbidden: true,
      enterAfterMinutes: '1.5',
      lostAfterHours: '0.5',
    });
  });

  it('keeps the timings within what the server takes', () => {
    const draft = { name: 'Plants', forbidden: false, enterAfterMinutes: '0', lostAfterHours: '0,0833333' };
    expect(groupDraftIssues(draft)).toEqual({});
    expect(groupDraftIssues({ ...draft, name: ' ', enterAfterMinutes: '1441', lostAfterHours: '0.05' })).toEqual({
      name: 'validation.required',
      enterAfterMinutes: 'places.group.enterRange',
      lostAfterHours: 'places.group.lostRange',
    });
    expect(groupDraftIssues({ ...draft, enterAfterMinutes: '-1', lostAfterHours: '2161' })).toEqual({
      enterAfterMinutes: 'places.group.enterRange',
      lostAfterHours: 'places.group.lostRange',
    });
    expect(groupDraftIssues({ ...draft, enterAfterMinutes: 'soon' }).enterAfterMinutes).toBe('places.group.enterRange');
  });

  it('sends the timings in milliseconds', () => {
    expect(
      groupValuesOf({ name: ' Plants ', forbidden: true, enterAfterMinutes: '2,5', lostAfterHours: '48' }),
    ).toEqual({ name: 'Plants', forbidden: true, enterAfterMs: 150_000, lostAfterMs: 48 * 3_600_000 });
    expect(typedNumber('')).toBeNaN();
  });
});
