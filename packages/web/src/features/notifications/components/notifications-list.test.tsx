import type { Notification } from '@iot/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { NotificationsList } from './notifications-list';

const notifications: Notification[] = Array.from({ length: 12 }, (_, index) => ({
  _id: `n${index + 1}`,
  read: index > 5,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, index)).toISOString(),
  message: { title: `Tank ${index + 1} is low`, body: 'Refill soon' },
  code: null,
  params: {},
  topic: null,
}));

/** The server's answers, from the list above: pages newest first, read-all and delete-all. */
function stubServer() {
  let stored = [...notifications].reverse();
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/push-notification/user-notifications') {
      const page = Number(url.searchParams.get('page'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const data = stored.slice((page - 1) * pageSize, page * pageSize);
      return Response.json({ data, totalElements: stored.length, hasNext: page * pageSize < stored.length });
    }
    if (url.pathname === '/api/push-notification/read-all' && method === 'POST') {
      stored = stored.map((notification) => ({ ...notification, read: true }));
      return Response.json({ count: 6 });
    }
    if (url.pathname === '/api/push-notification/delete-all' && method === 'DELETE') {
      const count = stored.length;
      stored = [];
      return Response.json({ count });
    }
    return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationsList', () => {
  it('shows ten a page, newest first, and pages on', async () => {
    const fetchMock = stubServer();
    renderWithProviders(<NotificationsList />);
    expect(await screen.findByText('1–10 of 12')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('Tank 12 is low');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–12 of 12')).toBeTruthy();
    expect(await screen.findByText('Tank 1 is low')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(
      expect.stringContaining('page=2&pageSize=10'),
    );
  });

  it('marks all as read, and deletes all only after confirmation', async () => {
    stubServer();
    renderWithProviders(<NotificationsList />);
    await screen.findByText('1–10 of 12');
    expect(screen.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications are marked as read.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryAllByRole('button', { name: 'Mark as read' })).toHaveLength(0));

    fireEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete all notifications?' });
    expect(within(confirm).getByText('The 12 notifications will be deleted. This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('You have no notifications.')).toBeTruthy();
  });

  it('words a coded notification in the interface language, its signal named as the interface names it', async () => {
    const coded: Notification = {
      _id: 'coded',
      read: false,
      createdAt: new Date(Date.UTC(2026, 10, 20, 12)).toISOString(),
      // As the server words it for a request in English: the list words it again, in the interface language.
      message: { title: 'Alarm on Van 7', body: 'Speed: alarm #3 raised (value 95.5 km/h).' },
      code: 'notification.alarm_raised',
      params: { device: 'Van 7', signal: 'Speed', signalKey: 'speed', alarm: '3', value: '95.5', unit: ' km/h' },
      topic: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: [coded], totalElements: 1, hasNext: false })),
    );
    await changeLanguage('pt');
    renderWithProviders(<NotificationsList />);
    expect(await screen.findByText('Alarme em Van 7')).toBeTruthy();
    expect(screen.getByText('Velocidade: alarme n.º 3 disparado (valor 95,5 km/h).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marcar todas como lidas' })).toBeTruthy();
  });
});
