import type { Worker } from 'node:worker_threads';

/** A thread's answer to one call: its result, or the failure it raised. */
export interface ThreadReply {
  id: number;
  result?: unknown;
  error?: { message: string; code: string | undefined; stack: string | undefined };
}

/** A failure in a thread, as raised there: SQLite's code when SQLite failed (`SQLITE_BUSY`), and where. */
export class ThreadError extends Error {
  readonly code: string | undefined;
  constructor({ message, code, stack }: NonNullable<ThreadReply['error']>) {
    super(message);
    this.code = code;
    if (stack) this.stack = stack;
  }
}

/** On the thread: the reply to call `id`, from what answering it returned or raised. */
export async function replyTo(id: number, answer: () => unknown): Promise<ThreadReply> {
  try {
    return { id, result: await answer() };
  } catch (error) {
    const { message, stack, code } = error instanceof Error ? (error as Error & { code?: unknown }) : { message: '' };
    return {
      id,
      error: { message: message || String(error), code: code === undefined ? undefined : String(code), stack },
    };
  }
}

/**
 * Calls to a thread that answers each message `{ id, ...call }` with a `ThreadReply`. The thread keeps the process
 * alive only while a call waits. Every waiting call fails when the thread fails or stops (`name` says which thread).
 * Other messages are the thread's own business (`thread.on('message')`).
 */
export function threadCalls(thread: Worker, name: string) {
  let nextId = 1;
  const waiting = new Map<number, { resolve(result: unknown): void; reject(error: unknown): void }>();
  const failAll = (error: unknown) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  thread.on('message', (message: unknown) => {
    const reply = message as ThreadReply;
    const call = typeof reply?.id === 'number' ? waiting.get(reply.id) : undefined;
    if (!call) return;
    waiting.delete(reply.id);
    if (waiting.size === 0) thread.unref();
    if (reply.error) call.reject(new ThreadError(reply.error));
    else call.resolve(reply.result);
  });
  thread.on('error', failAll);
  thread.on('exit', (code) => failAll(new Error(`${name} stopped (exit code ${code})`)));
  thread.unref();
  return {
    call(message: object): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        if (waiting.size === 0) thread.ref();
        waiting.set(id, { resolve, reject });
        thread.postMessage({ id, ...message });
      });
    },
  };
}
