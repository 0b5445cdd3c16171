import type { UsageLicense } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { SaveFailureAlert, saveFailureOf } from '@/components/save-failure-alert';
import { BusinessChoiceField } from '@/features/architecture/components/business-choice-field';
import { messageText } from '@/i18n';
import { useSaveUsageLicense } from '../api/usage-licenses';
import {
  createBodyOf,
  emptyLicenseDraft,
  fieldOfPath,
  type LicenseDraft,
  type LicenseField,
  licenseDraftIssues,
  licenseDraftOf,
  updateBodyOf,
} from '../lib/license-form';

interface UsageLicenseDialogProps {
  /** The license to edit, as last read; none: a new one. */
  license?: UsageLicense;
  /** The business a new license starts in (the list's filter), if any. */
  businessId?: string | null;
  onClose: () => void;
  onSaved: (license: UsageLicense) => void;
  /** Reads the license again and opens the dialog afresh on it (after a conflict). */
  onStartOver: () => void;
}

const DATE_FIELDS = new Set<LicenseField>(['startsOn', 'endsOn', 'omieStartsOn', 'omieEndsOn']);

/**
 * Creates a usage license or edits one over the version read. Errors show under their fields once submitted (or once
 * a field is touched); a conflict keeps what was typed and offers to start over from the license as it is now.
 */
export function UsageLicenseDialog({ license, businessId, onClose, onSaved, onStartOver }: UsageLicenseDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = useSaveUsageLicense();
  const [draft, setDraft] = useState<LicenseDraft>(() =>
    license ? licenseDraftOf(license) : emptyLicenseDraft(businessId ?? ''),
  );
  const [touched, setTouched] = useState<ReadonlySet<LicenseField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<LicenseField, string>>>({});
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const issues = licenseDraftIssues(draft);

  const errorOf = (name: LicenseField) => {
    const fromServer = serverErrors[name];
    if (fromServer) return messageText(t, fromServer);
    const code = issues[name];
    return code && (submitted || touched.has(name)) ? messageText(t, code) : undefined;
  };
  const change = (name: LicenseField, value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setTouched((current) => new Set(current).add(name));
    setServerErrors(({ [name]: _changed, ...others }) => others);
  };
  const field = (name: LicenseField, extra: { required?: boolean; multiline?: boolean } = {}) => {
    const error = errorOf(name);
    return {
      label: t(`usageLicenses.field.${name}`),
      value: draft[name],
      onChange: (event: { target: { value: string } }) => change(name, event.target.value),
      error: Boolean(error),
      helperText: error,
      required: extra.required,
      fullWidth: true,
      // As high as the business field beside them.
      size: 'small' as const,
      ...(DATE_FIELDS.has(name) ? { type: 'date', slotProps: { inputLabel: { shrink: true } } } : {}),
      ...(extra.multiline ? { multiline: true, minRows: 2, maxRows: 6 } : {}),
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(issues).length > 0) return;
    setServerErrors({});
    setUnplaced([]);
    const handlers = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        if (!isApiError(error, 400)) return;
        const placed: Partial<Record<LicenseField, string>> = {};
        const others: string[] = [];
        for (const [path, message] of Object.entries(error.fields)) {
          const name = fieldOfPath(path);
          if (name) placed[name] = message;
          else others.push(message);
        }
        setServerErrors(placed);
        setUnplaced(others);
      },
    };
    if (license) save.mutate({ update: { id: license._id, ...updateBodyOf(draft, license.version) } }, handlers);
    else save.mutate({ create: createBodyOf(draft) }, handlers);
  };

  const failure = save.error && (!isApiError(save.error, 400) || Object.keys(save.error.fields).length === 0);
  // A taken license id is a 409 too, but no one else's edit: it says so itself, with nothing to start over from.
  const taken = isApiError(save.error, 409) && save.error.code === 'usage_license.id_taken';

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="usage-license-dialog-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="usage-license-dialog-title">
          {license ? t('usageLicenses.editTitle', { licenseId: license.licenseId }) : t('usageLicenses.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
            {failure && (
              <Box sx={{ gridColumn: '1 / -1' }}>
                {taken ? (
                  <Alert severity="error">{save.error.message}</Alert>
                ) : (
                  <SaveFailureAlert failure={saveFailureOf(t, save.error)} onStartOver={onStartOver} />
                )}
              </Box>
            )}
            {unplaced.map((message) => (
              <Alert key={message} severity="error" sx={{ gridColumn: '1 / -1' }}>
                {messageText(t, message)}
              </Alert>
            ))}
            <TextField {...field('licenseId', { required: true })} autoFocus={!license} />
            <TextField {...field('type', { required: true })} />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <BusinessChoiceField
                label={t('usageLicenses.field.businessId')}
                value={draft.businessId || null}
                onChange={(id) => change('businessId', id ?? '')}
                required
                disabled={Boolean(license)}
                error={errorOf('businessId')}
              />
              {license && (
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5, mx: 1.75 }}>
                  {t('usageLicenses.businessKept')}
                </Typography>
              )}
            </Box>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField {...field('corporateName')} />
            </Box>
            <TextField {...field('startsOn')} />
            <TextField
              {...field('endsOn')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.startsOn || undefined } }}
            />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField {...field('comments', { multiline: true })} />
            </Box>
            <Typography variant="subtitle2" component="h3" sx={{ gridColumn: '1 / -1', mt: 1, mb: -0.5 }}>
              {t('usageLicenses.omie')}
            </Typography>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField {...field('omieContractId')} />
            </Box>
            <TextField {...field('omieStartsOn')} />
            <TextField
              {...field('omieEndsOn')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.omieStartsOn || undefined } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {license ? t('usageLicenses.save') : t('usageLicenses.createButton')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
