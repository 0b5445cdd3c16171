import type { BusinessTheme } from '@iot/shared';
import { vendor } from '@vendor';
import { createContext, useContext } from 'react';
import type { AlarmColors } from '@/vendors/vendor';

/** The colours a page is drawn with: the primary colour and the four alarm colours. */
export interface BusinessColours {
  primary: string;
  alarm: AlarmColors;
}

/** What a business node looks like on its pages: its colours and the logo of the app bar. */
export interface BusinessLook {
  colours: BusinessColours;
  logoUrl: string;
}

export const VENDOR_COLOURS: BusinessColours = { primary: vendor.palette.primary.main, alarm: vendor.palette.alarm };

/** A node's theme in effect over the vendor's colours: what the theme leaves unset keeps the vendor's colour. */
export function coloursOf(theme: BusinessTheme | null | undefined): BusinessColours {
  const { primary, alarm } = VENDOR_COLOURS;
  return {
    primary: theme?.primary ?? primary,
    alarm: {
      ok: theme?.alarmOk ?? alarm.ok,
      latched: theme?.alarmLatched ?? alarm.latched,
      active: theme?.alarmActive ?? alarm.active,
      snoozed: theme?.alarmSnoozed ?? alarm.snoozed,
    },
  };
}

export const VENDOR_LOOK: BusinessLook = { colours: VENDOR_COLOURS, logoUrl: vendor.logoUrl };

export const BusinessLookContext = createContext<BusinessLook>(VENDOR_LOOK);

/**
 * The look of the business whose pages are open (`/businesses/{business_id}/...`): its effective colours (the alarm
 * colours for alarm states, say) and logo; the vendor's everywhere else.
 */
export const useBusinessTheme = () => useContext(BusinessLookContext);
