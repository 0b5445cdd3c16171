import { CONTRACT_LIMIT_WARNING_RATIO, type ContractState } from '@iot/shared';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';

/** The colour of each notification state: in force, needs a look soon, or needs action now. */
const STATE_COLOURS: Record<ContractState, ChipProps['color']> = {
  purchase: 'success',
  pending: 'default',
  about_to_expire: 'warning',
  reaching_limit: 'warning',
  period_over_usage: 'error',
  expired: 'error',
};

export function ContractStateChip({ state }: { state: ContractState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATE_COLOURS[state]}
      variant={state === 'pending' ? 'outlined' : 'filled'}
      label={t(`contracts.state.${state}`)}
    />
  );
}

/**
 * Credits used against what may be used, as a bar: in the warning colour from the "reaching limit" share on, in the
 * error colour past it. `limit` 0 is no limit: the bar stays empty and says so.
 */
export function UsageBar({
  label,
  used,
  limit,
  detail,
  compact,
}: {
  label: string;
  used: number;
  limit: number;
  detail?: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language));
  const ratio = limit > 0 ? used / limit : 0;
  const colour = ratio > 1 ? 'error' : ratio >= CONTRACT_LIMIT_WARNING_RATIO ? 'warning' : 'primary';
  const amounts =
    limit > 0
      ? t('contracts.usedOf', { used: numbers.format(used), limit: numbers.format(limit) })
      : t('contracts.usedNoLimit', { used: numbers.format(used) });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 0.5 }}>
        <Typography
          id={id}
          variant={compact ? 'caption' : 'body2'}
          sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {label}
        </Typography>
        <Typography
          variant={compact ? 'caption' : 'body2'}
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: colour === 'primary' ? undefined : `${colour}.dark` }}
        >
          {amounts}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={Math.min(Math.max(ratio, 0), 1) * 100}
        color={colour}
        aria-labelledby={id}
        aria-valuetext={amounts}
        sx={{ height: compact ? 6 : 8, borderRadius: 4 }}
      />
      {detail && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
