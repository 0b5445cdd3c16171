/**
 * The alarm state machine (SPEC sections 4 and 8), the one place its rules live: the server applies it to every
 * change of an alarm, the web app asks it which buttons an alarm offers.
 *
 * An alarm is raised when its condition appears (an alarm signal turns true, a threshold rule is crossed) and lives
 * until someone acknowledges it. Besides its status it remembers whether its condition is still present, so a snooze
 * that ends knows whether to go back to active or to latched.
 *
 * - active: the condition is present and nobody has acknowledged it.
 * - latched: the condition went away (problemSolved) but nobody has acknowledged it yet.
 * - snoozed: a user put it aside until a time; when that passes it becomes active if the condition is present
 *   (activatedFromSnooze), otherwise latched, or acknowledged when the configuration says to auto-acknowledge an
 *   alarm that becomes latched while snoozed (autoAcknowledgedFromSnooze, also at once when the condition clears
 *   during the snooze).
 * - acknowledged: closed, by a user (acknowledgedByUser) or because its device's alarms were inhibited
 *   (forcedAcknowledge). The condition appearing again afterwards raises a new alarm.
 */

export const ALARM_STATUSES = ['active', 'latched', 'snoozed', 'acknowledged'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

export const ALARM_TRANSITIONS = [
  'firstActivation',
  'reactivated',
  'snoozedByUser',
  'problemSolved',
  'activatedFromSnooze',
  'autoAcknowledgedFromSnooze',
  'acknowledgedByUser',
  'forcedAcknowledge',
  'neutralComment',
] as const;
export type AlarmTransition = (typeof ALARM_TRANSITIONS)[number];

/** Transitions the device causes (the others are a user's doing); actions and notifications follow these. */
export const DEVICE_TRANSITIONS: readonly AlarmTransition[] = [
  'firstActivation',
  'reactivated',
  'problemSolved',
  'activatedFromSnooze',
  'autoAcknowledgedFromSnooze',
];

export interface AlarmState {
  status: AlarmStatus;
  /** Whether the alarm's condition is present now (the signal still true, the value still beyond the threshold). */
  conditionActive: boolean;
  /** Until when a snoozed alarm stays snoozed (epoch ms); null unless snoozed. */
  snoozedUntil: number | null;
}

export type AlarmInput =
  | { type: 'conditionRaised' }
  | { type: 'conditionCleared' }
  | { type: 'snooze'; until: number }
  | { type: 'snoozeEnded' }
  | { type: 'acknowledge' }
  | { type: 'forceAcknowledge' }
  | { type: 'comment' };

export interface AlarmOptions {
  /** Acknowledge an alarm by itself when it becomes latched while snoozed. */
  autoAcknowledgeLatchedWhileSnoozed: boolean;
}

/** Why a user's request does not apply to the alarm as it is; each is an error code with its message. */
export type AlarmRefusal = 'alarm.already_acknowledged' | 'alarm.not_snoozed';

export type AlarmStep =
  | { ok: true; state: AlarmState; transition: AlarmTransition | null }
  | { ok: false; error: AlarmRefusal };

/** A new alarm, raised because its condition appeared. */
export const RAISED: { state: AlarmState; transition: AlarmTransition } = {
  state: { status: 'active', conditionActive: true, snoozedUntil: null },
  transition: 'firstActivation',
};

const step = (state: AlarmState, transition: AlarmTransition | null): AlarmStep => ({ ok: true, state, transition });
const unchanged = (state: AlarmState): AlarmStep => step(state, null);
const acknowledged = (state: AlarmState): AlarmState => ({ ...state, status: 'acknowledged', snoozedUntil: null });

/** The next state of an alarm after one input; a device input that changes nothing answers a null transition. */
export function nextAlarmState(state: AlarmState, input: AlarmInput, options: AlarmOptions): AlarmStep {
  if (input.type === 'comment') return step(state, 'neutralComment');
  if (state.status === 'acknowledged') {
    if (input.type === 'acknowledge' || input.type === 'snooze')
      return { ok: false, error: 'alarm.already_acknowledged' };
    if (input.type === 'conditionRaised' || input.type === 'conditionCleared') {
      return unchanged({ ...state, conditionActive: input.type === 'conditionRaised' });
    }
    return unchanged(state);
  }
  switch (input.type) {
    case 'conditionRaised':
      if (state.conditionActive) return unchanged(state);
      if (state.status === 'latched') return step({ ...state, status: 'active', conditionActive: true }, 'reactivated');
      return unchanged({ ...state, conditionActive: true });
    case 'conditionCleared':
      if (!state.conditionActive) return unchanged(state);
      if (state.status === 'active')
        return step({ ...state, status: 'latched', conditionActive: false }, 'problemSolved');
      if (options.autoAcknowledgeLatchedWhileSnoozed) {
        return step(acknowledged({ ...state, conditionActive: false }), 'autoAcknowledgedFromSnooze');
      }
      return unchanged({ ...state, conditionActive: false });
    case 'snooze':
      return step({ ...state, status: 'snoozed', snoozedUntil: input.until }, 'snoozedByUser');
    case 'snoozeEnded':
      if (state.status !== 'snoozed') return { ok: false, error: 'alarm.not_snoozed' };
      if (state.conditionActive) {
        return step({ ...state, status: 'active', snoozedUntil: null }, 'activatedFromSnooze');
      }
      if (options.autoAcknowledgeLatchedWhileSnoozed) return step(acknowledged(state), 'autoAcknowledgedFromSnooze');
      return step({ ...state, status: 'latched', snoozedUntil: null }, null);
    case 'acknowledge':
      return step(acknowledged(state), 'acknowledgedByUser');
    case 'forceAcknowledge':
      return step(acknowledged(state), 'forcedAcknowledge');
  }
}

/** What a user may do to an alarm in this state: the buttons an alarm row offers. */
export function alarmActionsOf(status: AlarmStatus): { acknowledge: boolean; snooze: boolean; comment: boolean } {
  const open = status !== 'acknowledged';
  return { acknowledge: open, snooze: open, comment: true };
}
