import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPTED_KEY = 'cookies-accepted';

function wasAccepted(): boolean {
  try {
    return localStorage.getItem(ACCEPTED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Tells what the site keeps on the browser until the visitor acknowledges it; the answer is remembered. */
export function CookieBanner() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(wasAccepted);
  if (accepted) return null;

  const accept = () => {
    try {
      localStorage.setItem(ACCEPTED_KEY, '1');
    } catch {
      // Storage refused: the banner comes back on the next visit, nothing else breaks.
    }
    setAccepted(true);
  };

  return (
    <Paper
      role="region"
      aria-label={t('cookies.label')}
      elevation={6}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        left: { xs: 8, sm: 16 },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 16 },
        maxWidth: { sm: 340 },
        p: 2,
      }}
    >
      <Stack spacing={1.5}>
        <Typography variant="body2">{t('cookies.text')}</Typography>
        <Button variant="contained" size="small" onClick={accept} sx={{ alignSelf: 'flex-end' }}>
          {t('cookies.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
