import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** The chip of a license whose end has passed. */
export function ExpiredChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="warning" label={t('usageLicenses.expired')} />;
}

/** The flag a device list puts beside a device whose usage license has expired: an icon, its text as a tooltip. */
export function ExpiredLicenseFlag({ license }: { license: { licenseId: string; expired: boolean } | null }) {
  const { t } = useTranslation();
  if (!license?.expired) return null;
  const text = t('usageLicenses.flag', { licenseId: license.licenseId });
  return (
    <Tooltip title={text}>
      <Box
        component="span"
        role="img"
        aria-label={text}
        sx={{ display: 'inline-flex', verticalAlign: 'text-bottom', color: 'warning.main', ml: 0.5, flexShrink: 0 }}
      >
        <GppMaybeOutlined sx={{ fontSize: '1.05rem' }} />
      </Box>
    </Tooltip>
  );
}
