import { type Contract, TOKEN_CAPABILITIES, type TokenCapability } from '@iot/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { formatLocale, messageText } from '@/i18n';
import { type Issues, toggleCapability, tokensDraftOf, tokensRequestOf } from '../lib/contract-form';
import { dayFormat } from '../lib/dates';
import { useContractEdit } from '../lib/use-contract-edit';
import { UsageBar } from './contract-chips';
import { Facts, Section } from './facts';

export function CapabilityChips({ capability }: { capability: readonly TokenCapability[] }) {
  const { t } = useTranslation();
  if (capability.length === 0) return <>—</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {capability.map((one) => (
        <Chip key={one} size="small" variant="outlined" label={t(`contracts.capability.${one}`)} />
      ))}
    </Stack>
  );
}

/** A contract's Sigfox tokens: their type and capabilities, validity, period, and how many are bought, spent, in use. */
export function TokensSection({ contract, canEdit }: { contract: Contract; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const days = dayFormat(i18n.language);
  const { tokens } = contract;
  const day = (instant: string | null) => (instant ? days.format(new Date(instant)) : '—');
  return (
    <Section
      title={t('contracts.tokens.title')}
      actions={
        canEdit && (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('contracts.tokens.edit')}
          </Button>
        )
      }
    >
      <Stack spacing={2.5}>
        <UsageBar label={t('contracts.tokens.inUse')} used={tokens.inUse} limit={tokens.total} />
        <Facts
          label={t('contracts.tokens.title')}
          facts={[
            { term: t('contracts.tokens.type'), value: tokens.type ?? '—' },
            { term: t('contracts.tokens.capability'), value: <CapabilityChips capability={tokens.capability} /> },
            {
              term: t('contracts.tokens.validityDays'),
              value: t('contracts.tokens.days', { count: tokens.validityDays }),
            },
            { term: t('contracts.tokens.period'), value: `${day(tokens.periodStart)} – ${day(tokens.periodEnd)}` },
            { term: t('contracts.tokens.total'), value: numbers.format(tokens.total) },
            { term: t('contracts.tokens.spent'), value: numbers.format(tokens.spent) },
            { term: t('contracts.tokens.inUse'), value: numbers.format(tokens.inUse) },
          ]}
        />
      </Stack>
      {editing && <TokensDialog contract={contract} onClose={() => setEditing(false)} />}
    </Section>
  );
}

function TokensDialog({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { draft, setDraft, failure, startOver, save, saving } = useContractEdit(contract, (read) =>
    tokensDraftOf(read.tokens),
  );
  const [shownIssues, setShownIssues] = useState<Issues<string>>({});
  const issueText = (field: string) => (shownIssues[field] ? messageText(t, shownIssues[field]) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = tokensRequestOf(draft);
    if ('issues' in outcome) {
      setShownIssues(outcome.issues);
      return;
    }
    setShownIssues({});
    save({ tokens: outcome.request }, () => {
      snackbar.showSuccess(t('app.updated'));
      onClose();
    });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="tokens-dialog-title" maxWidth="sm" fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="tokens-dialog-title">{t('contracts.tokens.editTitle', { name: contract.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SaveFailureAlert failure={failure} onStartOver={startOver} />
            <TextField
              size="small"
              label={t('contracts.tokens.type')}
              value={draft.type}
              onChange={(event) => setDraft((current) => ({ ...current, type: event.target.value }))}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <TextField
              select
              size="small"
              label={t('contracts.tokens.capability')}
              value={draft.capability}
              error={Boolean(shownIssues.capability)}
              helperText={issueText('capability') ?? t('contracts.tokens.capabilityHint')}
              onChange={(event) => {
                const next = event.target.value as unknown as TokenCapability[];
                setDraft((current) => ({ ...current, capability: toggleCapability(current.capability, next) }));
              }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (value) =>
                    (value as TokenCapability[]).map((one) => t(`contracts.capability.${one}`)).join(', '),
                },
              }}
            >
              {TOKEN_CAPABILITIES.map((capability) => (
                <MenuItem key={capability} value={capability}>
                  <Checkbox size="small" checked={draft.capability.includes(capability)} />
                  <ListItemText primary={t(`contracts.capability.${capability}`)} />
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                size="small"
                label={t('contracts.tokens.validityDays')}
                value={draft.validityDays}
                error={Boolean(shownIssues.validityDays)}
                helperText={issueText('validityDays')}
                onChange={(event) => setDraft((current) => ({ ...current, validityDays: event.target.value }))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={t('contracts.tokens.total')}
                value={draft.total}
                error={Boolean(shownIssues.total)}
                helperText={issueText('total')}
                onChange={(event) => setDraft((current) => ({ ...current, total: event.target.value }))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
            </Stack>
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
