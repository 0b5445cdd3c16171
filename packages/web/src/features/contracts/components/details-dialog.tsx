import type { Contract } from '@iot/shared';
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
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { messageText } from '@/i18n';
import { type DetailsDraft, detailsChange, detailsDraftOf, type Issues } from '../lib/contract-form';
import { useContractEdit } from '../lib/use-contract-edit';
import { ContractTypeExpiryFields } from './contract-type-expiry-fields';

/** A contract's name, type, expiry, reach and comment, saved over the version read (only what changed). */
export function DetailsDialog({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { draft, setDraft, base, failure, startOver, save, saving } = useContractEdit(contract, detailsDraftOf);
  const [shownIssues, setShownIssues] = useState<Issues<string>>({});
  const change = (next: Partial<DetailsDraft>) => setDraft((current) => ({ ...current, ...next }));
  const issueText = (field: string) => (shownIssues[field] ? messageText(t, shownIssues[field]) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = detailsChange(draft, base);
    if ('issues' in outcome) {
      setShownIssues(outcome.issues);
      return;
    }
    setShownIssues({});
    if (!outcome.change) {
      onClose();
      return;
    }
    save(outcome.change, () => {
      snackbar.showSuccess(t('app.updated'));
      onClose();
    });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="details-dialog-title" maxWidth="sm" fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="details-dialog-title">{t('contracts.detailsTitle', { name: contract.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SaveFailureAlert failure={failure} onStartOver={startOver} />
            <TextField
              size="small"
              label={t('contracts.name')}
              required
              value={draft.name}
              error={Boolean(shownIssues.name)}
              helperText={issueText('name')}
              onChange={(event) => change({ name: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <ContractTypeExpiryFields type={draft.type} expiresAt={draft.expiresAt} onChange={change} />
            <Stack spacing={0.5}>
              <FormLabel id="details-levels-label">{t('contracts.inheritableLevels')}</FormLabel>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <RadioGroup
                  row
                  aria-labelledby="details-levels-label"
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
                    error={Boolean(shownIssues.inheritableLevels)}
                    helperText={issueText('inheritableLevels')}
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
          <Button type="submit" variant="contained" disabled={saving}>
            {t('arch.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
