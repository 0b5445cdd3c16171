import type { BusinessConfig, BusinessTheme } from '@iot/shared';
import ClearOutlined from '@mui/icons-material/ClearOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { vendor } from '@vendor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { messageText } from '@/i18n';
import { VENDOR_COLOURS } from '@/lib/business-theme';
import { useConfigSave } from './use-config-save';

/** The five colours of a theme, in the order of SPEC section 3. */
export const THEME_FIELDS = ['primary', 'alarmOk', 'alarmLatched', 'alarmActive', 'alarmSnoozed'] as const;
type ThemeField = (typeof THEME_FIELDS)[number];
/** A theme as typed: one text per colour, empty for unset. */
type ColourTexts = Record<ThemeField, string>;

const VENDOR_THEME: Record<ThemeField, string> = {
  primary: VENDOR_COLOURS.primary,
  alarmOk: VENDOR_COLOURS.alarm.ok,
  alarmLatched: VENDOR_COLOURS.alarm.latched,
  alarmActive: VENDOR_COLOURS.alarm.active,
  alarmSnoozed: VENDOR_COLOURS.alarm.snoozed,
};

const textsOf = (theme: BusinessTheme | null): ColourTexts =>
  Object.fromEntries(THEME_FIELDS.map((field) => [field, theme?.[field] ?? ''])) as ColourTexts;

/** The theme to send: the colours typed, or null (inherit) when none is. */
function themeOf(texts: ColourTexts): BusinessTheme | null {
  const set = THEME_FIELDS.filter((field) => texts[field].trim() !== '');
  return set.length === 0 ? null : Object.fromEntries(set.map((field) => [field, texts[field].trim()]));
}

const sameTexts = (a: ColourTexts, b: ColourTexts) => THEME_FIELDS.every((field) => a[field] === b[field]);

/** Where a shown value comes from: the level itself, an ancestor (value unknown when out of reach), the vendor. */
interface Origin {
  kind: 'own' | 'inherited' | 'vendor';
  /** The colour or logo shown when the level sets none. */
  value?: string;
}

/** What a level would inherit with nothing of its own (null: nothing); `undefined` where its ancestors are out of reach. */
export interface InheritedLook {
  theme: BusinessTheme | null | undefined;
  logo: string | null | undefined;
}

interface BusinessAppearanceProps {
  businessId: string;
  config: BusinessConfig;
  inherited: InheritedLook;
  version: number;
  canEdit: boolean;
  /** The plan of the level has `customColorAndLogo`. */
  planAllows: boolean;
  onSaved: (config: BusinessConfig) => void;
  onStartOver: () => void;
}

/**
 * A level's look: the five theme colours and the logo URL. A level inherits the theme as a whole from the nearest
 * ancestor that sets one, and likewise the logo; each shown value says where it comes from. Choosing colours and a
 * logo takes the plan feature; unsetting them does not.
 */
