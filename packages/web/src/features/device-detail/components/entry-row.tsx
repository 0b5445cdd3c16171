import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

/** Where an entry's second field goes: beside the first on wide screens, below it on narrow ones. */
export const SECOND_FIELD_SX = { gridColumn: { xs: '1', sm: 'auto' }, gridRow: { xs: '2', sm: 'auto' } } as const;

/**
 * One entry of an editable list of pairs (user data, outputs): its two fields, and a button that removes it when
 * `onRemove` is given. Give the second field `SECOND_FIELD_SX`.
 */
export function EntryRow({
  label,
  removeLabel,
  onRemove,
  children,
}: {
  label: string;
  removeLabel: string;
  onRemove?: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr auto', sm: '1fr 2fr auto' } }}
    >
      {children}
      {onRemove && (
        <IconButton aria-label={removeLabel} onClick={onRemove} sx={{ mt: 1, alignSelf: 'start' }}>
          <DeleteOutlined />
        </IconButton>
      )}
    </Box>
  );
}
