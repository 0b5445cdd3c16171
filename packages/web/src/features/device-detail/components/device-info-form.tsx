import { NETWORK_ID_KEYS, UpdateDeviceRequest } from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { type SaveFailure, SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { DeviceAssetSection } from '@/features/asset-status/components/device-asset-section';
import { useRefreshUsageLicenses } from '@/features/usage-licenses/api/usage-licenses';
import {
  choiceOfDevice,
  type LicenseChoice,
  UsageLicensePicker,
} from '@/features/usage-licenses/components/usage-license-picker';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useForm } from '@/lib/use-form';
import { useDeleteDevice, useUpdateDevice } from '../api/get-device';
import type { DeviceScope } from './device-scope';
import { DeviceUserDataSection } from './device-user-data';

/** The fields the form edits, checked with the API's own rules (network id formats, lengths). */
const DeviceInfoFields = UpdateDeviceRequest.omit({ uuid: true, version: true });

const TEXT_FIELDS = ['description', 'serialNumber', 'fwVersion', ...NETWORK_ID_KEYS] as const;
type InfoField = (typeof TEXT_FIELDS)[number];

/**
 * The info tab: the device's own data, saved over the version read when the tab opened. A conflict keeps what was
 * typed and says so (SPEC section 8); "start over" takes the server's data. Viewers see the form read-only. Under it,
 * the device's asset (linked or unlinked there by admins) and its user data, each saved on its own.
 */
export function DeviceInfoForm({
  scope,
  onStartOver,
  onDeleted,
}: {
  scope: DeviceScope;
  /** Reads the device again and opens the form afresh on it. */
  onStartOver: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const { device, canEdit, isAdmin } = scope;
  const [version, setVersion] = useState(device.version);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  // Chosen from the licenses of the device's level and above, never typed.
  const [license, setLicense] = useState<LicenseChoice | null>(() => choiceOfDevice(device.usageLicense));
  const [licenseError, setLicenseError] = useState<string | undefined>();
  const form = useForm(
    DeviceInfoFields,
    Object.fromEntries(TEXT_FIELDS.map((name) => [name, device[name] ?? ''])) as Record<InfoField, string>,
  );
  const update = useUpdateDevice();
  const remove = useDeleteDevice();
  const refreshLicenses = useRefreshUsageLicenses();

  const save = form.handleSubmit((changes) => {
    setFailure(null);
    setLicenseError(undefined);
    const usageLicenseId = license?.id ?? null;
    update.mutate(
      {
        uuid: device.uuid,
        version,
        ...changes,
        // Sent only when changed: a license the device kept is not checked again.
        ...(usageLicenseId !== device.usageLicenseId ? { usageLicenseId } : {}),
      },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          snackbar.showSuccess(t('app.updated'));
          // The licenses' device counts moved if the device names another one now.
          if (usageLicenseId !== device.usageLicenseId) void refreshLicenses();
        },
        onError: (error) => {
          if (isApiError(error, 400) && Object.keys(error.fields).length > 0) {
            const { usageLicenseId: licenseRefusal, ...fields } = error.fields;
            form.setServerErrors(fields);
            setLicenseError(licenseRefusal);
          } else if (isApiError(error, 422) && error.code === 'device.usage_license_not_found') {
            setLicenseError(error.message);
          } else {
            const conflict = isApiError(error, 409);
            setFailure({ text: conflict ? t('conflict') : errorMessage(t, error), conflict });
          }
        },
      },
    );
  });

  const deleteDevice = async () => {
    const confirmed = await confirm({
      title: t('device.info.deleteTitle'),
      message: t('device.info.deleteText', { name: device.description || device.uuid }),
      confirmLabel: t('device.info.delete'),
      destructive: true,
    });
    if (confirmed) remove.mutate(device.uuid, { onSuccess: onDeleted });
  };

  // Saving the user data moves the device's version: the form goes on over the new one if it was current.
  const followUserData = (from: number, to: number) => setVersion((current) => (current === from ? to : current));

  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" component="form" noValidate onSubmit={save} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          {!canEdit && <Alert severity="info">{t('device.readOnly')}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {TEXT_FIELDS.map((name) => (
              <TextField
                key={name}
                label={t(`device.field.${name}`)}
                {...form.field(name)}
                disabled={!canEdit}
                sx={name === 'description' ? { gridColumn: { sm: '1 / -1' } } : undefined}
              />
            ))}
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              <UsageLicensePicker
                businessId={device.businessId}
                value={license}
                onChange={(choice) => {
                  setLicense(choice);
                  setLicenseError(undefined);
                }}
                disabled={!canEdit}
                error={licenseError && messageText(t, licenseError)}
              />
            </Box>
          </Box>
          <SaveFailureAlert failure={failure} onStartOver={onStartOver} />
          {(canEdit || isAdmin) && (
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
              {isAdmin ? (
                <Button color="error" startIcon={<DeleteOutlined />} onClick={deleteDevice} disabled={remove.isPending}>
                  {t('device.info.delete')}
                </Button>
              ) : (
                <span />
              )}
              {canEdit && (
                <Button type="submit" variant="contained" loading={update.isPending}>
                  {t('device.save')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
      <DeviceAssetSection device={device} isAdmin={isAdmin} />
      <DeviceUserDataSection scope={scope} onSaved={followUserData} />
    </Stack>
  );
}
