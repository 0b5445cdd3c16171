import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppRoute } from '../route-table';
import { ROUTE_ICONS } from './route-icons';

/** Menu items that open screens of the route table; the current screen's item is marked. */
export function RouteMenuItems({
  routes,
  currentRoute,
  onNavigate,
}: {
  routes: readonly AppRoute[];
  currentRoute: string | undefined;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  return routes.map((route) => {
    const Icon = ROUTE_ICONS[route.name];
    return (
      <MenuItem
        key={route.name}
        component={Link}
        to={route.path}
        selected={route.name === currentRoute}
        onClick={onNavigate}
      >
        {Icon && (
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        )}
        <ListItemText>{t(route.title)}</ListItemText>
      </MenuItem>
    );
  });
}
