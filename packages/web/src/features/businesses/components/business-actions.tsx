import type { User } from '@iot/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-dialog';
import { usePlanLimitNotice } from '@/components/plan-limit-notice';
import { useSnackbar } from '@/components/snackbars/use-snackbar';
import { snackbarErrorMessage } from '@/lib/error-message';
import {
  useAddBusinessChild,
  useDeleteBusiness,
  useSetBusinessActive,
  useSetBusinessLocked,
  useUpdateBusiness,
} from '../api/change-business';
import { businessConfigPath } from '../lib/business-paths';
import { ancestorsOf, type BusinessTree, canEditBusiness, isBusinessActive, subtreeIds } from '../lib/business-tree';
import { BusinessNameDialog } from './business-name-dialog';
import { BusinessPickerDialog } from './business-picker-dialog';

type MenuAnchor = HTMLElement | { top: number; left: number };
type Dialog = { kind: 'add' | 'rename' | 'move'; id: string } | null;

/** The text of a refused change: the server's own reason for a permission or a tree rule, else the usual one. */
export function businessErrorText(t: TFunction, error: unknown): string | undefined {
  if (isApiError(error) && error.code.startsWith('business.') && error.message) return error.message;
  return snackbarErrorMessage(t, error);
}

/**
 * The context menu of the business tree and its dialogs: add a sublevel, rename, move, delete, activate or
 * deactivate. Only offered where the user is admin; elsewhere choosing it tells them they may not edit that level.
 */
