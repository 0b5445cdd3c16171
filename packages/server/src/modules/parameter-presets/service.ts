import { randomUUID } from 'node:crypto';
import {
  type BusinessRole,
  type CreateParameterPresetRequest,
  checkParameters,
  findDeviceType,
  hasRank,
  idsOnPath,
  type Message,
  messageOf,
  type ParameterPresetListQuery,
  type ParameterProfile,
  type Role,
  type UpdateParameterPresetRequest,
} from '@iot/shared';
import type { Transaction } from 'kysely';
import type { Database, DatabaseSchema } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { BusinessesRepo } from '../businesses/repo.js';
import type { UserRow } from '../users/present.js';
import type { ParameterPresetsRepo, ScopedParameterPresetRow } from './repo.js';

/** Reading a preset follows reach (as for devices); adding, changing and removing one needs `admin` on its business. */
const MANAGE_ROLE: BusinessRole = 'admin';

/**
 * The checked values of `profile` for the device type `model` (defaults filled in), or 400 with a message per
 * parameter at fault (`profile.<key>`), naming the allowed range where there is one.
 */
function checkedProfile(model: string, profile: ParameterProfile): ParameterProfile {
  const deviceType = findDeviceType(model);
  if (!deviceType) throw new AppError('preset.unknown_model', { model }, { model: 'validation.invalid' });
  if (deviceType.parameters.length === 0)
    throw new AppError('preset.model_not_configurable', { model: deviceType.name }, { model: 'validation.invalid' });
  const checked = checkParameters(deviceType.parameters, profile);
  if (checked.ok) return checked.values;
  const fields: Record<string, Message> = {};
  for (const error of checked.errors) fields[`profile.${error.parameter}`] = messageOf(error.code, error.params);
  throw new AppError('validation.failed', {}, fields);
}

/**
 * Parameter presets (SPEC section 3): named parameter values of one device type, owned by a business and seen by
 * those who reach it and by the levels below it (who apply it to their devices but cannot change it); any other
 * preset is `not_found`.
 */
export function createParameterPresetsService({
  db,
  parameterPresetsRepo,
  businessesRepo,
  now = Date.now,
}: {
  db: Database;
  parameterPresetsRepo: ParameterPresetsRepo;
  businessesRepo: BusinessesRepo;
  now?: () => number;
}) {
  async function reachablePreset(user: UserRow, uuid: string, trx?: Transaction<DatabaseSchema>) {
    const preset = await parameterPresetsRepo.findReachable(user, uuid, trx);
    if (!preset) throw new AppError('not_found');
    return preset;
  }

  async function reachableBusiness(user: UserRow, id: string, trx?: Transaction<DatabaseSchema>) {
    const business = await businessesRepo.findReachable(user, id, trx);
    if (!business) throw new AppError('not_found');
    return business;
  }

  function assertRole(role: Role, needed: BusinessRole) {
    if (!hasRank(role, needed)) throw new AppError('forbidden');
  }

  return {
    /** With `businessId`: the presets of that business and of its ancestors, which the caller sees. */
    async list(user: UserRow, query: ParameterPresetListQuery): Promise<ScopedParameterPresetRow[]> {
      const businessIds = query.businessId
        ? idsOnPath((await reachableBusiness(user, query.businessId)).path)
        : undefined;
      return parameterPresetsRepo.listReachable(user, {
        ...(businessIds ? { businessIds } : {}),
        ...(query.model ? { model: query.model } : {}),
      });
    },

    get: reachablePreset,

    async create(user: UserRow, request: CreateParameterPresetRequest): Promise<ScopedParameterPresetRow> {
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        const business = await reachableBusiness(user, request.businessId, trx);
        assertRole(business.role, MANAGE_ROLE);
        const profile = checkedProfile(request.model, request.profile);
        const time = now();
        await parameterPresetsRepo.insert(
          {
            id,
            businessId: business.id,
            businessPath: business.path,
            name: request.name,
            description: request.description,
            model: request.model,
            profile: JSON.stringify(profile),
            createdAt: time,
            updatedAt: time,
            version: 1,
          },
          trx,
        );
      });
      return reachablePreset(user, id);
    },

    /** The fields sent replace the stored ones over the `version` read; the profile is checked for the model. */
    async update(
      user: UserRow,
      uuid: string,
      request: UpdateParameterPresetRequest,
    ): Promise<ScopedParameterPresetRow> {
      await db.transaction().execute(async (trx) => {
        const preset = await reachablePreset(user, uuid, trx);
        assertRole(preset.role, MANAGE_ROLE);
        const model = request.model ?? preset.model;
        const profile =
          request.profile !== undefined || request.model !== undefined
            ? JSON.stringify(checkedProfile(model, request.profile ?? (JSON.parse(preset.profile) as ParameterProfile)))
            : undefined;
        const updated = await parameterPresetsRepo.updateIfVersion(
          preset.id,
          request.version,
          {
            ...(request.name !== undefined ? { name: request.name } : {}),
            ...(request.description !== undefined ? { description: request.description } : {}),
            ...(profile !== undefined ? { model, profile } : {}),
            updatedAt: now(),
          },
          trx,
        );
        if (!updated) throw new AppError('conflict');
      });
      return reachablePreset(user, uuid);
    },

    async delete(user: UserRow, uuid: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const preset = await reachablePreset(user, uuid, trx);
        assertRole(preset.role, MANAGE_ROLE);
        await parameterPresetsRepo.delete(preset.id, trx);
      });
    },
  };
}

export type ParameterPresetsService = ReturnType<typeof createParameterPresetsService>;
