import type { Business, Contract } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import { type Call, contract, stubServer } from '../testing/contract-fixtures';
import { ContractsPage } from './contracts-page';

const water = contract('c1', 'Water utilities');
const north = contract('c2', 'North region alerts', {
  business: { id: 'north', description: 'North region' },
  type: 'SHARED',
  state: 'purchase',
});
const harbour = contract('c3', 'Harbour starter', {
  business: { id: 'harbour', description: 'Blue Harbour Logistics' },
  state: 'about_to_expire',
  expiresAt: '2026-03-30T00:00:00.000Z',
});
const ALL = [harbour, north, water];

/** `GET /contracts` filtering as the server does; `c` pages of one contract after `cursor`. */
function listing(call: Call, contracts: readonly Contract[] = ALL) {
  const search = call.query.get('search')?.toLowerCase();
  const type = call.query.get('type');
  const state = call.query.get('state');
  const items = contracts.filter(
    (one) =>
      (!search || one.name.toLowerCase().includes(search)) &&
      (!type || one.type === type) &&
      (!state || one.state === state) &&
      (!call.query.get('expiringWithinDays') || one.contractId === 'c3'),
  );
  return Response.json({ items, nextCursor: null });
}

const tree: Business[] = [business('acme', 'Acme Water', null), business('north', 'North region', 'acme')];

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list = async () => within(await screen.findByRole('list', { name: en['contracts.list'] }));

