import { type Contract, hasRank, type User } from '@iot/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/router-link';
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { paths } from '@/config/paths';
import { LoadFailure, LoadingBlock } from '@/features/architecture/components/load-state';
import { type BusinessTree, roleOnBusiness } from '@/features/businesses/lib/business-tree';
import { formatLocale, messageText } from '@/i18n';
import { useLevelContracts } from '../api/contracts';
import { type Issue, wholeNumber } from '../lib/contract-form';
import { dayFormat } from '../lib/dates';
import { useContractEdit } from '../lib/use-contract-edit';
import { ContractStateChip, UsageBar } from './contract-chips';
import { ContractLogTable } from './contract-log';
import { Section } from './facts';

const contractLink = (contractId: string) => `${paths.archContracts}?contract=${encodeURIComponent(contractId)}`;

/** A contract's name: a link to its page for provider staff, who alone may open it. */
function ContractName({ contract, linked }: { contract: Contract; linked: boolean }) {
  if (linked) return <RouterLink to={contractLink(contract.contractId)}>{contract.name}</RouterLink>;
  return (
    <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {contract.name}
    </Box>
  );
}

/** The credits a level may still use: in this period against its limit, or of the whole contract when periods are off. */
function CreditsUse({ contract }: { contract: Contract }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const { credits } = contract;
  if (credits.periodType === 'disabled')
    return (
      <UsageBar
        label={t('contracts.credits.used')}
        used={credits.spent + credits.carved}
        limit={credits.total}
        detail={t('contracts.credits.leftOf', { left: numbers.format(Math.max(credits.left, 0)) })}
      />
    );
  return (
    <UsageBar
      label={t('contracts.credits.spentInPeriod')}
      used={credits.spentInPeriod}
      limit={credits.limitForPeriod}
      detail={[
        t('contracts.credits.leftInPeriod', {
          left: numbers.format(Math.max(credits.limitForPeriod - credits.spentInPeriod, 0)),
        }),
        t('contracts.credits.leftOf', { left: numbers.format(Math.max(credits.left, 0)) }),
        ...(credits.overUsageInPeriod > 0
          ? [t('contracts.credits.overUsageAmount', { amount: numbers.format(credits.overUsageInPeriod) })]
          : []),
      ].join(' · ')}
    />
  );
}

/** The contract whose plan the level has (held here or above), or the default plan. */
function GoverningContract({
  governing,
  businessId,
  linked,
}: {
  governing: Contract | null;
  businessId: string;
  linked: boolean;
}) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const days = dayFormat(i18n.language);
  if (!governing)
    return (
      <Section title={t('contracts.level.plan')}>
        <Typography sx={{ fontWeight: 600 }}>{t('contracts.level.defaultPlan')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('contracts.level.defaultPlanText')}
        </Typography>
      </Section>
    );
  const heldHere = governing.business.id === businessId;
  return (
    <Section title={t('contracts.level.plan')}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ContractName contract={governing} linked={linked} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {heldHere
                ? t('contracts.level.heldHere')
                : t('contracts.level.inheritedFrom', { business: governing.business.description })}
              {' · '}
              {governing.expiresAt
                ? t('contracts.expiresOn', { date: days.format(new Date(governing.expiresAt)) })
                : t('contracts.neverExpires')}
            </Typography>
          </Box>
          <Box>
            <ContractStateChip state={governing.state} />
          </Box>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <CreditsUse contract={governing} />
          <UsageBar
            label={t('contracts.tokens.inUse')}
            used={governing.tokens.inUse}
            limit={governing.tokens.total}
            detail={
              governing.tokens.type
                ? t('contracts.tokens.ofType', {
                    type: governing.tokens.type,
                    spent: numbers.format(governing.tokens.spent),
                  })
                : undefined
            }
          />
        </Box>
        <Typography variant="subtitle2" component="h3">
          {t('contracts.log.title')}
        </Typography>
        <ContractLogTable contractId={governing.contractId} label={t('contracts.log.of', { name: governing.name })} />
      </Stack>
    </Section>
  );
}

/**
 * A sublevel's contract that this level's admin may limit: its limit for the period and, when its credits were carved
 * from above, its share of them. Only those fields go to the server, over the version read.
 */
