import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALARM_STATUSES,
  ALARM_TRANSITIONS,
  type AlarmInput,
  type AlarmOptions,
  type AlarmState,
  alarmActionsOf,
  nextAlarmState,
  RAISED,
} from './alarms.js';

const plain: AlarmOptions = { autoAcknowledgeLatchedWhileSnoozed: false };
const autoAck: AlarmOptions = { autoAcknowledgeLatchedWhileSnoozed: true };
const active: AlarmState = RAISED.state;
const latched: AlarmState = { status: 'latched', conditionActive: false, snoozedUntil: null };
const snoozed = (conditionActive: boolean): AlarmState => ({ status: 'snoozed', conditionActive, snoozedUntil: 5000 });
const closed: AlarmState = { status: 'acknowledged', conditionActive: true, snoozedUntil: null };

function apply(state: AlarmState, input: AlarmInput, options = plain) {
  const result = nextAlarmState(state, input, options);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('alarm transitions', () => {
  it('a new alarm is active with its condition present: firstActivation', () => {
    expect(RAISED).toEqual({ state: active, transition: 'firstActivation' });
  });

  it('problemSolved: an active alarm whose condition clears becomes latched', () => {
    expect(apply(active, { type: 'conditionCleared' })).toEqual({
      ok: true,
      state: latched,
      transition: 'problemSolved',
    });
  });

  it('reactivated: a latched alarm whose condition comes back becomes active again', () => {
    expect(apply(latched, { type: 'conditionRaised' })).toEqual({ ok: true, state: active, transition: 'reactivated' });
  });

  it('snoozedByUser: active or latched alarms can be put aside until a time', () => {
    expect(apply(active, { type: 'snooze', until: 5000 })).toEqual({
      ok: true,
      state: snoozed(true),
      transition: 'snoozedByUser',
    });
    expect(apply(latched, { type: 'snooze', until: 5000 }).state).toEqual(snoozed(false));
  });

  it('activatedFromSnooze: the snooze ends with the condition present', () => {
    expect(apply(snoozed(true), { type: 'snoozeEnded' })).toEqual({
      ok: true,
      state: active,
      transition: 'activatedFromSnooze',
    });
  });

  it('a snooze that ends with the condition gone leaves the alarm latched, or acknowledged when so configured', () => {
    expect(apply(snoozed(false), { type: 'snoozeEnded' })).toEqual({ ok: true, state: latched, transition: null });
    expect(apply(snoozed(false), { type: 'snoozeEnded' }, autoAck)).toEqual({
      ok: true,
      state: { status: 'acknowledged', conditionActive: false, snoozedUntil: null },
      transition: 'autoAcknowledgedFromSnooze',
    });
  });

  it('autoAcknowledgedFromSnooze: the condition clearing during a snooze acknowledges at once when so configured', () => {
    expect(apply(snoozed(true), { type: 'conditionCleared' }, autoAck).transition).toBe('autoAcknowledgedFromSnooze');
    expect(apply(snoozed(true), { type: 'conditionCleared' })).toEqual({
      ok: true,
      state: snoozed(false),
      transition: null,
    });
  });

  it('the condition changing during a snooze keeps the alarm snoozed', () => {
    expect(apply(snoozed(false), { type: 'conditionRaised' })).toEqual({
      ok: true,
      state: snoozed(true),
      transition: null,
    });
  });

  it('acknowledgedByUser closes an alarm in any open status', () => {
    for (const state of [active, latched, snoozed(true)]) {
      const result = apply(state, { type: 'acknowledge' });
      expect(result.transition).toBe('acknowledgedByUser');
      expect(result.state).toMatchObject({ status: 'acknowledged', snoozedUntil: null });
    }
  });

  it('forcedAcknowledge closes an open alarm when alarms are inhibited, and leaves a closed one alone', () => {
    expect(apply(active, { type: 'forceAcknowledge' }).transition).toBe('forcedAcknowledge');
    expect(apply(closed, { type: 'forceAcknowledge' })).toEqual({ ok: true, state: closed, transition: null });
  });

  it('neutralComment changes nothing, in any status', () => {
    for (const state of [active, latched, snoozed(false), closed]) {
      expect(apply(state, { type: 'comment' })).toEqual({ ok: true, state, transition: 'neutralComment' });
    }
  });

  it('a closed alarm refuses acknowledge and snooze', () => {
    expect(nextAlarmState(closed, { type: 'acknowledge' }, plain)).toEqual({
      ok: false,
      error: 'alarm.already_acknowledged',
    });
    expect(nextAlarmState(closed, { type: 'snooze', until: 1 }, plain)).toEqual({
      ok: false,
      error: 'alarm.already_acknowledged',
    });
  });

  it('only a snoozed alarm can have its snooze end', () => {
    expect(nextAlarmState(active, { type: 'snoozeEnded' }, plain)).toEqual({ ok: false, error: 'alarm.not_snoozed' });
  });

  it('a repeated device input is not a transition', () => {
    expect(apply(active, { type: 'conditionRaised' })).toEqual({ ok: true, state: active, transition: null });
    expect(apply(latched, { type: 'conditionCleared' })).toEqual({ ok: true, state: latched, transition: null });
  });

  it('offers acknowledge and snooze only on open alarms', () => {
    expect(alarmActionsOf('active')).toEqual({ acknowledge: true, snooze: true, comment: true });
    expect(alarmActionsOf('acknowledged')).toEqual({ acknowledge: false, snooze: false, comment: true });
  });
});

const anyInput: fc.Arbitrary<AlarmInput> = fc.oneof(
  fc.constant({ type: 'conditionRaised' as const }),
  fc.constant({ type: 'conditionCleared' as const }),
  fc.integer({ min: 1, max: 10_000 }).map((until) => ({ type: 'snooze' as const, until })),
  fc.constant({ type: 'snoozeEnded' as const }),
  fc.constant({ type: 'acknowledge' as const }),
  fc.constant({ type: 'forceAcknowledge' as const }),
  fc.constant({ type: 'comment' as const }),
);
const anyOptions = fc.record({ autoAcknowledgeLatchedWhileSnoozed: fc.boolean() });

describe('alarm state machine properties', () => {
  it('no sequence of inputs reaches an undefined state', () => {
    fc.assert(
      fc.property(fc.array(anyInput, { maxLength: 60 }), anyOptions, (inputs, options) => {
        let state = RAISED.state;
        for (const input of inputs) {
          const result = nextAlarmState(state, input, options);
          if (!result.ok) {
            expect(['alarm.already_acknowledged', 'alarm.not_snoozed']).toContain(result.error);
            continue;
          }
          state = result.state;
          expect(ALARM_STATUSES).toContain(state.status);
          if (result.transition !== null) expect(ALARM_TRANSITIONS).toContain(result.transition);
          // A snooze time exactly when snoozed; active only with its condition present, latched only without.
          expect(state.snoozedUntil !== null).toBe(state.status === 'snoozed');
          if (state.status === 'active') expect(state.conditionActive).toBe(true);
          if (state.status === 'latched') expect(state.conditionActive).toBe(false);
        }
      }),
    );
  });

  it('acknowledged is final: nothing reopens a closed alarm', () => {
    fc.assert(
      fc.property(fc.array(anyInput, { maxLength: 30 }), anyOptions, fc.boolean(), (inputs, options, condition) => {
        let state: AlarmState = { status: 'acknowledged', conditionActive: condition, snoozedUntil: null };
        for (const input of inputs) {
          const result = nextAlarmState(state, input, options);
          if (result.ok) state = result.state;
          expect(state.status).toBe('acknowledged');
        }
      }),
    );
  });

  it('the condition the alarm remembers is always the last one the device reported', () => {
    fc.assert(
      fc.property(fc.array(anyInput, { maxLength: 60 }), anyOptions, (inputs, options) => {
        let state = RAISED.state;
        let condition = true;
        for (const input of inputs) {
          if (input.type === 'conditionRaised') condition = true;
          if (input.type === 'conditionCleared') condition = false;
          const result = nextAlarmState(state, input, options);
          if (result.ok) state = result.state;
          expect(state.conditionActive).toBe(condition);
        }
      }),
    );
  });
});
