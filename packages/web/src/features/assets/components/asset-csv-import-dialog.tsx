import type { AssetType } from '@iot/shared';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useImportAssetsCsv } from '../api/assets';

interface AssetCsvImportDialogProps {
  businessId: string;
  assetTypes: readonly AssetType[];
  onClose: () => void;
  onImported: (created: number) => void;
}

/**
 * Assets of one type from a CSV file into the level: description, device, then the type's fields as columns. A
 * malformed file is refused as a whole with the line at fault (SPEC section 5).
 */
export function AssetCsvImportDialog({ businessId, assetTypes, onClose, onImported }: AssetCsvImportDialogProps) {
  const { t } = useTranslation();
  const importCsv = useImportAssetsCsv();
  const [assetType, setAssetType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const type = assetTypes.find((one) => one.id === assetType);
  // The heading row the server reads, word for word in every language.
  const columns = type ? ['Description', 'Device', ...type.fields.map((field) => field.name)].join(', ') : undefined;

  const submit = () => {
    if (!file || !assetType) return;
    importCsv.mutate({ businessId, assetType, file }, { onSuccess: (result) => onImported(result.created) });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="asset-import-title" maxWidth="sm" fullWidth>
      <DialogTitle id="asset-import-title">{t('assets.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={t('assets.type')}
            value={assetType}
            onChange={(event) => {
              setAssetType(event.target.value);
              importCsv.reset();
            }}
          >
            {assetTypes.map((one) => (
              <MenuItem key={one.id} value={one.id}>
                {one.name}
              </MenuItem>
            ))}
          </TextField>
          <DialogContentText>
            {columns ? t('assets.import.columns', { columns }) : t('assets.import.chooseType')}
          </DialogContentText>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} sx={{ flexShrink: 0 }}>
              {t('assets.import.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={t('assets.import.chooseFile')}
                // The same file chosen again after it was corrected must count as a new choice.
                onClick={(event) => {
                  event.currentTarget.value = '';
                }}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  importCsv.reset();
                }}
              />
            </Button>
            <Typography noWrap sx={{ color: file ? 'text.primary' : 'text.secondary', minWidth: 0 }}>
              {file ? file.name : t('assets.import.noFile')}
            </Typography>
          </Stack>
          {importCsv.isError && <Alert severity="error">{errorMessage(t, importCsv.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button variant="contained" disabled={!file || !assetType || importCsv.isPending} onClick={submit}>
          {t('assets.import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
