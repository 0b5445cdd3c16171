import type { BulkDeviceResponse } from '@iot/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { applyParameterPreset } from '../api/apply-parameter-preset';
import { deleteDevice, moveDevices, useRefreshDevices } from '../api/change-devices';

type BulkResult = BulkDeviceResponse['results'][number];

export interface BulkWork {
  kind: 'move' | 'delete' | 'configure';
  total: number;
  done: number;
  /** Set once every device was tried. */
  results?: BulkResult[];
}

/** Moves and configurations go to the server this many devices a call, so the progress moves on a long selection. */
const BATCH = 100;
/** The most devices one move call takes: a selection is checked whole in as few calls as that allows. */
const MOVE_CHECK_BATCH = 10_000;
/** Deletes are one call per device; this many run at once. */
const DELETE_PARALLEL = 4;

/**
 * Moves, deletes or configures (gives a parameter preset to) many devices with a progress count, keeping every
 * device's answer: the dialog lists afterwards those not done, with the reason (SPEC 8: the group configuration's
 * devices not configured). A call that fails as a whole counts against each device it carried.
 */
export function useBulkDeviceWork() {
  const { t } = useTranslation();
  const refresh = useRefreshDevices();
  const [work, setWork] = useState<BulkWork | null>(null);

  const failedAll = (devices: string[], error: unknown): BulkResult[] =>
    devices.map((device) => ({ device, ok: false, message: errorMessage(t, error) }));

  /**
   * SPEC 5: a move is refused when any device is on a level the caller does not administer. The server refuses such a
   * call whole; the selection goes in several calls, so it is first checked whole (a dry run, moving nothing) and
   * moves only when no device is denied. Answers the refusals when some are: each device with its own reason, or as
   * held back by the others.
   */
  async function moveRefusals(devices: string[], businessId: string): Promise<BulkResult[] | null> {
    const checked: BulkResult[] = [];
    for (let next = 0; next < devices.length; next += MOVE_CHECK_BATCH) {
      const batch = devices.slice(next, next + MOVE_CHECK_BATCH);
      checked.push(...(await moveDevices({ devices: batch, businessId, dryRun: true })).results);
    }
    if (!checked.some((result) => result.code === 'device.level_denied')) return null;
    return checked.map((result) =>
      result.ok ? { device: result.device, ok: false, message: t('device.move_held_back') } : result,
    );
  }

  async function run(kind: BulkWork['kind'], devices: string[], step: (rest: string[]) => Promise<BulkResult[]>) {
    const results: BulkResult[] = [];
    setWork({ kind, total: devices.length, done: 0 });
    let next = 0;
    while (next < devices.length) {
      const batch = devices.slice(next, next + (kind === 'delete' ? DELETE_PARALLEL : BATCH));
      next += batch.length;
      results.push(...(await step(batch).catch((error: unknown) => failedAll(batch, error))));
      setWork({ kind, total: devices.length, done: results.length });
    }
    setWork({ kind, total: devices.length, done: results.length, results });
    await refresh();
  }

  return {
    work,
    async move(devices: string[], businessId: string) {
      setWork({ kind: 'move', total: devices.length, done: 0 });
      const refusals = await moveRefusals(devices, businessId).catch((error: unknown) => failedAll(devices, error));
      if (refusals) {
        setWork({ kind: 'move', total: devices.length, done: devices.length, results: refusals });
        return;
      }
      await run('move', devices, async (batch) => (await moveDevices({ devices: batch, businessId })).results);
    },
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
    configure: (devices: string[], presetId: string) =>
      run('configure', devices, async (batch) => (await applyParameterPreset({ devices: batch, presetId })).results),
    close: () => setWork(null),
  };
}
