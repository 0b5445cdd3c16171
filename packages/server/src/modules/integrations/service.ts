import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateIntegrationRequest,
  hasRank,
  type Integration,
  type IntegrationHealth,
  type UpdateIntegrationRequest,
  type z,
} from '@iot/shared';
import { AddressNotAllowedError, assertPublicAddress } from '../../adapters/outbound-http/guarded-post.js';
import { AppError } from '../../http/app-error.js';
import type { BusinessesRepo } from '../businesses/repo.js';
import type { UserRow } from '../users/present.js';
import type { IntegrationHealthRecorder } from './health.js';
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
    applicationId: row.application,
    webhookId: row.webhookId,
    createdAt: row.createdAt,
    version: row.version,
  };
}

/** A network server URL as kept: without the slashes that end it. */
const serverUrlOf = (url: string | null | undefined) => url?.replace(/\/+$/, '') ?? null;

export function createIntegrationsService({
  integrationsRepo,
  businessesRepo,
  health,
  allowPrivateAddresses,
}: {
  integrationsRepo: IntegrationsRepo;
  businessesRepo: BusinessesRepo;
  health: IntegrationHealthRecorder;
  /** Lets network servers be on this machine or a private network (tests, closed installations). */
  allowPrivateAddresses: boolean;
}) {
  /**
   * A network server the platform will POST downlinks to, with a key the user chose: only http(s), and never this
   * machine or a private network (the downlink sender checks the address it connects to again).
   */
  async function assertServerUrl(serverUrl: string | null) {
    if (serverUrl === null) return;
    const url = new URL(serverUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AppError('validation.failed', {}, { serverUrl: 'validation.invalid' });
    }
    if (allowPrivateAddresses) return;
    try {
      await assertPublicAddress(url);
    } catch (error) {
      if (error instanceof AddressNotAllowedError) {
        throw new AppError('integration.server_address_not_allowed', { host: error.host });
      }
      throw error;
    }
  }

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
      const rows = await integrationsRepo.ofBusiness(businessId);
      const healthOf = await health.of(rows.map((row) => row.id));
      return {
        integrations: rows.map((row) => ({
          ...presentIntegration(row),
          health: healthOf.get(row.id) as IntegrationHealth,
        })),
      };
    },

    /** A new integration and its token, which is shown this once and kept only as a hash. */
    async create(user: UserRow, businessId: string, request: z.infer<typeof CreateIntegrationRequest>) {
      await managedBusiness(user, businessId);
      const serverUrl = serverUrlOf(request.serverUrl);
      await assertServerUrl(serverUrl);
      const ttn = request.network === 'ttn';
      const token = `itg_${randomBytes(32).toString('base64url')}`;
      const row = await integrationsRepo.insert({
        id: randomUUID(),
        businessId,
        network: request.network,
        name: request.name,
        tokenHash: hashToken(token),
        tokenHint: token.slice(0, 10),
        serverUrl,
        serverKey: request.serverKey ?? null,
        application: ttn ? (request.applicationId ?? null) : null,
        webhookId: ttn ? (request.webhookId ?? null) : null,
        createdAt: Date.now(),
        version: 1,
      });
      return { integration: presentIntegration(row), token };
    },

    /** A key left out keeps the stored one; null removes it. */
    async update(user: UserRow, id: string, request: z.infer<typeof UpdateIntegrationRequest>) {
      const existing = await managedIntegration(user, id);
      const serverUrl = request.serverUrl === undefined ? existing.serverUrl : serverUrlOf(request.serverUrl);
      await assertServerUrl(serverUrl);
      const ttn = existing.network === 'ttn';
      const saved = await integrationsRepo.update(id, request.version, {
        name: request.name,
        serverUrl,
        serverKey: request.serverKey === undefined ? existing.serverKey : request.serverKey,
        application: !ttn ? null : request.applicationId === undefined ? existing.application : request.applicationId,
        webhookId: !ttn ? null : request.webhookId === undefined ? existing.webhookId : request.webhookId,
      });
      if (!saved) throw new AppError('conflict');
      return presentIntegration(saved);
    },

    async delete(user: UserRow, id: string) {
      await managedIntegration(user, id);
      await integrationsRepo.delete(id);
      health.forget(id);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
