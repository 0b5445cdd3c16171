/** The features a plan (contract pfs) grants; SPEC section 3 "Plan". */
export interface PlanFeatures {
  maxDevices: number;
  maxUsers: number;
  maxHierarchyLevels: number;
  customColorAndLogo: boolean;
  assetSupport: boolean;
  alarmSupport: boolean;
  userProfileSupport: boolean;
  thirdyPartyIntegration: boolean;
  automaticReportSupport: boolean;
  freeviewSupport: boolean;
  poiSupport: boolean;
  ensSupport: boolean;
  geotabIntegration: boolean;
  tzoneIntegration: boolean;
  pushNotifSMS: boolean;
  pushNotifWAP: boolean;
  waterConsumptionReport: boolean;
  waterConsolidationReport: boolean;
  journeyUnlocked: boolean;
  journeyVisible: boolean;
  dataViewCapabilities: {
    cardsDashboard: boolean;
    mapNavigation: boolean;
    deviceMapLastPosition: boolean;
    deviceMapComplete: boolean;
    deviceCharts: boolean;
  };
}

/** The plan of a business without a contract, and the web app's fallback when the plan cannot be fetched (SPEC 9). */
export const DEFAULT_PLAN: PlanFeatures = {
  maxDevices: -1,
  maxUsers: -1,
  maxHierarchyLevels: 1000,
  customColorAndLogo: true,
  assetSupport: false,
  alarmSupport: true,
  userProfileSupport: true,
  thirdyPartyIntegration: true,
  automaticReportSupport: true,
  freeviewSupport: true,
  poiSupport: false,
  ensSupport: true,
  geotabIntegration: false,
  tzoneIntegration: false,
  pushNotifSMS: false,
  pushNotifWAP: false,
  waterConsumptionReport: false,
  waterConsolidationReport: false,
  journeyUnlocked: false,
  journeyVisible: true,
  dataViewCapabilities: {
    cardsDashboard: true,
    mapNavigation: false,
    deviceMapLastPosition: true,
    deviceMapComplete: true,
    deviceCharts: true,
  },
};
