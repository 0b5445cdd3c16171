import type { CreateSignalRequest, Signal, UpdateSignalRequest } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { getDeviceTypesQueryOptions } from '@/features/devices/api/get-device-types';
import { SIGNALS_KEY } from './get-signals';

const signalPath = (action: 'lock' | 'unlock' | 'sync', uuid: string) =>
  `/signals/${action}/${encodeURIComponent(uuid)}`;

export const createSignal = (body: CreateSignalRequest) => api.post<Signal>('/signals', body);
/** Needs the edit lock held by the caller; a stale `version` answers 409. */
export const updateSignal = (body: UpdateSignalRequest) => api.put<Signal>('/signals', body);
export const deleteSignal = (uuid: string) => api.delete<unknown>(`/signals/${encodeURIComponent(uuid)}`);
export const lockSignal = (uuid: string) => api.put<Signal>(signalPath('lock', uuid));
export const unlockSignal = (uuid: string) => api.put<Signal>(signalPath('unlock', uuid));
/** Re-reads the definition of the signal's key from the device-type codecs. */
export const syncSignal = (uuid: string) => api.put<Signal>(signalPath('sync', uuid));

/**
 * Every change refreshes the catalogue (and the histories), and the device types, whose signals show in device lists
 * as the catalogue says. The page reports failures itself: a lock held by someone else, a conflict and a taken key
 * each have their own text, which the generic snackbar would not give.
 */
function useSignalMutation<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { errorSnackbar: false },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SIGNALS_KEY }),
        queryClient.invalidateQueries({ queryKey: getDeviceTypesQueryOptions().queryKey }),
      ]),
  });
}

export const useCreateSignal = () => useSignalMutation(createSignal);
export const useUpdateSignal = () => useSignalMutation(updateSignal);
export const useDeleteSignal = () => useSignalMutation(deleteSignal);
export const useLockSignal = () => useSignalMutation(lockSignal);
export const useUnlockSignal = () => useSignalMutation(unlockSignal);
export const useSyncSignal = () => useSignalMutation(syncSignal);
