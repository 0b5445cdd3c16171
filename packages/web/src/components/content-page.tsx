import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface ContentPageProps {
  title: string;
  /** Beside the title, e.g. an icon or a status. */
  titleAdornment?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}

/** The frame of a page inside the app shell: its title (also the browser tab's) over its content. */
export function ContentPage({ title, titleAdornment, subtitle, children, maxWidth = 960 }: ContentPageProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 4 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: subtitle ? 0.75 : 3 }}>
        {titleAdornment}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.625rem' }, fontWeight: 600 }}>
          {title}
        </Typography>
      </Stack>
      {subtitle && <Typography sx={{ color: 'text.secondary', mb: 3 }}>{subtitle}</Typography>}
      {children}
    </Box>
  );
}
