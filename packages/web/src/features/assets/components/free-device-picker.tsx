import { useTranslation } from 'react-i18next';
import { DevicePicker, type PickedDevice } from '@/components/device-picker';
import { useFreeDevices } from '../api/assets';

interface FreeDevicePickerProps {
  businessId: string;
  /** The device linked now: offered too, though it is not free. */
  current: PickedDevice | null;
  value: string | null;
  onChange: (uuid: string | null) => void;
  error?: string;
  disabled?: boolean;
}

/** The devices of the level's subtree that no asset has; clearing it leaves the asset without a device. */
export function FreeDevicePicker({ businessId, current, value, onChange, error, disabled }: FreeDevicePickerProps) {
  const { t } = useTranslation();
  return (
    <DevicePicker
      devices={useFreeDevices(businessId)}
      current={current}
      value={value}
      onChange={onChange}
      label={t('assets.device')}
      placeholder={t('assets.searchDevice')}
      hint={t('assets.deviceHint')}
      {...(error ? { error } : {})}
      {...(disabled !== undefined ? { disabled } : {})}
      noDevices={t('assets.noFreeDevices')}
      failed={t('assets.freeDevicesFailed')}
    />
  );
}
