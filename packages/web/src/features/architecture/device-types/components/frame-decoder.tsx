import { DecodeFrameRequest, type DeviceTypeInfo } from '@iot/shared';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { messageText } from '@/i18n';
import { useDecodeFrame } from '../api/decode-frame';
import { DecodeResult } from './decode-result';

type Fields = 'data' | 'port' | 'date';

/** The port as the server takes it: empty is none (networks without ports), else a whole number. */
function portOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Tries a hex payload against the type's codec, as ingest would decode it, and shows what came out. */
export function FrameDecoder({ deviceType }: { deviceType: DeviceTypeInfo }) {
  const { t } = useTranslation();
  const decode = useDecodeFrame();
  const [data, setData] = useState('');
  const [port, setPort] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spaces between bytes are how payloads are often copied from network consoles.
    const request = {
      deviceType: deviceType.id,
      data: data.replace(/\s+/g, ''),
      port: portOf(port),
      ...(date ? { date: new Date(date).toISOString() } : {}),
    };
    const checked = DecodeFrameRequest.safeParse(request);
    if (!checked.success) {
      const found: Partial<Record<Fields, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Fields] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    decode.mutate(
      { ...checked.data, port: checked.data.port ?? null },
      { onError: (error) => isApiError(error, 400) && setErrors(error.fields) },
    );
  };

  const fieldError = (name: Fields, hint?: string) => {
    const error = errors[name];
    return { error: Boolean(error), helperText: error ? messageText(t, error) : hint };
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        {t('arch.decoder.title')}
      </Typography>
      <form onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            size="small"
            label={t('arch.decoder.payload')}
            value={data}
            onChange={(event) => setData(event.target.value)}
            sx={{ flex: 2 }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            {...fieldError('data', t('arch.decoder.payloadHint'))}
          />
          <TextField
            size="small"
            label={t('arch.decoder.port')}
            value={port}
            onChange={(event) => setPort(event.target.value)}
            sx={{ width: { md: 120 } }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...fieldError('port', t('arch.decoder.portHint'))}
          />
          <TextField
            size="small"
            type="datetime-local"
            label={t('arch.decoder.date')}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            sx={{ width: { md: 240 } }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
            {...fieldError('date', t('arch.decoder.dateHint'))}
          />
          <Button type="submit" variant="contained" disabled={decode.isPending} sx={{ mt: { md: 0.25 } }}>
            {t('arch.decoder.decode')}
          </Button>
        </Stack>
      </form>
      {decode.data && (
        <Stack sx={{ mt: 2 }}>
          <DecodeResult deviceType={deviceType} result={decode.data} />
        </Stack>
      )}
    </Paper>
  );
}
