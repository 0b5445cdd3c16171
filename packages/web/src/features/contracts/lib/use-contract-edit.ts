import type { Contract } from '@iot/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import type { SaveFailure } from '@/components/save-failure-alert';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { type UpdateContractBody, useUpdateContract } from '../api/contracts';

/** Why a save failed, in words: the spec's conflict message, the refused fields' reasons, or the server's message. */
export function contractSaveFailure(t: TFunction, error: unknown): SaveFailure {
  if (isApiError(error, 409)) return { text: t('conflict'), conflict: true };
  if (isApiError(error, 400) && Object.keys(error.fields).length > 0)
    return {
      text: Object.values(error.fields)
        .map((code) => messageText(t, code))
        .join(' '),
      conflict: false,
    };
  return { text: errorMessage(t, error), conflict: false };
}

/**
 * An edit of part of a contract: a draft made from the contract as read, saved over the version it was made from. A
 * conflict keeps the draft; starting over makes a new one from the contract as it is now (it is read again on any
 * save).
 */
export function useContractEdit<Draft>(contract: Contract, draftOf: (contract: Contract) => Draft) {
  const { t } = useTranslation();
  const update = useUpdateContract();
  const [draft, setDraft] = useState(() => draftOf(contract));
  // The contract the draft was made from: what a change is measured against and the version it is saved over.
  const [base, setBase] = useState(contract);
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const startOver = () => {
    setDraft(draftOf(contract));
    setBase(contract);
    setFailure(null);
  };
  const save = (change: Omit<UpdateContractBody, 'version'>, onSaved: (saved: Contract) => void) => {
    setFailure(null);
    update.mutate(
      { contractId: contract.contractId, version: base.version, ...change },
      {
        onSuccess: (saved) => {
          setBase(saved);
          onSaved(saved);
        },
        onError: (error) => setFailure(contractSaveFailure(t, error)),
      },
    );
  };
  return { draft, setDraft, base, failure, startOver, save, saving: update.isPending };
}
