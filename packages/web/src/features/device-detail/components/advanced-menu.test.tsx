import { type Device, MESSAGES } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import { renderWithProviders } from '@/testing/render';
import { AdvancedMenu } from './advanced-menu';
import type { DeviceScope } from './device-scope';

const device = { uuid: 'd1', deviceType: 'th-sensor-sigfox', fwVersion: '1.0', routeDestination: null } as Device;
const scope: DeviceScope = { device, deviceType: undefined, role: 'admin', canEdit: true, isAdmin: true };
const PATH = '/api/devices/advanced/reprocess-received-data';
let posts: unknown[];
let answer: () => Response;

beforeEach(async () => {
  await changeLanguage('en');
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === PATH && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return answer();
      }
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openDialog = () => {
  renderWithProviders(<AdvancedMenu scope={scope} />);
  fireEvent.click(screen.getByRole('button', { name: en['device.advanced.title'] }));
  fireEvent.click(screen.getByRole('menuitem', { name: en['device.advanced.reprocess'] }));
  return {
    start: screen.getByLabelText(en['device.advanced.reprocessStart'], { exact: false }) as HTMLInputElement,
    end: screen.getByLabelText(en['device.advanced.reprocessEnd'], { exact: false }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: en['device.advanced.reprocessSubmit'] }) as HTMLButtonElement,
  };
};

describe('reprocessing the received data of a device', { timeout: 20_000 }, () => {
  it('sends the last 24 hours and the choice of actions, then says what was decoded and closes', async () => {
    answer = () => Response.json({ messages: 1234, readings: 126, undecoded: 0, conditionEvents: 2 });
    const { submit } = openDialog();
    fireEvent.click(screen.getByRole('checkbox', { name: en['device.advanced.reprocessRunActions'] }));
    fireEvent.click(submit);

    expect(
      await screen.findByText('Messages decoded again: 1,234. Readings: 126; undecodable: 0; alarm conditions: 2.'),
    ).toBeTruthy();
    const body = posts[0] as { deviceUUID: string; startDate: string; endDate: string; runAllActions: boolean };
    expect(body).toMatchObject({ deviceUUID: 'd1', runAllActions: true });
    expect(Date.parse(body.endDate) - Date.parse(body.startDate)).toBe(24 * 60 * 60 * 1000);
    expect(body.startDate).toMatch(/Z$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('will not send an end before the start, and says why under the end', () => {
    const { start, end, submit } = openDialog();
    fireEvent.change(start, { target: { value: '2026-01-02T08:00' } });
    fireEvent.change(end, { target: { value: '2026-01-01T08:00' } });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText(MESSAGES.en['validation.date_range'])).toBeTruthy();
    fireEvent.change(end, { target: { value: '' } });
    expect(submit.disabled).toBe(true);
  });

  it('shows the server’s message when it refuses, and stays open', async () => {
    answer = () => Response.json({ code: 'forbidden', message: MESSAGES.en.forbidden }, { status: 403 });
    const { submit } = openDialog();
    fireEvent.click(submit);
    expect(await screen.findByText(MESSAGES.en.forbidden)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a refused date under its field, until the dates change', async () => {
    const message = MESSAGES.en['validation.date_range'];
    answer = () => Response.json({ code: 'validation.failed', message, fields: { endDate: message } }, { status: 400 });
    const { end, submit } = openDialog();
    fireEvent.click(submit);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(end, { target: { value: '2030-01-01T08:00' } });
    expect(screen.queryByText(message)).toBeNull();
  });
});
