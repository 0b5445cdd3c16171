import { type BusinessConfig, issueMessage, UpdateBusinessConfigRequest } from '@iot/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { usePlanLimitNotice } from '@/components/plan-limit-notice';
import type { SaveFailure } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useUpdateBusinessConfig } from '../api/business-config';
import { businessErrorText } from './business-actions';

type ConfigChanges = Omit<UpdateBusinessConfigRequest, 'version'>;

/**
 * Saves changes to a level's configuration over the `version` read, checked first with the shared schema so bad
 * input never leaves the browser. Field errors are keyed by path (`theme.primary`, `logo`): message codes from the
 * check, the server's localised texts from a 400.
 */
export function useConfigSave({
  businessId,
  version,
  onSaved,
}: {
  businessId: string;
  version: number;
  onSaved: (config: BusinessConfig) => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const showPlanLimit = usePlanLimitNotice();
  const update = useUpdateBusinessConfig();
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = (changes: ConfigChanges, onDone: () => void) => {
    setFailure(null);
    const checked = UpdateBusinessConfigRequest.safeParse({ version, ...changes });
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issueMessage(issue);
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    update.mutate(
      { businessId, ...checked.data },
      {
        onSuccess: (config) => {
          onDone();
          onSaved(config);
          snackbar.showSuccess(t('app.updated'));
        },
        onError: (error) => {
          if (isApiError(error, 400) && Object.keys(error.fields).length > 0) setFieldErrors(error.fields);
          else if (isApiError(error) && error.code.startsWith('plan.')) showPlanLimit(error.message);
          else {
            const conflict = isApiError(error, 409);
            setFailure({
              text: conflict ? t('conflict') : (businessErrorText(t, error) ?? t('server.error')),
              conflict,
            });
          }
        },
      },
    );
  };

  const clearErrors = () => {
    setFailure(null);
    setFieldErrors({});
  };

  return { save, saving: update.isPending, failure, fieldErrors, clearErrors };
}
