import type { Place, PlaceArea, PlaceGroup } from '@iot/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { messageText } from '@/i18n';
import { errorMessage } from '@/lib/error-message';
import { useSavePlace } from '../api/places';
import { areaOfDraft, type PlaceDraft, placeDraftIssues, placeDraftOf } from '../lib/place-form';

interface PlaceDialogProps {
  /** The level a new place goes to. */
  businessId: string;
  /** The place to edit, as last read (a conflict reads it again, so the next save goes over its new version). */
  place?: Place;
  /** The new place's shape as drawn, or the edited place's. */
  area: PlaceArea;
  /** The groups the place may join: those of its level or above it. */
  groups: readonly PlaceGroup[];
  onClose: () => void;
  onSaved: (place: Place) => void;
}

const sameArea = (a: PlaceArea, b: PlaceArea) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Names a place drawn on the map and puts it in a group, or edits a place's name, group and, for a circle, its radius.
 * A refusal shows its reasons beside the inputs; a conflict keeps what was typed.
 */
export function PlaceDialog({ businessId, place, area, groups, onClose, onSaved }: PlaceDialogProps) {
  const { t } = useTranslation();
  const save = useSavePlace();
  const [draft, setDraft] = useState<PlaceDraft>(() => placeDraftOf(place, area));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const issues = placeDraftIssues(draft, area);
  const shown = (name: 'name' | 'radius', serverPath: string) => {
    const fromServer = serverErrors[serverPath];
    if (fromServer) return messageText(t, fromServer);
    const code = issues[name];
    if (!code) return undefined;
    return code !== 'validation.required' || submitted || touched.has(name) ? messageText(t, code) : undefined;
  };
  const change = (name: keyof PlaceDraft, value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setTouched((current) => new Set(current).add(name));
    setServerErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(issues).length > 0) return;
    setServerErrors({});
    const saved = areaOfDraft(draft, area);
    const groupId = draft.groupId || null;
    const handlers = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        if (isApiError(error, 400)) setServerErrors(error.fields);
      },
    };
    if (place) {
      save.mutate(
        {
          update: {
            businessId: place.businessId,
            placeId: place._id,
            version: place.version,
            name: draft.name.trim(),
            groupId,
            ...(sameArea(saved, place.area) ? {} : { area: saved }),
          },
        },
        handlers,
      );
    } else {
      save.mutate({ create: { businessId, name: draft.name.trim(), area: saved, groupId } }, handlers);
    }
  };

  const failure = save.error;
  const placedPaths = ['name', 'area.radius', 'groupId'];
  const unplaced = Object.entries(serverErrors).filter(([path]) => !placedPaths.includes(path));
  const failureText = !failure
    ? undefined
    : isApiError(failure, 409)
      ? t('places.conflict')
      : isApiError(failure, 400) && Object.keys(failure.fields).length > 0
        ? undefined
        : errorMessage(t, failure);
  const nameError = shown('name', 'name');
  const radiusError = shown('radius', 'area.radius');
  const groupError = serverErrors.groupId ? messageText(t, serverErrors.groupId) : undefined;

  return (
    <Dialog open onClose={onClose} aria-labelledby="place-dialog-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="place-dialog-title">
          {place ? t('places.editTitle', { name: place.name }) : t('places.createTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failureText && <Alert severity={isApiError(failure, 409) ? 'warning' : 'error'}>{failureText}</Alert>}
            {unplaced.map(([path, message]) => (
              <Alert key={path} severity="error">
                {messageText(t, message)}
              </Alert>
            ))}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {area.kind === 'circle'
                ? t('places.kind.circle')
                : t('places.kind.polygon', { count: area.points.length })}
            </Typography>
            <TextField
              label={t('places.name')}
              required
              autoFocus
              value={draft.name}
              error={Boolean(nameError)}
              helperText={nameError}
              onChange={(event) => change('name', event.target.value)}
            />
            {area.kind === 'circle' && (
              <TextField
                label={t('places.radius')}
                required
                value={draft.radius}
                error={Boolean(radiusError)}
                helperText={radiusError}
                onChange={(event) => change('radius', event.target.value)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
                }}
              />
            )}
            <TextField
              select
              label={t('places.group')}
              value={draft.groupId}
              error={Boolean(groupError)}
              helperText={groupError}
              onChange={(event) => change('groupId', event.target.value)}
            >
              <MenuItem value="">
                <em>{t('places.noGroup')}</em>
              </MenuItem>
              {groups.map((group) => (
                <MenuItem key={group._id} value={group._id}>
                  {group.forbidden ? t('places.groupForbiddenOption', { name: group.name }) : group.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {place ? t('places.save') : t('places.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
