import { useBusinessConfig } from '@/features/businesses/api/business-config';
import { coloursOf } from '@/lib/business-theme';
import type { AlarmColors } from '@/vendors/vendor';

/** The alarm colours in effect for a business (its theme's, else an ancestor's, else the vendor's). */
export function useAlarmColours(businessId: string | undefined): AlarmColors {
  return coloursOf(useBusinessConfig(businessId).data?.effective.theme).alarm;
}
