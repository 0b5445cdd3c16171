import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A section of a screen that a later version brings: says so in place of the section. */
export function TabLater({ text }: { text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <ConstructionOutlined sx={{ fontSize: 32, color: 'primary.main' }} aria-hidden />
        <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
      </Stack>
    </Paper>
  );
}
