import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportColumn, exportDevicesCsv } from '../api/export-devices-csv';
import { spreadsheetDate } from '../lib/csv-cell';
import { networkIdOf } from '../lib/device-facts';
import type { DeviceFilterBody } from '../lib/device-list-params';

/** Hands `text` to the browser as a file download. */
function download(text: string, fileName: string) {
  // The byte-order mark makes spreadsheets read the file as UTF-8 (accents in descriptions).
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The CSV export of the list's current filter: every matching device, not only the pages scrolled through. */
export function useDevicesExport(filter: DeviceFilterBody, typeName: (id: string) => string) {
  const { t } = useTranslation();
  const [exported, setExported] = useState<number | null>(null);
  const columns: ExportColumn[] = [
    { heading: t('devices.column.description'), cell: (device) => device.description },
    { heading: 'UUID', cell: (device) => device.uuid },
    { heading: t('devices.column.type'), cell: (device) => typeName(device.deviceType) },
    { heading: t('devices.column.network'), cell: (device) => t(`devices.network.${device.communicationType}`) },
    { heading: t('devices.column.networkId'), cell: networkIdOf },
    { heading: t('devices.column.serialNumber'), cell: (device) => device.serialNumber },
    { heading: t('devices.column.business'), cell: (device) => device.business.description },
    { heading: t('devices.column.lastSeenUtc'), cell: (device) => spreadsheetDate(device.lastSeenAt) },
    { heading: t('devices.column.parameterization'), cell: (device) => device.parameterization?.label ?? null },
  ];
  return {
    running: exported !== null,
    exported: exported ?? 0,
    run: async () => {
      setExported(0);
      try {
        const text = await exportDevicesCsv(filter, columns, setExported);
        download(text, `devices-${new Date().toISOString().slice(0, 10)}.csv`);
      } finally {
        setExported(null);
      }
    },
  };
}
