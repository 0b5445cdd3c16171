import {
  type AddBusinessUserResult,
  BUSINESS_ROLES,
  type BusinessRole,
  type BusinessUser,
  hasRank,
  type User,
} from '@iot/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { usePlanLimitNotice } from '@/components/plan-limit-notice';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { errorMessage } from '@/lib/error-message';
import {
  useAddBusinessUsers,
  useBusinessUsers,
  useChangeBusinessUserRole,
  useRemoveBusinessUser,
} from '../api/business-users';
import { type BusinessTree, roleOnBusiness } from '../lib/business-tree';
import { businessErrorText } from './business-actions';

/** Splits what was typed into addresses: TAB, ENTER, commas and spaces all separate. */
export const splitEmails = (text: string) => text.split(/[\t\n\r,;\s]+/).filter(Boolean);

/** A level's users: add by e-mail (several at once), change a role (never above one's own), remove. */
export function BusinessUsers({ tree, businessId, user }: { tree: BusinessTree; businessId: string; user: User }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const showPlanLimit = usePlanLimitNotice();
  const users = useBusinessUsers(businessId);
  const add = useAddBusinessUsers();
  const changeRole = useChangeBusinessUserRole();
  const remove = useRemoveBusinessUser();
  const [emails, setEmails] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [role, setRole] = useState<BusinessRole>('viewer');
  const [results, setResults] = useState<AddBusinessUserResult[]>([]);
  const ownRole = roleOnBusiness(tree, businessId, user);
  const canEdit = hasRank(ownRole, 'admin');
  const roles = BUSINESS_ROLES.filter((candidate) => hasRank(ownRole, candidate));

  const onError = (error: unknown) => {
    if (isApiError(error) && error.code.startsWith('plan.')) showPlanLimit(error.message);
    else {
      const text = businessErrorText(t, error);
      if (text) snackbar.showError(text);
    }
  };
  const commitTyped = () => {
    const more = splitEmails(typed).filter((email) => !emails.includes(email));
    if (more.length > 0) setEmails([...emails, ...more]);
    setTyped('');
  };
  const submit = () => {
    const all = [...emails, ...splitEmails(typed).filter((email) => !emails.includes(email))];
    if (all.length === 0) return;
    add.mutate(
      { businessId, emails: all, role },
      {
        onSuccess: (answer) => {
          setResults(answer.results);
          setEmails(answer.results.filter((result) => result.outcome === 'refused').map((result) => result.email));
          setTyped('');
        },
        onError,
      },
    );
  };
  const askRemove = async (entry: BusinessUser) => {
    const confirmed = await confirm({
      title: t('businesses.users.removeTitle'),
      message: t('businesses.users.removeText', { email: entry.email }),
      confirmLabel: t('businesses.users.remove'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(
      { businessId, email: entry.email },
      { onSuccess: () => snackbar.showSuccess(t('businesses.users.removed')), onError },
    );
  };

  if (users.isError) return <Alert severity="error">{errorMessage(t, users.error)}</Alert>;
  if (!users.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  const rows = [...users.data.users, ...users.data.inherited];
  const roleLabel = (value: BusinessRole) => t(`businesses.role.${value}`);

  return (
    <Stack spacing={2}>
      {canEdit && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
            <Autocomplete
              multiple
              freeSolo
              options={[]}
              value={emails}
              inputValue={typed}
              onInputChange={(_event, value, reason) => {
                if (reason !== 'reset') setTyped(value);
              }}
              onChange={(_event, value) => setEmails(value.flatMap((entry) => splitEmails(entry)))}
              renderValue={(value, getItemProps) =>
                value.map((email, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={email} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('businesses.users.emails')}
                  helperText={t('businesses.users.emailsHint')}
                  onKeyDown={(event) => {
                    if (event.key === 'Tab' && typed.trim()) {
                      event.preventDefault();
                      commitTyped();
                    }
                  }}
                  onBlur={commitTyped}
                />
              )}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <TextField
              select
              label={t('businesses.users.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as BusinessRole)}
              sx={{ flex: { md: '0 0 200px' } }}
            >
              {roles.map((value) => (
                <MenuItem key={value} value={value}>
                  {roleLabel(value)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              size="large"
              onClick={submit}
              sx={{ height: { md: 56 } }}
              disabled={add.isPending || (emails.length === 0 && !typed.trim())}
            >
              {t('businesses.users.add')}
            </Button>
          </Stack>
          {results.length > 0 && (
            <Stack spacing={0.75} sx={{ mt: 1.5 }}>
              {results.map((result) => (
                <Alert
                  key={result.email}
                  severity={result.outcome === 'refused' ? 'warning' : 'success'}
                  onClose={() => setResults(results.filter((other) => other !== result))}
                >
                  {result.message}
                </Alert>
              ))}
            </Stack>
          )}
        </Paper>
      )}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('businesses.tab.users')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.email')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('businesses.users.name')}</TableCell>
                <TableCell>{t('businesses.users.role')}</TableCell>
                {canEdit && <TableCell align="right" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                    {t('businesses.users.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((entry) => {
                const editable =
                  canEdit && !entry.inheritedFrom && entry.email !== user.email && hasRank(ownRole, entry.role);
                return (
                  <TableRow key={`${entry.email}-${entry.inheritedFrom?.id ?? ''}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.email}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{entry.name}</TableCell>
                    <TableCell>
                      {editable ? (
                        <TextField
                          select
                          size="small"
                          variant="standard"
                          value={entry.role}
                          onChange={(event) =>
                            changeRole.mutate(
                              { businessId, email: entry.email, role: event.target.value as BusinessRole },
                              { onSuccess: () => snackbar.showSuccess(t('app.updated')), onError },
                            )
                          }
                          slotProps={{
                            htmlInput: { 'aria-label': t('businesses.users.roleOf', { email: entry.email }) },
                          }}
                        >
                          {roles.map((value) => (
                            <MenuItem key={value} value={value}>
                              {roleLabel(value)}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        <>
                          {roleLabel(entry.role)}
                          {entry.inheritedFrom && (
                            <Box component="span" sx={{ color: 'text.secondary' }}>
                              {' '}
                              {t('businesses.users.inheritedFrom', { name: entry.inheritedFrom.description })}
                            </Box>
                          )}
                        </>
                      )}
                    </TableCell>
                    {canEdit && (
                      <TableCell align="right" sx={{ width: 56 }}>
                        {editable && (
                          <IconButton
                            size="small"
                            aria-label={t('businesses.users.removeOf', { email: entry.email })}
                            onClick={() => void askRemove(entry)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
