import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceMapCard } from './device-map-card';

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
});

describe("a device's card on the map", () => {
  it('says where the device is, a forbidden place standing out in its colour, and since when', () => {
    const device = testDevice({
      location: {
        state: 'atForbiddenPoi',
        place: { id: 'yard', name: 'Closed yard' },
        since: new Date(Date.now() - 10 * 60_000).toISOString(),
      },
    });
    renderWithProviders(
      <DeviceMapCard
        device={device}
        typeName={(type) => type}
        typeOf={() => undefined}
        linkTo={(uuid) => `/${uuid}`}
      />,
    );
    const card = within(screen.getByRole('region', { name: 'Cold room' }));
    expect(card.getByText('Location')).toBeTruthy();
    expect(card.getByLabelText('At forbidden POI: Closed yard').className).toMatch(
      /MuiChip-filled .*MuiChip-colorError/,
    );
    expect(card.getByText(/^since /)).toBeTruthy();
  });
});
