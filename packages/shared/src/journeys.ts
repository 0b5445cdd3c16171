/**
 * The journey state machine (SPEC sections 4 and 8), the one place its rules live: the server applies it to every
 * action on a journey, the web app asks it which buttons a journey offers.
 *
 * A journey is created running: its device's positions extend its track, legs and stops. Paused, positions are not
 * counted until it is restarted. Finished (finalized) or cancelled, it is closed for good: its summary and track are
 * kept as they were, and its device may join a new journey. A comment may be added in any state.
 */

export const JOURNEY_STATES = ['running', 'paused', 'finished', 'cancelled'] as const;
export type JourneyState = (typeof JOURNEY_STATES)[number];

export const JOURNEY_TRANSITIONS = ['created', 'paused', 'restarted', 'finished', 'cancelled', 'comment'] as const;
export type JourneyTransition = (typeof JOURNEY_TRANSITIONS)[number];

export const JOURNEY_ACTIONS = ['comment', 'pause', 'restart', 'finalize', 'cancel'] as const;
export type JourneyAction = (typeof JOURNEY_ACTIONS)[number];

/** A journey that still holds its device: the device cannot join another ("device already in a journey"). */
export const OPEN_JOURNEY_STATES: readonly JourneyState[] = ['running', 'paused'];

export const isJourneyOpen = (state: JourneyState) => OPEN_JOURNEY_STATES.includes(state);

/** Why an action does not apply to the journey as it is; each is an error code with its message. */
export type JourneyRefusal = 'journey.not_running' | 'journey.not_paused' | 'journey.closed';

export type JourneyStep =
  | { ok: true; state: JourneyState; transition: JourneyTransition }
  | { ok: false; error: JourneyRefusal };

/** The state a journey starts in, and the transition its history starts with. */
export const JOURNEY_CREATED = { state: 'running', transition: 'created' } as const satisfies {
  state: JourneyState;
  transition: JourneyTransition;
};

const step = (state: JourneyState, transition: JourneyTransition): JourneyStep => ({ ok: true, state, transition });

/** The next state of a journey after an action, or why the action is refused. */
export function nextJourneyState(state: JourneyState, action: JourneyAction): JourneyStep {
  if (action === 'comment') return step(state, 'comment');
  if (!isJourneyOpen(state)) return { ok: false, error: 'journey.closed' };
  switch (action) {
    case 'pause':
      return state === 'running' ? step('paused', 'paused') : { ok: false, error: 'journey.not_running' };
    case 'restart':
      return state === 'paused' ? step('running', 'restarted') : { ok: false, error: 'journey.not_paused' };
    case 'finalize':
      return step('finished', 'finished');
    case 'cancel':
      return step('cancelled', 'cancelled');
  }
}

/** What a user may do to a journey in this state: the buttons its page offers. */
export function journeyActionsOf(state: JourneyState): Record<JourneyAction, boolean> {
  return Object.fromEntries(JOURNEY_ACTIONS.map((action) => [action, nextJourneyState(state, action).ok])) as Record<
    JourneyAction,
    boolean
  >;
}
