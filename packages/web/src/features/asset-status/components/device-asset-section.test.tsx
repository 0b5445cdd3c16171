import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import { testDevice } from '@/testing/device';
import { renderWithProviders } from '@/testing/render';
import { testAsset } from '../testing/assets';
import { type StubbedCall, stubServer } from '../testing/stub-server';
import { DeviceAssetSection } from './device-asset-section';

const device = testDevice({ uuid: 'd9', businessId: 'north', business: { id: 'north', description: 'North region' } });
const orphans = [
  testAsset({ _id: 'a2', description: 'Tank B', device: null, linkedAt: null, version: 5 }),
  // An orphan of a sublevel: a device links only to an asset of its own level.
  testAsset({
    _id: 'a3',
    description: 'Tank C',
    businessId: 'north-1',
    business: { id: 'north-1', description: 'North 1' },
    device: null,
    linkedAt: null,
  }),
];

function answer(call: StubbedCall) {
  if (call.path === '/api/customer-business/north/assets' && call.query.get('orphan') === 'true')
    return Response.json({ items: orphans, nextCursor: null });
  if (call.path === '/api/customer-business/north/asset' && call.method === 'PATCH') return Response.json({});
  if (call.path === '/api/assets/a1') return Response.json({ ...testAsset(), links: [] });
  if (call.path === '/api/customer-business')
    return Response.json([{ _id: 'north', slug: 'north-region', description: 'North region', parent: null }]);
  return undefined;
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the info tab's asset part", { timeout: 20_000 }, () => {
  it('links a free device to an orphan asset of its level, over that asset’s version', async () => {
    const calls = stubServer(answer);
    renderWithProviders(<DeviceAssetSection device={device} isAdmin />);
    const section = within(await screen.findByRole('region', { name: en['device.field.asset'] }));
    section.getByText(en['device.asset.none']);
    const link = section.getByRole('button', { name: en['device.asset.link'] });
    expect(link.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(await section.findByRole('combobox', { name: en['device.asset.choose'] }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Tank BCold room']);
    fireEvent.click(options[0] as HTMLElement);
    fireEvent.click(link);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body])).toEqual([
        ['/api/customer-business/north/asset', { assetData: { _id: 'a2', version: 5, deviceUUID: 'd9' } }],
      ]),
    );
    await screen.findByText('The device is now linked to Tank B.');
  });

  it('opens the linked asset and unlinks it after confirmation', async () => {
    const calls = stubServer(answer);
    renderWithProviders(
      <DeviceAssetSection
        device={{ ...device, asset: { UUID: 'a1', description: 'Cold room A', ownedByUser: true } }}
        isAdmin
      />,
    );
    const section = within(await screen.findByRole('region', { name: en['device.field.asset'] }));
    await waitFor(() =>
      expect(section.getByRole('link', { name: 'Cold room A' }).getAttribute('href')).toBe(
        '/businesses/north/north-region/assets/a1/Cold%20room%20A',
      ),
    );
    fireEvent.click(section.getByRole('button', { name: en['device.asset.unlink'] }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: en['device.asset.unlink'] }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        { assetData: { _id: 'a1', version: 3, deviceUUID: null } },
      ]),
    );
  });

  it('shows an asset the caller cannot open as plain text, with no way to change it for a user', async () => {
    stubServer(answer);
    renderWithProviders(
      <DeviceAssetSection
        device={{ ...device, asset: { UUID: 'a1', description: 'Cold room A', ownedByUser: false } }}
        isAdmin={false}
      />,
    );
    const region = await screen.findByRole('region', { name: en['device.field.asset'] });
    expect(region.textContent).toContain(`${en['device.asset.linkedTo']} Cold room A`);
    expect(within(region).queryByRole('link')).toBeNull();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('shows nothing for a free device to a user who cannot link it', async () => {
    stubServer(answer);
    const { container } = renderWithProviders(<DeviceAssetSection device={device} isAdmin={false} />);
    expect(container.textContent).toBe('');
  });
});
