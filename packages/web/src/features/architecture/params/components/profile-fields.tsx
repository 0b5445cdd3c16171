import type { NumberParameterDefinition, ParameterDefinition } from '@iot/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { parameterName } from '@/i18n/codec-names';
import { type ParameterFieldError, parameterErrorText } from '@/lib/parameter-definitions';
import type { ProfileFormValues } from '../lib/profile-form';

interface ProfileFieldsProps {
  definitions: readonly ParameterDefinition[];
  values: ProfileFormValues;
  onChange: (key: string, value: string | boolean) => void;
  /** The form's own check, by parameter key. */
  errors: Record<string, ParameterFieldError>;
  /** The server's localised messages, by parameter key. */
  serverErrors: Record<string, string>;
  disabled?: boolean;
}

/** What a number parameter takes, in the interface's number format: "15 to 1440 min, in steps of 1". */
function rangeText(t: TFunction, definition: NumberParameterDefinition, numbers: Intl.NumberFormat): string {
  const unit = definition.unit ? ` ${definition.unit}` : '';
  return t(definition.type === 'integer' ? 'arch.params.rangeInteger' : 'arch.params.rangeStep', {
    min: numbers.format(definition.min),
    max: `${numbers.format(definition.max)}${unit}`,
    step: numbers.format(definition.step),
  });
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The profile of a preset as a form generated from the device type's parameter definitions. */
export function ProfileFields({ definitions, values, onChange, errors, serverErrors, disabled }: ProfileFieldsProps) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language), { maximumFractionDigits: 6 });

  const errorText = (definition: NumberParameterDefinition): string | undefined => {
    const error = errors[definition.key];
    return error ? parameterErrorText(t, definitions, definition, error) : serverErrors[definition.key];
  };

  return (
    <Grid container spacing={2}>
      {definitions.map((definition) => {
        const name = parameterName(t, definition.key, definition.name);
        if (definition.type === 'boolean') {
          return (
            <Grid key={definition.key} size={{ xs: 12, sm: 6 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={values[definition.key] === true}
                    disabled={disabled}
                    onChange={(event) => onChange(definition.key, event.target.checked)}
                  />
                }
                label={name}
              />
              <FormHelperText error={Boolean(serverErrors[definition.key])} sx={{ mt: 0 }}>
                {serverErrors[definition.key] ??
                  t('arch.params.defaultIs', { value: definition.default ? t('arch.on') : t('arch.off') })}
              </FormHelperText>
            </Grid>
          );
        }
        const error = errorText(definition);
        return (
          <Grid key={definition.key} size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              size="small"
              label={definition.unit ? `${name} (${definition.unit})` : name}
              value={values[definition.key] ?? ''}
              disabled={disabled}
              onChange={(event) => onChange(definition.key, event.target.value)}
              error={Boolean(error)}
              helperText={
                error ??
                `${capitalised(rangeText(t, definition, numbers))} · ${t('arch.params.defaultIs', { value: numbers.format(definition.default) })}`
              }
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-parameter': definition.key } }}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
