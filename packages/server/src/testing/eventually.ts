/** Asks until `answer` gives `expected` (a change another process wrote is heard a moment after it commits). */
export async function eventually<T>(answer: () => Promise<T>, expected: T, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last = await answer();
  while (last !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await answer();
  }
  return last;
}
