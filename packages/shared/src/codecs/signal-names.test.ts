import { describe, expect, it } from 'vitest';
import { notificationText } from '../schemas/notifications.js';
import { signalNameIn } from './signal-names.js';

describe('signal names', () => {
  it("names a signal in the reader's language, a channel after its signal, an unknown one as its codec does", () => {
    expect(signalNameIn('pt', 'temperature', 'Temperature')).toBe('Temperatura');
    expect(signalNameIn('en', 'humidity', 'Humidity')).toBe('Relative humidity');
    expect(signalNameIn('pt', 'temperature_3', 'Temperature 3')).toBe('Temperatura 3');
    expect(signalNameIn('pt', 'flux_capacitor', 'Flux capacitor')).toBe('Flux capacitor');
  });

  it('words a coded notification with the signal named in its language', () => {
    const content = {
      code: 'notification.condition_cleared',
      params: { device: 'Van 7', signal: 'Speed', signalKey: 'speed', value: '42', unit: ' km/h' },
      message: { title: '', body: '' },
    };
    expect(notificationText(content, 'pt').title).toBe('Van 7: Velocidade de volta ao normal');
    expect(notificationText(content, 'en').title).toBe('Van 7: Speed back to normal');
  });
});
