import type { ActionConfigInput, BusinessActions } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
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
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { usePlanLimitNotice } from '@/components/plan-limit-notice';
import { type SaveFailure, SaveFailureAlert } from '@/components/save-failure-alert';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { useBusinessUsers } from '@/features/businesses/api/business-users';
import { formatLocale, messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { usePlan } from '@/lib/plan';
import { useBusinessActions, useUpdateBusinessActions } from '../api/business-actions';
import {
  type ActionDraft,
  actionHealth,
  draftOf,
  newActionDraft,
  type StoredActionWithStatus,
  storedInputOf,
} from '../lib/action-form';
import { ActionDialog, type ActionRecipient } from './action-dialog';

/** The platform's own default list is "inherited" from no business. */
const DEFAULT_SOURCE = 'default';

/** One row of the list being edited: the action as it will be saved, and its last run's status when it has one. */
interface ActionRow {
  key: number;
  action: ActionConfigInput;
  status?: StoredActionWithStatus['status'];
}

let nextKey = 0;
const rowsOf = (actions: BusinessActions) =>
  actions.actions.map((stored) => ({ key: nextKey++, action: storedInputOf(stored), status: stored.status }));

function ActionStatusChip({ status }: { status: ActionRow['status'] }) {
  const { t, i18n } = useTranslation();
  const health = actionHealth(status);
  const dates = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const lastRun = status?.lastRunAt ? t('actions.lastRun', { date: dates.format(new Date(status.lastRunAt)) }) : '';
  if (health === 'error') {
    return (
      <Tooltip title={`${status?.lastError ?? ''}${lastRun ? ` · ${lastRun}` : ''}`}>
        <Chip size="small" color="error" icon={<ErrorOutlined />} label={t('actions.health.error')} />
      </Tooltip>
    );
  }
  if (health === 'notice') {
    return (
      <Tooltip title={`${status?.lastNotice ?? ''}${lastRun ? ` · ${lastRun}` : ''}`}>
        <Chip size="small" color="warning" icon={<InfoOutlined />} label={t('actions.health.notice')} />
      </Tooltip>
    );
  }
  if (health === 'ok') {
    return (
      <Tooltip title={lastRun}>
        <Chip size="small" color="success" variant="outlined" label={t('actions.health.ok')} />
      </Tooltip>
    );
  }
  return <Chip size="small" variant="outlined" label={t('actions.health.never')} />;
}

/** What the action does, in a few words: where it calls, who it tells. */
function actionSummary(action: ActionConfigInput, t: TFunction, nameOf: (id: string) => string): string {
  switch (action.type) {
    case 'callback':
      return action.callback.url;
    case 'email':
      return action.email.mode === 'custom' ? String(action.email.addresses) : t('actions.email.mode.allUsers');
    case 'voice':
      return action.voice.userIds.map(nameOf).join(', ');
    case 'push':
      return `${action.push.userIds.map(nameOf).join(', ')} · ${action.push.channels.map((channel) => t(`actions.push.channel.${channel}`)).join(', ')}`;
    case 'geotab':
      return `${action.geotab.database} @ ${action.geotab.server}`;
    default:
      return '';
  }
}

function ActionsEditor({
  businessId,
  actions,
  onStartOver,
}: {
  businessId: string;
  actions: BusinessActions;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const showPlanLimit = usePlanLimitNotice();
  const plan = usePlan(businessId);
  const users = useBusinessUsers(businessId);
  const update = useUpdateBusinessActions();
  const [rows, setRows] = useState<ActionRow[]>(() => rowsOf(actions));
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<{ key: number | null; draft: ActionDraft } | null>(null);
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const recipients = useMemo<ActionRecipient[]>(() => {
    const seen = new Map<string, ActionRecipient | null>();
    for (const user of [...(users.data?.users ?? []), ...(users.data?.inherited ?? [])]) {
      if (seen.has(user.id)) continue;
      // The nearest entry decides: `none` shuts the user out of the business, and the server refuses them here.
      seen.set(user.id, user.role === 'none' ? null : { id: user.id, name: user.name, email: user.email });
    }
    return [...seen.values()].filter((recipient) => recipient !== null);
  }, [users.data]);
  const nameOf = (id: string) => recipients.find((user) => user.id === id)?.name || id;
  const inherited = actions.inheritedFrom;

  const change = (next: ActionRow[]) => {
    setRows(next);
    setDirty(true);
  };
  const put = (body: ActionConfigInput[] | null, done: string) => {
    setFailure(null);
    update.mutate(
      { businessId, version: actions.version, actions: body },
      {
        onSuccess: (saved) => {
          setRows(rowsOf(saved));
          setDirty(false);
          snackbar.showSuccess(done);
        },
        onError: (error) => {
          if (isApiError(error) && error.code.startsWith('plan.')) showPlanLimit(error.message);
          else if (isApiError(error, 400) && Object.keys(error.fields).length > 0) {
            setFailure({
              text: Object.values(error.fields)
                .map((code) => messageText(t, code))
                .join(' '),
              conflict: false,
            });
          } else {
            const conflict = isApiError(error) && error.code === 'conflict';
            setFailure({ text: conflict ? t('conflict') : errorMessage(t, error), conflict });
          }
        },
      },
    );
  };
  // An inherited list becomes the business's own on save: its actions are copies, so they get ids of their own.
  const save = () =>
    put(
      rows.map(({ action }) => (inherited ? { ...action, id: undefined } : action)),
      t('app.updated'),
    );
  const followParent = async () => {
    const confirmed = await confirm({
      title: t('actions.followParentTitle'),
      message: t('actions.followParentText'),
      confirmLabel: t('actions.followParent'),
      destructive: true,
    });
    if (confirmed) put(null, t('app.updated'));
  };
  const remove = async (row: ActionRow) => {
    const confirmed = await confirm({
      title: t('actions.removeTitle'),
      message: t('actions.removeText', { name: row.action.name || t(`actions.type.${row.action.type}`) }),
      confirmLabel: t('actions.remove'),
      destructive: true,
    });
    if (confirmed) change(rows.filter((other) => other.key !== row.key));
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2">
          {t('actions.title')}
        </Typography>
        <Button startIcon={<AddOutlined />} onClick={() => setEditing({ key: null, draft: newActionDraft('alarm') })}>
          {t('actions.addAction')}
        </Button>
      </Stack>
      {inherited && (
        <Alert severity="info">
          {inherited.id === DEFAULT_SOURCE
            ? t('actions.inheritedDefault')
            : t('actions.inheritedFrom', { name: inherited.description })}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('actions.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('actions.action')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('actions.details')}</TableCell>
              <TableCell>{t('actions.signalTypes')}</TableCell>
              <TableCell>{t('actions.lastRunColumn')}</TableCell>
              <TableCell align="right">{t('actions.rowActions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                  {t('actions.none')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => {
              const name = row.action.name || t(`actions.type.${row.action.type}`);
              return (
                <TableRow key={row.key} aria-label={name}>
                  <TableCell>
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 500, opacity: row.action.enabled === false ? 0.55 : 1 }}
                    >
                      {name}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {[
                        row.action.name ? t(`actions.type.${row.action.type}`) : null,
                        row.action.enabled === false ? t('actions.disabled') : null,
                        row.action.schedule ? t('actions.scheduledShort') : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell
                    sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere', maxWidth: 280 }}
                  >
                    {actionSummary(row.action, t, nameOf)}
                  </TableCell>
                  <TableCell>
                    {row.action.signalTypes.map((kind) => t(`actions.signalType.${kind}`)).join(', ')}
                  </TableCell>
                  <TableCell>
                    {/* Alarms are raised as each condition is dispatched, not as a job that can fail. */}
                    {row.action.type === 'alarm' ? (
                      t('actions.health.inline')
                    ) : row.status ? (
                      <ActionStatusChip status={row.status} />
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('actions.edit')}>
                      <IconButton
                        size="small"
                        aria-label={t('actions.editNamed', { name })}
                        onClick={() => setEditing({ key: row.key, draft: draftOf(row.action) })}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('actions.remove')}>
                      <IconButton
                        size="small"
                        aria-label={t('actions.removeNamed', { name })}
                        onClick={() => void remove(row)}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <SaveFailureAlert failure={failure} onStartOver={onStartOver} />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        {!inherited && (
          <Button color="error" onClick={() => void followParent()} disabled={update.isPending}>
            {t('actions.followParent')}
          </Button>
        )}
        {dirty && (
          <Button onClick={onStartOver} disabled={update.isPending}>
            {t('actions.discard')}
          </Button>
        )}
        <Button variant="contained" onClick={save} disabled={!dirty} loading={update.isPending}>
          {t('actions.save')}
        </Button>
      </Stack>
      {editing && (
        <ActionDialog
          businessId={businessId}
          initial={editing.draft}
          isNew={editing.key === null}
          plan={plan}
          recipients={recipients}
          onCancel={() => setEditing(null)}
          onSave={(action) => {
            const { key } = editing;
            setEditing(null);
            change(
              key === null
                ? [...rows, { key: nextKey++, action }]
                : rows.map((row) => (row.key === key ? { ...row, action } : row)),
            );
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The alarms tab of a business's configuration (admins): what happens when an alarm condition of one of its devices
 * appears or clears, with each action's last run (the error flag), and whose list it follows.
 */
export function BusinessActionsCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const actions = useBusinessActions(businessId);
  const [round, setRound] = useState(0);
  const startOver = () => void actions.refetch().then(() => setRound((value) => value + 1));
  return (
    <Stack spacing={2.5}>
      <Alert severity="info" icon={<InfoOutlined />}>
        {t('actions.readingsStored')}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {actions.isError && <Alert severity="error">{errorMessage(t, actions.error)}</Alert>}
        {actions.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        )}
        {actions.data && (
          <ActionsEditor
            key={`${round}-${actions.data.version}`}
            businessId={businessId}
            actions={actions.data}
            onStartOver={startOver}
          />
        )}
      </Paper>
    </Stack>
  );
}
