import type { Contract } from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useDeleteContract } from '../api/contracts';
import { dayFormat } from '../lib/dates';
import { ContractStateChip } from './contract-chips';
import { ContractLogTable } from './contract-log';
import { CreditsSection } from './credits-section';
import { DetailsDialog } from './details-dialog';
import { Facts, Section } from './facts';
import { FeaturesSection } from './features-section';
import { PurchaseDialog } from './purchase-dialog';
import { TokensSection } from './tokens-section';

/** The header of a contract's page: whose it is, its type and state, its dates and reach, and what may be done. */
function ContractHeader({ contract, onDeleted }: { contract: Contract; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const remove = useDeleteContract();
  const [purchasing, setPurchasing] = useState(false);
  const [editing, setEditing] = useState(false);
  const days = dayFormat(i18n.language);
  const day = (instant: string) => days.format(new Date(instant));

  const askDelete = async () => {
    const confirmed = await confirm({
      title: t('contracts.deleteTitle'),
      message: t('contracts.deleteText', { name: contract.name, business: contract.business.description }),
      confirmLabel: t('arch.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(
      { contractId: contract.contractId, version: contract.version },
      {
        onSuccess: () => {
          snackbar.showSuccess(t('contracts.deleted', { name: contract.name }));
          onDeleted();
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{contract.business.description}</Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.75 }}>
              <Chip size="small" variant="outlined" label={t(`contracts.type.${contract.type}`)} />
              <ContractStateChip state={contract.state} />
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<ShoppingCartOutlined />} onClick={() => setPurchasing(true)}>
              {t('contracts.purchase')}
            </Button>
            <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('contracts.editDetails')}
            </Button>
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              disabled={remove.isPending}
              onClick={() => void askDelete()}
            >
              {t('arch.delete')}
            </Button>
          </Stack>
        </Stack>
        <Facts
          facts={[
            { term: t('contracts.createdAt'), value: day(contract.createdAt) },
            {
              term: t('contracts.purchasedAt'),
              value: contract.purchasedAt ? day(contract.purchasedAt) : t('contracts.state.pending'),
            },
            {
              term: t('contracts.expiresAt'),
              value: contract.expiresAt ? day(contract.expiresAt) : t('contracts.neverExpires'),
            },
            {
              term: t('contracts.inheritableLevels'),
              value:
                contract.inheritableLevels === null
                  ? t('contracts.allLevels')
                  : contract.inheritableLevels === 0
                    ? t('contracts.levelsNone')
                    : t('contracts.levelsCount', { count: contract.inheritableLevels }),
            },
          ]}
        />
        {contract.comment && (
          <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}>
            {contract.comment}
          </Typography>
        )}
      </Stack>
      {purchasing && <PurchaseDialog contract={contract} onClose={() => setPurchasing(false)} />}
      {editing && <DetailsDialog contract={contract} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** A contract's page for provider staff: its header, plan features, credits, tokens and log. */
export function ContractDetails({ contract, onDeleted }: { contract: Contract; onDeleted: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <ContractHeader contract={contract} onDeleted={onDeleted} />
      <FeaturesSection key={`features-${contract.contractId}`} contract={contract} />
      <CreditsSection contract={contract} canEdit />
      <TokensSection contract={contract} canEdit />
      <Section title={t('contracts.log.title')}>
        <ContractLogTable contractId={contract.contractId} label={t('contracts.log.title')} />
      </Section>
    </Stack>
  );
}
