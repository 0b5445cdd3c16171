import type { PlanFeatures } from '@iot/shared';
import { useMemo } from 'react';
import { useMatches } from 'react-router';
import { useBusinesses } from '@/features/businesses/api/get-businesses';
import { buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { usePlan } from '@/lib/plan';

/**
 * The business the app bar works for: the one of a business route (`/businesses/{business_id}/...`), otherwise the
 * first top of the user's reachable tree. Only for a signed-in user.
 */
export function useCurrentBusinessId(): string | undefined {
  const routeBusinessId = useMatches().at(-1)?.params.businessId;
  const businesses = useBusinesses(!routeBusinessId);
  const firstTop = useMemo(
    () => (businesses.data ? buildBusinessTree(businesses.data).roots[0] : undefined),
    [businesses.data],
  );
  return routeBusinessId ?? firstTop;
}

/** The plan of the current business; the menus offer what it allows. */
export const useCurrentPlan = (): PlanFeatures => usePlan(useCurrentBusinessId());
