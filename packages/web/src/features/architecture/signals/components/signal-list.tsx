import type { Signal } from '@iot/shared';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSessionEmail } from '@/api/session';
import { useConfirm } from '@/components/confirm-dialog';
import { SearchField } from '@/components/search-field';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { matchesSearch } from '@/lib/matches-search';
import { LoadFailure, LoadingBlock } from '../../components/load-state';
import { actionErrorText } from '../../lib/action-error';
import { useDeleteSignal, useLockSignal, useSyncSignal, useUnlockSignal } from '../api/change-signal';
import { useSignals } from '../api/get-signals';
import { SignalFormDialog } from './signal-form-dialog';
import { SignalHistoryDialog } from './signal-history-dialog';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'history'; signal: Signal } | null;

function LockChip({ signal, me }: { signal: Signal; me: string | null }) {
  const { t } = useTranslation();
  if (!signal.lock) return <Box sx={{ color: 'text.disabled' }}>{t('arch.signals.unlocked')}</Box>;
  const mine = signal.lock.user === me;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={mine ? 'primary' : 'warning'}
      icon={<LockOutlined fontSize="small" />}
      label={mine ? t('arch.signals.lockedByYou') : t('arch.signals.lockedBy', { user: signal.lock.user ?? '?' })}
    />
  );
}

function RowAction({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The actions stay in sight at the row's end while a narrow screen scrolls the table sideways (in Portuguese, or with
 * a lock shown, the columns are wider than the page beside the business tree).
 */
const STICKY_ACTIONS = { position: 'sticky', right: 0, bgcolor: 'background.paper' } as const;

/**
 * The signal catalogue with its edition control: editing takes the signal's lock first (refused, naming the holder,
 * while someone else holds it) and gives it back when the dialog closes.
 */
export function SignalList() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const signals = useSignals();
  const lock = useLockSignal();
  const unlock = useUnlockSignal();
  const sync = useSyncSignal();
  const remove = useDeleteSignal();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = getSessionEmail();

  const failed = (error: unknown) => snackbar.showError(actionErrorText(t, error));
  const done = (text: string) => ({ onSuccess: () => snackbar.showSuccess(text), onError: failed });

  const edit = (signal: Signal) =>
    lock.mutate(signal.uuid, { onSuccess: (locked) => setDialog({ kind: 'edit', signal: locked }), onError: failed });

  const closeEdit = (signal: Signal) => {
    setDialog(null);
    unlock.mutate(signal.uuid, { onError: failed });
  };

  const syncFromCodec = async (signal: Signal) => {
    const confirmed = await confirm({
      title: t('arch.signals.syncTitle', { key: signal.key }),
      message: t('arch.signals.syncText'),
      confirmLabel: t('arch.signals.sync'),
    });
    if (confirmed) sync.mutate(signal.uuid, done(t('arch.signals.synced')));
  };

  const deleteSignal = async (signal: Signal) => {
    const confirmed = await confirm({
      title: t('arch.signals.deleteTitle', { key: signal.key }),
      message: t('arch.signals.deleteText'),
      confirmLabel: t('arch.delete'),
      destructive: true,
    });
    if (confirmed) remove.mutate(signal.uuid, done(t('arch.deleted')));
  };

  let content: ReactNode;
  if (signals.isError) content = <LoadFailure error={signals.error} onRetry={() => void signals.refetch()} />;
  else if (!signals.data) content = <LoadingBlock />;
  else {
    const rows = signals.data.filter((signal) => matchesSearch(search, signal.key, signal.name, signal.unit));
    content = (
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('route.archSignals')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('arch.signals.key')}</TableCell>
                <TableCell>{t('arch.signals.name')}</TableCell>
                <TableCell>{t('arch.signals.unit')}</TableCell>
                <TableCell>{t('arch.signals.type')}</TableCell>
                <TableCell>{t('arch.signals.showInList')}</TableCell>
                <TableCell>{t('arch.signals.lock')}</TableCell>
                <TableCell align="right" sx={STICKY_ACTIONS}>
                  {t('arch.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} sx={{ color: 'text.secondary' }}>
                    {search.trim() ? t('arch.noMatch', { search: search.trim() }) : t('arch.signals.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((signal) => (
                <TableRow key={signal.uuid} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{signal.key}</TableCell>
                  <TableCell>{signal.name}</TableCell>
                  <TableCell>{signal.unit ?? '—'}</TableCell>
                  <TableCell>{t(`arch.signalType.${signal.parameters.type}`)}</TableCell>
                  <TableCell>{signal.parameters.showInList ? t('arch.yes') : t('arch.no')}</TableCell>
                  <TableCell>
                    <LockChip signal={signal} me={me} />
                  </TableCell>
                  <TableCell align="right" sx={{ ...STICKY_ACTIONS, whiteSpace: 'nowrap' }}>
                    <RowAction label={t('arch.signals.edit', { key: signal.key })} onClick={() => edit(signal)}>
                      <EditOutlined fontSize="small" />
                    </RowAction>
                    {signal.lock && signal.lock.user === me && (
                      <RowAction
                        label={t('arch.signals.unlock', { key: signal.key })}
                        onClick={() => unlock.mutate(signal.uuid, done(t('arch.signals.unlockedDone')))}
                      >
                        <LockOpenOutlined fontSize="small" />
                      </RowAction>
                    )}
                    <RowAction
                      label={t('arch.signals.history', { key: signal.key })}
                      onClick={() => setDialog({ kind: 'history', signal })}
                    >
                      <HistoryOutlined fontSize="small" />
                    </RowAction>
                    <RowAction
                      label={t('arch.signals.syncFor', { key: signal.key })}
                      onClick={() => void syncFromCodec(signal)}
                    >
                      <SyncOutlined fontSize="small" />
                    </RowAction>
                    <RowAction
                      label={t('arch.signals.deleteFor', { key: signal.key })}
                      onClick={() => void deleteSignal(signal)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </RowAction>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
          <SearchField label={t('arch.signals.search')} value={search} onChange={setSearch} />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'create' })}>
          {t('arch.signals.create')}
        </Button>
      </Stack>
      {content}
      {dialog?.kind === 'create' && <SignalFormDialog signal={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <SignalFormDialog signal={dialog.signal} onClose={() => closeEdit(dialog.signal)} />}
      {dialog?.kind === 'history' && <SignalHistoryDialog signal={dialog.signal} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
