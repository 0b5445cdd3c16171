import { type AssetType, CreateAssetTypeRequest, issueMessage, UpdateAssetTypeRequest } from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { actionErrorText, type SaveFailure, saveFailureOf } from '../../lib/action-error';
import { useCreateAssetType, useDeleteAssetType, useUpdateAssetType } from '../api/change-asset-type';
import { type CustomFieldDraft, CustomFieldsEditor, customFieldDrafts, customFieldsOf } from './custom-fields-editor';

const NO_FAILURE: SaveFailure = { fields: {}, text: null, conflict: false };

/**
 * Which errors an edit of the custom fields leaves behind: those of the parts edited (a type change redoes the
 * options), and the list's own; an added or removed field moves the others' indexes, so all of them.
 */
function staleFieldErrors(before: readonly CustomFieldDraft[], after: readonly CustomFieldDraft[]) {
  if (before.length !== after.length) return (path: string) => path === 'fields' || path.startsWith('fields.');
  const stale = new Set(['fields']);
  after.forEach((field, index) => {
    const previous = before[index];
    if (previous?.name !== field.name) stale.add(`fields.${index}.name`);
    if (previous?.type !== field.type || previous?.options.join('\n') !== field.options.join('\n')) {
      stale.add(`fields.${index}.type`);
      stale.add(`fields.${index}.options`);
    }
  });
  return (path: string) => stale.has(path);
}

/** An asset type: its name, description and custom fields, saved over the version read. */
export function AssetTypeEditor({ assetType }: { assetType: AssetType | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const create = useCreateAssetType();
  const update = useUpdateAssetType();
  const remove = useDeleteAssetType();
  const [name, setName] = useState(assetType?.name ?? '');
  const [description, setDescription] = useState(assetType?.description ?? '');
  const [fields, setFields] = useState(() => customFieldDrafts(assetType?.fields ?? []));
  const [failure, setFailure] = useState<SaveFailure>(NO_FAILURE);
  const saving = create.isPending || update.isPending;

  /** An error goes as soon as the user edits its field: it was about the value just replaced. */
  const clearErrors = (isStale: (path: string) => boolean) =>
    setFailure((current) => ({
      ...current,
      fields: Object.fromEntries(Object.entries(current.fields).filter(([path]) => !isStale(path))),
    }));
  const changeFields = (next: CustomFieldDraft[]) => {
    clearErrors(staleFieldErrors(fields, next));
    setFields(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description, fields: customFieldsOf(fields) };
    const checked = assetType
      ? UpdateAssetTypeRequest.safeParse({ version: assetType.version, ...body })
      : CreateAssetTypeRequest.safeParse(body);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issueMessage(issue);
      setFailure({ ...NO_FAILURE, fields: errors });
      return;
    }
    setFailure(NO_FAILURE);
    const report = {
      onSuccess: (saved: AssetType) => {
        snackbar.showSuccess(t('app.updated'));
        if (!assetType) navigate(generatePath(paths.archAssetType, { id: saved.id }), { replace: true });
      },
      onError: (error: unknown) => setFailure(saveFailureOf(t, error)),
    };
    if (assetType) update.mutate({ id: assetType.id, ...(checked.data as UpdateAssetTypeRequest) }, report);
    else create.mutate(checked.data as CreateAssetTypeRequest, report);
  };

  const deleteAssetType = async () => {
    if (!assetType) return;
    const confirmed = await confirm({
      title: t('arch.assetTypes.deleteTitle', { name: assetType.name }),
      message: t('arch.assetTypes.deleteText'),
      confirmLabel: t('arch.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(assetType.id, {
      onSuccess: () => {
        snackbar.showSuccess(t('arch.deleted'));
        navigate(paths.archAssetTypes);
      },
      onError: (error) => snackbar.showError(actionErrorText(t, error)),
    });
  };

  const errorOf = (path: string) => {
    const error = failure.fields[path];
    return error ? messageText(t, error) : undefined;
  };
  const fieldError = (path: string) => {
    const error = errorOf(path);
    return error ? { error: true, helperText: error } : {};
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        {failure.text && <Alert severity="error">{failure.text}</Alert>}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <TextField
              size="small"
              label={t('arch.assetTypes.name')}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                clearErrors((path) => path === 'name');
              }}
              required
              {...fieldError('name')}
            />
            <TextField
              size="small"
              label={t('arch.assetTypes.description')}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                clearErrors((path) => path === 'description');
              }}
              multiline
              minRows={2}
              {...fieldError('description')}
            />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
            {t('arch.assetTypes.fields')}
          </Typography>
          {errorOf('fields') && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {errorOf('fields')}
            </Alert>
          )}
          <CustomFieldsEditor fields={fields} onChange={changeFields} errorOf={(path) => errorOf(`fields.${path}`)} />
        </Paper>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          {assetType && (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => void deleteAssetType()}
              disabled={remove.isPending}
              sx={{ mr: 'auto !important' }}
            >
              {t('arch.delete')}
            </Button>
          )}
          <Button onClick={() => navigate(paths.archAssetTypes)}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving || failure.conflict}>
            {assetType ? t('arch.save') : t('arch.create')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
