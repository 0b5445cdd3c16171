import { DecodeFrameRequest, type DeviceTypeInfo, translate } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { FrameDecoder } from './frame-decoder';

const typeOn = (communicationTypes: DeviceTypeInfo['communicationTypes']): DeviceTypeInfo => ({
  id: 'gps-tracker',
  name: 'GT-C GPS tracker',
  communicationTypes,
  signals: [{ key: 'speed', name: 'Speed', unit: 'km/h', kind: 'value', valueType: 'number', showInList: true }],
  parameters: [],
  configurable: false,
});

/** The decode endpoint, answering `answer` to every frame; the bodies sent are kept. */
function serve(answer: unknown) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Response.json(answer);
    }),
  );
  return bodies;
}

const form = () => screen.getByRole('form', { name: /Frame decoder|Descodificador de tramas/ });
const payload = () => within(form()).getByRole('textbox', { name: /Payload/ });
const port = () => within(form()).getByRole('textbox', { name: /Port/ });
const payloadMax = DecodeFrameRequest.shape.data.maxLength ?? 0;

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the frame decoder', () => {
  it('asks for a payload before going to the server', async () => {
    const bodies = serve({ ok: true, readings: [] });
    renderWithProviders(<FrameDecoder deviceType={typeOn(['cellular'])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(within(form()).getByText('Required')).toBeTruthy();
    expect(payload().getAttribute('aria-invalid')).toBe('true');
    // Spaces alone are no payload either.
    fireEvent.change(payload(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(within(form()).getByText('Required')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('says a payload is hexadecimal bytes, and the message follows the typing', async () => {
    const bodies = serve({ ok: true, readings: [] });
    renderWithProviders(<FrameDecoder deviceType={typeOn(['cellular'])} />);
    fireEvent.change(payload(), { target: { value: 'zz-not-hex' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    const notHex = 'Enter hexadecimal bytes: an even number of characters 0–9 and A–F';
    expect(within(form()).getByText(notHex)).toBeTruthy();
    fireEvent.change(payload(), { target: { value: '036' } });
    expect(within(form()).getByText(notHex)).toBeTruthy();
    fireEvent.change(payload(), { target: { value: '03 67 01 10' } });
    expect(within(form()).queryByText(notHex)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    await waitFor(() => expect(bodies).toEqual([{ deviceType: 'gps-tracker', data: '03670110', port: null }]));
    expect(await screen.findByText('The frame was decoded but holds no readings.')).toBeTruthy();
  });

  it('says in Portuguese what is wrong with the payload and the port', async () => {
    await changeLanguage('pt');
    const bodies = serve({ ok: true, readings: [] });
    renderWithProviders(<FrameDecoder deviceType={typeOn(['lora'])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Descodificar' }));
    expect(within(form()).getByText('Obrigatório')).toBeTruthy();
    fireEvent.change(payload(), { target: { value: 'zz-not-hex' } });
    fireEvent.change(within(form()).getByRole('textbox', { name: 'Porta' }), { target: { value: '300' } });
    expect(
      within(form()).getByText('Introduza bytes em hexadecimal: um número par de caracteres 0–9 e A–F'),
    ).toBeTruthy();
    expect(within(form()).getByText('Introduza uma porta de 0 a 255')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('says how long a payload may be, in English and Portuguese', async () => {
    const bodies = serve({ ok: true, readings: [] });
    renderWithProviders(<FrameDecoder deviceType={typeOn(['cellular'])} />);
    fireEvent.change(payload(), { target: { value: '00'.repeat(payloadMax / 2 + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(within(form()).getByText(translate('validation.max_length', 'en', { max: payloadMax }))).toBeTruthy();
    await changeLanguage('pt');
    expect(await within(form()).findByText(translate('validation.max_length', 'pt', { max: payloadMax }))).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('drops the result of an earlier payload when the next one is not valid', async () => {
    serve({ ok: false, error: { code: 'decode.truncated', message: 'GT-C frame too short' } });
    renderWithProviders(<FrameDecoder deviceType={typeOn(['cellular'])} />);
    fireEvent.change(payload(), { target: { value: '01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(await screen.findByText('Frame shorter than its type says')).toBeTruthy();
    fireEvent.change(payload(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    await waitFor(() => expect(screen.queryByText('Frame shorter than its type says')).toBeNull());
    expect(within(form()).getByText('Required')).toBeTruthy();
  });

  it.each([
    {
      networks: ['cellular', 'wifi'] as const,
      hint: 'Optional: as the device sends it in the port field of its MQTT message',
    },
    { networks: ['lora'] as const, hint: 'The LoRaWAN fPort of the frame' },
    {
      networks: ['lora', 'wifi'] as const,
      hint: 'LoRaWAN fPort; on Wi-Fi or cellular, the port field of the MQTT message, if any',
    },
    { networks: ['sigfox'] as const, hint: 'Optional: frames on this network have no port' },
  ])('explains the port for a type on $networks', ({ networks, hint }) => {
    renderWithProviders(<FrameDecoder deviceType={typeOn([...networks])} />);
    expect(port().getAttribute('aria-describedby')).toBe(within(form()).getByText(hint).id);
    if (!networks.some((network) => network === 'lora')) expect(within(form()).queryByText(/fPort/)).toBeNull();
  });

  it('explains the port of a cellular type in Portuguese', async () => {
    await changeLanguage('pt');
    renderWithProviders(<FrameDecoder deviceType={typeOn(['cellular'])} />);
    expect(
      within(form()).getByText('Opcional: tal como o dispositivo a envia no campo port da sua mensagem MQTT'),
    ).toBeTruthy();
  });
});
