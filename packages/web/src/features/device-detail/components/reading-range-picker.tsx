import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import {
  chooseRange,
  editRangeDates,
  RANGE_CHOICES,
  type RangeChoice,
  type RangeDates,
  type RangeSelection,
  rangeDatesIssue,
} from '../lib/reading-range';

/**
 * Last 24 hours, 7 days, 30 days, or dates of one's own (taken once both are set and in order). It wraps to the
 * width it has: the choices stay whole on one line and the dates go to the next line when they do not fit.
 */
export function ReadingRangePicker({
  selection,
  onChange,
}: {
  selection: RangeSelection;
  onChange: (selection: RangeSelection) => void;
}) {
  const { t } = useTranslation();
  const issue = selection.choice === 'custom' ? rangeDatesIssue(selection.dates) : undefined;
  const dateError = (field: keyof RangeDates): string | undefined => {
    if (!issue) return undefined;
    if ('missing' in issue) return issue.missing.includes(field) ? t('validation.required') : undefined;
    // Out of order: both dates are marked, the reason is said once, under the end.
    return field === 'to' ? t('device.data.rangeOrder') : '';
  };
  const dateField = (field: keyof RangeDates) => {
    const error = dateError(field);
    return (
      <TextField
        type="datetime-local"
        size="small"
        label={t(field === 'from' ? 'device.data.from' : 'device.data.to')}
        value={selection.dates[field]}
        onChange={(event) => onChange(editRangeDates(selection, { ...selection.dates, [field]: event.target.value }))}
        error={error !== undefined}
        helperText={error || undefined}
        sx={{ flex: '1 1 230px', maxWidth: { sm: 280 } }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    );
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'flex-start',
        minWidth: 0,
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={selection.choice}
        onChange={(_event, choice: RangeChoice | null) =>
          choice && onChange(chooseRange(selection, choice, Date.now()))
        }
        aria-label={t('device.data.range')}
        sx={{
          maxWidth: '100%',
          // Whole labels always; on a phone the choices fill the line, tighter, and wrap only where even that is short.
          flexWrap: 'wrap',
          width: { xs: '100%', sm: 'auto' },
          '& .MuiToggleButton-root': {
            whiteSpace: 'nowrap',
            flex: { xs: '1 1 auto', sm: '0 0 auto' },
            px: { xs: 0.5, sm: 0.875 },
            fontSize: { xs: '0.75rem', sm: '0.8125rem' },
          },
        }}
      >
        {RANGE_CHOICES.map((choice) => (
          <ToggleButton key={choice} value={choice}>
            {t(`device.data.range.${choice}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {selection.choice === 'custom' && (
        <>
          {dateField('from')}
          {dateField('to')}
        </>
      )}
    </Box>
  );
}
