import { DecodeFrameRequest, type DeviceTypeInfo, issueMessage } from '@iot/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { messageText, type TranslationKey } from '@/i18n';
import { useDecodeFrame } from '../api/decode-frame';
import { DecodeResult } from './decode-result';

type Fields = 'data' | 'port' | 'date';
type Values = { data: string; port: string };

const HEX_BYTES = /^([0-9a-fA-F]{2})+$/;
const PORT = /^\d{1,3}$/;

/** The payload as sent: spaces between bytes are how payloads are often copied from network consoles. */
const payloadOf = (text: string) => text.replace(/\s+/g, '');

/** What is wrong with the fields as typed (keys of texts): a payload is whole hex bytes, a port one from 0 to 255. */
function fieldIssues({ data, port }: Values): Partial<Record<Fields, TranslationKey | 'validation.required'>> {
  const issues: Partial<Record<Fields, TranslationKey | 'validation.required'>> = {};
  const payload = payloadOf(data);
  if (!payload) issues.data = 'validation.required';
  else if (!HEX_BYTES.test(payload)) issues.data = 'arch.decoder.payloadNotHex';
  const trimmed = port.trim();
  if (trimmed && !(PORT.test(trimmed) && Number(trimmed) <= 255)) issues.port = 'arch.decoder.portRange';
  return issues;
}

/**
 * What the port means for the type's networks: LoRaWAN frames come on an fPort; Wi-Fi and cellular devices may send
 * a `port` in their MQTT message; Sigfox has none.
 */
function portHintKey(communicationTypes: DeviceTypeInfo['communicationTypes']): TranslationKey {
  const lora = communicationTypes.includes('lora');
  const mqtt = communicationTypes.includes('wifi') || communicationTypes.includes('cellular');
  if (lora) return mqtt ? 'arch.decoder.portHint.loraOrMqtt' : 'arch.decoder.portHint.lora';
  return mqtt ? 'arch.decoder.portHint.mqtt' : 'arch.decoder.portHint.none';
}

/** Tries a hex payload against the type's codec, as ingest would decode it, and shows what came out. */
export function FrameDecoder({ deviceType }: { deviceType: DeviceTypeInfo }) {
  const { t } = useTranslation();
  const decode = useDecodeFrame();
  const [values, setValues] = useState<Values>({ data: '', port: '' });
  const [date, setDate] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The server's messages (or the shared schema's codes) stay under their field until it changes.
  const [serverErrors, setServerErrors] = useState<Partial<Record<Fields, string>>>({});
  // The fields' own checks show after the first try to decode, then follow each change.
  const issues = submitted ? fieldIssues(values) : {};

  const change = (name: Fields, value: string) => {
    if (name === 'date') setDate(value);
    else setValues({ ...values, [name]: value });
    setServerErrors(({ [name]: _changed, ...others }) => others);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(fieldIssues(values)).length > 0) {
      // A result left from an earlier payload would read as this one's.
      decode.reset();
      return;
    }
    const port = values.port.trim();
    const request = {
      deviceType: deviceType.id,
      data: payloadOf(values.data),
      port: port === '' ? null : Number(port),
      ...(date ? { date: new Date(date).toISOString() } : {}),
    };
    const checked = DecodeFrameRequest.safeParse(request);
    if (!checked.success) {
      const found: Partial<Record<Fields, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Fields] ??= issueMessage(issue);
      setServerErrors(found);
      decode.reset();
      return;
    }
    setServerErrors({});
    decode.mutate(
      { ...checked.data, port: checked.data.port ?? null },
      { onError: (error) => isApiError(error, 400) && setServerErrors(error.fields) },
    );
  };

  const fieldError = (name: Fields, hint: string) => {
    const issue = issues[name];
    const error = issue ? t(issue) : serverErrors[name] ? messageText(t, serverErrors[name]) : undefined;
    return { error: Boolean(error), helperText: error ?? hint };
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        {t('arch.decoder.title')}
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={t('arch.decoder.title')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          required
          label={t('arch.decoder.payload')}
          value={values.data}
          onChange={(event) => change('data', event.target.value)}
          sx={{ flex: '3 1 280px' }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          {...fieldError('data', t('arch.decoder.payloadHint'))}
        />
        <TextField
          size="small"
          label={t('arch.decoder.port')}
          value={values.port}
          onChange={(event) => change('port', event.target.value)}
          sx={{ flex: '1 1 180px' }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...fieldError('port', t(portHintKey(deviceType.communicationTypes)))}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={t('arch.decoder.date')}
          value={date}
          onChange={(event) => change('date', event.target.value)}
          sx={{ flex: '1 1 220px' }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          {...fieldError('date', t('arch.decoder.dateHint'))}
        />
        <Button type="submit" variant="contained" disabled={decode.isPending} sx={{ mt: 0.25 }}>
          {t('arch.decoder.decode')}
        </Button>
      </Box>
      {decode.data && (
        <Stack sx={{ mt: 2 }}>
          <DecodeResult deviceType={deviceType} result={decode.data} />
        </Stack>
      )}
    </Paper>
  );
}
