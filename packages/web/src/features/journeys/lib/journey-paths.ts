/**
 * A journey's page is the journeys tab of the screen it was opened from (the device's or the level's configuration)
 * with `journey=<id>` in its query: the link is the same from both, and a reload keeps it.
 */
export const JOURNEY_PARAM = 'journey';

/** The query of the journeys tab showing journey `journeyId`, or its list without one. */
export function journeysTabSearch(journeyId?: string): string {
  const params = new URLSearchParams({ tab: 'journeys' });
  if (journeyId) params.set(JOURNEY_PARAM, journeyId);
  return `?${params}`;
}
