export type SnackbarSeverity = 'success' | 'error' | 'warning' | 'info' | 'default';

/** SPEC sections 8 and 9: errors stay 10 s, successes 5 s, anything else the default 5 s. */
export const SNACKBAR_DURATION_MS = { error: 10_000, success: 5_000, default: 5_000 } as const;

export function snackbarDuration(severity: SnackbarSeverity): number {
  if (severity === 'error') return SNACKBAR_DURATION_MS.error;
  if (severity === 'success') return SNACKBAR_DURATION_MS.success;
  return SNACKBAR_DURATION_MS.default;
}

export interface SnackbarMessage {
  id: number;
  text: string;
  severity: SnackbarSeverity;
  durationMs: number;
}

type Listener = () => void;

/**
 * The queue of snackbars: one shows at a time, in order. A text already showing or waiting is not queued again, so
 * ten failing calls with the same cause make one message. Lives outside React so the query cache can report to it.
 */
export function createSnackbarStore() {
  let queue: readonly SnackbarMessage[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  return {
    show(text: string, severity: SnackbarSeverity = 'default'): number | undefined {
      if (queue.some((message) => message.text === text && message.severity === severity)) return undefined;
      const message = { id: nextId++, text, severity, durationMs: snackbarDuration(severity) };
      queue = [...queue, message];
      emit();
      return message.id;
    },
    dismiss(id: number) {
      const next = queue.filter((message) => message.id !== id);
      if (next.length === queue.length) return;
      queue = next;
      emit();
    },
    /** The message on screen, if any. */
    current(): SnackbarMessage | undefined {
      return queue[0];
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type SnackbarStore = ReturnType<typeof createSnackbarStore>;
