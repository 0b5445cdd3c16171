import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@iot/shared';

/** An event with the path of the business it is about, so each listener can keep only what its user may see. */
export interface LiveEventEnvelope {
  businessPath: string;
  event: LiveEvent;
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;

/**
 * The events of this process, fanned out to every open stream. One process holds its own streams; with several
 * server processes each would relay the others' events (PostgreSQL LISTEN/NOTIFY, ARCHITECTURE.md "Scale").
 */
export function createLiveEvents() {
  const emitter = new EventEmitter();
  // One listener per open browser stream: there is no leak to warn about.
  emitter.setMaxListeners(0);
  return {
    publish(envelope: LiveEventEnvelope) {
      emitter.emit('event', envelope);
    },
    subscribe(listener: (envelope: LiveEventEnvelope) => void): () => void {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
