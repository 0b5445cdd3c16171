import {
  type CallReception,
  LANGUAGES,
  type Language,
  TIMEZONE_MAX,
  TIMEZONE_MIN,
  type User,
  WEEKDAYS,
  type Weekday,
} from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { changeLanguage, currentLanguage, formatLocale, i18n, messageText } from '@/i18n';
import { useUpdateUser } from '@/lib/auth/update-user';
import { type ProfileErrors, type ProfileValues, profileRequest, profileValues } from '../profile-values';

const TIMEZONES = Array.from({ length: TIMEZONE_MAX - TIMEZONE_MIN + 1 }, (_, index) => TIMEZONE_MIN + index);

export const timezoneLabel = (hours: number) =>
  hours === 0 ? 'UTC' : `UTC${hours > 0 ? '+' : '−'}${String(Math.abs(hours)).padStart(2, '0')}:00`;

/** The weekday's name in `language`, capitalised (1 January 2023 was a Sunday). */
function weekdayName(day: Weekday, language: Language): string {
  const date = Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(day));
  const name = new Intl.DateTimeFormat(formatLocale(language), { weekday: 'long', timeZone: 'UTC' }).format(date);
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: hint ? 0.25 : 1.5, p: 0 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * The "data" tab: name, language, timezone, phone, period off work and call reception. Saved with the version the
 * form was loaded from; a conflict (409) asks to discard the edits and start again from the server's data.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { showSuccess } = useSnackbar();
  const language = currentLanguage();
  const updateUser = useUpdateUser(user.email, { meta: { handledStatuses: [400, 409] } });
  const [values, setValues] = useState<ProfileValues>(() => profileValues(user));
  const [version, setVersion] = useState(user.version);
  const [clientErrors, setClientErrors] = useState<ProfileErrors>({});
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const update = (next: ProfileValues, changedPath: string) => {
    setValues(next);
    setServerErrors(({ [changedPath]: _changed, ...others }) => others);
    if (submitted) {
      const checked = profileRequest(next, version);
      setClientErrors(checked.success ? {} : checked.errors);
    }
  };
  const setField = <K extends keyof ProfileValues>(name: K, value: ProfileValues[K], path: string = name) =>
    update({ ...values, [name]: value }, path);
  const setDay = (day: Weekday, change: Partial<CallReception[Weekday]>, path: string) =>
    update(
      { ...values, callReception: { ...values.callReception, [day]: { ...values.callReception[day], ...change } } },
      path,
    );

  const errorOf = (path: string) => clientErrors[path] ?? serverErrors[path];
  const fieldState = (path: string, hint?: string) => {
    const error = errorOf(path);
    return { error: Boolean(error), helperText: error ? messageText(t, error) : hint };
  };

  const reset = (from: User) => {
    setValues(profileValues(from));
    setVersion(from.version);
    setClientErrors({});
    setServerErrors({});
    setSubmitted(false);
    setConflict(false);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const checked = profileRequest(values, version);
    if (!checked.success) {
      setClientErrors(checked.errors);
      return;
    }
    setClientErrors({});
    updateUser.mutate(checked.data, {
      onSuccess: async (saved) => {
        reset(saved);
        if (saved.profile.language !== currentLanguage()) await changeLanguage(saved.profile.language);
        // In the language just saved: a hook's `t` stays bound to the language of the last render.
        showSuccess(i18n.t('app.updated'));
      },
      onError: (error) => {
        if (isApiError(error, 409)) setConflict(true);
        else if (isApiError(error, 400)) {
          setServerErrors(error.fields);
          setFailure(error.message);
        }
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={4} onSubmit={submit}>
      <Section title={t('settings.personal')}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label={t('settings.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => setField('firstName', event.target.value)}
            {...fieldState('firstName')}
          />
          <TextField
            label={t('settings.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => setField('lastName', event.target.value)}
            {...fieldState('lastName')}
          />
          <TextField
            label={t('settings.phone')}
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(event) => setField('phone', event.target.value)}
            {...fieldState('phone', t('settings.phoneHint'))}
          />
          <TextField
            select
            label={t('settings.language')}
            value={values.language}
            onChange={(event) => setField('language', event.target.value as Language)}
            {...fieldState('language')}
          >
            {LANGUAGES.map((choice) => (
              <MenuItem key={choice} value={choice} lang={choice}>
                {t(`language.${choice}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('settings.timezone')}
            value={values.timezone}
            onChange={(event) => setField('timezone', Number(event.target.value))}
            {...fieldState('timezone')}
          >
            {TIMEZONES.map((hours) => (
              <MenuItem key={hours} value={hours}>
                {timezoneLabel(hours)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Section>

      <Section title={t('settings.periodOffWork')} hint={t('settings.periodOffWorkHint')}>
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            type="date"
            label={t('settings.offFrom')}
            value={values.offFrom}
            onChange={(event) => setField('offFrom', event.target.value, 'periodOffWork.from')}
            slotProps={{ inputLabel: { shrink: true } }}
            {...fieldState('periodOffWork.from')}
          />
          <TextField
            type="date"
            label={t('settings.offTo')}
            value={values.offTo}
            onChange={(event) => setField('offTo', event.target.value, 'periodOffWork.to')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.offFrom || undefined } }}
            {...fieldState('periodOffWork.to')}
          />
        </Box>
      </Section>

      <Section title={t('settings.callReception')} hint={t('settings.callReceptionHint')}>
        <Stack spacing={1.5}>
          {WEEKDAYS.map((day) => {
            const schedule = values.callReception[day];
            const name = weekdayName(day, language);
            const dayError = errorOf(`callReception.${day}`);
            return (
              <Box
                key={day}
                sx={{
                  display: 'grid',
                  gap: { xs: 1, sm: 2 },
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr 1fr', sm: '11rem 1fr 1fr' },
                }}
              >
                <FormControlLabel
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, mt: { sm: 0.5 } }}
                  control={
                    <Checkbox
                      checked={schedule.enabled}
                      onChange={(event) =>
                        setDay(day, { enabled: event.target.checked }, `callReception.${day}.enabled`)
                      }
                    />
                  }
                  label={name}
                />
                <TextField
                  type="time"
                  size="small"
                  label={t('settings.from')}
                  value={schedule.from}
                  disabled={!schedule.enabled}
                  onChange={(event) => setDay(day, { from: event.target.value }, `callReception.${day}.from`)}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { 'aria-label': t('settings.fromOf', { day: name }) },
                  }}
                  {...fieldState(`callReception.${day}.from`)}
                />
                <TextField
                  type="time"
                  size="small"
                  label={t('settings.to')}
                  value={schedule.to}
                  disabled={!schedule.enabled}
                  onChange={(event) => setDay(day, { to: event.target.value }, `callReception.${day}.to`)}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { 'aria-label': t('settings.toOf', { day: name }) },
                  }}
                  {...fieldState(`callReception.${day}.to`)}
                />
                {dayError && (
                  <Typography variant="body2" color="error" sx={{ gridColumn: '1 / -1' }}>
                    {messageText(t, dayError)}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      </Section>

      <Stack spacing={2}>
        {conflict && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => reset(user)} sx={{ whiteSpace: 'nowrap' }}>
                {t('settings.discard')}
              </Button>
            }
          >
            {t('conflict')}
          </Alert>
        )}
        {failure && <Alert severity="error">{failure}</Alert>}

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(user)} disabled={updateUser.isPending}>
            {t('settings.discard')}
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={updateUser.isPending || conflict}>
            {t('settings.save')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
