import { useSearchParams } from 'react-router';

/** The query parameter that opens the notification dialog (SPEC section 2); links and the bell both use it. */
export const NOTIFICATIONS_PARAM = 'notifications';

/** The notification dialog's open state, kept in the address so a link can open it. */
export function useNotificationsDialog() {
  const [params, setParams] = useSearchParams();
  const set = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(NOTIFICATIONS_PARAM, '');
        else next.delete(NOTIFICATIONS_PARAM);
        return next;
      },
      { replace: true },
    );
  return { open: params.has(NOTIFICATIONS_PARAM), show: () => set(true), close: () => set(false) };
}
