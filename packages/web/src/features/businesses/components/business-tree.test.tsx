import type { Business, User } from '@iot/shared';
import { DEFAULT_CALL_RECEPTION, MESSAGES } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import { renderWithProviders } from '@/testing/render';
import { buildBusinessTree } from '../lib/business-tree';
import { business } from '../testing/business-fixtures';
import { BusinessNameDialog } from './business-name-dialog';
import { BusinessTreePanel } from './business-tree-panel';
import { BusinessTreeView } from './business-tree-view';
import { splitEmails } from './business-users';

const list: Business[] = [
  business('acme', 'Acme Water', null, { usersAdv: { users: [{ email: 'olivia@example.com', role: 'admin' }] } }),
  business('braga', 'Braga plant', 'north'),
  business('north', 'North region', 'acme', {
    usersAdv: { users: [{ email: 'tecnico@example.com', role: 'viewer' }] },
  }),
  business('porto', 'Porto plant', 'north'),
  business('south', 'South region', 'acme'),
];

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
const tecnico: User = { ...olivia, id: 'u2', email: 'tecnico@example.com' };

beforeEach(async () => {
  await changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/customer-business') return Response.json(list);
      if (init?.method === 'DELETE' && path === '/api/customer-business/north') {
        return Response.json({ code: 'business.has_sublevels', message: 'It has sublevels.' }, { status: 422 });
      }
      if (init?.method === 'PUT') return Response.json({ code: 'conflict', message: 'Changed.' }, { status: 409 });
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Where the app is: the path and query the panel navigated to. */
function Shown() {
  const { pathname, search } = useLocation();
  return <output>{`${pathname}${search}`}</output>;
}

describe('the business tree view', () => {
  it('renders only a window of rows of a 100,000-node tree', () => {
    const many: Business[] = [business('n0', 'Root', null)];
    for (let index = 1; index < 100_000; index += 1) many.push(business(`n${index}`, `Level ${index}`, 'n0'));
    const tree = buildBusinessTree(many);
    renderWithProviders(
      <BusinessTreeView
        tree={tree}
        expanded={new Set(['n0'])}
        onToggle={() => {}}
        onSelect={() => {}}
        initialHeight={400}
        label="Businesses"
      />,
    );
    const rows = screen.getAllByRole('treeitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(50);
    expect(rows[0]?.textContent).toContain('Root');
  });
});

describe('the name dialog', () => {
  it('keeps OK disabled while the trimmed name is empty', () => {
    const onConfirm = vi.fn();
    renderWithProviders(<BusinessNameDialog open title="Add" onCancel={() => {}} onConfirm={onConfirm} />);
    const ok = screen.getByRole('button', { name: en['app.ok'] });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(en['businesses.name']), { target: { value: '   ' } });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(en['businesses.name']), { target: { value: '  Faro plant ' } });
    expect(ok).toHaveProperty('disabled', false);
    fireEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledWith('Faro plant');
  });
});

describe('the side panel', () => {
  it('filters while typing, keeping the ancestors of the matches', async () => {
    renderWithProviders(<BusinessTreePanel user={olivia} />);
    await screen.findByText('North region');
    expect(screen.queryByText('Porto plant')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'porto' } });
    await screen.findByText('Porto plant');
    const names = screen.getAllByRole('treeitem').map((row) => row.textContent);
    expect(names).toEqual(['Acme Water', 'North region', 'Porto plant']);
  });

  it("opens a chosen level's devices, or its places while the places screen is shown", async () => {
    renderWithProviders(
      <>
        <BusinessTreePanel user={olivia} />
        <Shown />
      </>,
      { path: '/places' },
    );
    fireEvent.click(await screen.findByText('North region'));
    expect(screen.getByRole('status').textContent).toBe('/places?business=north');
    cleanup();
    renderWithProviders(
      <>
        <BusinessTreePanel user={olivia} />
        <Shown />
      </>,
    );
    fireEvent.click(await screen.findByText('North region'));
    expect(screen.getByRole('status').textContent).toMatch(/^\/businesses\/north\//);
  });

  it('tells a user without admin rights on the level that they may not edit it', async () => {
    renderWithProviders(<BusinessTreePanel user={tecnico} />);
    await screen.findByText('North region');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for North region' }));
    await screen.findByText("You don't have permission to edit this level");
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('offers the move picker without the level itself and its descendants', async () => {
    renderWithProviders(<BusinessTreePanel user={olivia} />);
    await screen.findByText('North region');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for North region' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: en['businesses.move'] }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'o' } });
    await waitFor(() => expect(within(dialog).getAllByRole('treeitem').length).toBeGreaterThan(0));
    const names = within(dialog)
      .getAllByRole('treeitem')
      .map((row) => row.textContent);
    expect(names).toEqual(['Acme Water', 'South region']);
    const ok = within(dialog).getByRole('button', { name: en['app.ok'] });
    expect(ok).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByText('South region'));
    expect(ok).toHaveProperty('disabled', false);
  });
});

describe('refused changes', () => {
  it('shows the server reason when a level cannot be deleted', async () => {
    renderWithProviders(<BusinessTreePanel user={olivia} />);
    await screen.findByText('North region');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for North region' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: en['businesses.delete'] }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: en['businesses.delete'] }));
    await screen.findByText('It has sublevels.');
  });

  it('shows the conflict message on a stale rename', async () => {
    renderWithProviders(<BusinessTreePanel user={olivia} />);
    await screen.findByText('North region');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for North region' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: en['businesses.rename'] }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(en['businesses.name']);
    fireEvent.change(name, { target: { value: '' } });
    expect(within(dialog).getByRole('button', { name: en['app.ok'] })).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'North' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en['app.ok'] }));
    await screen.findByText(MESSAGES.en.conflict);
  });
});

describe('adding users', () => {
  it('splits the typed addresses at TAB, ENTER and commas', () => {
    expect(splitEmails('a@example.com\tb@example.com\n c@example.com,')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });
});
