import type { BulkDeviceResponse } from '@iot/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';

/** The devices a bulk call did not do, each with the server's reason (SPEC 8: the list of devices not configured). */
export function BulkResultsList({
  results,
  nameOf,
  label,
}: {
  results: BulkDeviceResponse['results'];
  nameOf?: (device: string) => string | undefined;
  /** What the list is called; "Devices not done" unless told. */
  label?: string;
}) {
  const { t } = useTranslation();
  const failed = results.filter((result) => !result.ok);
  if (failed.length === 0) return null;
  return (
    <List
      dense
      aria-label={label ?? t('devices.bulk.notDone')}
      sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {failed.map((result) => (
        <ListItem key={result.device} divider>
          <ListItemText
            primary={nameOf?.(result.device) || result.device}
            secondary={result.message ?? t('devices.bulk.failedUnknown')}
          />
        </ListItem>
      ))}
    </List>
  );
}
