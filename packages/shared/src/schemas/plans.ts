import type { PlanFeatures } from '../plans.js';
import { z } from '../validation.js';

/** The fields of `PlanFeatures` (SPEC section 3, "Plan"), for schemas built from them. */
export const PlanFeaturesFields = z.object({
  maxDevices: z.number().int(),
  maxUsers: z.number().int(),
  maxHierarchyLevels: z.number().int(),
  customColorAndLogo: z.boolean(),
  assetSupport: z.boolean(),
  alarmSupport: z.boolean(),
  userProfileSupport: z.boolean(),
  thirdyPartyIntegration: z.boolean(),
  automaticReportSupport: z.boolean(),
  freeviewSupport: z.boolean(),
  poiSupport: z.boolean(),
  ensSupport: z.boolean(),
  geotabIntegration: z.boolean(),
  tzoneIntegration: z.boolean(),
  pushNotifSMS: z.boolean(),
  pushNotifWAP: z.boolean(),
  waterConsumptionReport: z.boolean(),
  waterConsolidationReport: z.boolean(),
  journeyUnlocked: z.boolean(),
  journeyVisible: z.boolean(),
  dataViewCapabilities: z.object({
    cardsDashboard: z.boolean(),
    mapNavigation: z.boolean(),
    deviceMapLastPosition: z.boolean(),
    deviceMapComplete: z.boolean(),
    deviceCharts: z.boolean(),
  }),
});

/** The schema of `PlanFeatures`. */
export const PlanFeaturesSchema: z.ZodType<PlanFeatures> = PlanFeaturesFields.meta({ id: 'PlanFeatures' });

export const PlanQuery = z.object({ businessId: z.string().min(1).max(64) });
export type PlanQuery = z.infer<typeof PlanQuery>;

/**
 * `GET /contracts/pfs?businessId=`: the plan of a node and the business it comes from (the contract holder, or the
 * node itself when no ancestor-or-self has a contract and the default plan applies).
 */
export const PlanResponse = z
  .object({
    features: PlanFeaturesSchema,
    business: z.object({ id: z.string(), description: z.string() }),
  })
  .meta({ id: 'Plan' });
export type PlanResponse = z.infer<typeof PlanResponse>;
