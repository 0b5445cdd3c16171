import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { applicationServerKey, subscriptionToken } from '../lib/browser-push';
import { BrowserPushControl } from './browser-push-control';

const VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.net/send/browser-1';

describe('browser push helpers', () => {
  it('turns the URL-safe base64 VAPID key into its 65 bytes', () => {
    const bytes = applicationServerKey(VAPID_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('names a subscription by a stable hash of its endpoint', async () => {
    const token = await subscriptionToken(ENDPOINT);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(await subscriptionToken(ENDPOINT)).toBe(token);
    expect(await subscriptionToken(`${ENDPOINT}x`)).not.toBe(token);
  });
});

/** A browser that grants (or refuses) notifications and subscribes through its push manager. */
function stubBrowser(permission: NotificationPermission) {
  let subscription: PushSubscription | null = null;
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: ENDPOINT,
      toJSON: () => ({
        endpoint: ENDPOINT,
        expirationTime: null,
        keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: async () => true,
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: async () => permission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: async () => registration,
      ready: Promise.resolve(registration),
    },
  });
  const fetchMock = vi.fn(async () => Response.json({ detail: 'stored' }));
  vi.stubGlobal('fetch', fetchMock);
  return { subscribe, fetchMock };
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('BrowserPushControl', () => {
  it('subscribes this browser with the server key and hands the subscription to the server', async () => {
    const { subscribe, fetchMock } = stubBrowser('granted');
    renderWithProviders(<BrowserPushControl vapidPublicKey={VAPID_KEY} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Notifications also arrive on this browser.')).toBeTruthy();
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(VAPID_KEY),
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain(`/api/push-notification/store-token/${await subscriptionToken(ENDPOINT)}`);
    expect(JSON.parse(String(init.body))).toMatchObject({ endpoint: ENDPOINT, keys: { auth: 'a'.repeat(22) } });
  });

  it('says how to allow notifications when the browser refuses them', async () => {
    const { fetchMock } = stubBrowser('denied');
    renderWithProviders(<BrowserPushControl vapidPublicKey={VAPID_KEY} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/blocks notifications from this site/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers nothing without a server key', () => {
    stubBrowser('granted');
    const { container } = renderWithProviders(<BrowserPushControl vapidPublicKey={null} />);
    expect(container.textContent).toBe('');
  });
});
