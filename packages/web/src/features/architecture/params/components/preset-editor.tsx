import {
  CreateParameterPresetRequest,
  type DeviceTypeInfo,
  issueMessage,
  type ParameterPreset,
  UpdateParameterPresetRequest,
} from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { paths } from '@/config/paths';
import { messageText } from '@/i18n';
import { type ParameterFieldError, parameterDefinitionsOf, parameterServerErrors } from '@/lib/parameter-definitions';
import { BusinessChoiceField } from '../../components/business-choice-field';
import { actionErrorText, type SaveFailure, saveFailureOf } from '../../lib/action-error';
import { useCreatePreset, useDeletePreset, useUpdatePreset } from '../api/change-preset';
import { checkProfileForm, hasEnteredValues, profileFormValues } from '../lib/profile-form';
import { ProfileFields } from './profile-fields';

interface PresetEditorProps {
  /** The preset edited, or none for a new one. */
  preset: ParameterPreset | null;
  /** The device types that take parameters: the models a preset may be of. */
  models: readonly DeviceTypeInfo[];
}

const NO_FAILURE: SaveFailure = { fields: {}, text: null, conflict: false };

/**
 * A parameter preset: its name, description, model and business, and the profile form generated from the model's
 * parameter definitions, checked with the server's rules before saving. A preset stays in the business it was made
 * for (the server does not move presets).
 */
export function PresetEditor({ preset, models }: PresetEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const create = useCreatePreset();
  const update = useUpdatePreset();
  const remove = useDeletePreset();
  const [name, setName] = useState(preset?.name ?? '');
  const [description, setDescription] = useState(preset?.description ?? '');
  const [businessId, setBusinessId] = useState<string | null>(preset?.businessId ?? null);
  const [model, setModel] = useState(preset?.model ?? '');
  const deviceType = models.find((candidate) => candidate.id === model);
  const definitions = deviceType ? parameterDefinitionsOf(deviceType) : [];
  const [profile, setProfile] = useState(() => profileFormValues(definitions, preset?.profile));
  const [profileErrors, setProfileErrors] = useState<Record<string, ParameterFieldError>>({});
  const [failure, setFailure] = useState<SaveFailure>(NO_FAILURE);
  const saving = create.isPending || update.isPending;

  /** Another model has other parameters: its form starts from its defaults, once the user agrees to lose the values. */
  const chooseModel = async (next: string) => {
    const nextType = models.find((candidate) => candidate.id === next);
    if (next === model || !nextType) return;
    if (deviceType && hasEnteredValues(definitions, profile)) {
      const confirmed = await confirm({
        title: t('arch.params.changeModelTitle', { model: nextType.name }),
        message: t('arch.params.changeModelText', { model: nextType.name }),
        confirmLabel: t('arch.params.changeModel'),
        destructive: true,
      });
      if (!confirmed) return;
    }
    setModel(next);
    setProfile(profileFormValues(parameterDefinitionsOf(nextType)));
    setProfileErrors({});
    setFailure(({ fields, ...rest }) => ({
      ...rest,
      fields: Object.fromEntries(Object.entries(fields).filter(([path]) => !path.startsWith('profile.'))),
    }));
  };

  const changeProfile = (key: string, value: string | boolean) => {
    setProfile((values) => ({ ...values, [key]: value }));
    setProfileErrors(({ [key]: _changed, ...others }) => others);
    setFailure(({ fields: { [`profile.${key}`]: _server, ...fields }, ...rest }) => ({ ...rest, fields }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkedProfile = checkProfileForm(definitions, profile);
    const fields = { name, description, model, profile: checkedProfile.ok ? checkedProfile.profile : {} };
    const checked = preset
      ? UpdateParameterPresetRequest.safeParse({ version: preset.version, ...fields })
      : CreateParameterPresetRequest.safeParse({ businessId: businessId ?? '', ...fields });
    const errors: Record<string, string> = {};
    if (!checked.success)
      for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issueMessage(issue);
    setProfileErrors(checkedProfile.ok ? {} : checkedProfile.errors);
    setFailure({ ...NO_FAILURE, fields: errors });
    if (!checked.success || !checkedProfile.ok) return;
    const report = {
      onSuccess: (saved: ParameterPreset) => {
        snackbar.showSuccess(t('app.updated'));
        if (!preset) navigate(generatePath(paths.archParam, { uuid: saved.uuid }), { replace: true });
      },
      onError: (error: unknown) => setFailure(saveFailureOf(t, error)),
    };
    if (preset) update.mutate({ uuid: preset.uuid, ...(checked.data as UpdateParameterPresetRequest) }, report);
    else create.mutate(checked.data as CreateParameterPresetRequest, report);
  };

  const deletePreset = async () => {
    if (!preset) return;
    const confirmed = await confirm({
      title: t('arch.params.deleteTitle', { name: preset.name }),
      message: t('arch.params.deleteText'),
      confirmLabel: t('arch.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(preset.uuid, {
      onSuccess: () => {
        snackbar.showSuccess(t('arch.deleted'));
        navigate(paths.archParams);
      },
      onError: (error) => snackbar.showError(actionErrorText(t, error)),
    });
  };

  const fieldError = (path: string) => {
    const error = failure.fields[path];
    return error ? { error: true, helperText: messageText(t, error) } : {};
  };
  // Every field error shows at once: those of no field on the form (the whole profile, the version) over it.
  const shownPaths = new Set([
    'name',
    'description',
    'model',
    'businessId',
    ...definitions.map((definition) => `profile.${definition.key}`),
  ]);
  const otherErrors = Object.entries(failure.fields).filter(([path]) => !shownPaths.has(path));

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        {failure.text && <Alert severity="error">{failure.text}</Alert>}
        {otherErrors.length > 0 && (
          <Alert severity="error">
            {otherErrors.map(([path, error]) => (
              <div key={path}>{`${path}: ${messageText(t, error)}`}</div>
            ))}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <TextField
              size="small"
              label={t('arch.params.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              {...fieldError('name')}
            />
            <TextField
              size="small"
              label={t('arch.params.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              multiline
              minRows={2}
              {...fieldError('description')}
            />
            <TextField
              select
              size="small"
              label={t('arch.params.model')}
              value={model}
              onChange={(event) => void chooseModel(event.target.value)}
              required
              {...fieldError('model')}
            >
              {models.map((candidate) => (
                <MenuItem key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </MenuItem>
              ))}
            </TextField>
            <BusinessChoiceField
              label={t('arch.params.business')}
              value={businessId}
              onChange={setBusinessId}
              required={!preset}
              disabled={Boolean(preset)}
              error={failure.fields.businessId ? messageText(t, failure.fields.businessId) : undefined}
            />
            {preset && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: '4px !important' }}>
                {t('arch.params.businessFixed')}
              </Typography>
            )}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
            {t('arch.params.profile')}
          </Typography>
          {deviceType ? (
            <ProfileFields
              definitions={definitions}
              values={profile}
              onChange={changeProfile}
              errors={profileErrors}
              serverErrors={parameterServerErrors(failure.fields, 'profile')}
            />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('arch.params.chooseModel')}</Typography>
          )}
        </Paper>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          {preset && (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => void deletePreset()}
              disabled={remove.isPending}
              sx={{ mr: 'auto !important' }}
            >
              {t('arch.delete')}
            </Button>
          )}
          <Button onClick={() => navigate(paths.archParams)}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || failure.conflict}>
            {preset ? t('arch.save') : t('arch.create')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
