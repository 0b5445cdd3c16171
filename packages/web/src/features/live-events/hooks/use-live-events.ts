import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18n } from '@/i18n';
import { followLiveEvents } from '../api/live-events-stream';
import { createLiveEventCache } from '../lib/apply-live-event';

/**
 * One live events stream for the signed-in session: opened while `signedIn` holds (the authenticated layout passes
 * whether a user is signed in), closed on sign-out or when the layout goes.
 */
export function useLiveEvents(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const stop = new AbortController();
    void followLiveEvents(createLiveEventCache(queryClient, i18n.t), stop.signal);
    return () => stop.abort();
  }, [signedIn, queryClient]);
}
