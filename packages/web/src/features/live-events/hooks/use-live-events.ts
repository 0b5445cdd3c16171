import type { LiveEvent } from '@iot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { i18n } from '@/i18n';
import { followLiveEvents } from '../api/live-events-stream';
import { createLiveEventCache } from '../lib/apply-live-event';

/**
 * One live events stream for the signed-in session: opened while `signedIn` holds (the authenticated layout passes
 * whether a user is signed in), closed on sign-out or when the layout goes. Each event updates the query cache, then
 * goes to `onEvent` (the alarm snackbar, say).
 */
export function useLiveEvents(signedIn: boolean, onEvent?: (event: LiveEvent) => void) {
  const queryClient = useQueryClient();
  // The latest listener, without opening the stream again when it changes.
  const listener = useRef(onEvent);
  listener.current = onEvent;
  useEffect(() => {
    if (!signedIn) return;
    const stop = new AbortController();
    const applyToCache = createLiveEventCache(queryClient, i18n.t);
    void followLiveEvents((event) => {
      applyToCache(event);
      listener.current?.(event);
    }, stop.signal);
    return () => stop.abort();
  }, [signedIn, queryClient]);
}
