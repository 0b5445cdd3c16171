import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { vendor } from '@vendor';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PlanLimitNoticeProps {
  open: boolean;
  onClose: () => void;
  /** What was refused, e.g. "You have reached the maximum of 5 hierarchy levels."; shown above the support text. */
  detail?: ReactNode;
}

/** SPEC section 8, plan limit: "Unavailable for your plan" with the way to contact support. */
export function PlanLimitNotice({ open, onClose, detail }: PlanLimitNoticeProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="plan-limit-title" maxWidth="xs" fullWidth>
      <DialogTitle id="plan-limit-title">{t('planLimit.title')}</DialogTitle>
      <DialogContent>
        {detail && <DialogContentText sx={{ mb: 1.5 }}>{detail}</DialogContentText>}
        <DialogContentText>
          {t('planLimit.contactSupport')}{' '}
          <Link href={`mailto:${vendor.supportEmail}`} sx={{ fontWeight: 500 }}>
            {vendor.supportEmail}
          </Link>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('app.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type ShowPlanLimit = (detail?: ReactNode) => void;
const PlanLimitContext = createContext<ShowPlanLimit | null>(null);

/** Hosts the plan-limit notice; screens call `usePlanLimitNotice()` when the plan refuses an action. */
export function PlanLimitProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; detail?: ReactNode }>({ open: false });
  const show = useCallback<ShowPlanLimit>((detail) => setState({ open: true, detail }), []);
  return (
    <PlanLimitContext.Provider value={show}>
      {children}
      <PlanLimitNotice
        open={state.open}
        detail={state.detail}
        onClose={() => setState((current) => ({ ...current, open: false }))}
      />
    </PlanLimitContext.Provider>
  );
}

export function usePlanLimitNotice(): ShowPlanLimit {
  const show = useContext(PlanLimitContext);
  if (!show) throw new Error('usePlanLimitNotice needs a PlanLimitProvider around it');
  return show;
}
