import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../lib/local-date-input';
import { RECENT_RANGES, type ReadingRange, type RecentRange, rangeBounds } from '../lib/reading-range';

const RANGE_KINDS = [...(Object.keys(RECENT_RANGES) as RecentRange[]), 'custom'] as const;
type RangeKind = (typeof RANGE_KINDS)[number];

/** Last 24 hours, 7 days, 30 days, or dates of one's own (taken once both are set and in order). */
export function ReadingRangePicker({
  range,
  onChange,
}: {
  range: ReadingRange;
  onChange: (range: ReadingRange) => void;
}) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(() => {
    const { from, to } = rangeBounds(range, Date.now());
    return { from: toLocalInput(from), to: toLocalInput(to) };
  });
  const from = fromLocalInput(custom.from);
  const to = fromLocalInput(custom.to);
  const inOrder = Number.isFinite(from) && Number.isFinite(to) && from < to;

  const choose = (kind: RangeKind | null) => {
    if (!kind) return;
    if (kind !== 'custom') onChange({ kind });
    else if (inOrder) onChange({ kind, from, to });
  };
  const edit = (next: typeof custom) => {
    setCustom(next);
    const nextFrom = fromLocalInput(next.from);
    const nextTo = fromLocalInput(next.to);
    if (Number.isFinite(nextFrom) && Number.isFinite(nextTo) && nextFrom < nextTo) {
      onChange({ kind: 'custom', from: nextFrom, to: nextTo });
    }
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={range.kind}
        onChange={(_event, kind: RangeKind | null) => choose(kind)}
        aria-label={t('device.data.range')}
      >
        {RANGE_KINDS.map((kind) => (
          <ToggleButton key={kind} value={kind}>
            {t(`device.data.range.${kind}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {range.kind === 'custom' && (
        <Stack direction="row" spacing={1.5}>
          <TextField
            type="datetime-local"
            size="small"
            label={t('device.data.from')}
            value={custom.from}
            onChange={(event) => edit({ ...custom, from: event.target.value })}
            error={!inOrder}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="datetime-local"
            size="small"
            label={t('device.data.to')}
            value={custom.to}
            onChange={(event) => edit({ ...custom, to: event.target.value })}
            error={!inOrder}
            helperText={inOrder ? undefined : t('device.data.rangeOrder')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      )}
    </Stack>
  );
}
