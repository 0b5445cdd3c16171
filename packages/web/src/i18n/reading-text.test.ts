import { describe, expect, it } from 'vitest';
import { formatReading } from './reading-text';

const pt = {
  locale: 'pt-PT',
  yes: 'Sim',
  no: 'Não',
  text: (value: string) => (value === 'periodic' ? 'periódico' : value),
};

describe('a reading as text', () => {
  it('writes numbers, flags, positions and words as the interface language does', () => {
    expect(formatReading(21.456789, '°C', pt)).toBe('21,457 °C');
    expect(formatReading(60, undefined, pt)).toBe('60');
    expect(formatReading(false, undefined, pt)).toBe('Não');
    expect(formatReading({ lat: 42.3519, lon: -87.9094 }, undefined, pt)).toBe('42,3519, -87,9094');
    expect(formatReading({ lat: 42.3519, lon: -87.9094, alt: 10 }, undefined, pt)).toBe('42,3519, -87,9094, 10 m');
    expect(
      formatReading({ lat: 52.374, lon: 4.9144, accuracy: 1500, source: 'GEO_RESOLVER_TDOA' }, undefined, pt),
    ).toBe('52,374, 4,9144 ± 1500 m (GEO_RESOLVER_TDOA)');
    expect(formatReading('periodic', undefined, pt)).toBe('periódico');
    expect(formatReading('#ff8000', undefined, pt)).toBe('#ff8000');
  });
});
