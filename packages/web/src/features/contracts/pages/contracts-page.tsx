import { CONTRACT_STATES, CONTRACT_TYPES, type Contract, type ContractState, type ContractType } from '@iot/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentPage } from '@/components/content-page';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { paths } from '@/config/paths';
import { LoadFailure, LoadingBlock } from '@/features/architecture/components/load-state';
import { useContract } from '../api/contracts';
import { ContractCreateDialog } from '../components/contract-create-dialog';
import { ContractDetails } from '../components/contract-details';
import { ContractList, type ContractListFilter, EXPIRING_WITHIN } from '../components/contract-list';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null;

function filterOf(params: URLSearchParams): ContractListFilter {
  const expiring = Number(params.get('expiring'));
  return {
    search: params.get('search') ?? '',
    type: oneOf<ContractType>(CONTRACT_TYPES, params.get('type')),
    state: oneOf<ContractState>(CONTRACT_STATES, params.get('state')),
    expiringWithinDays: (EXPIRING_WITHIN as readonly number[]).includes(expiring) ? expiring : null,
  };
}

function ContractPage({ contractId, onBack }: { contractId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const contract = useContract(contractId);
  return (
    <ContentPage title={contract.data?.name ?? t('route.archContracts')} maxWidth={1200}>
      <Button onClick={onBack} startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {t('route.archContracts')}
      </Button>
      {contract.isError ? (
        <LoadFailure
          error={contract.error}
          onRetry={() => void contract.refetch()}
          notFound={{
            text: t('contracts.notFound'),
            backTo: paths.archContracts,
            backLabel: t('contracts.backToList'),
          }}
        />
      ) : !contract.data ? (
        <LoadingBlock />
      ) : (
        <ContractDetails key={contract.data.contractId} contract={contract.data} onDeleted={onBack} />
      )}
    </ContentPage>
  );
}

/**
 * `/arch-contracts` (provider staff): the contracts of every business, and one contract's page at
 * `?contract=<id>`. The list's filters live in the URL too, so coming back from a contract finds them as they were.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const contractId = params.get('contract');
  const filter = useMemo(() => filterOf(params), [params]);

  const change = useCallback(
    (next: Record<string, string | number | null>, replace = true) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value === null || value === '') updated.delete(key);
            else updated.set(key, String(value));
          }
          return updated;
        },
        { replace },
      ),
    [setParams],
  );
  const open = (id: string) => change({ contract: id }, false);

  if (contractId) return <ContractPage contractId={contractId} onBack={() => change({ contract: null })} />;
  return (
    <ContentPage title={t('route.archContracts')} subtitle={t('contracts.subtitle')} maxWidth={1200}>
      <ContractList
        filter={filter}
        onFilterChange={(next) =>
          change({ search: next.search.trim(), type: next.type, state: next.state, expiring: next.expiringWithinDays })
        }
        onOpen={open}
        onCreate={() => setCreating(true)}
      />
      {creating && (
        <ContractCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(contract: Contract) => {
            setCreating(false);
            snackbar.showSuccess(t('contracts.created', { name: contract.name }));
            open(contract.contractId);
          }}
        />
      )}
    </ContentPage>
  );
}
