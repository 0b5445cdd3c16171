import type { Contract } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { BusinessChoiceField } from '@/features/architecture/components/business-choice-field';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useCreateContract } from '../api/contracts';
import { type ContractDraft, createRequestOf, NEW_CONTRACT } from '../lib/contract-form';
import { useCarveSources } from '../lib/use-carve-sources';
import { ContractTypeExpiryFields } from './contract-type-expiry-fields';
import { CreditsSourceField, shareFieldTexts } from './credits-source-field';

/**
 * A new contract: its business (chosen in the business-tree picker), name, type, expiry, whether it is bought now or
 * waits for its purchase, how many levels below it reaches, and a comment. Its credits may be a share carved from a
 * contract of a level above; anything else about features, credits and tokens is set on its page.
 */
export function ContractCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (contract: Contract) => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateContract();
  const [draft, setDraft] = useState<ContractDraft>(NEW_CONTRACT);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { sources } = useCarveSources(draft.businessId);
  const source = sources.find((one) => one.contractId === draft.fromContractId);
  const share = shareFieldTexts(t, i18n.language, source);
  const outcome = createRequestOf(draft);
  const issues = 'issues' in outcome ? outcome.issues : {};
  const fieldError = (field: keyof typeof issues) => {
    const server = serverErrors[field === 'creditsShare' ? 'credits.total' : field];
    if (server) return messageText(t, server);
    const code = issues[field];
    return code && submitted ? messageText(t, code) : undefined;
  };
  const change = (next: Partial<ContractDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setServerErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!('request' in outcome)) return;
    create.mutate(outcome.request, {
      onSuccess: onCreated,
      onError: (error) => {
        if (isApiError(error, 400)) setServerErrors(error.fields);
      },
    });
  };
  const failure =
    create.error && !(isApiError(create.error, 400) && Object.keys(create.error.fields).length > 0)
      ? errorMessage(t, create.error)
      : undefined;

  return (
    <Dialog open onClose={onClose} aria-labelledby="contract-create-title" maxWidth="sm" fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="contract-create-title">{t('contracts.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <BusinessChoiceField
              label={t('contracts.business')}
              value={draft.businessId}
              // Another level has other levels above it: a source chosen for the former is no longer one.
              onChange={(businessId) => change({ businessId, fromContractId: null })}
              required
              error={fieldError('businessId')}
            />
            <TextField
              size="small"
              label={t('contracts.name')}
              required
              value={draft.name}
              error={Boolean(fieldError('name'))}
              helperText={fieldError('name')}
              onChange={(event) => change({ name: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <ContractTypeExpiryFields type={draft.type} expiresAt={draft.expiresAt} onChange={change} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <CreditsSourceField
                sources={sources}
                value={draft.fromContractId}
                onChange={(fromContractId) => change({ fromContractId })}
                disabled={!draft.businessId}
              />
              {draft.fromContractId && (
                <TextField
                  size="small"
                  label={share.label}
                  required
                  value={draft.creditsShare}
                  error={Boolean(fieldError('creditsShare'))}
                  helperText={fieldError('creditsShare') ?? share.hint}
                  onChange={(event) => change({ creditsShare: event.target.value })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ flex: 1 }}
                />
              )}
            </Stack>
            <Stack spacing={0.5}>
              <FormLabel id="contract-purchase-label">{t('contracts.purchaseState')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="contract-purchase-label"
                value={draft.purchased ? 'now' : 'pending'}
                onChange={(event) => change({ purchased: event.target.value === 'now' })}
              >
                <FormControlLabel value="now" control={<Radio />} label={t('contracts.purchasedNow')} />
                <FormControlLabel value="pending" control={<Radio />} label={t('contracts.pendingPurchase')} />
              </RadioGroup>
            </Stack>
            <Stack spacing={0.5}>
              <FormLabel id="contract-levels-label">{t('contracts.inheritableLevels')}</FormLabel>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <RadioGroup
                  row
                  aria-labelledby="contract-levels-label"
                  value={draft.inheritAll ? 'all' : 'some'}
                  onChange={(event) => change({ inheritAll: event.target.value === 'all' })}
                >
                  <FormControlLabel value="all" control={<Radio />} label={t('contracts.allLevels')} />
                  <FormControlLabel value="some" control={<Radio />} label={t('contracts.someLevels')} />
                </RadioGroup>
                {!draft.inheritAll && (
                  <TextField
                    size="small"
                    label={t('contracts.levelsBelow')}
                    value={draft.inheritableLevels}
                    error={Boolean(fieldError('inheritableLevels'))}
                    helperText={fieldError('inheritableLevels')}
                    onChange={(event) => change({ inheritableLevels: event.target.value })}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    sx={{ width: 160 }}
                  />
                )}
              </Stack>
            </Stack>
            <TextField
              size="small"
              label={t('contracts.comment')}
              multiline
              minRows={2}
              value={draft.comment}
              onChange={(event) => change({ comment: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('contracts.createSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
