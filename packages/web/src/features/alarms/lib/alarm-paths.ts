import { generatePath } from 'react-router';
import { paths } from '@/config/paths';

/** A device's page on its alarms tab. */
export const deviceAlarmsPath = (uuid: string) => `${generatePath(paths.device, { uuid })}?tab=alarms`;
