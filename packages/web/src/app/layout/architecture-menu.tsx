import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SimCardOutlined from '@mui/icons-material/SimCardOutlined';
import UpdateOutlined from '@mui/icons-material/UpdateOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCookie } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { useInfo } from '@/features/version/api/get-info';
import { PLATFORM_COOKIE, switchPlatform } from '@/lib/platform-choice';
import { menuRoutes } from '../route-table';
import { RouteMenuItems } from './route-menu-items';
import { useCurrentPlan } from './use-current-plan';

interface ArchitectureMenuProps {
  currentRoute: string | undefined;
  tokenWarning: boolean;
  onOpenSigfoxTokens: () => void;
}

/** The architecture menu of provider staff: Sigfox token status, the architecture pages, the older platform. */
export function ArchitectureMenu({ currentRoute, tokenWarning, onOpenSigfoxTokens }: ArchitectureMenuProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const plan = useCurrentPlan();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const onOldPlatform = readCookie(PLATFORM_COOKIE) === 'old';
  // Offered only where the server names an older version to go to.
  const legacyPlatformUrl = useInfo().data?.legacyPlatformUrl ?? undefined;

  const switchToOld = async (url: string) => {
    close();
    const confirmed = await confirm({
      title: t('platform.switchToOld'),
      message: t('platform.switchToOldDetail'),
      confirmLabel: t('platform.switch'),
    });
    if (confirmed) switchPlatform('old', url);
  };

  return (
    <>
      <Tooltip title={t('menu.architecture')}>
        <IconButton
          color="inherit"
          aria-label={t('menu.architecture')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'architecture-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <EngineeringOutlined />
        </IconButton>
      </Tooltip>
      <Menu
        id="architecture-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 280 } } }}
      >
        <MenuItem
          onClick={() => {
            close();
            onOpenSigfoxTokens();
          }}
        >
          <ListItemIcon>
            {tokenWarning ? (
              <WarningAmberRounded fontSize="small" color="warning" />
            ) : (
              <SimCardOutlined fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText>{t('sigfoxTokens.title')}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>{t('menu.architecturePages')}</ListSubheader>
        <RouteMenuItems
          routes={menuRoutes('architecture', { role: 'product', plan })}
          currentRoute={currentRoute}
          onNavigate={close}
        />
        {(onOldPlatform || legacyPlatformUrl) && <Divider />}
        {onOldPlatform ? (
          <MenuItem
            onClick={() => {
              close();
              switchPlatform('new');
            }}
          >
            <ListItemIcon>
              <UpdateOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('platform.switchToNew')}</ListItemText>
          </MenuItem>
        ) : (
          legacyPlatformUrl && (
            <MenuItem onClick={() => void switchToOld(legacyPlatformUrl)}>
              <ListItemIcon>
                <HistoryOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('platform.switchToOld')}</ListItemText>
            </MenuItem>
          )
        )}
      </Menu>
    </>
  );
}
