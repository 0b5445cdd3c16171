import type { Contract } from '@iot/shared';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { ancestorsOf, buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { getBusinessContractsQueryOptions } from '../api/contracts';

/**
 * The contracts a contract of `businessId` may carve its credits from: those held by the levels above it (the server
 * refuses any other), the nearest level's first.
 */
export function useCarveSources(businessId: string | null): { sources: Contract[]; loading: boolean } {
  const businesses = useBusinesses(businessId !== null);
  const ancestors = useMemo(
    () => (businessId && businesses.data ? ancestorsOf(buildBusinessTree(businesses.data), businessId).reverse() : []),
    [businessId, businesses.data],
  );
  const answers = useQueries({ queries: ancestors.map((id) => getBusinessContractsQueryOptions(id)) });
  return {
    sources: answers.flatMap((answer) => answer.data?.items ?? []),
    loading: businessId !== null && (businesses.isPending || answers.some((answer) => answer.isPending)),
  };
}
