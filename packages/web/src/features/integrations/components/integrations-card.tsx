import type { Integration } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { errorMessage } from '@/lib/error-message';
import {
  type NewIntegration,
  useCreateIntegration,
  useDeleteIntegration,
  useIntegrations,
  useUpdateIntegration,
} from '../api/integrations';
import { CreatedIntegrationDialog } from './created-integration-dialog';
import { IntegrationDialog } from './integration-dialog';
import { IntegrationHealthSummary } from './integration-health';

type Editing = { kind: 'create' } | { kind: 'edit'; integration: Integration } | null;

/**
 * "Network integrations" of a business: the tokens its networks (Sigfox, ChirpStack, The Things Stack, or the
 * platform's own HTTP call) post uplinks with. For admins of the business only; the caller decides.
 */
export function IntegrationsCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const integrations = useIntegrations(businessId);
  const create = useCreateIntegration(businessId);
  const update = useUpdateIntegration(businessId);
  const remove = useDeleteIntegration(businessId);
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<NewIntegration | null>(null);
  const saving = editing?.kind === 'edit' ? update : create;

  const close = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };
  const askDelete = async (integration: Integration) => {
    const confirmed = await confirm({
      title: t('integrations.deleteTitle'),
      message: t('integrations.deleteText', { name: integration.name }),
      confirmLabel: t('integrations.delete'),
      destructive: true,
    });
    if (confirmed) remove.mutate(integration.id, { onSuccess: () => snackbar.showSuccess(t('app.updated')) });
  };

  const rows = integrations.data?.integrations ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2">
            {t('integrations.title')}
          </Typography>
          <Button startIcon={<AddOutlined />} onClick={() => setEditing({ kind: 'create' })}>
            {t('integrations.add')}
          </Button>
        </Stack>
        {integrations.isPending && <LinearProgress aria-label={t('app.loading')} />}
        {integrations.isError && <Alert severity="error">{errorMessage(t, integrations.error)}</Alert>}
        {integrations.data && (
          <TableContainer>
            <Table size="small" aria-label={t('integrations.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('integrations.network')}</TableCell>
                  <TableCell>{t('integrations.name')}</TableCell>
                  <TableCell>{t('integrations.token')}</TableCell>
                  <TableCell>{t('integrations.serverUrl')}</TableCell>
                  <TableCell>{t('integrations.health')}</TableCell>
                  <TableCell align="right">{t('integrations.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((integration) => (
                  <TableRow key={integration.id}>
                    <TableCell>{t(`integrations.network.${integration.network}`)}</TableCell>
                    <TableCell>{integration.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{`${integration.tokenHint}…`}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{integration.serverUrl ?? '—'}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      <IntegrationHealthSummary health={integration.health} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('integrations.edit')}>
                        <IconButton
                          size="small"
                          aria-label={t('integrations.editNamed', { name: integration.name })}
                          onClick={() => setEditing({ kind: 'edit', integration })}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('integrations.delete')}>
                        <IconButton
                          size="small"
                          aria-label={t('integrations.deleteNamed', { name: integration.name })}
                          onClick={() => void askDelete(integration)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>{t('integrations.none')}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>
      {editing && (
        <IntegrationDialog
          key={editing.kind === 'edit' ? editing.integration.id : 'new'}
          integration={editing.kind === 'edit' ? editing.integration : undefined}
          busy={saving.isPending}
          error={saving.error}
          onCancel={close}
          onSave={(body) => {
            if (editing.kind === 'edit') {
              const { network: _network, ...changes } = body;
              update.mutate(
                { id: editing.integration.id, version: editing.integration.version, ...changes },
                {
                  onSuccess: () => {
                    close();
                    snackbar.showSuccess(t('app.updated'));
                  },
                },
              );
            } else {
              create.mutate(
                { businessId, ...body },
                {
                  onSuccess: (answer) => {
                    close();
                    setCreated(answer);
                  },
                },
              );
            }
          }}
        />
      )}
      {created && <CreatedIntegrationDialog created={created} onClose={() => setCreated(null)} />}
    </Paper>
  );
}
