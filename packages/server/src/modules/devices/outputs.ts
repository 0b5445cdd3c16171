/**
 * An output of a device (a relay, a valve) as `devices.outputs` stores it, times in epoch ms: the value last asked
 * for, when it changed, when it went to the device and when the device confirmed it (SPEC 4).
 */
export interface StoredOutput {
  key: string;
  name: string;
  value: boolean;
  lastChange: number | null;
  lastSent: number | null;
  lastConfirmed: number | null;
}

/** The outputs of a device's `outputs` column; a value that is not a list is no outputs. */
export function parseOutputs(json: string): StoredOutput[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as StoredOutput[]) : [];
}

/** Changed by a user and not sent to the device since. */
export const isUnsent = (output: StoredOutput) =>
  output.lastChange !== null && (output.lastSent === null || output.lastSent < output.lastChange);

/** Sent since its last change and not confirmed since it was sent. */
export const awaitsConfirmation = (
  output: StoredOutput,
): output is StoredOutput & { lastSent: number; lastChange: number } =>
  output.lastSent !== null &&
  output.lastChange !== null &&
  output.lastSent >= output.lastChange &&
  (output.lastConfirmed === null || output.lastConfirmed < output.lastSent);
