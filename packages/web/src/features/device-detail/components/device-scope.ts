import type { Device, DeviceTypeInfo, Role } from '@iot/shared';

/** What every tab of the device screen works from: the device, its type, and what the caller may do with it. */
export interface DeviceScope {
  device: Device;
  /** Undefined while the types load or when the platform no longer knows the device's type. */
  deviceType: DeviceTypeInfo | undefined;
  role: Role;
  /** Users and above change the device; viewers only look. */
  canEdit: boolean;
  /** Admins delete the device and reach the advanced calls and the calibration. */
  isAdmin: boolean;
}
