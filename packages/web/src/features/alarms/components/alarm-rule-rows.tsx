import { ALARM_CONDITIONS, type AlarmRule, type DeviceTypeInfo } from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { formatLocale, messageText } from '@/i18n';
import { signalName } from '@/i18n/codec-names';
import { useBusinessTheme } from '@/lib/business-theme';
import { type RuleRow, ruleParts, signalLabel } from '../lib/alarm-rules';

/**
 * Threshold rules as edited, one line each (signal, condition, threshold, hysteresis, remove): what a device's alarms
 * tab and a device type's page both edit. `errors` are keyed `row.field` (as checked here) or `rules.row.field` (as
 * the API answers).
 */
export function AlarmRuleRows({
  rows,
  onChange,
  signals,
  canEdit,
  errors,
}: {
  rows: readonly RuleRow[];
  onChange: (rows: RuleRow[]) => void;
  signals: readonly DeviceTypeInfo['signals'][number][];
  canEdit: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { colours } = useBusinessTheme();
  const changeRow = (id: number, change: Partial<RuleRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const fieldError = (index: number, field: string) => {
    const error = errors[`${index}.${field}`] ?? errors[`rules.${index}.${field}`];
    return { error: Boolean(error), helperText: error ? messageText(t, error) : undefined };
  };
  return rows.map((row, index) => (
    <Box
      key={row.id}
      role="group"
      aria-label={t('device.alarms.rule', { number: index + 1 })}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1.2fr 1fr 1fr auto' },
        alignItems: 'start',
        pl: 1.5,
        borderLeft: `4px solid ${colours.alarm.active}`,
      }}
    >
      <TextField
        select
        label={t('device.alarms.signal')}
        value={row.signal}
        disabled={!canEdit}
        onChange={(event) => changeRow(row.id, { signal: event.target.value })}
        {...fieldError(index, 'signal')}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        {signals.map((signal) => (
          <MenuItem key={signal.key} value={signal.key}>
            {signalLabel(signal, (key, name) => signalName(t, key, name))}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('device.alarms.condition')}
        value={row.condition}
        disabled={!canEdit}
        onChange={(event) => changeRow(row.id, { condition: event.target.value as RuleRow['condition'] })}
      >
        {ALARM_CONDITIONS.map((condition) => (
          <MenuItem key={condition} value={condition}>
            {t(`device.alarms.${condition}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('device.alarms.threshold')}
        value={row.threshold}
        disabled={!canEdit}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        onChange={(event) => changeRow(row.id, { threshold: event.target.value })}
        {...fieldError(index, 'threshold')}
      />
      <TextField
        label={t('device.alarms.hysteresis')}
        value={row.hysteresis}
        disabled={!canEdit}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        onChange={(event) => changeRow(row.id, { hysteresis: event.target.value })}
        {...fieldError(index, 'hysteresis')}
      />
      {canEdit && (
        <IconButton
          aria-label={t('device.alarms.removeRule', { number: index + 1 })}
          onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
          sx={{ mt: 1 }}
        >
          <DeleteOutlined />
        </IconButton>
      )}
    </Box>
  ));
}

/** Threshold rules shown, not edited: "Temperature above 30 °C", hysteresis under it. */
export function AlarmRuleSummary({
  rules,
  deviceType,
  label,
}: {
  rules: readonly AlarmRule[];
  deviceType: DeviceTypeInfo | undefined;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const { colours } = useBusinessTheme();
  const locale = formatLocale(i18n.language);
  return (
    <List dense disablePadding aria-label={label}>
      {rules.map((rule) => {
        const parts = ruleParts(rule, deviceType, locale, (key, name) => signalName(t, key, name));
        return (
          <ListItem
            key={`${rule.signal}:${rule.condition}:${rule.threshold}`}
            sx={{ pl: 1.5, borderLeft: `4px solid ${colours.alarm.active}`, mb: 0.5 }}
          >
            <ListItemText
              primary={t(`device.alarms.ruleText.${rule.condition}`, parts)}
              secondary={t('device.alarms.ruleHysteresis', parts)}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
