import { type DeviceUserData, USER_DATA_LIMITS } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SaveFailure, SaveFailureAlert, saveFailureOf } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useDeviceUserData, useUpdateDeviceUserData } from '../api/device-user-data';
import {
  checkUserDataRows,
  sameUserData,
  type UserDataProblem,
  type UserDataRow,
  userDataRowOf,
  userDataRows,
} from '../lib/user-data-rows';
import type { DeviceScope } from './device-scope';
import { EntryRow, SECOND_FIELD_SX } from './entry-row';

/** Reports a save that moved the device's version from `from` to `to`, so the info form saves over the new one. */
type OnUserDataSaved = (from: number, to: number) => void;

function UserDataEditor({
  scope,
  userData,
  onSaved,
  onStartOver,
}: {
  scope: DeviceScope;
  userData: DeviceUserData;
  onSaved: OnUserDataSaved;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const update = useUpdateDeviceUserData(scope.device.uuid);
  const [rows, setRows] = useState(() => userDataRows(userData.data));
  // The read the edit started from: its version is the one the save goes over.
  const [base, setBase] = useState(userData);
  const [errors, setErrors] = useState<Record<string, UserDataProblem>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const { canEdit } = scope;

  // A newer read with the same user data: only another part of the device changed (the info form saved, say).
  if (userData.version > base.version && sameUserData(userData.data, base.data)) setBase(userData);

  const changeRow = (id: number, change: Partial<UserDataRow>) =>
    setRows((list) => list.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const fieldError = (index: number, field: 'name' | 'value') => {
    const error = errors[`${index}.${field}`];
    return { error: Boolean(error), helperText: error ? messageText(t, error) : undefined };
  };

  const save = () => {
    const checked = checkUserDataRows(rows);
    setErrors(checked.errors);
    setFailure(null);
    if (Object.keys(checked.errors).length > 0) return;
    update.mutate(
      { version: base.version, data: checked.data },
      {
        onSuccess: (saved) => {
          onSaved(base.version, saved.version);
          setBase(saved);
          setRows(userDataRows(saved.data));
          snackbar.showSuccess(t('app.updated'));
        },
        onError: (error) => setFailure(saveFailureOf(t, error)),
      },
    );
  };

  return (
    <Stack spacing={2}>
      {rows.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('device.userData.none')}</Typography>}
      {rows.map((row, index) => (
        <EntryRow
          key={row.id}
          label={t('device.userData.entry', { number: index + 1 })}
          removeLabel={t('device.userData.remove', { number: index + 1 })}
          {...(canEdit ? { onRemove: () => setRows((list) => list.filter((other) => other.id !== row.id)) } : {})}
        >
          <TextField
            label={t('device.userData.name')}
            value={row.name}
            disabled={!canEdit}
            onChange={(event) => changeRow(row.id, { name: event.target.value })}
            {...fieldError(index, 'name')}
          />
          <TextField
            label={t('device.userData.value')}
            value={row.value}
            disabled={!canEdit}
            multiline
            maxRows={4}
            onChange={(event) => changeRow(row.id, { value: event.target.value })}
            {...fieldError(index, 'value')}
            sx={SECOND_FIELD_SX}
          />
        </EntryRow>
      ))}
      <SaveFailureAlert failure={failure} onStartOver={onStartOver} />
      {canEdit && (
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            startIcon={<AddOutlined />}
            onClick={() => setRows((list) => [...list, userDataRowOf()])}
            disabled={rows.length >= USER_DATA_LIMITS.entries}
          >
            {t('device.userData.add')}
          </Button>
          <Button variant="contained" onClick={save} loading={update.isPending}>
            {t('device.userData.save')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The user data section of the info tab: names and values users keep on the device (who installed it, where). Saved
 * over the version it was read at; users and above edit it, viewers only see it.
 */
export function DeviceUserDataSection({ scope, onSaved }: { scope: DeviceScope; onSaved: OnUserDataSaved }) {
  const { t } = useTranslation();
  const userData = useDeviceUserData(scope.device.uuid);
  const [round, setRound] = useState(0);

  const body = () => {
    if (userData.isError) return <Alert severity="error">{errorMessage(t, userData.error)}</Alert>;
    if (userData.isPending) {
      return (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      );
    }
    const startOver = () => void userData.refetch().then(() => setRound((value) => value + 1));
    return (
      <UserDataEditor key={round} scope={scope} userData={userData.data} onSaved={onSaved} onStartOver={startOver} />
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('device.userData.title')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('device.userData.title')}
        </Typography>
        {body()}
      </Stack>
    </Paper>
  );
}