describe('the contracts of every business', () => {
  it('lists each with its business, state, expiry and credits, and filters them on the server', {
    timeout: 20_000,
  }, async () => {
    const calls = stubServer({ 'GET /contracts': (call) => listing(call) });
    renderWithProviders(<ContractsPage />, { path: '/arch-contracts' });
    const rows = await list();
    const waterRow = within(rows.getByRole('button', { name: 'Water utilities' }));
    expect(waterRow.getByText('Acme Water')).toBeTruthy();
    expect(waterRow.getByText(en['contracts.state.reaching_limit'])).toBeTruthy();
    expect(waterRow.getByText(/Expires 1 Oct 2026|Expires Oct 1, 2026/)).toBeTruthy();
    expect(
      waterRow.getByRole('progressbar', { name: en['contracts.credits.used'] }).getAttribute('aria-valuetext'),
    ).toBe('2,480 of 6,000');
    expect(within(rows.getByRole('button', { name: 'Harbour starter' })).getByText('About to expire')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['contracts.typeFilter'] }));
    fireEvent.click(await screen.findByRole('option', { name: en['contracts.type.SHARED'] }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Water utilities' })).toBeNull());
    expect(screen.getByRole('button', { name: 'North region alerts' })).toBeTruthy();
    expect(calls.at(-1)?.query.get('type')).toBe('SHARED');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['contracts.typeFilter'] }));
    fireEvent.click(await screen.findByRole('option', { name: en['contracts.allTypes'] }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['contracts.expiringFilter'] }));
    fireEvent.click(await screen.findByRole('option', { name: 'Within 30 days' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'North region alerts' })).toBeNull());
    expect(calls.at(-1)?.query.get('expiringWithinDays')).toBe('30');
    expect(calls.at(-1)?.query.get('type')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['contracts.expiringFilter'] }));
    fireEvent.click(await screen.findByRole('option', { name: en['contracts.anyExpiry'] }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: en['contracts.stateFilter'] }));
    fireEvent.click(await screen.findByRole('option', { name: en['contracts.state.purchase'] }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Harbour starter' })).toBeNull());
    expect(calls.at(-1)?.query.get('state')).toBe('purchase');

    fireEvent.change(screen.getByRole('searchbox', { name: en['contracts.search'] }), { target: { value: 'water' } });
    expect(await screen.findByText(en['contracts.noMatch'])).toBeTruthy();
    expect(calls.at(-1)?.query.get('search')).toBe('water');
  });

  it('loads the next page with the cursor, and opens a contract on its page', { timeout: 20_000 }, async () => {
    const calls = stubServer({
      'GET /contracts': (call) =>
        call.query.get('cursor') === 'after-c3'
          ? Response.json({ items: [north, water], nextCursor: null })
          : Response.json({ items: [harbour], nextCursor: 'after-c3' }),
      'GET /contracts/c1': () => Response.json(water),
      'GET /contracts/c1/logs': () => Response.json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<ContractsPage />, { path: '/arch-contracts' });
    await list();
    fireEvent.click(screen.getByRole('button', { name: en['contracts.loadMore'] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Water utilities' }));
    expect(await screen.findByRole('heading', { name: 'Water utilities', level: 1 })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/contracts').map((call) => call.query.get('cursor'))).toEqual([
      null,
      'after-c3',
    ]);
    expect(await screen.findByText(en['contracts.log.empty'])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en['route.archContracts'] }));
    expect(await screen.findByRole('button', { name: 'Harbour starter' })).toBeTruthy();
  });

  it('says when there are none yet, and shows a failure with a retry, in Portuguese too', {
    timeout: 20_000,
  }, async () => {
    let fail = true;
    stubServer({
      'GET /contracts': () =>
        fail
          ? Response.json({ code: 'forbidden', message: 'Acesso negado.' }, { status: 403 })
          : Response.json({ items: [], nextCursor: null }),
    });
    await changeLanguage('pt');
    renderWithProviders(<ContractsPage />, { path: '/arch-contracts' });
    expect(await screen.findByText('Acesso negado.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: pt['app.retry'] }));
    expect(await screen.findByText(pt['contracts.empty'])).toBeTruthy();
  });

  it('creates a contract for a business picked in the tree, pending, reaching two levels', {
    timeout: 20_000,
  }, async () => {
    const posts: unknown[] = [];
    const created = contract('c9', 'Porto pilot', { business: { id: 'north', description: 'North region' } });
    stubServer({
      'GET /contracts': (call) => listing(call),
      'GET /customer-business': () => Response.json(tree),
      'POST /contracts': (call) => {
        posts.push(call.body);
        return Response.json(created, { status: 201 });
      },
      'GET /contracts/c9': () => Response.json(created),
      'GET /contracts/c9/logs': () => Response.json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<ContractsPage />, { path: '/arch-contracts' });
    await list();
    fireEvent.click(screen.getByRole('button', { name: en['contracts.create'] }));
    const dialog = within(await screen.findByRole('dialog', { name: en['contracts.createTitle'] }));
    fireEvent.click(dialog.getByRole('button', { name: en['contracts.createSubmit'] }));
    expect((await dialog.findAllByText('Required')).length).toBe(2);
    expect(posts).toEqual([]);

    fireEvent.click(dialog.getByRole('button', { name: `Choose: ${en['contracts.business']}` }));
    const picker = within(await screen.findByRole('dialog', { name: en['contracts.business'] }));
    fireEvent.click(await picker.findByText('Acme Water'));
    fireEvent.click(picker.getByRole('button', { name: en['app.ok'] }));
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(1));

    fireEvent.change(dialog.getByRole('textbox', { name: new RegExp(`^${en['contracts.name']}`) }), {
      target: { value: ' Porto pilot ' },
    });
    fireEvent.change(dialog.getByLabelText(en['contracts.expiresAt']), { target: { value: '2027-01-31' } });
    fireEvent.click(dialog.getByRole('radio', { name: en['contracts.pendingPurchase'] }));
    fireEvent.click(dialog.getByRole('radio', { name: en['contracts.someLevels'] }));
    fireEvent.change(dialog.getByRole('textbox', { name: en['contracts.levelsBelow'] }), { target: { value: '2' } });
    fireEvent.change(dialog.getByRole('textbox', { name: en['contracts.comment'] }), { target: { value: 'Trial' } });
    fireEvent.click(dialog.getByRole('button', { name: en['contracts.createSubmit'] }));
    expect(await screen.findByText('Contract Porto pilot created.')).toBeTruthy();
    expect(posts).toEqual([
      {
        businessId: 'acme',
        name: 'Porto pilot',
        type: 'LOC',
        comment: 'Trial',
        expiresAt: '2027-01-31T00:00:00.000Z',
        purchased: false,
        inheritableLevels: 2,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Porto pilot', level: 1 })).toBeTruthy();
  });

  it("carves a sublevel's credits from a contract of a level above, and shows the refusal of too many", {
    timeout: 20_000,
  }, async () => {
    const posts: unknown[] = [];
    const created = contract('c9', 'North share', { business: { id: 'north', description: 'North region' } });
    stubServer({
      'GET /contracts': (call) =>
        call.query.get('businessId') === 'acme'
          ? Response.json({ items: [water], nextCursor: null })
          : call.query.get('businessId')
            ? Response.json({ items: [], nextCursor: null })
            : listing(call),
      'GET /customer-business': () => Response.json(tree),
      'POST /contracts': (call) => {
        posts.push(call.body);
        return posts.length === 1
          ? Response.json(
              {
                code: 'contract.carve_exceeds_left',
                message: 'The contract "Water utilities" has only 2920 credits left to give.',
              },
              { status: 422 },
            )
          : Response.json(created, { status: 201 });
      },
      'GET /contracts/c9': () => Response.json(created),
      'GET /contracts/c9/logs': () => Response.json({ items: [], nextCursor: null }),
    });
    renderWithProviders(<ContractsPage />, { path: '/arch-contracts' });
    await list();
    fireEvent.click(screen.getByRole('button', { name: en['contracts.create'] }));
    const dialog = within(await screen.findByRole('dialog', { name: en['contracts.createTitle'] }));
    const choose = dialog.getByRole('button', { name: `Choose: ${en['contracts.business']}` });
    await waitFor(() => expect(choose.hasAttribute('disabled')).toBe(false));
    fireEvent.click(choose);
    const picker = within(await screen.findByRole('dialog', { name: en['contracts.business'] }));
    fireEvent.click(await picker.findByText('North region'));
    fireEvent.click(picker.getByRole('button', { name: en['app.ok'] }));
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(1));
    fireEvent.change(dialog.getByRole('textbox', { name: new RegExp(`^${en['contracts.name']}`) }), {
      target: { value: 'North share' },
    });

    fireEvent.mouseDown(dialog.getByRole('combobox', { name: en['contracts.credits.source'] }));
    fireEvent.click(await screen.findByRole('option', { name: 'Water utilities · Acme Water · 2,920 credits left' }));
    const shareField = dialog.getByRole('textbox', { name: new RegExp(`^${en['contracts.credits.share']}`) });
    expect(dialog.getByText('Water utilities has 2,920 credits left to give.')).toBeTruthy();
    fireEvent.change(shareField, { target: { value: '5000' } });
    fireEvent.click(dialog.getByRole('button', { name: en['contracts.createSubmit'] }));
    expect(await dialog.findByText('The contract "Water utilities" has only 2920 credits left to give.')).toBeTruthy();

    fireEvent.change(shareField, { target: { value: '50' } });
    fireEvent.click(dialog.getByRole('button', { name: en['contracts.createSubmit'] }));
    expect(await screen.findByText('Contract North share created.')).toBeTruthy();
    expect(posts.at(-1)).toEqual({
      businessId: 'north',
      name: 'North share',
      type: 'LOC',
      comment: '',
      expiresAt: null,
      purchased: true,
      inheritableLevels: null,
      credits: { fromContractId: 'c1', total: 50 },
    });
  });
});
