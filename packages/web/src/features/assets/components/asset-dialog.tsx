import type { Asset, AssetFieldDefinition, AssetType } from '@iot/shared';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useSaveAsset } from '../api/assets';
import { type AssetDraft, draftIssues, draftOf, placeServerErrors, valuesToSend } from '../lib/asset-form';
import { FreeDevicePicker } from './free-device-picker';

interface AssetDialogProps {
  /** The level a new asset goes to, and whose free devices the picker offers. */
  businessId: string;
  /** The asset to edit; a new one when absent. */
  asset?: Asset;
  assetTypes: readonly AssetType[];
  onClose: () => void;
  onSaved: (asset: Asset) => void;
}

/** One custom field's input, as its type asks: a number, a text, or one of the options; a required one is marked. */
function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: AssetFieldDefinition;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const common = {
    label: field.name,
    required: Boolean(field.required),
    value,
    error: Boolean(error),
    helperText: error,
    fullWidth: true,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (field.type === 'options') {
    return (
      <TextField select {...common}>
        {!field.required && (
          <MenuItem value="">
            <em>{t('assets.noValue')}</em>
          </MenuItem>
        )}
        {(field.options ?? []).map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  // A number is typed as text, so that "12," or "-" on the way to a number is not thrown away by the input.
  return (
    <TextField {...common} slotProps={field.type === 'number' ? { htmlInput: { inputMode: 'decimal' } } : undefined} />
  );
}

/**
 * Creates or edits an asset (SPEC section 3): its description, its type (chosen once, at creation), the type's custom
 * fields checked as they are typed by the rule the server applies, and the device linked to it. A refused save shows
 * the server's reasons beside the inputs; a conflict keeps what was typed.
 */
export function AssetDialog({ businessId, asset, assetTypes, onClose, onSaved }: AssetDialogProps) {
  const { t } = useTranslation();
  const save = useSaveAsset();
  const [draft, setDraft] = useState<AssetDraft>(() => draftOf(asset));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const type = assetTypes.find((one) => one.id === draft.assetType);
  const fields: readonly AssetFieldDefinition[] = asset ? asset.fields : (type?.fields ?? []);
  const issues = draftIssues(fields, draft);
  const placed = placeServerErrors(
    fields.map((field) => field.name),
    serverErrors,
  );
  // A missing value shows once the input was left empty or a save tried; a malformed one as soon as it is typed.
  const shownIssue = (name: string) => {
    const code = issues[name];
    if (!code) return undefined;
    return code !== 'validation.required' || submitted || touched.has(name) ? messageText(t, code) : undefined;
  };
  const change = (name: string, next: Partial<AssetDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setTouched((current) => new Set(current).add(name));
    setServerErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([path]) => !path.endsWith(name === 'device' ? 'deviceUUID' : name)),
      ),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!asset && !draft.assetType) return;
    if (Object.keys(issues).length > 0) return;
    setServerErrors({});
    const values = valuesToSend(fields, draft.values);
    const done = { onSuccess: onSaved };
    const onError = (error: unknown) => {
      if (isApiError(error, 400)) setServerErrors(error.fields);
    };
    if (asset) {
      save.mutate(
        {
          update: {
            businessId: asset.businessId,
            _id: asset._id,
            version: asset.version,
            description: draft.description.trim(),
            values,
            // Only a change of device is sent: relinking the same device would cut its link history in two.
            ...(draft.deviceUUID !== (asset.device?.uuid ?? null) ? { deviceUUID: draft.deviceUUID } : {}),
          },
        },
        { ...done, onError },
      );
    } else {
      save.mutate(
        {
          create: {
            businessId,
            description: draft.description.trim(),
            assetType: draft.assetType,
            values,
            ...(draft.deviceUUID ? { deviceUUID: draft.deviceUUID } : {}),
          },
        },
        { ...done, onError },
      );
    }
  };

  const failure = save.error;
  const conflict = isApiError(failure, 409);
  // A 400 whose reasons all sit beside their inputs needs no message above them.
  const failureText =
    !failure || (isApiError(failure, 400) && Object.keys(failure.fields).length > 0 && placed.other.length === 0)
      ? undefined
      : conflict
        ? t('conflict')
        : errorMessage(t, failure);

  const descriptionError =
    placed.description !== undefined ? messageText(t, placed.description) : shownIssue('description');
  const currentDevice = asset?.device ? { uuid: asset.device.uuid, description: asset.device.description } : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby="asset-dialog-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="asset-dialog-title">
          {asset ? t('assets.editTitle', { name: asset.description }) : t('assets.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failureText && <Alert severity="error">{failureText}</Alert>}
            {placed.other.map((message) => (
              <Alert key={message} severity="error">
                {messageText(t, message)}
              </Alert>
            ))}
            <TextField
              label={t('assets.description')}
              required
              autoFocus
              value={draft.description}
              error={Boolean(descriptionError)}
              helperText={descriptionError}
              onChange={(event) => change('description', { description: event.target.value })}
            />
            {asset ? (
              <TextField
                label={t('assets.type')}
                value={asset.assetType.name}
                helperText={t('assets.typeFixed')}
                slotProps={{ input: { readOnly: true } }}
              />
            ) : (
              <TextField
                select
                required
                label={t('assets.type')}
                value={draft.assetType}
                error={submitted && !draft.assetType}
                helperText={submitted && !draft.assetType ? messageText(t, 'validation.required') : undefined}
                onChange={(event) => change('assetType', { assetType: event.target.value, values: {} })}
              >
                {assetTypes.map((one) => (
                  <MenuItem key={one.id} value={one.id}>
                    {one.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {fields.length > 0 && (
              <Typography variant="subtitle2" component="h3">
                {t('assets.fields')}
              </Typography>
            )}
            {fields.map((field) => {
              const serverError = placed.values[field.name];
              return (
                <FieldInput
                  key={field.name}
                  field={field}
                  value={draft.values[field.name] ?? ''}
                  error={serverError !== undefined ? messageText(t, serverError) : shownIssue(field.name)}
                  onChange={(value) => change(field.name, { values: { ...draft.values, [field.name]: value } })}
                />
              );
            })}
            {type && fields.length === 0 && !asset && (
              <Typography sx={{ color: 'text.secondary' }}>{t('assets.noFields')}</Typography>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Stack sx={{ flex: 1, minWidth: 0, alignSelf: 'stretch' }}>
                <FreeDevicePicker
                  businessId={asset?.businessId ?? businessId}
                  current={currentDevice}
                  value={draft.deviceUUID}
                  onChange={(deviceUUID) => change('device', { deviceUUID })}
                  error={placed.device !== undefined ? messageText(t, placed.device) : undefined}
                />
              </Stack>
              {/* Unlinking is a change of an asset that has a device; a new one just leaves the picker empty. */}
              {asset && draft.deviceUUID && (
                <Button
                  startIcon={<LinkOffOutlined />}
                  onClick={() => change('device', { deviceUUID: null })}
                  sx={{ mt: { sm: 1 }, flexShrink: 0 }}
                >
                  {t('assets.unlink')}
                </Button>
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {asset ? t('assets.save') : t('assets.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
