import { useTranslation } from 'react-i18next';
import { DevicePicker } from '@/components/device-picker';
import { useLevelDevices } from '../api/journeys';

interface JourneyDevicePickerProps {
  businessId: string;
  value: string | null;
  onChange: (uuid: string | null) => void;
  error?: string;
}

/**
 * The devices of the level and its sublevels, for a new journey. Whether a device is already in a journey is the
 * server's to say.
 */
export function JourneyDevicePicker({ businessId, value, onChange, error }: JourneyDevicePickerProps) {
  const { t } = useTranslation();
  return (
    <DevicePicker
      devices={useLevelDevices(businessId)}
      value={value}
      onChange={onChange}
      required
      label={t('journeys.device')}
      placeholder={t('journeys.searchDevice')}
      {...(error ? { error } : {})}
      noDevices={t('journeys.noDevices')}
      failed={t('journeys.devicesFailed')}
    />
  );
}
