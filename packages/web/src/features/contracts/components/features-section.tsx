import type { Contract } from '@iot/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { messageText } from '@/i18n';
import {
  DATA_VIEWS,
  featuresChange,
  featuresDraftOf,
  featuresIssues,
  PLAN_LIMITS,
  PLAN_SWITCHES,
} from '../lib/contract-form';
import { useContractEdit } from '../lib/use-contract-edit';
import { Section } from './facts';

const switchGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  columnGap: 2,
} as const;

/** The plan features the contract grants: its limits (-1 unlimited), its switches and data views, saved together. */
export function FeaturesSection({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const { draft, setDraft, base, failure, startOver, save, saving } = useContractEdit(contract, (read) =>
    featuresDraftOf(read.features),
  );
  const issues = featuresIssues(draft);
  const valid = Object.keys(issues).length === 0;
  const change = valid ? featuresChange(draft, base.features) : null;

  return (
    <Section
      title={t('contracts.features.title')}
      actions={
        <Button
          variant="contained"
          size="small"
          disabled={!change || saving}
          onClick={() => change && save({ features: change }, () => snackbar.showSuccess(t('app.updated')))}
        >
          {t('contracts.features.save')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <SaveFailureAlert failure={failure} onStartOver={startOver} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {PLAN_LIMITS.map((key) => {
            const issue = issues[key];
            const unlimited = draft.limits[key].trim() === '-1';
            return (
              <TextField
                key={key}
                size="small"
                label={t(`contracts.features.${key}`)}
                value={draft.limits[key]}
                error={Boolean(issue)}
                helperText={
                  issue ? messageText(t, issue) : unlimited ? t('contracts.unlimited') : t('contracts.unlimitedHint')
                }
                onChange={(event) =>
                  setDraft((current) => ({ ...current, limits: { ...current.limits, [key]: event.target.value } }))
                }
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
            );
          })}
        </Stack>
        <Box sx={switchGrid}>
          {PLAN_SWITCHES.map((key) => (
            <FormControlLabel
              key={key}
              control={
                <Switch
                  size="small"
                  checked={draft.switches[key]}
                  onChange={(event) =>
                    setDraft((current) => ({
                      ...current,
                      switches: { ...current.switches, [key]: event.target.checked },
                    }))
                  }
                />
              }
              label={t(`contracts.features.${key}`)}
            />
          ))}
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('contracts.features.dataViewCapabilities')}
          </Typography>
          <Box sx={switchGrid}>
            {DATA_VIEWS.map((key) => (
              <FormControlLabel
                key={key}
                control={
                  <Switch
                    size="small"
                    checked={draft.dataViews[key]}
                    onChange={(event) =>
                      setDraft((current) => ({
                        ...current,
                        dataViews: { ...current.dataViews, [key]: event.target.checked },
                      }))
                    }
                  />
                }
                label={t(`contracts.features.${key}`)}
              />
            ))}
          </Box>
        </Box>
      </Stack>
    </Section>
  );
}
