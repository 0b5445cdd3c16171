import type { Device, DeviceTypeInfo } from '@iot/shared';
import Box from '@mui/material/Box';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { staleValueSx } from '@/features/device-detail/components/signal-value';
import { signalReadings } from '@/features/device-detail/lib/signal-readings';
import { signalName } from '@/i18n/codec-names';
import { useReadingText } from '@/i18n/reading-text';

/** The latest values a device list shows of a device: its type's signals marked to show in lists, where heard from. */
export const listedReadings = (device: Pick<Device, 'signalValues'>, deviceType: DeviceTypeInfo | undefined) =>
  deviceType ? signalReadings(device, deviceType).filter((view) => view.signal.showInList && view.reading) : [];

/**
 * A device's listed values on at most `lines` lines, each named, values older than the recent window muted; all of
 * them as a tooltip, for when the space cuts them short. A dash when there are none.
 */
export function ListedValues({
  device,
  deviceType,
  lines = 1,
}: {
  device: Pick<Device, 'signalValues'>;
  deviceType: DeviceTypeInfo | undefined;
  lines?: number;
}) {
  const { t } = useTranslation();
  const readingText = useReadingText();
  const listed = listedReadings(device, deviceType).map((view) => ({
    key: view.key,
    name: signalName(t, view.key, view.name),
    text: readingText(view.reading?.value, view.signal.unit),
    date: view.reading?.date ?? '',
  }));
  if (listed.length === 0) return <>—</>;
  return (
    <Box
      component="span"
      title={listed.map((value) => `${value.name}: ${value.text}`).join('\n')}
      sx={
        lines === 1
          ? { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }
          : {
              overflow: 'hidden',
              whiteSpace: 'normal',
              display: '-webkit-box',
              WebkitLineClamp: lines,
              WebkitBoxOrient: 'vertical',
              lineHeight: 1.3,
              fontSize: '0.8125rem',
            }
      }
    >
      {listed.map((value, index) => (
        <Fragment key={value.key}>
          {index > 0 && ' · '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {value.name}
          </Box>{' '}
          <Box component="span" sx={{ fontWeight: 500, ...staleValueSx(value.date) }}>
            {value.text}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
