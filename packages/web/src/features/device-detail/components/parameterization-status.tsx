import { PARAMETERIZATION_COLOURS, type ParameterizationStatus } from '@iot/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** WAITING orange, SENT light green, CONFIRMED green (SPEC section 4). */
export function ParameterizationStatusChip({ status }: { status: ParameterizationStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`device.parameterization.${status}`)}
      sx={{ bgcolor: PARAMETERIZATION_COLOURS[status], color: '#fff', fontWeight: 500 }}
    />
  );
}