function SublevelLimit({ contract, linked }: { contract: Contract; linked: boolean }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const carved = contract.credits.fromContract !== null;
  const { draft, setDraft, base, failure, startOver, save, saving } = useContractEdit(contract, (read) => ({
    limit: String(read.credits.limitForPeriod),
    share: String(read.credits.total),
  }));
  const [issues, setIssues] = useState<{ limit?: Issue; share?: Issue }>({});
  const limit = wholeNumber(draft.limit);
  const share = wholeNumber(draft.share);
  const changed =
    draft.limit.trim() !== String(base.credits.limitForPeriod) ||
    (carved && draft.share.trim() !== String(base.credits.total));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof limit === 'string' || (carved && typeof share === 'string')) {
      setIssues({
        ...(typeof limit === 'string' ? { limit } : {}),
        ...(carved && typeof share === 'string' ? { share } : {}),
      });
      return;
    }
    setIssues({});
    save({ credits: { limitForPeriod: limit, ...(carved && typeof share === 'number' ? { total: share } : {}) } }, () =>
      snackbar.showSuccess(t('contracts.level.limitSaved', { name: contract.name })),
    );
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={contract.name}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
    >
      <Stack spacing={1.25}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ContractName contract={contract} linked={linked} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {contract.business.description}
              {contract.credits.fromContract &&
                ` · ${t('contracts.level.carvedFrom', { name: contract.credits.fromContract.name })}`}
            </Typography>
            <Box sx={{ mt: 1, maxWidth: 420 }}>
              <CreditsUse contract={contract} />
            </Box>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label={t('contracts.credits.limitForPeriod')}
              value={draft.limit}
              error={Boolean(issues.limit)}
              helperText={issues.limit ? messageText(t, issues.limit) : undefined}
              onChange={(event) => setDraft((current) => ({ ...current, limit: event.target.value }))}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ width: { xs: '100%', sm: 170 } }}
            />
            {carved && (
              <TextField
                size="small"
                label={t('contracts.level.share')}
                value={draft.share}
                error={Boolean(issues.share)}
                helperText={
                  issues.share
                    ? messageText(t, issues.share)
                    : t('contracts.level.spentOfShare', { spent: numbers.format(contract.credits.spent) })
                }
                onChange={(event) => setDraft((current) => ({ ...current, share: event.target.value }))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ width: { xs: '100%', sm: 170 } }}
              />
            )}
            <Button
              type="submit"
              variant="outlined"
              disabled={!changed || saving}
              sx={{ mt: { sm: 0.25 }, alignSelf: { xs: 'flex-end', sm: 'auto' } }}
            >
              {t('arch.save')}
            </Button>
          </Stack>
        </Stack>
        <SaveFailureAlert failure={failure} onStartOver={startOver} />
      </Stack>
    </Box>
  );
}

function ContractRows({ contracts, linked }: { contracts: readonly Contract[]; linked: boolean }) {
  const { t, i18n } = useTranslation();
  const days = dayFormat(i18n.language);
  return (
    <Stack component="ul" sx={{ m: 0, p: 0 }} aria-label={t('contracts.level.others')}>
      {contracts.map((contract) => (
        <Box
          component="li"
          key={contract.contractId}
          sx={{
            listStyle: 'none',
            display: 'grid',
            gap: 1,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) auto minmax(160px, 1fr)' },
            py: 1.25,
            borderTop: 1,
            borderColor: 'divider',
            '&:first-of-type': { borderTop: 0, pt: 0 },
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <ContractName contract={contract} linked={linked} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {contract.business.description} · {t(`contracts.type.${contract.type}`)} ·{' '}
              {contract.expiresAt
                ? t('contracts.expiresOn', { date: days.format(new Date(contract.expiresAt)) })
                : t('contracts.neverExpires')}
            </Typography>
          </Box>
          <ContractStateChip state={contract.state} />
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <UsageBar
              compact
              label={t('contracts.credits.used')}
              used={contract.credits.spent}
              limit={contract.credits.total}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The business configuration's contracts tab: the plan the level has and from where, its credits and tokens use and
 * the governing contract's log; for its admins, the limits of the sublevels' contracts they may change; and the other
 * contracts held by the level and its sublevels.
 */
export function LevelContractsTab({ tree, businessId, user }: { tree: BusinessTree; businessId: string; user: User }) {
  const { t } = useTranslation();
  const contracts = useLevelContracts(businessId);
  if (contracts.isError) return <LoadFailure error={contracts.error} onRetry={() => void contracts.refetch()} />;
  if (!contracts.data) return <LoadingBlock />;
  const { governing, items } = contracts.data;
  const linked = user.role === 'product';
  const isAdmin = hasRank(roleOnBusiness(tree, businessId, user), 'admin');
  const changeable = isAdmin
    ? items.filter((contract) => contract.business.id !== businessId && contract.credits.userChangeable)
    : [];
  const others = items.filter((contract) => contract.contractId !== governing?.contractId);
  let sublevels: ReactNode = null;
  if (changeable.length > 0)
    sublevels = (
      <Section title={t('contracts.level.sublevelLimits')}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('contracts.level.sublevelLimitsText')}
        </Typography>
        {changeable.map((contract) => (
          <SublevelLimit key={contract.contractId} contract={contract} linked={linked} />
        ))}
      </Section>
    );
  return (
    <Stack spacing={2.5}>
      <GoverningContract governing={governing} businessId={businessId} linked={linked} />
      {sublevels}
      <Section title={t('contracts.level.others')} actions={<Chip size="small" label={others.length} />}>
        {others.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('contracts.level.noOthers')}
          </Typography>
        ) : (
          <ContractRows contracts={others} linked={linked} />
        )}
      </Section>
    </Stack>
  );
}
