import type { PlaceGroup } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { PagedListStatus } from '@/components/paged-list-status';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { formatLocale } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useDeletePlaceGroup, usePlaceGroups } from '../api/places';
import { PlaceGroupDialog } from './place-group-dialog';

type Editing = { kind: 'create' } | { kind: 'edit'; group: PlaceGroup } | null;

/**
 * The POI groups of the level's subtree: whether each is forbidden, its timings and how many places it has; admins of
 * a group's level edit and delete it, admins of the level add groups to it.
 */
export function PlaceGroupsDialog({
  businessId,
  canManage,
  canAdd,
  onClose,
}: {
  businessId: string;
  canManage: (group: PlaceGroup) => boolean;
  canAdd: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const groups = usePlaceGroups(businessId);
  const remove = useDeletePlaceGroup();
  const [editing, setEditing] = useState<Editing>(null);
  const numbers = new Intl.NumberFormat(formatLocale(i18n.language), { maximumFractionDigits: 2 });
  const items = groups.data?.items ?? [];

  const askDelete = async (group: PlaceGroup) => {
    remove.reset();
    const confirmed = await confirm({
      title: t('places.group.deleteTitle'),
      message: t('places.group.deleteText', { name: group.name }),
      confirmLabel: t('places.delete'),
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(
      { businessId: group.businessId, groupId: group._id, version: group.version },
      { onSuccess: () => snackbar.showSuccess(t('places.group.deleted', { name: group.name })) },
    );
  };
  const failure = remove.error;

  return (
    <>
      <Dialog
        open={!editing}
        onClose={onClose}
        aria-labelledby="place-groups-title"
        maxWidth="sm"
        fullWidth
        fullScreen={phone}
      >
        <DialogTitle id="place-groups-title">{t('places.groups')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            {failure && (
              <Alert severity="error" onClose={() => remove.reset()}>
                {isApiError(failure, 409) ? t('places.conflict') : errorMessage(t, failure)}
              </Alert>
            )}
            <PagedListStatus query={groups} empty={items.length === 0} emptyText={t('places.group.empty')}>
              <List aria-label={t('places.groups')} disablePadding>
                {items.map((group) => (
                  <ListItem
                    key={group._id}
                    divider
                    aria-label={group.name}
                    secondaryAction={
                      canManage(group) && (
                        <Stack direction="row">
                          <IconButton
                            aria-label={`${t('places.edit')}: ${group.name}`}
                            onClick={() => setEditing({ kind: 'edit', group })}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                          <IconButton
                            aria-label={`${t('places.delete')}: ${group.name}`}
                            onClick={() => void askDelete(group)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Stack>
                      )
                    }
                    sx={{ pr: 12 }}
                  >
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span>{group.name}</span>
                          {group.forbidden && (
                            <Chip size="small" color="warning" label={t('places.group.forbiddenChip')} />
                          )}
                        </Stack>
                      }
                      secondary={[
                        t('places.group.timings', {
                          enter: numbers.format(group.enterAfterMs / 60_000),
                          lost: numbers.format(group.lostAfterMs / 3_600_000),
                        }),
                        group.places === 0
                          ? t('places.group.placeCountNone')
                          : t('places.group.placeCount', { count: group.places }),
                        group.businessId !== businessId ? group.business.description : undefined,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            </PagedListStatus>
          </Stack>
        </DialogContent>
        <DialogActions>
          {canAdd && (
            <Button startIcon={<AddOutlined />} onClick={() => setEditing({ kind: 'create' })} sx={{ mr: 'auto' }}>
              {t('places.group.add')}
            </Button>
          )}
          <Button onClick={onClose}>{t('app.close')}</Button>
        </DialogActions>
      </Dialog>
      {editing && (
        <PlaceGroupDialog
          key={editing.kind === 'edit' ? editing.group._id : 'new'}
          businessId={businessId}
          group={editing.kind === 'edit' ? editing.group : undefined}
          onClose={() => setEditing(null)}
          onSaved={(group) => {
            setEditing(null);
            snackbar.showSuccess(
              editing.kind === 'edit' ? t('app.updated') : t('places.group.created', { name: group.name }),
            );
          }}
        />
      )}
    </>
  );
}
