import { type Contract, CREDIT_CHANNELS, CREDIT_PERIOD_TYPES, type CreditPeriodType } from '@iot/shared';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { formatLocale, messageText } from '@/i18n';
import { creditsDraftOf, creditsRequestOf, type Issues } from '../lib/contract-form';
import { dayFormat } from '../lib/dates';
import { useCarveSources } from '../lib/use-carve-sources';
import { useContractEdit } from '../lib/use-contract-edit';
import { UsageBar } from './contract-chips';
import { CreditsSourceField, shareFieldTexts } from './credits-source-field';
import { Facts, Section } from './facts';

/** A contract's credits: what it has, spent, gave to sublevels and has left, its period and the cost of each send. */
export function CreditsSection({ contract, canEdit }: { contract: Contract; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const days = dayFormat(i18n.language);
  const { credits } = contract;
  const day = (instant: string | null) => (instant ? days.format(new Date(instant)) : '—');
  const yesNo = (value: boolean) => (value ? t('arch.yes') : t('arch.no'));
  const periodic = credits.periodType !== 'disabled';

  return (
    <Section
      title={t('contracts.credits.title')}
      actions={
        canEdit && (
          <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('contracts.credits.edit')}
          </Button>
        )
      }
    >
      <Stack spacing={2.5}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <UsageBar
            label={t('contracts.credits.used')}
            used={credits.spent + credits.carved}
            limit={credits.total}
            detail={t('contracts.credits.leftOf', { left: numbers.format(Math.max(credits.left, 0)) })}
          />
          {periodic && (
            <UsageBar
              label={t('contracts.credits.spentInPeriod')}
              used={credits.spentInPeriod}
              limit={credits.limitForPeriod}
              detail={
                credits.overUsageInPeriod > 0
                  ? t('contracts.credits.overUsageAmount', { amount: numbers.format(credits.overUsageInPeriod) })
                  : undefined
              }
            />
          )}
        </Box>
        <Facts
          label={t('contracts.credits.title')}
          facts={[
            { term: t('contracts.credits.total'), value: numbers.format(credits.total) },
            { term: t('contracts.credits.spent'), value: numbers.format(credits.spent) },
            { term: t('contracts.credits.carved'), value: numbers.format(credits.carved) },
            { term: t('contracts.credits.left'), value: numbers.format(credits.left) },
            { term: t('contracts.credits.periodType'), value: t(`contracts.period.${credits.periodType}`) },
            ...(periodic
              ? [
                  { term: t('contracts.credits.perPeriod'), value: numbers.format(credits.perPeriod) },
                  { term: t('contracts.credits.limitForPeriod'), value: numbers.format(credits.limitForPeriod) },
                  { term: t('contracts.credits.periodStart'), value: day(credits.periodStart) },
                  { term: t('contracts.credits.periodEnd'), value: day(credits.periodEnd) },
                  { term: t('contracts.credits.overUsage'), value: numbers.format(credits.overUsageInPeriod) },
                ]
              : []),
            { term: t('contracts.credits.allowOverUsage'), value: yesNo(credits.allowOverUsage) },
            { term: t('contracts.credits.userChangeable'), value: yesNo(credits.userChangeable) },
            ...CREDIT_CHANNELS.map((channel) => ({
              term: t(`contracts.credits.cost.${channel}`),
              value: numbers.format(credits.costs[channel]),
            })),
            {
              term: t('contracts.credits.fromContract'),
              value: credits.fromContract ? (
                <RouterLink to={{ search: `?contract=${encodeURIComponent(credits.fromContract.contractId)}` }}>
                  {credits.fromContract.name}
                </RouterLink>
              ) : (
                t('contracts.credits.boughtHere')
              ),
            },
          ]}
        />
      </Stack>
      {editing && <CreditsDialog contract={contract} onClose={() => setEditing(false)} />}
    </Section>
  );
}

function CreditsDialog({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { draft, setDraft, base, failure, startOver, save, saving } = useContractEdit(contract, (read) =>
    creditsDraftOf(read.credits),
  );
  const readFrom = base.credits.fromContract?.contractId ?? null;
  const { sources } = useCarveSources(contract.business.id);
  const source = sources.find((one) => one.contractId === draft.fromContractId);
  const share = shareFieldTexts(t, i18n.language, source, source !== undefined && source.contractId === readFrom);
  const [shownIssues, setShownIssues] = useState<Issues<string>>({});
  const amountField = (field: 'total' | 'perPeriod' | 'limitForPeriod', label: string, hint?: string) => (
    <TextField
      size="small"
      label={label}
      value={draft[field]}
      error={Boolean(shownIssues[field])}
      helperText={shownIssues[field] ? messageText(t, shownIssues[field]) : hint}
      onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ flex: 1 }}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = creditsRequestOf(draft, readFrom);
    if ('issues' in outcome) {
      setShownIssues(outcome.issues);
      return;
    }
    setShownIssues({});
    save({ credits: outcome.request }, () => {
      snackbar.showSuccess(t('app.updated'));
      onClose();
    });
  };
  const custom = draft.periodType === 'custom';

  return (
    <Dialog open onClose={onClose} aria-labelledby="credits-dialog-title" maxWidth="sm" fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="credits-dialog-title">{t('contracts.credits.editTitle', { name: contract.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SaveFailureAlert failure={failure} onStartOver={startOver} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <CreditsSourceField
                sources={sources}
                current={base.credits.fromContract}
                value={draft.fromContractId}
                onChange={(fromContractId) => setDraft((current) => ({ ...current, fromContractId }))}
              />
              {amountField('total', share.label, share.hint)}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                size="small"
                label={t('contracts.credits.periodType')}
                value={draft.periodType}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, periodType: event.target.value as CreditPeriodType }))
                }
                sx={{ flex: 1 }}
              >
                {CREDIT_PERIOD_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`contracts.period.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {draft.periodType !== 'disabled' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {amountField('perPeriod', t('contracts.credits.perPeriod'))}
                {amountField('limitForPeriod', t('contracts.credits.limitForPeriod'))}
              </Stack>
            )}
            {custom && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {(['periodStart', 'periodEnd'] as const).map((field) => (
                  <TextField
                    key={field}
                    size="small"
                    type="date"
                    label={t(`contracts.credits.${field}`)}
                    value={draft[field]}
                    error={Boolean(shownIssues[field])}
                    helperText={shownIssues[field] ? messageText(t, shownIssues[field]) : undefined}
                    onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ flex: 1 }}
                  />
                ))}
              </Stack>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.allowOverUsage}
                    onChange={(event) => setDraft((current) => ({ ...current, allowOverUsage: event.target.checked }))}
                  />
                }
                label={t('contracts.credits.allowOverUsage')}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.userChangeable}
                    onChange={(event) => setDraft((current) => ({ ...current, userChangeable: event.target.checked }))}
                  />
                }
                label={t('contracts.credits.userChangeable')}
              />
            </Stack>
            <Typography variant="subtitle2" component="h3">
              {t('contracts.credits.costs')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
              {CREDIT_CHANNELS.map((channel) => {
                const issue = shownIssues[`costs.${channel}`];
                return (
                  <TextField
                    key={channel}
                    size="small"
                    label={t(`contracts.credits.cost.${channel}`)}
                    value={draft.costs[channel]}
                    error={Boolean(issue)}
                    helperText={issue ? messageText(t, issue) : undefined}
                    onChange={(event) =>
                      setDraft((current) => ({
                        ...current,
                        costs: { ...current.costs, [channel]: event.target.value },
                      }))
                    }
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                );
              })}
            </Box>
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
