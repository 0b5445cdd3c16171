import type { AlarmWithHistory } from '@iot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { alarmKey, alarmPath } from './get-alarm';
import { ALARM_PAGES_KEY } from './get-alarms';

/** What a user does to an alarm, each over the version they saw. */
export type AlarmChange =
  | { kind: 'acknowledge'; id: string; version: number; comment?: string }
  | { kind: 'snooze'; id: string; version: number; minutes: number; comment?: string }
  | { kind: 'comment'; id: string; version: number; comment: string };

export const changeAlarm = ({ kind, id, ...body }: AlarmChange) =>
  api.post<AlarmWithHistory>(`${alarmPath(id)}/${kind}`, body);

/**
 * Acknowledges, snoozes or comments an alarm. The answer is the alarm as it is now, kept for its history; the lists
 * are read again (its status may take it out of a filtered page). The dialog shows failures in place.
 */
export function useChangeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAlarm,
    meta: { errorSnackbar: false },
    onSuccess: (alarm) => {
      queryClient.setQueryData(alarmKey(alarm.id), alarm);
      void queryClient.invalidateQueries({ queryKey: ALARM_PAGES_KEY });
    },
  });
}
