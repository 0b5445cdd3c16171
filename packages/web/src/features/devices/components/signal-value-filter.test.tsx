import { type DeviceTypeInfo, SIGNAL_CONDITION_TEXT_MAX } from '@iot/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { SignalValueButton } from './signal-value-filter';

type Signal = DeviceTypeInfo['signals'][number];
const typeOf = (id: string, signals: Signal[]): DeviceTypeInfo => ({
  id,
  name: id,
  communicationTypes: ['lora'],
  signals,
  parameters: [],
  configurable: false,
});
const value = (key: string, name: string, unit?: string, perChannel?: boolean): Signal => ({
  key,
  name,
  ...(unit ? { unit } : {}),
  kind: 'value',
  valueType: 'number',
  showInList: true,
  ...(perChannel ? { perChannel } : {}),
});
const lowBattery: Signal = {
  key: 'low_battery',
  name: 'Low battery',
  kind: 'alarm',
  valueType: 'boolean',
  showInList: false,
};

/** Types as the server has them: a sensor, a generic per-channel (Cayenne LPP) type and a tracker sharing a signal. */
const allTypes = [
  typeOf('th-sensor-sigfox', [
    value('temperature', 'Temperature', '°C'),
    value('humidity', 'Relative humidity', '%'),
    lowBattery,
  ]),
  typeOf('cayenne-lpp', [
    value('temperature', 'Temperature', '°C', true),
    value('humidity', 'Relative humidity', '%', true),
    value('analog_input', 'Analog input', undefined, true),
  ]),
  typeOf('gps-tracker', [value('speed', 'Speed', 'km/h'), value('battery', 'Battery', '%'), lowBattery]),
];

function openForm(onChange = vi.fn()) {
  renderWithProviders(
    <SignalValueButton conditions={[]} onChange={onChange} deviceTypes={allTypes} chosenTypes={[]} />,
  );
  fireEvent.click(screen.getByRole('button', { name: /Signal value|Valor de sinal/ }));
  return screen.getByRole('form');
}

function offeredSignals(form: HTMLElement) {
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Signal|Sinal/ }));
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the signal choice of the signal value filter', () => {
  it('offers each signal once, in the order of its name, a per-channel one named as such', () => {
    expect(offeredSignals(openForm())).toEqual([
      'Analog input, channel …',
      'Battery (%)',
      'Low battery',
      'Relative humidity (%)',
      'Relative humidity (%), channel …',
      'Speed (km/h)',
      'Temperature (°C)',
      'Temperature (°C), channel …',
    ]);
  });

  it('sorts by the Portuguese names in Portuguese', async () => {
    await changeLanguage('pt');
    expect(offeredSignals(openForm())).toEqual([
      'Bateria (%)',
      'Bateria fraca',
      'Entrada analógica, canal …',
      'Humidade relativa (%)',
      'Humidade relativa (%), canal …',
      'Temperatura (°C)',
      'Temperatura (°C), canal …',
      'Velocidade (km/h)',
    ]);
  });

  it('explains the channel of a per-channel signal, and filters on that channel', () => {
    const onChange = vi.fn();
    const form = openForm(onChange);
    offeredSignals(form);
    fireEvent.click(screen.getByRole('option', { name: 'Temperature (°C), channel …' }));
    const channel = within(form).getByRole('textbox', { name: 'Channel' });
    expect(within(form).getByText("The reading's channel, 0 to 255: Temperature 3 is channel 3").id).toBe(
      channel.getAttribute('aria-describedby'),
    );
    fireEvent.change(channel, { target: { value: '3' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Value' }), { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(onChange).toHaveBeenCalledWith([{ signal: 'temperature_3', op: 'eq', value: 8 }]);
  });

  it('explains the channel in Portuguese', async () => {
    await changeLanguage('pt');
    const form = openForm();
    offeredSignals(form);
    fireEvent.click(screen.getByRole('option', { name: 'Humidade relativa (%), canal …' }));
    expect(within(form).getByText('O canal da leitura, de 0 a 255: Humidade relativa 3 é o canal 3')).toBeTruthy();
  });
});

describe('the value of the signal value filter', () => {
  it('says how long a value may be, in English and Portuguese', async () => {
    const onChange = vi.fn();
    let form = openForm(onChange);
    offeredSignals(form);
    fireEvent.click(screen.getByRole('option', { name: 'Speed (km/h)' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Value' }), {
      target: { value: '1'.repeat(SIGNAL_CONDITION_TEXT_MAX + 1) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByText(`At most ${SIGNAL_CONDITION_TEXT_MAX} characters`)).toBeTruthy();

    cleanup();
    await changeLanguage('pt');
    form = openForm(onChange);
    offeredSignals(form);
    fireEvent.click(screen.getByRole('option', { name: 'Velocidade (km/h)' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Valor' }), {
      target: { value: '1'.repeat(SIGNAL_CONDITION_TEXT_MAX + 1) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));
    expect(within(form).getByText(`No máximo ${SIGNAL_CONDITION_TEXT_MAX} caracteres`)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
