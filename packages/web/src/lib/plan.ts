import { DEFAULT_PLAN, type PlanFeatures, type PlanResponse } from '@iot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

export const getPlan = (businessId: string, signal?: AbortSignal) =>
  api.get<PlanResponse>('/contracts/pfs', { query: { businessId }, signal });

/**
 * The plan cache of SPEC section 5: one entry per business, fetched once (a plan changes with a contract, rarely);
 * signing out or in clears the whole query cache, plans included.
 */
export const getPlanQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: ['plan', businessId],
    queryFn: ({ signal }) => getPlan(businessId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // A plan that cannot be read leaves the default plan in force (SPEC section 8), without a word.
    meta: { errorSnackbar: false },
  });

/** The plan answer of a business, for screens that wait for it; nothing is asked without a business. */
export const usePlanQuery = (businessId: string | undefined) =>
  useQuery({ ...getPlanQueryOptions(businessId ?? ''), enabled: Boolean(businessId) });

/** The plan features of a business: the default plan until its own plan is known, and when it cannot be read. */
export function usePlan(businessId: string | undefined): PlanFeatures {
  return usePlanQuery(businessId).data?.features ?? DEFAULT_PLAN;
}
