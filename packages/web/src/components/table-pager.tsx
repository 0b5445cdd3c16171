import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

interface TablePagerProps {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** A new page size; the table goes back to its first page. */
  onPageSizeChange: (pageSize: number) => void;
}

/** The paging footer of a table, in the interface language; on a phone only the range and arrows. */
export function TablePager({ count, page, pageSize, pageSizes, onPageChange, onPageSizeChange }: TablePagerProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_event, next) => onPageChange(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onRowsPerPageChange={(event) => {
        onPageSizeChange(Number(event.target.value));
        onPageChange(0);
      }}
      labelRowsPerPage={t('table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: total }) => t('table.pageRange', { from, to, total })}
      // MUI's own labels (also the buttons' tooltips) are English only.
      getItemAriaLabel={(type) => t(`table.${type}Page`)}
      sx={{ '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } } }}
    />
  );
}
