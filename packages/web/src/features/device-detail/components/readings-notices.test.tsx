import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { ReadingsNotices } from './readings-notices';

const cutoff = Date.UTC(2026, 10, 20, 8, 30);
const names: Record<string, string> = { temperature: 'Temperature', humidity: 'Relative humidity' };
const nameOf = (signal: string) => names[signal] ?? signal;

const answer = [
  {
    signal: 'temperature',
    readings: [{ date: cutoff + 60_000, value: 4.5 }],
    total: 12_345,
    truncated: true,
    cutoff,
  },
  { signal: 'humidity', readings: [], total: 0, truncated: false, cutoff: null },
  { signal: 'battery', readings: [{ date: cutoff, value: 3.1 }], total: 1, truncated: false, cutoff: null },
];

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the readings notices', () => {
  it('says a cut answer exceeded the consult size limit, with the total count and the cutoff date', () => {
    renderWithProviders(<ReadingsNotices signals={answer} nameOf={nameOf} />);
    const notice = screen.getByText(/Consult size limit exceeded/);
    expect(notice.textContent).toContain('Temperature has 12,345 readings');
    expect(notice.textContent).toContain(new Date(cutoff).toLocaleString('en'));
  });

  it('says a signal without readings has no data, and nothing about a signal with readings', () => {
    renderWithProviders(<ReadingsNotices signals={answer} nameOf={nameOf} />);
    expect(screen.getByText('Relative humidity: Data not available')).toBeTruthy();
    expect(screen.queryByText(/battery/)).toBeNull();
  });

  it('speaks Portuguese, with Portuguese numbers', async () => {
    await changeLanguage('pt');
    renderWithProviders(<ReadingsNotices signals={answer} nameOf={nameOf} />);
    const notice = screen.getByText(/Limite de tamanho da consulta excedido/);
    expect(notice.textContent).toMatch(/12\s345 leituras/);
  });

  it('shows nothing when every signal came whole and with readings', () => {
    const { container } = renderWithProviders(<ReadingsNotices signals={answer.slice(2)} nameOf={nameOf} />);
    expect(container.textContent).toBe('');
  });
});
