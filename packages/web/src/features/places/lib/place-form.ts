import {
  DEFAULT_ENTER_AFTER_MS,
  DEFAULT_LOST_AFTER_MS,
  type MessageCode,
  PLACE_RADIUS_MAX,
  PLACE_RADIUS_MIN,
  type PlaceArea,
  type PlaceGroup,
} from '@iot/shared';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The server's bounds (`schemas/places.ts`): entering after up to a day; lost after 5 minutes to 90 days. */
export const ENTER_AFTER_MAX_MINUTES = 24 * 60;
export const LOST_AFTER_MIN_HOURS = 5 / 60;
export const LOST_AFTER_MAX_HOURS = 90 * 24;
const NAME_MAX = 200;

/** A number as typed, with a decimal comma or point; NaN when it is not one. */
export const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

type Issue = MessageCode | 'places.radiusRange' | 'places.group.enterRange' | 'places.group.lostRange';

/** What the place dialog edits: the name, the group (empty: none) and, for a circle, its radius as typed. */
export interface PlaceDraft {
  name: string;
  groupId: string;
  radius: string;
}

export const placeDraftOf = (place: { name: string; group: { id: string } | null } | undefined, area: PlaceArea) => ({
  name: place?.name ?? '',
  groupId: place?.group?.id ?? '',
  radius: area.kind === 'circle' ? String(area.radius) : '',
});

/** The draft's problems by input (`name`, `radius`), as message codes or text keys. */
export function placeDraftIssues(draft: PlaceDraft, area: PlaceArea): Partial<Record<'name' | 'radius', Issue>> {
  const issues: Partial<Record<'name' | 'radius', Issue>> = {};
  if (!draft.name.trim()) issues.name = 'validation.required';
  else if (draft.name.trim().length > NAME_MAX) issues.name = 'validation.too_long';
  if (area.kind === 'circle') {
    const radius = typedNumber(draft.radius);
    if (!Number.isFinite(radius) || radius < PLACE_RADIUS_MIN || radius > PLACE_RADIUS_MAX)
      issues.radius = 'places.radiusRange';
  }
  return issues;
}

/** The area as saved: a circle takes the radius typed. */
export const areaOfDraft = (draft: PlaceDraft, area: PlaceArea): PlaceArea =>
  area.kind === 'circle' ? { ...area, radius: Math.round(typedNumber(draft.radius) * 10) / 10 } : area;

/** What the group dialog edits: the timings in the units people think in (minutes to enter, hours to be lost). */
export interface GroupDraft {
  name: string;
  forbidden: boolean;
  enterAfterMinutes: string;
  lostAfterHours: string;
}

const trimmed = (value: number) => String(Math.round(value * 1000) / 1000);

export const groupDraftOf = (group?: PlaceGroup): GroupDraft => ({
  name: group?.name ?? '',
  forbidden: group?.forbidden ?? false,
  enterAfterMinutes: trimmed((group?.enterAfterMs ?? DEFAULT_ENTER_AFTER_MS) / MINUTE_MS),
  lostAfterHours: trimmed((group?.lostAfterMs ?? DEFAULT_LOST_AFTER_MS) / HOUR_MS),
});

export function groupDraftIssues(
  draft: GroupDraft,
): Partial<Record<'name' | 'enterAfterMinutes' | 'lostAfterHours', Issue>> {
  const issues: Partial<Record<'name' | 'enterAfterMinutes' | 'lostAfterHours', Issue>> = {};
  if (!draft.name.trim()) issues.name = 'validation.required';
  else if (draft.name.trim().length > NAME_MAX) issues.name = 'validation.too_long';
  const enter = typedNumber(draft.enterAfterMinutes);
  if (!Number.isFinite(enter) || enter < 0 || enter > ENTER_AFTER_MAX_MINUTES)
    issues.enterAfterMinutes = 'places.group.enterRange';
  const lost = typedNumber(draft.lostAfterHours);
  // Compared in milliseconds, as the server does: 5 minutes typed as 0.0833 hours is the lower bound, not below it.
  const lostMs = Math.round(lost * HOUR_MS);
  if (!Number.isFinite(lost) || lostMs < 5 * MINUTE_MS || lostMs > LOST_AFTER_MAX_HOURS * HOUR_MS)
    issues.lostAfterHours = 'places.group.lostRange';
  return issues;
}

/** The group as sent: timings in whole milliseconds. */
export const groupValuesOf = (draft: GroupDraft) => ({
  name: draft.name.trim(),
  forbidden: draft.forbidden,
  enterAfterMs: Math.round(typedNumber(draft.enterAfterMinutes) * MINUTE_MS),
  lostAfterMs: Math.round(typedNumber(draft.lostAfterHours) * HOUR_MS),
});
