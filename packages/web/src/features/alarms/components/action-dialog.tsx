import {
  ACTION_TYPES,
  type ActionConfigInput,
  ALARM_SIGNAL_KINDS,
  API_KEY_LOCATIONS,
  CALLBACK_AUTH_TYPES,
  EMAIL_LIST_MODES,
  type PlanFeatures,
  PUSH_CHANNELS,
  planAllowsAction,
  type TestActionCallbackResponse,
  TIMEZONE_MAX,
  TIMEZONE_MIN,
  WEEKDAYS,
  type Weekday,
} from '@iot/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { formatLocale, messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useCheckGeotabCredentials, useTestActionCallback } from '../api/business-actions';
import { type ActionDraft, checkActionDraft, inputOf, newActionDraft } from '../lib/action-form';

/** Someone who can be called or pushed to: a user of the business. */
export interface ActionRecipient {
  id: string;
  name: string;
  email: string;
}

interface ActionDialogProps {
  businessId: string;
  /** The action edited; a new one when it has no id and `isNew`. */
  initial: ActionDraft;
  isNew: boolean;
  plan: PlanFeatures;
  recipients: readonly ActionRecipient[];
  onCancel: () => void;
  onSave: (action: ActionConfigInput) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function CallbackTestResult({ result }: { result: TestActionCallbackResponse }) {
  const { t } = useTranslation();
  const ok = result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
  return (
    <Alert severity={ok ? 'success' : 'error'}>
      <Stack spacing={0.5}>
        <span>
          {result.status === null
            ? t('actions.test.noAnswer', { error: result.error ?? '' })
            : t('actions.test.answer', { status: result.status, ms: Math.round(result.durationMs) })}
        </span>
        {result.status !== null && result.error && <span>{result.error}</span>}
        {result.body && (
          <Box
            component="pre"
            sx={{
              m: 0,
              maxHeight: 120,
              overflow: 'auto',
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {result.body.slice(0, 2000)}
          </Box>
        )}
      </Stack>
    </Alert>
  );
}

/** The weekday's short name in `language` (1 January 2023 was a Sunday). */
const weekdayName = (day: Weekday, language: string) =>
  new Intl.DateTimeFormat(formatLocale(language), { weekday: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(day)),
  );

/** Adds or edits one action: its type's own fields, the signal kinds it follows, and when it runs. */
export function ActionDialog({ businessId, initial, isNew, plan, recipients, onCancel, onSave }: ActionDialogProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const testCallback = useTestActionCallback();
  const checkGeotab = useCheckGeotabCredentials();
  const set = (change: Partial<ActionDraft>) => setDraft((current) => ({ ...current, ...change }));
  const error = (path: string) => {
    const code = errors[path];
    return { error: Boolean(code), helperText: code ? messageText(t, code) : undefined };
  };
  const allowed = planAllowsAction(inputOf(draft) as Parameters<typeof planAllowsAction>[0], plan);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkActionDraft(draft);
    if (checked.ok) onSave(checked.action);
    else setErrors(checked.errors);
  };
  const toggle = <T,>(list: readonly T[], value: T, on: boolean) =>
    on ? [...list.filter((other) => other !== value), value] : list.filter((other) => other !== value);

  const runTest = () => {
    const action = inputOf(draft);
    if (action.type !== 'callback') return;
    testCallback.reset();
    testCallback.mutate({ businessId, ...action.callback });
  };
  const runGeotabCheck = () => {
    checkGeotab.reset();
    checkGeotab.mutate({
      server: draft.geotabServer.trim(),
      database: draft.geotabDatabase.trim(),
      username: draft.geotabUsername.trim(),
      password: draft.geotabPassword,
    });
  };

  const recipientsField = (
    <FormControl error={Boolean(errors[`${draft.type}.userIds`])}>
      <TextField
        select
        label={t('actions.recipients')}
        value={draft.userIds}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (ids) =>
              (ids as string[]).map((id) => recipients.find((user) => user.id === id)?.name ?? id).join(', '),
          },
        }}
        onChange={(event) => {
          const value = event.target.value as unknown;
          set({ userIds: typeof value === 'string' ? value.split(',') : (value as string[]) });
        }}
        {...error(`${draft.type}.userIds`)}
      >
        {recipients.map((user) => (
          <MenuItem key={user.id} value={user.id}>
            <Checkbox size="small" checked={draft.userIds.includes(user.id)} sx={{ p: 0.5, mr: 1 }} />
            {user.name ? `${user.name} (${user.email})` : user.email}
          </MenuItem>
        ))}
      </TextField>
    </FormControl>
  );

  return (
    <Dialog open onClose={onCancel} aria-labelledby="action-dialog-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="action-dialog-title">{isNew ? t('actions.addTitle') : t('actions.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <Stack spacing={2}>
              <TextField
                select
                label={t('actions.type')}
                value={draft.type}
                disabled={!isNew}
                onChange={(event) => {
                  const type = event.target.value as ActionDraft['type'];
                  setDraft((current) => ({ ...newActionDraft(type), name: current.name }));
                  setErrors({});
                }}
              >
                {ACTION_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`actions.type.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
              {!allowed && <Alert severity="warning">{t('actions.notInPlan')}</Alert>}
              <TextField
                label={t('actions.name')}
                value={draft.name}
                onChange={(event) => set({ name: event.target.value })}
                {...error('name')}
              />
              <FormControlLabel
                control={
                  <Switch checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
                }
                label={t('actions.enabled')}
              />
            </Stack>

            {draft.type === 'alarm' && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('actions.alarmNote')}
              </Typography>
            )}

            {draft.type === 'callback' && (
              <Section title={t('actions.type.callback')}>
                <TextField
                  label={t('actions.callback.url')}
                  value={draft.url}
                  placeholder="https://"
                  slotProps={{ htmlInput: { inputMode: 'url' } }}
                  onChange={(event) => set({ url: event.target.value })}
                  {...error('callback.url')}
                />
                <TextField
                  select
                  label={t('actions.callback.auth')}
                  value={draft.authType}
                  onChange={(event) => set({ authType: event.target.value as ActionDraft['authType'] })}
                >
                  {CALLBACK_AUTH_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {t(`actions.callback.auth.${type}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {draft.authType === 'basic' && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      label={t('actions.username')}
                      value={draft.username}
                      autoComplete="off"
                      onChange={(event) => set({ username: event.target.value })}
                      {...error('callback.auth.username')}
                    />
                    <TextField
                      label={t('actions.password')}
                      type="password"
                      value={draft.password}
                      autoComplete="new-password"
                      onChange={(event) => set({ password: event.target.value })}
                      {...error('callback.auth.password')}
                    />
                  </Stack>
                )}
                {draft.authType === 'apiKey' && (
                  <Stack spacing={2}>
                    <TextField
                      select
                      label={t('actions.callback.keyLocation')}
                      value={draft.keyLocation}
                      onChange={(event) => set({ keyLocation: event.target.value as ActionDraft['keyLocation'] })}
                    >
                      {API_KEY_LOCATIONS.map((location) => (
                        <MenuItem key={location} value={location}>
                          {t(`actions.callback.keyLocation.${location}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                      <TextField
                        label={t('actions.callback.keyName')}
                        value={draft.keyName}
                        onChange={(event) => set({ keyName: event.target.value })}
                        {...error('callback.auth.name')}
                      />
                      <TextField
                        label={t('actions.callback.keyValue')}
                        type="password"
                        value={draft.keyValue}
                        autoComplete="new-password"
                        onChange={(event) => set({ keyValue: event.target.value })}
                        {...error('callback.auth.value')}
                      />
                    </Stack>
                  </Stack>
                )}
                <Box>
                  <Button variant="outlined" onClick={runTest} loading={testCallback.isPending}>
                    {t('actions.test.button')}
                  </Button>
                </Box>
                {testCallback.data && <CallbackTestResult result={testCallback.data} />}
                {testCallback.error && (
                  <Alert severity="error">
                    {isApiError(testCallback.error, 400)
                      ? (Object.values(testCallback.error.fields).map((code) => messageText(t, code))[0] ??
                        errorMessage(t, testCallback.error))
                      : errorMessage(t, testCallback.error)}
                  </Alert>
                )}
              </Section>
            )}

            {draft.type === 'email' && (
              <Section title={t('actions.type.email')}>
                <TextField
                  select
                  label={t('actions.email.mode')}
                  value={draft.emailMode}
                  onChange={(event) => set({ emailMode: event.target.value as ActionDraft['emailMode'] })}
                >
                  {EMAIL_LIST_MODES.map((mode) => (
                    <MenuItem key={mode} value={mode}>
                      {t(`actions.email.mode.${mode}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {draft.emailMode === 'custom' && (
                  <TextField
                    label={t('actions.email.addresses')}
                    value={draft.addresses}
                    multiline
                    minRows={2}
                    onChange={(event) => set({ addresses: event.target.value })}
                    {...error('email.addresses')}
                    helperText={error('email.addresses').helperText ?? t('actions.email.addressesHelp')}
                  />
                )}
              </Section>
            )}

            {draft.type === 'voice' && (
              <Section title={t('actions.type.voice')}>
                {recipientsField}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label={t('actions.voice.retries')}
                    value={draft.retries}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    onChange={(event) => set({ retries: event.target.value })}
                    {...error('voice.retries')}
                  />
                  <TextField
                    label={t('actions.voice.retryInterval')}
                    value={draft.retryIntervalMinutes}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    onChange={(event) => set({ retryIntervalMinutes: event.target.value })}
                    {...error('voice.retryIntervalMinutes')}
                  />
                </Stack>
              </Section>
            )}

            {draft.type === 'push' && (
              <Section title={t('actions.type.push')}>
                {recipientsField}
                <FormControl error={Boolean(errors['push.channels'])} component="fieldset">
                  <FormLabel component="legend">{t('actions.push.channels')}</FormLabel>
                  <FormGroup row>
                    {PUSH_CHANNELS.map((channel) => (
                      <FormControlLabel
                        key={channel}
                        control={
                          <Checkbox
                            checked={draft.channels.includes(channel)}
                            onChange={(event) =>
                              set({ channels: toggle(draft.channels, channel, event.target.checked) })
                            }
                          />
                        }
                        label={t(`actions.push.channel.${channel}`)}
                      />
                    ))}
                  </FormGroup>
                  {errors['push.channels'] && (
                    <FormHelperText>{messageText(t, errors['push.channels'])}</FormHelperText>
                  )}
                </FormControl>
              </Section>
            )}

            {draft.type === 'geotab' && (
              <Section title={t('actions.type.geotab')}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label={t('actions.geotab.server')}
                    value={draft.geotabServer}
                    onChange={(event) => set({ geotabServer: event.target.value })}
                    {...error('geotab.server')}
                  />
                  <TextField
                    label={t('actions.geotab.database')}
                    value={draft.geotabDatabase}
                    onChange={(event) => set({ geotabDatabase: event.target.value })}
                    {...error('geotab.database')}
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label={t('actions.username')}
                    value={draft.geotabUsername}
                    autoComplete="off"
                    onChange={(event) => set({ geotabUsername: event.target.value })}
                    {...error('geotab.username')}
                  />
                  <TextField
                    label={t('actions.password')}
                    type="password"
                    value={draft.geotabPassword}
                    autoComplete="new-password"
                    onChange={(event) => set({ geotabPassword: event.target.value })}
                    {...error('geotab.password')}
                  />
                </Stack>
                <Box>
                  <Button variant="outlined" onClick={runGeotabCheck} loading={checkGeotab.isPending}>
                    {t('actions.geotab.check')}
                  </Button>
                </Box>
                {checkGeotab.isSuccess && <Alert severity="success">{t('actions.geotab.ok')}</Alert>}
                {checkGeotab.error && (
                  <Alert severity="error">
                    {isApiError(checkGeotab.error, 400)
                      ? (checkGeotab.error.fields.server ?? t('actions.geotab.fillAll'))
                      : errorMessage(t, checkGeotab.error)}
                  </Alert>
                )}
              </Section>
            )}

            <Section title={t('actions.when')}>
              <FormControl error={Boolean(errors.signalTypes)} component="fieldset">
                <FormLabel component="legend">{t('actions.signalTypes')}</FormLabel>
                <FormGroup row>
                  {ALARM_SIGNAL_KINDS.map((kind) => (
                    <FormControlLabel
                      key={kind}
                      control={
                        <Checkbox
                          checked={draft.signalTypes.includes(kind)}
                          onChange={(event) =>
                            set({ signalTypes: toggle(draft.signalTypes, kind, event.target.checked) })
                          }
                        />
                      }
                      label={t(`actions.signalType.${kind}`)}
                    />
                  ))}
                </FormGroup>
                {errors.signalTypes && <FormHelperText>{messageText(t, errors.signalTypes)}</FormHelperText>}
              </FormControl>
              <FormControlLabel
                control={
                  <Switch checked={draft.scheduled} onChange={(event) => set({ scheduled: event.target.checked })} />
                }
                label={t('actions.scheduled')}
              />
              {draft.scheduled && (
                <Stack spacing={2}>
                  <FormControl error={Boolean(errors['schedule.days'])} component="fieldset">
                    <FormLabel component="legend">{t('actions.days')}</FormLabel>
                    <FormGroup row>
                      {WEEKDAYS.map((day) => (
                        <FormControlLabel
                          key={day}
                          control={
                            <Checkbox
                              size="small"
                              checked={draft.days.includes(day)}
                              onChange={(event) =>
                                set({
                                  days: WEEKDAYS.filter((other) =>
                                    other === day ? event.target.checked : draft.days.includes(other),
                                  ),
                                })
                              }
                            />
                          }
                          label={weekdayName(day, i18n.language)}
                        />
                      ))}
                    </FormGroup>
                    {errors['schedule.days'] && (
                      <FormHelperText>{messageText(t, errors['schedule.days'])}</FormHelperText>
                    )}
                  </FormControl>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      label={t('actions.from')}
                      type="time"
                      value={draft.from}
                      slotProps={{ inputLabel: { shrink: true } }}
                      onChange={(event) => set({ from: event.target.value })}
                      {...error('schedule.from')}
                    />
                    <TextField
                      label={t('actions.to')}
                      type="time"
                      value={draft.to}
                      slotProps={{ inputLabel: { shrink: true } }}
                      onChange={(event) => set({ to: event.target.value })}
                      {...error('schedule.to')}
                    />
                    <TextField
                      select
                      label={t('actions.timezone')}
                      value={draft.timezone}
                      onChange={(event) => set({ timezone: event.target.value })}
                      {...error('schedule.timezone')}
                    >
                      {Array.from({ length: TIMEZONE_MAX - TIMEZONE_MIN + 1 }, (_, index) => TIMEZONE_MIN + index).map(
                        (hours) => (
                          <MenuItem key={hours} value={String(hours)}>
                            {hours === 0
                              ? 'UTC'
                              : `UTC${hours > 0 ? '+' : '−'}${String(Math.abs(hours)).padStart(2, '0')}:00`}
                          </MenuItem>
                        ),
                      )}
                    </TextField>
                  </Stack>
                </Stack>
              )}
            </Section>
            {Object.keys(errors).length > 0 && <Alert severity="error">{t('actions.fixErrors')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained">
            {isNew ? t('actions.add') : t('actions.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
