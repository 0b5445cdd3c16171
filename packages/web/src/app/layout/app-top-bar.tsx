import type { User } from '@iot/shared';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { vendor } from '@vendor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentEndpointSet } from '@/config/endpoints';
import { paths } from '@/config/paths';
import { NotificationsButton } from '@/features/notifications/components/notifications-button';
import { SigfoxTokenWarningButton } from '@/features/sigfox-tokens/components/sigfox-token-warning-button';
import { useBusinessTheme } from '@/lib/business-theme';
import { endpointSetLabel } from '@/lib/endpoint-set-label';
import { loginPathFor } from '@/lib/redirect-target';
import { ArchitectureMenu } from './architecture-menu';
import { MainMenu } from './main-menu';
import { UserMenu } from './user-menu';

interface AppTopBarProps {
  /** The signed-in user; `undefined` while loading, `null` for a visitor without a session. */
  user: User | null | undefined;
  currentRoute: string | undefined;
  tokenWarning: boolean;
  onOpenNotifications: () => void;
  onOpenSigfoxTokens: () => void;
  onOpenAbout: () => void;
}

function EndpointSetChip() {
  const { t } = useTranslation();
  const { name } = currentEndpointSet();
  if (name === 'production') return null;
  return (
    <Chip
      label={endpointSetLabel(t, name)}
      size="small"
      sx={{
        bgcolor: 'rgba(255, 255, 255, 0.18)',
        color: 'inherit',
        fontWeight: 600,
        display: { xs: 'none', sm: 'flex' },
      }}
    />
  );
}

/** The business's logo on its pages, else the vendor's; a logo that does not load gives way to the vendor's. */
function AppBarLogo() {
  const { logoUrl } = useBusinessTheme();
  const [failedUrl, setFailedUrl] = useState<string>();
  const isOwn = logoUrl !== vendor.logoUrl && logoUrl !== failedUrl;
  return (
    <Box
      component="img"
      src={isOwn ? logoUrl : vendor.logoUrl}
      alt=""
      onError={() => setFailedUrl(logoUrl)}
      sx={{
        width: 32,
        height: 32,
        borderRadius: '8px',
        boxShadow: '0 0 0 1.5px rgba(255, 255, 255, 0.55)',
        // A business logo may have any shape: it fits in the square on white.
        ...(isOwn && { objectFit: 'contain', bgcolor: 'common.white' }),
      }}
    />
  );
}

/** The app bar: main menu, product, and on the right the architecture menu, notifications and the user menu. */
export function AppTopBar({
  user,
  currentRoute,
  tokenWarning,
  onOpenNotifications,
  onOpenSigfoxTokens,
  onOpenAbout,
}: AppTopBarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const isStaff = user?.role === 'product';

  return (
    <AppBar position="sticky" elevation={0}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {user && <MainMenu role={user.role} currentRoute={currentRoute} />}
        <Stack
          component={Link}
          to={paths.home}
          direction="row"
          spacing={1.25}
          sx={{ alignItems: 'center', color: 'inherit', textDecoration: 'none', minWidth: 0, ml: user ? 0 : 1 }}
          aria-label={t('menu.home', { product: vendor.title })}
        >
          <AppBarLogo />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
            {vendor.title}
          </Typography>
        </Stack>
        <EndpointSetChip />
        <Box sx={{ flex: 1 }} />
        {isStaff && tokenWarning && <SigfoxTokenWarningButton onClick={onOpenSigfoxTokens} />}
        {isStaff && (
          <ArchitectureMenu
            currentRoute={currentRoute}
            tokenWarning={tokenWarning}
            onOpenSigfoxTokens={onOpenSigfoxTokens}
          />
        )}
        {user && <NotificationsButton onClick={onOpenNotifications} />}
        {user && <UserMenu user={user} onOpenAbout={onOpenAbout} />}
        {user === undefined && (
          <Skeleton variant="circular" width={34} height={34} sx={{ bgcolor: 'rgba(255,255,255,.25)' }} />
        )}
        {user === null && (
          <Button
            color="inherit"
            component={Link}
            to={loginPathFor(`${location.pathname}${location.search}`)}
            startIcon={<LoginOutlined />}
          >
            {t('menu.signIn')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
