import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateIntegrationRequest,
  hasRank,
  type Integration,
  type UpdateIntegrationRequest,
  type z,
} from '@iot/shared';
import { AppError } from '../../http/app-error.js';
import type { BusinessesRepo } from '../businesses/repo.js';
import type { UserRow } from '../users/present.js';
import { hashToken, type IntegrationRow, type IntegrationsRepo } from './repo.js';

/** Who may see and change a business's integrations: its tokens let a network write its devices' data. */
const MANAGE_ROLE = 'admin';

export function presentIntegration(row: IntegrationRow): Integration {
  return {
    id: row.id,
    businessId: row.businessId,
    network: row.network,
    name: row.name,
    tokenHint: row.tokenHint,
    serverUrl: row.serverUrl,
    hasServerKey: row.serverKey !== null,
    application: row.application,
    createdAt: row.createdAt,
    version: row.version,
  };
}

export function createIntegrationsService({
  integrationsRepo,
  businessesRepo,
}: {
  integrationsRepo: IntegrationsRepo;
  businessesRepo: BusinessesRepo;
}) {
  /** The business, when the caller administers it; another tenant's is not found. */
  async function managedBusiness(user: UserRow, businessId: string) {
    const business = await businessesRepo.findReachable(user, businessId);
    if (!business) throw new AppError('not_found');
    if (!hasRank(business.role, MANAGE_ROLE)) throw new AppError('forbidden');
    return business;
  }

  async function managedIntegration(user: UserRow, id: string) {
    const integration = await integrationsRepo.findById(id);
    if (!integration) throw new AppError('not_found');
    await managedBusiness(user, integration.businessId);
    return integration;
  }

  return {
    async list(user: UserRow, businessId: string) {
      await managedBusiness(user, businessId);
      return { integrations: (await integrationsRepo.ofBusiness(businessId)).map(presentIntegration) };
    },

    /** A new integration and its token, which is shown this once and kept only as a hash. */
    async create(user: UserRow, businessId: string, request: z.infer<typeof CreateIntegrationRequest>) {
      await managedBusiness(user, businessId);
      const token = `itg_${randomBytes(32).toString('base64url')}`;
      const row = await integrationsRepo.insert({
        id: randomUUID(),
        businessId,
        network: request.network,
        name: request.name,
        tokenHash: hashToken(token),
        tokenHint: token.slice(0, 10),
        serverUrl: request.serverUrl?.replace(/\/+$/, '') ?? null,
        serverKey: request.serverKey ?? null,
        application: request.application ?? null,
        createdAt: Date.now(),
        version: 1,
      });
      return { integration: presentIntegration(row), token };
    },

    /** A key left out keeps the stored one; null removes it. */
    async update(user: UserRow, id: string, request: z.infer<typeof UpdateIntegrationRequest>) {
      const existing = await managedIntegration(user, id);
      const saved = await integrationsRepo.update(id, request.version, {
        name: request.name,
        serverUrl:
          request.serverUrl === undefined ? existing.serverUrl : (request.serverUrl?.replace(/\/+$/, '') ?? null),
        serverKey: request.serverKey === undefined ? existing.serverKey : request.serverKey,
        application: request.application === undefined ? existing.application : request.application,
      });
      if (!saved) throw new AppError('conflict');
      return presentIntegration(saved);
    },

    async delete(user: UserRow, id: string) {
      await managedIntegration(user, id);
      await integrationsRepo.delete(id);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
