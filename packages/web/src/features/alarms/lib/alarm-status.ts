import type { AlarmStatus, AlarmTransition } from '@iot/shared';
import type { AlarmColors } from '@/vendors/vendor';

/** The transitions after which an alarm is active: the ones the alarm snackbar tells about. */
export const ACTIVATING_TRANSITIONS: readonly AlarmTransition[] = [
  'firstActivation',
  'reactivated',
  'activatedFromSnooze',
];

export const isActivating = (transition: AlarmTransition | null) =>
  transition !== null && ACTIVATING_TRANSITIONS.includes(transition);

/** The alarm colour of a status (SPEC section 9): an acknowledged alarm is "ok". */
export function alarmStatusColour(status: AlarmStatus, colours: AlarmColors): string {
  switch (status) {
    case 'active':
      return colours.active;
    case 'latched':
      return colours.latched;
    case 'snoozed':
      return colours.snoozed;
    case 'acknowledged':
      return colours.ok;
  }
}