export function BusinessAppearance({
  businessId,
  config,
  inherited,
  version,
  canEdit,
  planAllows,
  onSaved,
  onStartOver,
}: BusinessAppearanceProps) {
  const { t } = useTranslation();
  const [typedColours, setTypedColours] = useState<ColourTexts | null>(null);
  const [typedLogo, setTypedLogo] = useState<string | null>(null);
  const { save, saving, failure, fieldErrors, clearErrors } = useConfigSave({ businessId, version, onSaved });
  const ownColours = textsOf(config.theme);
  const colours = typedColours ?? ownColours;
  const logo = typedLogo ?? config.logo ?? '';
  const coloursChanged = typedColours !== null && !sameTexts(typedColours, ownColours);
  const logoChanged = typedLogo !== null && typedLogo.trim() !== (config.logo ?? '');
  const canChoose = canEdit && planAllows;
  const inheritsTheme = themeOf(colours) === null;

  const originOf = (field: ThemeField): Origin => {
    if (colours[field].trim()) return { kind: 'own' };
    if (!inheritsTheme) return { kind: 'vendor', value: VENDOR_THEME[field] };
    if (inherited.theme === undefined) return { kind: 'inherited' };
    const value = inherited.theme?.[field];
    return value ? { kind: 'inherited', value } : { kind: 'vendor', value: VENDOR_THEME[field] };
  };
  const logoOrigin: Origin = logo.trim()
    ? { kind: 'own' }
    : inherited.logo === undefined
      ? { kind: 'inherited' }
      : inherited.logo
        ? { kind: 'inherited', value: inherited.logo }
        : { kind: 'vendor', value: '' };

  const setColour = (field: ThemeField, text: string) => setTypedColours({ ...colours, [field]: text });
  const startOver = () => {
    setTypedColours(null);
    setTypedLogo(null);
    clearErrors();
    onStartOver();
  };
  const submit = () =>
    save(
      {
        ...(coloursChanged ? { theme: themeOf(colours) } : {}),
        ...(logoChanged ? { logo: logo.trim() || null } : {}),
      },
      () => {
        setTypedColours(null);
        setTypedLogo(null);
      },
    );

  const originText = (origin: Origin) =>
    origin.kind === 'own'
      ? t('businesses.theme.own')
      : origin.kind === 'inherited'
        ? origin.value
          ? t('businesses.theme.inheritedValue', { value: origin.value })
          : t('businesses.theme.inherited')
        : origin.value
          ? t('businesses.theme.vendorValue', { value: origin.value })
          : t('businesses.theme.vendorLogo');
  const colourError = (field: ThemeField) =>
    fieldErrors[`theme.${field}`] ? t('businesses.theme.invalidColour') : undefined;
  const logoError =
    fieldErrors.logo &&
    (fieldErrors.logo === 'validation.invalid' ? t('businesses.theme.invalidLogo') : messageText(t, fieldErrors.logo));

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="business-appearance-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2.5}>
        <Box>
          <Typography id="business-appearance-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
            {t('businesses.theme.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('businesses.theme.hint')}
          </Typography>
        </Box>
        {!planAllows && (
          <Alert severity="info">
            <AlertTitle>{t('planLimit.title')}</AlertTitle>
            {t('businesses.theme.notInPlan')} {t('planLimit.contactSupport')}{' '}
            <Link href={`mailto:${vendor.supportEmail}`}>{vendor.supportEmail}</Link>
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {THEME_FIELDS.map((field) => {
            const origin = originOf(field);
            const label = t(`businesses.theme.${field}`);
            const shown = colours[field].trim() || origin.value;
            return (
              <Stack key={field} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Box
                  component="input"
                  type="color"
                  aria-label={t('businesses.theme.pick', { name: label })}
                  value={/^#[0-9a-fA-F]{6}$/.test(shown ?? '') ? shown : '#ffffff'}
                  disabled={!canChoose}
                  onChange={(event) => setColour(field, (event.target as HTMLInputElement).value)}
                  sx={{
                    flexShrink: 0,
                    width: 48,
                    height: 40,
                    p: 0.25,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    bgcolor: 'background.paper',
                    cursor: canChoose ? 'pointer' : 'default',
                    opacity: canChoose ? 1 : 0.6,
                  }}
                />
                <TextField
                  size="small"
                  label={label}
                  value={colours[field]}
                  placeholder={origin.value}
                  disabled={!canChoose}
                  onChange={(event) => setColour(field, event.target.value)}
                  error={Boolean(colourError(field))}
                  helperText={colourError(field) ?? originText(origin)}
                  slotProps={{
                    inputLabel: { shrink: true },
                    input: {
                      endAdornment: canChoose && colours[field] && (
                        <UnsetAdornment label={label} onUnset={() => setColour(field, '')} />
                      ),
                    },
                  }}
                />
              </Stack>
            );
          })}
        </Box>
        {canEdit && !canChoose && !inheritsTheme && (
          <Box>
            <Button onClick={() => setTypedColours(textsOf(null))}>{t('businesses.theme.unsetColours')}</Button>
          </Box>
        )}
        <TextField
          size="small"
          type="url"
          label={t('businesses.theme.logo')}
          value={logo}
          placeholder="https://"
          disabled={!canChoose}
          onChange={(event) => setTypedLogo(event.target.value)}
          error={Boolean(logoError)}
          helperText={logoError || originText(logoOrigin)}
          slotProps={{
            inputLabel: { shrink: true },
            input: {
              endAdornment: canEdit && logo && (
                <UnsetAdornment label={t('businesses.theme.logo')} onUnset={() => setTypedLogo('')} />
              ),
            },
          }}
        />
        <SaveFailureAlert failure={failure} onStartOver={startOver} />
        {canEdit && (
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button disabled={saving || (!coloursChanged && !logoChanged && !failure)} onClick={startOver}>
              {t('app.cancel')}
            </Button>
            <Button variant="contained" disabled={saving || (!coloursChanged && !logoChanged)} onClick={submit}>
              {t('businesses.manager.save')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Unsets one value: the level inherits it again (or, for a colour, takes the vendor's). */
function UnsetAdornment({ label, onUnset }: { label: string; onUnset: () => void }) {
  const { t } = useTranslation();
  const text = t('businesses.theme.unsetOf', { name: label });
  return (
    <InputAdornment position="end">
      <Tooltip title={text}>
        <IconButton size="small" edge="end" aria-label={text} onClick={onUnset}>
          <ClearOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </InputAdornment>
  );
}
