import { LANGUAGES, type User } from '@iot/shared';
import Check from '@mui/icons-material/Check';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { vendor } from '@vendor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { currentLanguage } from '@/i18n';
import { useProfileLanguage } from '@/lib/auth/use-profile-language';
import { fullName, initials } from '@/lib/auth/user-name';

/** The user menu: who is signed in, settings, language, terms, about, sign out. */
export function UserMenu({ user, onOpenAbout }: { user: User; onOpenAbout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const { chooseLanguage, saving } = useProfileLanguage(user);
  const signOut = useSignOut({
    onSuccess: async () => {
      await navigate(paths.login, { replace: true });
      queryClient.clear();
    },
  });
  const language = currentLanguage();

  return (
    <>
      <Tooltip title={t('menu.user')}>
        <IconButton
          aria-label={t('menu.user')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'user-menu' : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <Avatar
            sx={{ width: 34, height: 34, fontSize: '0.9rem', fontWeight: 600, bgcolor: 'secondary.main' }}
            aria-hidden
          >
            {initials(user)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          {fullName(user) && <Typography sx={{ fontWeight: 600 }}>{fullName(user)}</Typography>}
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={Link} to={paths.userSettings} onClick={close}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.settings')}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>{t('language.label')}</ListSubheader>
        {LANGUAGES.map((choice) => (
          <MenuItem
            key={choice}
            lang={choice}
            selected={choice === language}
            disabled={saving}
            onClick={() => {
              close();
              void chooseLanguage(choice);
            }}
          >
            <ListItemIcon>{choice === language && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`language.${choice}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component="a" href={vendor.termsUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ListItemIcon>
            <GavelOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.terms')}</ListItemText>
          <OpenInNew fontSize="inherit" sx={{ ml: 1, color: 'text.secondary' }} aria-label={t('app.opensNewTab')} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onOpenAbout();
          }}
        >
          <ListItemIcon>
            <InfoOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.about')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          disabled={signOut.isPending}
          onClick={() => {
            close();
            signOut.mutate();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.signOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
