import type { Asset, MoveAssetsResult } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessPickerDialog } from '@/features/businesses/components/business-picker-dialog';
import type { BusinessTree } from '@/features/businesses/lib/business-tree';
import { errorMessage } from '@/lib/error-message';
import { useMoveAssets } from '../api/assets';

interface AssetMoveDialogProps {
  assets: readonly Asset[];
  tree: BusinessTree;
  onClose: () => void;
  onMoved: (target: string) => void;
}

/**
 * Moves assets with their devices (SPEC section 4): the level is chosen in the business picker, then a dry run says
 * what the move will do (devices moved along, open alarms acknowledged, journeys finalised) before it is confirmed.
 */
export function AssetMoveDialog({ assets, tree, onClose, onMoved }: AssetMoveDialogProps) {
  const { t } = useTranslation();
  const move = useMoveAssets();
  const [target, setTarget] = useState<string | null>(null);
  const [warning, setWarning] = useState<MoveAssetsResult | null>(null);
  const ids = assets.map((asset) => asset._id);
  const targetName = target ? (tree.byId.get(target)?.description ?? target) : '';
  const title =
    assets.length === 1 && assets[0]
      ? t('assets.moveTitle', { name: assets[0].description })
      : t('assets.moveTitleMany', { count: assets.length });

  const choose = (id: string) => {
    setTarget(id);
    setWarning(null);
    move.mutate({ businessId: id, assets: ids, dryRun: true }, { onSuccess: setWarning });
  };
  const confirm = () => {
    if (!target) return;
    move.mutate({ businessId: target, assets: ids, dryRun: false }, { onSuccess: () => onMoved(target) });
  };

  if (!target) {
    return <BusinessPickerDialog open title={title} tree={tree} onCancel={onClose} onConfirm={choose} />;
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="asset-move-title" maxWidth="xs" fullWidth>
      <DialogTitle id="asset-move-title">{t('assets.moveConfirmTitle', { target: targetName })}</DialogTitle>
      <DialogContent>
        {move.isError ? (
          <Alert severity="error">{errorMessage(t, move.error)}</Alert>
        ) : !warning ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : (
          <>
            <DialogContentText>
              {t('assets.moveAssets', { count: warning.assets, target: targetName })}
            </DialogContentText>
            <Alert
              severity={warning.devices + warning.alarmsAcknowledged + warning.journeysFinalised ? 'warning' : 'info'}
              sx={{ mt: 1.5 }}
            >
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                <li>{t('assets.moveDevices', { count: warning.devices })}</li>
                <li>{t('assets.moveAlarms', { count: warning.alarmsAcknowledged })}</li>
                <li>{t('assets.moveJourneys', { count: warning.journeysFinalised })}</li>
              </Box>
            </Alert>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setTarget(null)}>{t('assets.chooseAnother')}</Button>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" disabled={!warning || move.isPending} onClick={confirm}>
          {t('assets.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
