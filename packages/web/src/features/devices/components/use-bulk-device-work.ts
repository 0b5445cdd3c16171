import type { BulkDeviceResponse } from '@iot/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { deleteDevice, moveDevices, useRefreshDevices } from '../api/change-devices';

type BulkResult = BulkDeviceResponse['results'][number];

export interface BulkWork {
  kind: 'move' | 'delete';
  total: number;
  done: number;
  /** Set once every device was tried. */
  results?: BulkResult[];
}

/** A move goes to the server this many devices a call, so the progress bar moves on a long selection. */
const MOVE_BATCH = 100;
/** Deletes are one call per device; this many run at once. */
const DELETE_PARALLEL = 4;

/**
 * Moves or deletes many devices with a progress count, keeping every device's answer: the dialog lists afterwards
 * those not done, with the reason (SPEC 8). A call that fails as a whole counts against each device it carried.
 */
export function useBulkDeviceWork() {
  const { t } = useTranslation();
  const refresh = useRefreshDevices();
  const [work, setWork] = useState<BulkWork | null>(null);

  const failedAll = (devices: string[], error: unknown): BulkResult[] =>
    devices.map((device) => ({ device, ok: false, message: errorMessage(t, error) }));

  async function run(kind: BulkWork['kind'], devices: string[], step: (rest: string[]) => Promise<BulkResult[]>) {
    const results: BulkResult[] = [];
    setWork({ kind, total: devices.length, done: 0 });
    let next = 0;
    while (next < devices.length) {
      const batch = devices.slice(next, next + (kind === 'move' ? MOVE_BATCH : DELETE_PARALLEL));
      next += batch.length;
      results.push(...(await step(batch).catch((error: unknown) => failedAll(batch, error))));
      setWork({ kind, total: devices.length, done: results.length });
    }
    setWork({ kind, total: devices.length, done: results.length, results });
    await refresh();
  }

  return {
    work,
    move: (devices: string[], businessId: string) =>
      run('move', devices, async (batch) => (await moveDevices({ devices: batch, businessId })).results),
    delete: (devices: string[]) =>
      run('delete', devices, (batch) =>
        Promise.all(
          batch.map((device) =>
            deleteDevice(device).then(
              (): BulkResult => ({ device, ok: true }),
              (error: unknown) => failedAll([device], error)[0] as BulkResult,
            ),
          ),
        ),
      ),
    close: () => setWork(null),
  };
}