export function useBusinessActions(
  tree: BusinessTree | undefined,
  user: User | null | undefined,
  /** Opens these levels, so what was just added or moved is in view. */
  reveal?: (ids: string[]) => void,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const showPlanLimit = usePlanLimitNotice();
  const [menu, setMenu] = useState<{ id: string; anchor: MenuAnchor } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const addChild = useAddBusinessChild();
  const update = useUpdateBusiness();
  const remove = useDeleteBusiness();
  const setActive = useSetBusinessActive();
  const setLocked = useSetBusinessLocked();

  const report = (success: string, opened?: string) => ({
    onSuccess: () => {
      setDialog(null);
      if (opened && tree) reveal?.([...ancestorsOf(tree, opened), opened]);
      snackbar.showSuccess(success);
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.code.startsWith('plan.')) {
        setDialog(null);
        showPlanLimit(error.message);
        return;
      }
      const text = businessErrorText(t, error);
      if (text) snackbar.showError(text);
    },
  });

  const openMenu = (id: string, anchor: MenuAnchor) => {
    if (!tree || !user) return;
    if (!canEditBusiness(tree, id, user)) {
      snackbar.showError(t('business.no_permission'));
      return;
    }
    setMenu({ id, anchor });
  };

  const business = menu ? tree?.byId.get(menu.id) : undefined;
  const dialogBusiness = dialog ? tree?.byId.get(dialog.id) : undefined;
  const hiddenForMove = useMemo(
    () => (tree && dialog?.kind === 'move' ? subtreeIds(tree, dialog.id) : undefined),
    [tree, dialog],
  );

  const choose = (action: () => void) => () => {
    setMenu(null);
    action();
  };

  const askDelete = async (id: string) => {
    const target = tree?.byId.get(id);
    if (!target) return;
    const confirmed = await confirm({
      title: t('businesses.deleteTitle'),
      message: t('businesses.deleteText', { name: target.description }),
      confirmLabel: t('businesses.delete'),
      destructive: true,
    });
    if (confirmed) remove.mutate({ id }, report(t('businesses.deleted')));
  };

  const items: { key: string; icon: ReactNode; label: string; action: () => void }[] = business
    ? [
        {
          key: 'add',
          icon: <AddOutlined fontSize="small" />,
          label: t('businesses.addChild'),
          action: () => setDialog({ kind: 'add', id: business._id }),
        },
        {
          key: 'rename',
          icon: <EditOutlined fontSize="small" />,
          label: t('businesses.rename'),
          action: () => setDialog({ kind: 'rename', id: business._id }),
        },
        {
          key: 'move',
          icon: <DriveFileMoveOutlined fontSize="small" />,
          label: t('businesses.move'),
          action: () => setDialog({ kind: 'move', id: business._id }),
        },
        {
          key: 'delete',
          icon: <DeleteOutlined fontSize="small" />,
          label: t('businesses.delete'),
          action: () => void askDelete(business._id),
        },
        isBusinessActive(business)
          ? {
              key: 'deactivate',
              icon: <PauseCircleOutlined fontSize="small" />,
              label: t('businesses.deactivate'),
              action: () => setActive.mutate({ id: business._id, active: false }, report(t('businesses.deactivated'))),
            }
          : {
              key: 'activate',
              icon: <PlayCircleOutlined fontSize="small" />,
              label: t('businesses.activate'),
              action: () => setActive.mutate({ id: business._id, active: true }, report(t('businesses.activated'))),
            },
        // Locking a level is for provider staff only (SPEC section 6).
        ...(user?.role === 'product'
          ? [
              // `active.cfg` is true while the level is not locked.
              !business.active.cfg
                ? {
                    key: 'unlock',
                    icon: <LockOpenOutlined fontSize="small" />,
                    label: t('businesses.unlock'),
                    action: () =>
                      setLocked.mutate({ id: business._id, locked: false }, report(t('businesses.unlocked'))),
                  }
                : {
                    key: 'lock',
                    icon: <LockOutlined fontSize="small" />,
                    label: t('businesses.lock'),
                    action: () => setLocked.mutate({ id: business._id, locked: true }, report(t('businesses.locked'))),
                  },
            ]
          : []),
        {
          key: 'config',
          icon: <SettingsOutlined fontSize="small" />,
          label: t('route.businessConfig'),
          action: () => void navigate(businessConfigPath(business)),
        },
      ]
    : [];

  const elements = (
    <>
      <Menu
        open={Boolean(menu && business)}
        onClose={() => setMenu(null)}
        anchorEl={menu && menu.anchor instanceof HTMLElement ? menu.anchor : undefined}
        anchorReference={menu && !(menu.anchor instanceof HTMLElement) ? 'anchorPosition' : 'anchorEl'}
        anchorPosition={menu && !(menu.anchor instanceof HTMLElement) ? menu.anchor : undefined}
      >
        {items.map((item) => (
          <MenuItem key={item.key} onClick={choose(item.action)}>
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {dialog?.kind === 'add' && dialogBusiness && (
        <BusinessNameDialog
          open
          title={t('businesses.addChildTo', { name: dialogBusiness.description })}
          busy={addChild.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(description) =>
            addChild.mutate(
              { parentId: dialogBusiness._id, description },
              report(t('businesses.added'), dialogBusiness._id),
            )
          }
        />
      )}
      {dialog?.kind === 'rename' && dialogBusiness && (
        <BusinessNameDialog
          open
          title={t('businesses.renameTitle', { name: dialogBusiness.description })}
          initialName={dialogBusiness.description}
          busy={update.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(description) =>
            update.mutate(
              { id: dialogBusiness._id, version: dialogBusiness.version, description },
              report(t('businesses.renamed')),
            )
          }
        />
      )}
      {dialog?.kind === 'move' && dialogBusiness && tree && (
        <BusinessPickerDialog
          open
          title={t('businesses.moveTitle', { name: dialogBusiness.description })}
          tree={tree}
          hidden={hiddenForMove}
          busy={update.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(parent) =>
            update.mutate(
              { id: dialogBusiness._id, version: dialogBusiness.version, parent },
              report(t('businesses.moved'), parent),
            )
          }
        />
      )}
    </>
  );

  /** Opens the dialog that adds a sublevel under `id`, as the menu's first item does. */
  const openAddChild = (id: string) => setDialog({ kind: 'add', id });

  return { openMenu, openAddChild, elements };
}
