import { INTEGRATION_NETWORKS, type Integration, type IntegrationNetwork } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { errorMessage } from '@/lib/error-message';
import type { CreateIntegrationBody } from '../api/integrations';
import { hasNetworkServer } from '../lib/callback-url';

export interface IntegrationForm {
  network: IntegrationNetwork;
  name: string;
  serverUrl: string;
  serverKey: string;
  applicationId: string;
  webhookId: string;
}

const emptyForm = (integration?: Integration): IntegrationForm => ({
  network: integration?.network ?? 'sigfox',
  name: integration?.name ?? '',
  serverUrl: integration?.serverUrl ?? '',
  serverKey: '',
  applicationId: integration?.applicationId ?? '',
  webhookId: integration?.webhookId ?? '',
});

/** A The Things Stack id as typed: kept only for that network, and null when left empty. */
const ttnId = (form: IntegrationForm, value: string) => (form.network === 'ttn' && value.trim() ? value.trim() : null);

/**
 * The request a form makes: fields the network does not use go as null; an API key left empty on an edit keeps the
 * one stored (it is never shown back), so it is left out.
 */
export function integrationBody(form: IntegrationForm, editing: boolean): CreateIntegrationBody {
  const server = hasNetworkServer(form.network);
  const key = form.serverKey.trim();
  return {
    network: form.network,
    name: form.name.trim(),
    serverUrl: server && form.serverUrl.trim() ? form.serverUrl.trim() : null,
    ...(server && key ? { serverKey: key } : editing && server ? {} : { serverKey: null }),
    applicationId: ttnId(form, form.applicationId),
    webhookId: ttnId(form, form.webhookId),
  };
}

interface IntegrationDialogProps {
  /** The integration edited; none to create one. */
  integration?: Integration;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onSave: (body: CreateIntegrationBody) => void;
}

/** Creates or edits a network integration: its network (fixed once made), name, and the network server for LoRa. */
export function IntegrationDialog({ integration, busy, error, onCancel, onSave }: IntegrationDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => emptyForm(integration));
  const editing = Boolean(integration);
  const fields = isApiError(error, 400) ? error.fields : {};
  const set = (field: keyof IntegrationForm) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.name.trim() && !busy) onSave(integrationBody(form, editing));
  };
  const server = hasNetworkServer(form.network);
  return (
    <Dialog open onClose={onCancel} aria-labelledby="integration-dialog-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="integration-dialog-title">
          {t(editing ? 'integrations.editTitle' : 'integrations.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {isApiError(error, 400) && Object.keys(fields).length === 0 && (
              <Alert severity="error">{errorMessage(t, error)}</Alert>
            )}
            <TextField
              select
              label={t('integrations.network')}
              value={form.network}
              onChange={set('network')}
              disabled={editing}
            >
              {INTEGRATION_NETWORKS.map((network) => (
                <MenuItem key={network} value={network}>
                  {t(`integrations.network.${network}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              autoFocus
              required
              label={t('integrations.name')}
              value={form.name}
              onChange={set('name')}
              error={Boolean(fields.name)}
              helperText={fields.name}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            {server && (
              <>
                <TextField
                  label={t('integrations.serverUrl')}
                  value={form.serverUrl}
                  onChange={set('serverUrl')}
                  error={Boolean(fields.serverUrl)}
                  helperText={fields.serverUrl ?? t('integrations.serverUrlHelp')}
                  placeholder="https://"
                />
                <TextField
                  label={t('integrations.serverKey')}
                  type="password"
                  autoComplete="off"
                  value={form.serverKey}
                  onChange={set('serverKey')}
                  error={Boolean(fields.serverKey)}
                  helperText={
                    fields.serverKey ?? (integration?.hasServerKey ? t('integrations.serverKeyKept') : undefined)
                  }
                />
              </>
            )}
            {form.network === 'ttn' && (
              <>
                <TextField
                  label={t('integrations.applicationId')}
                  value={form.applicationId}
                  onChange={set('applicationId')}
                  error={Boolean(fields.applicationId)}
                  helperText={fields.applicationId ?? t('integrations.applicationIdHelp')}
                  slotProps={{ htmlInput: { maxLength: 36 } }}
                />
                <TextField
                  label={t('integrations.webhookId')}
                  value={form.webhookId}
                  onChange={set('webhookId')}
                  error={Boolean(fields.webhookId)}
                  helperText={fields.webhookId ?? t('integrations.webhookIdHelp')}
                  slotProps={{ htmlInput: { maxLength: 36 } }}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!form.name.trim() || busy}>
            {t(editing ? 'integrations.save' : 'integrations.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
