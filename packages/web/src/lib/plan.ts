import { DEFAULT_PLAN, type PlanFeatures } from '@iot/shared';

/** The plan features that gate what the app offers. For now the default plan; the plan per business comes later. */
export function useCurrentPlan(): PlanFeatures {
  return DEFAULT_PLAN;
}
