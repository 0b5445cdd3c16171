import { LOCATION_STATES } from '@iot/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { DeviceLocationState, LocationStateChip } from './location-state-chip';

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

const HOUR_MS = 3_600_000;

describe('LocationStateChip', () => {
  it('names each state in its own colour with its own icon; a forbidden place and a lost device in full colour', () => {
    renderWithProviders(
      <div>
        {LOCATION_STATES.map((state) => (
          <LocationStateChip key={state} location={{ state, place: null }} />
        ))}
      </div>,
    );
    const chips = LOCATION_STATES.map((state) => ({
      state,
      label: screen
        .getByText(
          {
            inTransit: 'In transit',
            atPoi: 'At POI',
            atForbiddenPoi: 'At forbidden POI',
            atUnknownLocation: 'At unknown location',
            lost: 'Lost',
            unavailable: 'Unavailable',
          }[state],
        )
        .closest('.MuiChip-root') as HTMLElement,
    }));
    const looks = chips.map(({ state, label }) => ({
      state,
      colour: /MuiChip-color(\w+)/.exec(label.className)?.[1],
      filled: label.className.includes('MuiChip-filled'),
      icon: label.querySelector('svg')?.getAttribute('data-testid'),
    }));
    expect(looks).toEqual([
      { state: 'inTransit', colour: 'Info', filled: false, icon: 'LocalShippingOutlinedIcon' },
      { state: 'atPoi', colour: 'Success', filled: false, icon: 'WhereToVoteOutlinedIcon' },
      { state: 'atForbiddenPoi', colour: 'Error', filled: true, icon: 'WrongLocationOutlinedIcon' },
      { state: 'atUnknownLocation', colour: 'Default', filled: false, icon: 'NotListedLocationOutlinedIcon' },
      { state: 'lost', colour: 'Warning', filled: true, icon: 'LocationOffOutlinedIcon' },
      { state: 'unavailable', colour: 'Default', filled: false, icon: 'LocationDisabledOutlinedIcon' },
    ]);
  });

  it("shows the place's name at a place, with the state and the place as its name, in the interface language", async () => {
    await changeLanguage('pt');
    renderWithProviders(<LocationStateChip location={{ state: 'atPoi', place: { name: 'Armazém de Gaia' } }} />);
    const chip = screen.getByLabelText('No POI: Armazém de Gaia');
    expect(chip.textContent).toBe('Armazém de Gaia');
  });
});

describe('DeviceLocationState', () => {
  it('says since when the device is in its state, and for how long on hover', async () => {
    const since = new Date(Date.now() - (2 * HOUR_MS + 5 * 60_000)).toISOString();
    renderWithProviders(<DeviceLocationState location={{ state: 'inTransit', place: null, since }} />);
    const sinceText = screen.getByText(/^since /);
    fireEvent.mouseOver(sinceText);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', '2 h 5 min');
  });

  it('says no "since" for a device that never had a position', () => {
    renderWithProviders(<DeviceLocationState location={{ state: 'unavailable', place: null, since: null }} />);
    expect(screen.getByText('Unavailable')).toBeTruthy();
    expect(screen.queryByText(/since/)).toBeNull();
  });
});
