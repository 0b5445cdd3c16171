import type { Contract } from '@iot/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { messageText } from '@/i18n';
import { dateInputOf, type Issues, type PurchaseDraft, purchaseRequestOf } from '../lib/contract-form';
import { useContractEdit } from '../lib/use-contract-edit';

/** A purchase: credits and token credits added to the contract's, and a new expiration date when one is given. */
export function PurchaseDialog({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { draft, setDraft, failure, startOver, save, saving } = useContractEdit<PurchaseDraft>(contract, (read) => ({
    credits: '',
    tokens: '',
    expiresAt: dateInputOf(read.expiresAt),
  }));
  const [shownIssues, setShownIssues] = useState<Issues<string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = purchaseRequestOf(draft);
    if ('issues' in outcome) {
      setShownIssues(outcome.issues);
      return;
    }
    setShownIssues({});
    // The date shown to begin with is the current expiry: left as it is, it is no new one.
    const { credits, tokens } = outcome.request;
    const purchase = draft.expiresAt === dateInputOf(contract.expiresAt) ? { credits, tokens } : outcome.request;
    save({ purchase }, () => {
      snackbar.showSuccess(t('contracts.purchased', { name: contract.name }));
      onClose();
    });
  };
  const amountField = (field: 'credits' | 'tokens', label: string) => (
    <TextField
      size="small"
      label={label}
      value={draft[field]}
      placeholder="0"
      error={Boolean(shownIssues[field])}
      helperText={shownIssues[field] ? messageText(t, shownIssues[field]) : undefined}
      onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
      slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
      sx={{ flex: 1 }}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="purchase-dialog-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="purchase-dialog-title">{t('contracts.purchaseTitle', { name: contract.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {contract.purchasedAt ? t('contracts.purchaseText') : t('contracts.purchasePendingText')}
            </DialogContentText>
            <SaveFailureAlert failure={failure} onStartOver={startOver} />
            <Stack direction="row" spacing={2}>
              {amountField('credits', t('contracts.purchaseCredits'))}
              {amountField('tokens', t('contracts.purchaseTokens'))}
            </Stack>
            <TextField
              size="small"
              type="date"
              label={t('contracts.newExpiry')}
              value={draft.expiresAt}
              onChange={(event) => setDraft((current) => ({ ...current, expiresAt: event.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('contracts.purchase')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
