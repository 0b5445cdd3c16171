import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '@/components/search-field';
import type { BusinessTree } from '../lib/business-tree';
import { BusinessTreeView } from './business-tree-view';
import { useExpandedBusinesses } from './use-expanded-businesses';

interface BusinessPickerDialogProps {
  open: boolean;
  title: string;
  tree: BusinessTree;
  /** Nodes that cannot be chosen, left out with everything below them. */
  hidden?: ReadonlySet<string>;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (id: string) => void;
}

/** The business-tree picker (SPEC section 2): the same tree with a search, OK once a level is chosen, Cancel. */
export function BusinessPickerDialog({
  open,
  title,
  tree,
  hidden,
  busy,
  onCancel,
  onConfirm,
}: BusinessPickerDialogProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const { expanded, toggle } = useExpandedBusinesses(tree);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="business-picker-title" maxWidth="sm" fullWidth>
      <DialogTitle id="business-picker-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <SearchField label={t('businesses.search')} value={search} onChange={setSearch} />
        <Box sx={{ height: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <BusinessTreeView
            tree={tree}
            expanded={expanded}
            onToggle={toggle}
            search={search}
            hidden={hidden}
            selectedId={chosen}
            onSelect={setChosen}
            initialHeight={360}
            label={title}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('app.cancel')}</Button>
        <Button variant="contained" disabled={!chosen || busy} onClick={() => chosen && onConfirm(chosen)}>
          {t('app.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
