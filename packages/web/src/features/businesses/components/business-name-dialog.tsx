import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface BusinessNameDialogProps {
  open: boolean;
  title: string;
  initialName?: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (name: string) => void;
}

/** Asks for a level's name (add a sublevel, rename); OK stays disabled while the trimmed name is empty. */
export function BusinessNameDialog({
  open,
  title,
  initialName = '',
  busy,
  onCancel,
  onConfirm,
}: BusinessNameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !busy) onConfirm(trimmed);
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="business-name-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="business-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('businesses.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!trimmed || busy}>
            {t('app.ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
