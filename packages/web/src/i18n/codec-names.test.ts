import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/i18n';
import { deviceTypeName, parameterName, signalName, signalText } from './codec-names';

describe('names of codec signals and parameters', () => {
  beforeAll(() => changeLanguage('pt'));

  it('translates a signal and a parameter by key', () => {
    expect(signalName(i18n.t, 'temperature', 'Temperature')).toBe('Temperatura');
    expect(signalName(i18n.t, 'low_battery', 'Low battery')).toBe('Bateria fraca');
    expect(parameterName(i18n.t, 'reportingPeriod', 'Reporting period')).toBe('Período de envio');
  });

  it('translates a device type by id', () => {
    expect(deviceTypeName(i18n.t, 'gps-tracker', 'GT-C GPS tracker')).toBe('Localizador GPS GT-C');
    expect(deviceTypeName(i18n.t, 'new-type', 'New type')).toBe('New type');
  });

  it("names a channel's reading after its signal and channel", () => {
    expect(signalName(i18n.t, 'temperature_3', 'Temperature 3')).toBe('Temperatura 3');
    expect(signalName(i18n.t, 'analog_input_12', 'Analog input')).toBe('Entrada analógica 12');
  });

  it("keeps the codec's name of a signal or parameter it has no translation for", () => {
    expect(signalName(i18n.t, 'turbidity', 'Turbidity')).toBe('Turbidity');
    expect(signalName(i18n.t, 'turbidity_2', 'Turbidity 2')).toBe('Turbidity 2');
    expect(parameterName(i18n.t, 'samplingRate', 'Sampling rate')).toBe('Sampling rate');
  });

  it('translates the words a codec reports as values, and leaves data and words it does not know as they are', () => {
    expect(signalText(i18n.t, 'periodic')).toBe('periódico');
    expect(signalText(i18n.t, 'configuration')).toBe('configuração');
    expect(signalText(i18n.t, 'heartbeat')).toBe('heartbeat');
    expect(signalText(i18n.t, '#ff8000')).toBe('#ff8000');
    expect(signalText(i18n.t, '2026-11-23T10:00:00.000Z')).toBe('2026-11-23T10:00:00.000Z');
  });
});
