import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/config/endpoints', () => ({
  currentEndpointSet: () => ({ name: 'demo', apiBaseUrl: 'https://api.demo.dots.example/api' }),
}));

const { api } = await import('./client');

afterEach(() => vi.unstubAllGlobals());

describe('the api client', () => {
  it('calls the base URL of the endpoint set chosen for this host', async () => {
    const fetchMock = vi.fn(async () => Response.json({ version: '1', serverVersion: '1' }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/info');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toMatch(
      /^https:\/\/api\.demo\.dots\.example\/api\/info\?lang=/,
    );
  });
});
