import {
  BusinessParams,
  Contract,
  ContractByTypeQuery,
  ContractDeleteQuery,
  ContractListQuery,
  ContractLogPage,
  ContractLogQuery,
  ContractPage,
  ContractParams,
  ContractPatchParams,
  ContractTypeParams,
  CreateContractRequest,
  LevelContracts,
  UpdateContractRequest,
  z,
} from '@iot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../http/authenticate.js';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/error-responses.js';
import type { AuthService } from '../auth/service.js';
import type { ContractsService } from './service.js';

const tags = ['contracts'];

/**
 * Contracts (SPEC sections 3, 4 and 9): provider staff sell and edit them; customers read those of the levels they
 * reach and those governing their levels (anything else is 404); customer admins change their sublevels' credit
 * limits. `GET /contracts/pfs` (a level's plan) lives in the plans module.
 */
export const contractsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; contracts: ContractsService }> = async (
  app,
  { auth, contracts },
) => {
  const onRequest = requireSession(auth);

  app.get(
    '/contracts',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'A page of the contracts of the levels the caller reaches (every one for provider staff) by name (keyset ' +
          'paging), filtered by search on the name, level, type, stored state and expiry within days',
        querystring: ContractListQuery,
        response: { 200: ContractPage, ...READ_ERRORS },
      },
    },
    async (request) => contracts.list(sessionOf(request).user, request.query),
  );

  app.get(
    '/contracts/by-type/:type',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The contract of a type governing a level the caller reaches: held by its nearest ancestor-or-self, ' +
          'reaching it, bought and not expired (404 when none)',
        params: ContractTypeParams,
        querystring: ContractByTypeQuery,
        response: { 200: Contract, ...READ_ERRORS },
      },
    },
    async (request) => contracts.byType(sessionOf(request).user, request.params.type, request.query.businessId),
  );

  app.get(
    '/contracts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "A contract of a level the caller reaches, or governing one (named then by the caller's level when its " +
          'holder is out of reach), with its features, credits, tokens and state now',
        params: ContractParams,
        response: { 200: Contract, ...READ_ERRORS },
      },
    },
    async (request) => contracts.get(sessionOf(request).user, request.params.id),
  );

  app.get(
    '/contracts/:id/logs',
    {
      onRequest,
      schema: {
        tags,
        summary: "A readable contract's log, newest first (keyset paging), with who did each event",
        params: ContractParams,
        querystring: ContractLogQuery,
        response: { 200: ContractLogPage, ...READ_ERRORS },
      },
    },
    async (request) => contracts.logs(sessionOf(request).user, request.params.id, request.query),
  );

  app.get(
    '/customer-business/:id/contracts',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'The contract governing a level the caller reaches (null: the default plan) and the contracts held by the ' +
          'level and the sublevels the caller reaches',
        params: BusinessParams,
        response: { 200: LevelContracts, ...READ_ERRORS },
      },
    },
    async (request) => contracts.ofLevel(sessionOf(request).user, request.params.id),
  );

  app.post(
    '/contracts',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Provider staff: a new contract of a level, bought now or pending; its credits may be carved from a ' +
          'contract of a level above (never more than that one has left: `contract.carve_exceeds_left`)',
        body: CreateContractRequest,
        response: { 201: Contract, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => reply.status(201).send(await contracts.create(sessionOf(request).user, request.body)),
  );

  app.patch(
    '/contracts/:contractId',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Edit a contract over the `version` read (409 when stale): provider staff anything, a purchase included; ' +
          'an admin of a level above, on a contract marked user-changeable, only its credit limits (else 403)',
        params: ContractPatchParams,
        body: UpdateContractRequest,
        response: { 200: Contract, ...WRITE_ERRORS },
      },
    },
    async (request) => contracts.update(sessionOf(request).user, request.params.contractId, request.body),
  );

  app.delete(
    '/contracts/:id',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Provider staff: delete a contract over the `version` read; refused while contracts carved from it exist ' +
          '(`contract.has_carved`); a carved one gives what it did not spend back',
        params: ContractParams,
        querystring: ContractDeleteQuery,
        response: { 204: z.null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await contracts.delete(sessionOf(request).user, request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );
};
