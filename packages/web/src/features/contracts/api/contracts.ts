import type {
  Contract,
  ContractLogPage,
  ContractPage,
  ContractState,
  ContractType,
  CreateContractRequest,
  LevelContracts,
  UpdateContractRequest,
  z,
} from '@iot/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/api/client';

/** Every contracts query (list, contract, log, a level's) lives under this key: a change refreshes them all. */
export const CONTRACTS_KEY = ['contracts'] as const;
/** The plan cache's key (`lib/plan`): a contract's change may change the plan of every level it reaches. */
const PLAN_KEY = ['plan'] as const;

export const CONTRACT_PAGE_SIZE = 50;
export const CONTRACT_LOG_PAGE_SIZE = 25;

const contractPath = (contractId: string) => `/contracts/${encodeURIComponent(contractId)}`;

/** The list's filters: a name search, a type, a notification state, and expiring within so many days. */
export interface ContractFilter {
  search: string;
  type: ContractType | null;
  state: ContractState | null;
  expiringWithinDays: number | null;
}

export const getContracts = (filter: ContractFilter, query: { cursor?: string; limit: number }, signal?: AbortSignal) =>
  api.get<ContractPage>('/contracts', {
    query: {
      search: filter.search.trim() || undefined,
      type: filter.type ?? undefined,
      state: filter.state ?? undefined,
      expiringWithinDays: filter.expiringWithinDays ?? undefined,
      ...query,
    },
    signal,
  });

export const getContractPagesQueryOptions = (filter: ContractFilter) =>
  infiniteQueryOptions({
    queryKey: [...CONTRACTS_KEY, 'list', filter],
    queryFn: ({ pageParam, signal }) => getContracts(filter, { cursor: pageParam, limit: CONTRACT_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorSnackbar: false },
  });

/** The contracts of every business in reach that match `filter`, by name, a page at a time. */
export const useContractPages = (filter: ContractFilter) =>
  useInfiniteQuery({ ...getContractPagesQueryOptions(filter), placeholderData: keepPreviousData });

/** The most contracts one business holds that a choice lists: a level holds a handful. */
const BUSINESS_CONTRACTS_LIMIT = 200;

export const getBusinessContractsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...CONTRACTS_KEY, 'business', businessId],
    queryFn: ({ signal }) =>
      api.get<ContractPage>('/contracts', { query: { businessId, limit: BUSINESS_CONTRACTS_LIMIT }, signal }),
    meta: { errorSnackbar: false },
  });

export const getContract = (contractId: string, signal?: AbortSignal) =>
  api.get<Contract>(contractPath(contractId), { signal });

export const getContractQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: [...CONTRACTS_KEY, 'one', contractId],
    queryFn: ({ signal }) => getContract(contractId, signal),
    meta: { errorSnackbar: false },
  });

export const useContract = (contractId: string) => useQuery(getContractQueryOptions(contractId));

export const getContractLogs = (contractId: string, cursor: string | undefined, signal?: AbortSignal) =>
  api.get<ContractLogPage>(`${contractPath(contractId)}/logs`, {
    query: { cursor, limit: CONTRACT_LOG_PAGE_SIZE },
    signal,
  });

export const getContractLogsQueryOptions = (contractId: string) =>
  infiniteQueryOptions({
    queryKey: [...CONTRACTS_KEY, 'logs', contractId],
    queryFn: ({ pageParam, signal }) => getContractLogs(contractId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorSnackbar: false },
  });

/** A contract's log, newest first, a page at a time. */
export const useContractLogs = (contractId: string) => useInfiniteQuery(getContractLogsQueryOptions(contractId));

export const getLevelContracts = (businessId: string, signal?: AbortSignal) =>
  api.get<LevelContracts>(`/customer-business/${encodeURIComponent(businessId)}/contracts`, { signal });

export const getLevelContractsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...CONTRACTS_KEY, 'level', businessId],
    queryFn: ({ signal }) => getLevelContracts(businessId, signal),
    meta: { errorSnackbar: false },
  });

/** The contract governing a level (null: the default plan) and the contracts of the level and its sublevels. */
export const useLevelContracts = (businessId: string) => useQuery(getLevelContractsQueryOptions(businessId));

export type CreateContractBody = z.input<typeof CreateContractRequest>;
export type UpdateContractBody = z.input<typeof UpdateContractRequest>;

export const createContract = (body: CreateContractBody) => api.post<Contract>('/contracts', body);

export const updateContract = ({ contractId, ...body }: UpdateContractBody & { contractId: string }) =>
  api.patch<Contract>(contractPath(contractId), body);

export const deleteContract = ({ contractId, version }: { contractId: string; version: number }) =>
  api.delete<unknown>(contractPath(contractId), { query: { version } });

/** Reads the contracts and plans again; `deleted`: a contract gone, whose own page and log are not asked for again. */
function useRefreshContracts() {
  const queryClient = useQueryClient();
  return (deleted?: string) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: CONTRACTS_KEY,
        predicate: (query) => !deleted || query.queryKey[2] !== deleted,
      }),
      queryClient.invalidateQueries({ queryKey: PLAN_KEY }),
    ]);
}

/** The new contract's dialog shows a refusal itself. */
export function useCreateContract() {
  const refresh = useRefreshContracts();
  return useMutation({ mutationFn: createContract, meta: { errorSnackbar: false }, onSettled: () => refresh() });
}

/**
 * Saves a change over the version read. The editor shows a refusal in place; a conflict also reads the contracts
 * again, so that starting over shows what is stored now.
 */
export function useUpdateContract() {
  const refresh = useRefreshContracts();
  return useMutation({ mutationFn: updateContract, meta: { errorSnackbar: false }, onSettled: () => refresh() });
}

/** A refused deletion (a stale version, carved credits) has the snackbar; the contracts are read again either way. */
export function useDeleteContract() {
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: deleteContract,
    onSettled: (_answer, error, { contractId }) => refresh(error ? undefined : contractId),
  });
}
