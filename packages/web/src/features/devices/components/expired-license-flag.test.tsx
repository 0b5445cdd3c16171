import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { DeviceCards } from './device-cards';
import { DeviceTable, type DeviceViewProps } from './device-table';

const devices = [
  testDevice({
    uuid: 'a1',
    description: 'Cold room 1',
    usageLicenseId: 'l9',
    usageLicense: { id: 'l9', licenseId: 'LIC-009', expired: true },
  }),
  testDevice({
    uuid: 'b2',
    description: 'Cold room 2',
    usageLicenseId: 'l1',
    usageLicense: { id: 'l1', licenseId: 'LIC-001', expired: false },
  }),
  testDevice({ uuid: 'c3', description: 'Cold room 3' }),
];

const props: DeviceViewProps = {
  devices,
  hasMore: false,
  loadingMore: false,
  onLoadMore: () => {},
  selected: new Set(),
  onToggle: () => {},
  typeName: (deviceType) => deviceType,
  typeOf: () => undefined,
  linkTo: (device) => `/devices/${device.uuid}`,
  height: 600,
};

beforeEach(() => changeLanguage('en'));
afterEach(cleanup);

describe('the device lists flag an expired usage license', () => {
  it('beside the name in the list, with its text as a tooltip', async () => {
    renderWithProviders(<DeviceTable {...props} allSelected={false} onToggleAll={() => {}} />);
    const row = (name: string) => screen.getByRole('link', { name }).closest('[role="row"]') as HTMLElement;
    const flag = within(row('Cold room 1')).getByRole('img', { name: 'Usage license expired (LIC-009)' });
    expect(within(row('Cold room 2')).queryByRole('img', { name: /Usage license expired/ })).toBeNull();
    expect(within(row('Cold room 3')).queryByRole('img', { name: /Usage license expired/ })).toBeNull();
    fireEvent.mouseOver(flag);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
  });

  it('on the cards, in Portuguese', async () => {
    await changeLanguage('pt');
    renderWithProviders(<DeviceCards {...props} />);
    const card = (name: string) => screen.getByRole('listitem', { name });
    expect(
      within(card('Cold room 1')).getByRole('img', { name: 'Licença de utilização expirada (LIC-009)' }),
    ).toBeTruthy();
    expect(within(card('Cold room 2')).queryByRole('img', { name: /expirada/ })).toBeNull();
  });
});
