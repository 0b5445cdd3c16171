import { type DeviceTypeInfo, thSensorSigfox } from '@iot/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/i18n';
import {
  type ParameterFieldError,
  parameterDefinitionsOf,
  parameterErrorText,
  parameterFieldErrors,
  parameterServerErrors,
} from './parameter-definitions';

/** The TH-S sensor as `GET /api/device-types` sends it: parameters as loose records, plus ones no form can edit. */
const thSensor: Pick<DeviceTypeInfo, 'parameters'> = {
  parameters: [
    ...thSensorSigfox.parameters.map((definition) => ({ ...definition })),
    { key: 'odd', type: 'number' },
    { key: 'mystery', type: 'text' },
  ],
};
const definitions = parameterDefinitionsOf(thSensor);
const definition = (key: string) => {
  const found = definitions.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no parameter ${key}`);
  return found;
};

afterEach(() => changeLanguage('en'));

describe('the parameter definitions of a device type', () => {
  it('keeps the definitions the forms can edit, leaving out records that are not definitions', () => {
    expect(definitions.map(({ key }) => key)).toEqual([
      'reportingPeriod',
      'temperatureHigh',
      'temperatureLow',
      'alarmEnabled',
    ]);
  });

  it("takes the shared check's errors and the server's messages by parameter key", () => {
    expect(
      parameterFieldErrors([
        { parameter: 'reportingPeriod', code: 'validation.required', params: {}, message: 'reportingPeriod: Required' },
      ]),
    ).toEqual({ reportingPeriod: { code: 'validation.required', params: {} } });
    const fields = { name: 'Required', 'profile.reportingPeriod': 'Invalid value', 'values.temperatureLow': 'Too low' };
    expect(parameterServerErrors(fields, 'profile')).toEqual({ reportingPeriod: 'Invalid value' });
    expect(parameterServerErrors(fields, 'values')).toEqual({ temperatureLow: 'Too low' });
  });

  it('words an error in the interface language and number format, naming the other threshold', async () => {
    const below: ParameterFieldError = {
      code: 'parameter.below',
      params: { min: -40, max: 8.5, unit: ' °C', other: 'temperatureHigh' },
    };
    const text = () => parameterErrorText(i18n.t, definitions, definition('temperatureLow'), below);
    expect(text()).toBe('Must be from -40 to less than 8.5 °C (High temperature threshold).');
    await changeLanguage('pt');
    expect(text()).toBe('Deve ser de -40 a menos de 8,5 °C (Limite superior de temperatura).');
  });
});
