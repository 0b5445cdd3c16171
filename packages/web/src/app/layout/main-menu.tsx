import type { UserRole } from '@iot/shared';
import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuRoutes } from '../route-table';
import { RouteMenuItems } from './route-menu-items';
import { useCurrentPlan } from './use-current-plan';

/** The main product menu: the screens of the route table this user's role and plan offer. */
export function MainMenu({ role, currentRoute }: { role: UserRole | undefined; currentRoute: string | undefined }) {
  const { t } = useTranslation();
  const plan = useCurrentPlan();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('menu.main')}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('menu.main')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'main-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MenuIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id="main-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { minWidth: 260 } } }}
      >
        <RouteMenuItems routes={menuRoutes('main', { role, plan })} currentRoute={currentRoute} onNavigate={close} />
      </Menu>
    </>
  );
}
