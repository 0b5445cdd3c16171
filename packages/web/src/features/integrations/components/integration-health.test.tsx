import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { IntegrationHealthSummary } from './integration-health';

const lastCallAt = Date.UTC(2026, 10, 20, 8, 30);
const health = {
  lastCallAt,
  last24h: { stored: 120, duplicates: 3, refused: 2, unknownDevices: 5 },
  lastError: { message: 'ChirpStack ERROR UPLINK_CODEC (70B3D57ED0054001): bad frame', at: lastCallAt - 60_000 },
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe("an integration's health", () => {
  it('shows the last call, the counts over 24 hours and the last error with its time, in both languages', async () => {
    renderWithProviders(<IntegrationHealthSummary health={health} />);
    expect(screen.getByText(/^Last call/)).toBeTruthy();
    expect(screen.getByText('Last 24 h: 120 stored, 3 duplicate, 2 refused, 5 of unknown devices')).toBeTruthy();
    expect(
      screen.getByText(/^Last error .*: ChirpStack ERROR UPLINK_CODEC \(70B3D57ED0054001\): bad frame$/),
    ).toBeTruthy();
    cleanup();
    await changeLanguage('pt');
    renderWithProviders(<IntegrationHealthSummary health={health} />);
    expect(screen.getByText(/^Últimas 24 h: 120 guardadas, 3 duplicadas, 2 recusadas, 5 de dispositivos/)).toBeTruthy();
    expect(screen.getByText(/^Último erro/)).toBeTruthy();
  });

  it('says when an integration was never called, and shows no error when none was told', () => {
    renderWithProviders(
      <IntegrationHealthSummary
        health={{
          lastCallAt: null,
          last24h: { stored: 0, duplicates: 0, refused: 0, unknownDevices: 0 },
          lastError: null,
        }}
      />,
    );
    expect(screen.getByText('No call yet')).toBeTruthy();
    expect(screen.queryByText(/Last error/)).toBeNull();
  });
});
