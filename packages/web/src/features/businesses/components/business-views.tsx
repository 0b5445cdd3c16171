import { type BusinessConfig, DEVICE_TABS, REPORT_TYPES, type RoleViews, VIEW_ROLES, type ViewRole } from '@iot/shared';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { useConfigSave } from './use-config-save';

type RoleViewsRow = BusinessConfig['viewPermissions'][number];

export const viewRoleLabel = (t: TFunction, role: ViewRole) =>
  role === 'anonymous' ? t('businesses.views.anonymous') : t(`businesses.role.${role}`);

function sourceText(t: TFunction, row: RoleViewsRow) {
  if (row.source === 'own') return t('businesses.views.own');
  if (row.source === 'default') return t('businesses.views.default');
  return row.inheritedFrom
    ? t('businesses.views.inheritedFrom', { name: row.inheritedFrom.description })
    : t('businesses.views.inherited');
}

/** Ticks or unticks one entry, keeping the order of `all`. */
function toggled<T extends string>(all: readonly T[], chosen: readonly T[], entry: T): T[] {
  const next = new Set(chosen);
  if (next.has(entry)) next.delete(entry);
  else next.add(entry);
  return all.filter((candidate) => next.has(candidate));
}

const sameViews = (a: RoleViews, b: RoleViews) =>
  a.deviceTabs.join() === b.deviceTabs.join() && a.reports.join() === b.reports.join();

interface BusinessViewsProps {
  businessId: string;
  config: BusinessConfig;
  version: number;
  canEdit: boolean;
  onSaved: (config: BusinessConfig) => void;
  onStartOver: () => void;
}

/**
 * Per role, the device tabs and reports it may see on this level's devices: set here, inherited from the nearest
 * ancestor that sets them, or the default (everything). An admin sets a role's views or lets it inherit again.
 */
export function BusinessViews({ businessId, config, version, canEdit, onSaved, onStartOver }: BusinessViewsProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Partial<Record<ViewRole, RoleViews>>>({});
  const [savingRole, setSavingRole] = useState<ViewRole>();
  const { save, saving, failure, clearErrors } = useConfigSave({ businessId, version, onSaved });
  const rows = VIEW_ROLES.flatMap((role) => config.viewPermissions.filter((row) => row.role === role));

  const forget = (role: ViewRole) => setChosen(({ [role]: _saved, ...others }) => others);
  const saveRole = (role: ViewRole, views: RoleViews | null) => {
    setSavingRole(role);
    save({ viewPermissions: { [role]: views } }, () => forget(role));
  };
  const startOver = () => {
    setChosen({});
    clearErrors();
    onStartOver();
  };

  return (
    <Box component="section" aria-labelledby="business-views-title">
      <Typography id="business-views-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
        {t('businesses.views.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 1.5 }}>
        {t('businesses.views.hint')}
      </Typography>
      {rows.map((row) => {
        const views = chosen[row.role] ?? row;
        const changed = !sameViews(views, row);
        const label = viewRoleLabel(t, row.role);
        return (
          <Accordion key={row.role} disableGutters variant="outlined" slotProps={{ heading: { component: 'h3' } }}>
            <AccordionSummary
              expandIcon={<ExpandMore />}
              id={`views-${row.role}-summary`}
              aria-controls={`views-${row.role}-details`}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.5, sm: 1.5 }}
                sx={{ alignItems: { sm: 'center' }, flex: 1, minWidth: 0 }}
              >
                <Typography sx={{ fontWeight: 600, minWidth: { sm: 200 } }}>{label}</Typography>
                <Chip
                  size="small"
                  label={sourceText(t, row)}
                  color={row.source === 'own' ? 'primary' : 'default'}
                  variant={row.source === 'own' ? 'filled' : 'outlined'}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, maxWidth: '100%' }}
                />
                <Typography variant="body2" sx={{ color: 'text.secondary', ml: { sm: 'auto' }, pr: 1 }}>
                  {t('businesses.views.summary', {
                    tabs: row.deviceTabs.length,
                    allTabs: DEVICE_TABS.length,
                    reports: row.reports.length,
                    allReports: REPORT_TYPES.length,
                  })}
                </Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails id={`views-${row.role}-details`}>
              <Stack spacing={2}>
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
                    {t('businesses.views.deviceTabs')}
                  </FormLabel>
                  <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
                    {DEVICE_TABS.map((tab) => (
                      <FormControlLabel
                        key={tab}
                        label={t(`businesses.views.tab.${tab}`)}
                        control={
                          <Checkbox
                            checked={views.deviceTabs.includes(tab)}
                            disabled={!canEdit}
                            onChange={() =>
                              setChosen({
                                ...chosen,
                                [row.role]: { ...views, deviceTabs: toggled(DEVICE_TABS, views.deviceTabs, tab) },
                              })
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                </Box>
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <FormLabel component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
                    {t('businesses.views.reports')}
                  </FormLabel>
                  <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    {REPORT_TYPES.map((report) => (
                      <FormControlLabel
                        key={report}
                        label={t(`businesses.views.report.${report}`)}
                        control={
                          <Checkbox
                            checked={views.reports.includes(report)}
                            disabled={!canEdit}
                            onChange={() =>
                              setChosen({
                                ...chosen,
                                [row.role]: { ...views, reports: toggled(REPORT_TYPES, views.reports, report) },
                              })
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                </Box>
                {savingRole === row.role && <SaveFailureAlert failure={failure} onStartOver={startOver} />}
                {canEdit && (
                  <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                    {row.source === 'own' && (
                      <Button disabled={saving} onClick={() => saveRole(row.role, null)}>
                        {t('businesses.views.inherit')}
                      </Button>
                    )}
                    <Button disabled={saving || !changed} onClick={() => forget(row.role)}>
                      {t('app.cancel')}
                    </Button>
                    <Button
                      variant="contained"
                      disabled={saving || (!changed && row.source === 'own')}
                      onClick={() => saveRole(row.role, { deviceTabs: views.deviceTabs, reports: views.reports })}
                      aria-label={t('businesses.views.saveFor', { role: label })}
                    >
                      {t('businesses.manager.save')}
                    </Button>
                  </Stack>
                )}
              </Stack>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
