import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { vendor } from '@vendor';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LanguageSwitch } from './language-switch';

interface CardPageProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. the link to the other of sign-in and sign-up. */
  footer?: ReactNode;
  /** The language control of the top bar; `null` when the page offers its own. */
  languageControl?: ReactNode;
  width?: number;
}

/** The frame of the pages without the app shell: the vendor's logo and name over one centred card. */
export function CardPage({ title, subtitle, children, footer, languageControl, width = 440 }: CardPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: `radial-gradient(ellipse 90% 55% at 50% -5%, ${alpha(theme.palette.primary.main, 0.16)}, transparent 70%)`,
      })}
    >
      <Box
        component="header"
        sx={{ display: 'flex', justifyContent: 'flex-end', p: { xs: 1.5, sm: 2.5 }, minHeight: 64 }}
      >
        {languageControl === undefined ? <LanguageSwitch /> : languageControl}
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Box sx={{ width: '100%', maxWidth: width, px: 2, pb: { xs: 4, sm: 10 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Box component="img" src={vendor.logoUrl} alt="" sx={{ width: 56, height: 56, display: 'block' }} />
            <Typography component="p" variant="h5" sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
              {vendor.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(`vendor.${vendor.id}.tagline`)}
            </Typography>
          </Stack>
          <Card
            elevation={0}
            sx={{ border: 1, borderColor: 'divider', boxShadow: '0 12px 32px rgba(16, 24, 40, 0.08)' }}
          >
            <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.5rem' }, fontWeight: 600 }}>
                {title}
              </Typography>
              {subtitle && <Typography sx={{ color: 'text.secondary', mt: 0.75 }}>{subtitle}</Typography>}
              <Box sx={{ mt: 3 }}>{children}</Box>
            </CardContent>
          </Card>
          {footer && (
            <Typography component="div" variant="body2" sx={{ color: 'text.secondary', mt: 3, textAlign: 'center' }}>
              {footer}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
