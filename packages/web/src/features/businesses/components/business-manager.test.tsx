import {
  type Business,
  type BusinessConfig,
  DEFAULT_CALL_RECEPTION,
  DEFAULT_PLAN,
  DEFAULT_ROLE_VIEWS,
  MESSAGES,
  type User,
  VIEW_ROLES,
} from '@iot/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import { renderWithProviders } from '@/testing/render';
import { buildBusinessTree } from '../lib/business-tree';
import { business } from '../testing/business-fixtures';
import { BusinessManager } from './business-manager';

const tree = buildBusinessTree([
  business('acme', 'Acme Water', null, { usersAdv: { users: [{ email: 'olivia@example.com', role: 'admin' }] } }),
  business('north', 'North region', 'acme', { usersAdv: { users: [{ email: 'tiago@example.com', role: 'viewer' }] } }),
] satisfies Business[]);
const olivia: User = {
  id: 'u1',
  email: 'olivia@example.com',
  role: 'user',
  profile: { firstName: 'Olivia', lastName: 'Operator', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 1,
};
const tiago: User = { ...olivia, id: 'u2', email: 'tiago@example.com' };

const config: BusinessConfig = {
  theme: null,
  logo: null,
  effective: { theme: { primary: '#112233' }, logo: null },
  viewPermissions: VIEW_ROLES.map((role) => ({ role, ...DEFAULT_ROLE_VIEWS, source: 'default', inheritedFrom: null })),
  version: 3,
};
let patches: unknown[];

beforeEach(async () => {
  await changeLanguage('en');
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/contracts/pfs')
        return Response.json({ features: DEFAULT_PLAN, business: { id: 'x', description: 'x' } });
      if (path.endsWith('/config') && init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
      }
      if (path.endsWith('/config')) return Response.json(config);
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the manager tab', () => {
  it('shows inherited colours as such, refuses a bad colour and keeps what was typed after a conflict', {
    timeout: 20_000,
  }, async () => {
    renderWithProviders(<BusinessManager tree={tree} businessId="north" user={olivia} />);
    const primary = await screen.findByLabelText(en['businesses.theme.primary']);
    expect(screen.getByText('Inherited: #112233')).toBeTruthy();

    fireEvent.change(primary, { target: { value: 'blue' } });
    fireEvent.click(screen.getByRole('button', { name: en['businesses.manager.save'] }));
    expect(await screen.findByText(en['businesses.theme.invalidColour'])).toBeTruthy();
    expect(patches).toEqual([]);

    fireEvent.change(primary, { target: { value: '#445566' } });
    fireEvent.click(screen.getByRole('button', { name: en['businesses.manager.save'] }));
    expect(await screen.findByText(MESSAGES.en.conflict)).toBeTruthy();
    expect(patches).toEqual([{ version: 3, theme: { primary: '#445566' } }]);
    expect((primary as HTMLInputElement).value).toBe('#445566');
  });

  it('is read-only, with the reason, for a user who is not admin of the level', { timeout: 20_000 }, async () => {
    renderWithProviders(<BusinessManager tree={tree} businessId="north" user={tiago} />);
    expect(await screen.findByText(MESSAGES.en['business.no_permission'])).toBeTruthy();
    expect((screen.getByLabelText(en['businesses.theme.primary']) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: en['businesses.manager.save'] })).toBeNull();
  });
});
