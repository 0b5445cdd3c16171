import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { vendor } from '@vendor';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PlanLimitNoticeProps {
  open: boolean;
  onClose: () => void;
  /** What was refused, e.g. "You have reached the maximum of 5 hierarchy levels."; shown above the support text. */
  detail?: ReactNode;
}

/** SPEC section 8, plan limit: "Unavailable for your plan" with the way to contact support. */
export default function PlanLimitNotice({ open, onClose, detail }: PlanLimitNoticeProps) {
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
