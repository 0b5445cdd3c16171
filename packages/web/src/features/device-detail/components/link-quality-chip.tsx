import { LINK_QUALITIES, type LinkQuality } from '@iot/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<LinkQuality, 'success' | 'warning' | 'error' | 'default'> = {
  GOOD: 'success',
  MEDIUM: 'warning',
  BAD: 'error',
  UNAVAILABLE: 'default',
};

export const isLinkQuality = (detail: string | null): detail is LinkQuality =>
  (LINK_QUALITIES as readonly (string | null)[]).includes(detail);

/** The radio link of a commissioning uplink: good green, medium orange, bad red, unavailable grey. */
export function LinkQualityChip({ quality }: { quality: LinkQuality }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOURS[quality]} label={t(`device.commissioning.quality.${quality}`)} />;
}
