import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isJourneyOpen,
  JOURNEY_ACTIONS,
  JOURNEY_CREATED,
  JOURNEY_STATES,
  type JourneyAction,
  type JourneyState,
  journeyActionsOf,
  nextJourneyState,
} from './journeys.js';

function apply(state: JourneyState, action: JourneyAction) {
  const result = nextJourneyState(state, action);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('journey transitions', () => {
  it('a new journey runs, and its history starts with created', () => {
    expect(JOURNEY_CREATED).toEqual({ state: 'running', transition: 'created' });
  });

  it('pause: a running journey is paused; restart: a paused one runs again', () => {
    expect(apply('running', 'pause')).toEqual({ ok: true, state: 'paused', transition: 'paused' });
    expect(apply('paused', 'restart')).toEqual({ ok: true, state: 'running', transition: 'restarted' });
  });

  it('finalize and cancel close a running or a paused journey', () => {
    for (const state of ['running', 'paused'] as const) {
      expect(apply(state, 'finalize')).toEqual({ ok: true, state: 'finished', transition: 'finished' });
      expect(apply(state, 'cancel')).toEqual({ ok: true, state: 'cancelled', transition: 'cancelled' });
    }
  });

  it('a comment applies in every state and changes none', () => {
    for (const state of JOURNEY_STATES)
      expect(apply(state, 'comment')).toEqual({ ok: true, state, transition: 'comment' });
  });

  it('refuses with its reason: pausing what does not run, restarting what is not paused, acting on a closed one', () => {
    expect(nextJourneyState('paused', 'pause')).toEqual({ ok: false, error: 'journey.not_running' });
    expect(nextJourneyState('running', 'restart')).toEqual({ ok: false, error: 'journey.not_paused' });
    for (const state of ['finished', 'cancelled'] as const)
      for (const action of ['pause', 'restart', 'finalize', 'cancel'] as const)
        expect(nextJourneyState(state, action)).toEqual({ ok: false, error: 'journey.closed' });
  });

  it('offers as buttons exactly the actions the machine takes', () => {
    expect(journeyActionsOf('running')).toEqual({
      comment: true,
      pause: true,
      restart: false,
      finalize: true,
      cancel: true,
    });
    expect(journeyActionsOf('paused')).toEqual({
      comment: true,
      pause: false,
      restart: true,
      finalize: true,
      cancel: true,
    });
    for (const state of ['finished', 'cancelled'] as const)
      expect(journeyActionsOf(state)).toEqual({
        comment: true,
        pause: false,
        restart: false,
        finalize: false,
        cancel: false,
      });
  });
});

const anyAction = fc.constantFrom(...JOURNEY_ACTIONS);

/** A journey's life: the actions taken from its creation, with the steps the machine made of them. */
function run(actions: readonly JourneyAction[]) {
  let state: JourneyState = JOURNEY_CREATED.state;
  const steps = [];
  for (const action of actions) {
    const step = nextJourneyState(state, action);
    steps.push({ from: state, action, step });
    if (step.ok) state = step.state;
  }
  return { state, steps };
}

describe('journey state machine properties', () => {
  it('a closed journey stays closed whatever follows, and takes nothing but comments', () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 60 }), (actions) => {
        let closedAt: JourneyState | null = null;
        for (const { from, action, step } of run(actions).steps) {
          if (closedAt) {
            expect(from).toBe(closedAt);
            expect(step.ok).toBe(action === 'comment');
          }
          if (step.ok && !isJourneyOpen(step.state)) closedAt = step.state;
        }
      }),
    );
  });

  it('a refused action leaves the state as it was, and the buttons offer exactly what is accepted', () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 60 }), (actions) => {
        for (const { from, action, step } of run(actions).steps) {
          expect(journeyActionsOf(from)[action]).toBe(step.ok);
          if (step.ok && action === 'comment') expect(step.state).toBe(from);
        }
      }),
    );
  });

  it('only finalize ends in finished and only cancel in cancelled; pause and restart alternate', () => {
    fc.assert(
      fc.property(fc.array(anyAction, { maxLength: 60 }), (actions) => {
        let lastTaken: 'paused' | 'restarted' | null = null;
        for (const { from, action, step } of run(actions).steps) {
          if (!step.ok) continue;
          if (step.state !== from) {
            expect(step.state === 'finished').toBe(action === 'finalize');
            expect(step.state === 'cancelled').toBe(action === 'cancel');
          }
          if (step.transition === 'paused' || step.transition === 'restarted') {
            expect(step.transition).not.toBe(lastTaken);
            if (lastTaken === null) expect(step.transition).toBe('paused');
            lastTaken = step.transition;
          }
        }
      }),
    );
  });
});
