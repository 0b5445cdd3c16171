import { z } from '../validation.js';
import { Alarm } from './alarms.js';

/** A device not heard from for longer than this is silent on the overview (SPEC 9: heard within 24 hours is recent). */
export const OVERVIEW_SILENT_HOURS = 24;
/** How many of the newest open alarms the overview shows. */
export const OVERVIEW_LATEST_ALARMS = 5;

const count = z.number().int().min(0);

/**
 * `GET /overview`: the figures of the caller's whole reachable tree that the home page shows, each the count of a list
 * the web app can open filtered.
 */
export const Overview = z.object({
  alarms: z.object({
    /** Open alarms by status (acknowledged ones are closed). */
    active: count,
    latched: count,
    snoozed: count,
    /** The newest open alarms, newest raised first. */
    latest: z.array(Alarm),
  }),
  devices: z.object({
    total: count,
    /** Not heard from for more than `OVERVIEW_SILENT_HOURS`, those never heard from included (as the device list's filter). */
    silent: count,
    neverHeard: count,
  }),
  notifications: z.object({ unread: count }),
});
export type Overview = z.infer<typeof Overview>;
