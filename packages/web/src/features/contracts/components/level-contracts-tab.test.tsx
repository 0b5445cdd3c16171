import { type Business, DEFAULT_CALL_RECEPTION, MESSAGES, type User } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBusinessTree } from '@/features/businesses/lib/business-tree';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import { contract, logRow, stubServer } from '../testing/contract-fixtures';
import { LevelContractsTab } from './level-contracts-tab';

const tree = buildBusinessTree([
  business('acme', 'Acme Water', null, {
    usersAdv: {
      users: [
        { email: 'olivia@example.com', role: 'admin' },
        { email: 'tiago@example.com', role: 'viewer' },
      ],
    },
  }),
  business('north', 'North region', 'acme'),
  business('porto', 'Porto plant', 'north'),
] satisfies Business[]);

const person = (id: string, email: string, role: User['role'] = 'user'): User => ({
  id,
  email,
  role,
  profile: { firstName: 'A', lastName: 'B', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 1,
});
const olivia = person('u1', 'olivia@example.com');
const tiago = person('u2', 'tiago@example.com');
const staff = person('u0', 'admin@example.com', 'product');

const water = contract('c1', 'Water utilities');
const northAlerts = contract('c2', 'North region alerts', {
  business: { id: 'north', description: 'North region' },
  type: 'SHARED',
  state: 'purchase',
  version: 1,
  credits: {
    ...water.credits,
    total: 600,
    spent: 137,
    carved: 0,
    left: 463,
    perPeriod: 100,
    limitForPeriod: 100,
    spentInPeriod: 37,
    userChangeable: true,
    fromContract: { contractId: 'c1', name: 'Water utilities' },
  },
});
const portoTrial = contract('c3', 'Porto trial', {
  business: { id: 'porto', description: 'Porto plant' },
  state: 'pending',
  purchasedAt: null,
});

function levelServer({ patch }: { patch?: (body: unknown) => Response } = {}) {
  const patches: unknown[] = [];
  const calls = stubServer({
    'GET /customer-business/acme/contracts': () =>
      Response.json({ governing: water, items: [water, northAlerts, portoTrial] }),
    'GET /customer-business/north/contracts': () =>
      Response.json({ governing: water, items: [northAlerts, portoTrial] }),
    'GET /customer-business/porto/contracts': () => Response.json({ governing: null, items: [] }),
    'GET /contracts/c1/logs': () =>
      Response.json({
        items: [logRow('l1', 'credit_consumption', { user: null, amount: 2, details: { channel: 'voice' } })],
        nextCursor: null,
      }),
    'PATCH /contracts/c2': (call) => {
      patches.push(call.body);
      return patch?.(call.body) ?? Response.json({ ...northAlerts, version: 2 });
    },
  });
  return { calls, patches };
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const region = async (name: string) => within(await screen.findByRole('region', { name }));

describe("a level's contracts tab", () => {
  it("shows the level's plan, its credits in the period against the limit, tokens and log", {
    timeout: 20_000,
  }, async () => {
    levelServer();
    renderWithProviders(<LevelContractsTab tree={tree} businessId="acme" user={tiago} />);
    const plan = await region(en['contracts.level.plan']);
    expect(plan.getByText('Water utilities')).toBeTruthy();
    expect(plan.getByText(/Held by this level/)).toBeTruthy();
    expect(plan.getByText(en['contracts.state.reaching_limit'])).toBeTruthy();
    const bar = plan.getByRole('progressbar', { name: en['contracts.credits.spentInPeriod'] });
    expect(bar.getAttribute('aria-valuetext')).toBe('462 of 500');
    expect(bar.getAttribute('aria-valuenow')).toBe('92.4');
    expect(plan.getByText('38 left in this period · 2,920 credits left')).toBeTruthy();
    expect(plan.getByRole('progressbar', { name: en['contracts.tokens.inUse'] }).getAttribute('aria-valuetext')).toBe(
      '3 of 20',
    );
    const log = within(await plan.findByRole('table', { name: 'Log of Water utilities' }));
    expect(await log.findByText(en['contracts.event.credit_consumption'])).toBeTruthy();
    expect(log.getAllByText(en['contracts.channel.voice']).length).toBeGreaterThan(0);

    // A viewer sees the sublevels' contracts, with nothing to change and no link to provider staff's pages.
    expect(screen.queryByRole('region', { name: en['contracts.level.sublevelLimits'] })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    const others = await region(en['contracts.level.others']);
    expect(others.getByText('North region alerts')).toBeTruthy();
    expect(others.getByText('Porto trial')).toBeTruthy();
    expect(others.queryByText('Water utilities')).toBeNull();
    expect(others.queryByRole('link')).toBeNull();
  });

  it('lets an admin change the limit and share of a sublevel contract, sending only those fields', {
    timeout: 20_000,
  }, async () => {
    const server = levelServer();
    renderWithProviders(<LevelContractsTab tree={tree} businessId="acme" user={olivia} />);
    const limits = await region(en['contracts.level.sublevelLimits']);
    const north = within(limits.getByRole('form', { name: 'North region alerts' }));
    // Only the contracts of sublevels marked user-changeable.
    expect(limits.queryByRole('form', { name: 'Porto trial' })).toBeNull();
    expect(north.getByText('North region · credits from Water utilities')).toBeTruthy();
    const save = north.getByRole('button', { name: en['arch.save'] }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(north.getByRole('textbox', { name: en['contracts.credits.limitForPeriod'] }), {
      target: { value: 'lots' },
    });
    fireEvent.click(save);
    expect(await north.findByText(MESSAGES.en['validation.invalid'])).toBeTruthy();
    fireEvent.change(north.getByRole('textbox', { name: en['contracts.credits.limitForPeriod'] }), {
      target: { value: '150' },
    });
    fireEvent.change(north.getByRole('textbox', { name: en['contracts.level.share'] }), { target: { value: '700' } });
    fireEvent.click(save);
    expect(await screen.findByText('Limits of North region alerts saved.')).toBeTruthy();
    expect(server.patches).toEqual([{ version: 1, credits: { limitForPeriod: 150, total: 700 } }]);
  });

  it("shows a conflict and the server's refusal beside the sublevel's limit", { timeout: 20_000 }, async () => {
    let answer = () => Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });
    const server = levelServer({ patch: () => answer() });
    renderWithProviders(<LevelContractsTab tree={tree} businessId="acme" user={olivia} />);
    const north = within(
      (await region(en['contracts.level.sublevelLimits'])).getByRole('form', { name: 'North region alerts' }),
    );
    fireEvent.change(north.getByRole('textbox', { name: en['contracts.level.share'] }), { target: { value: '9000' } });
    fireEvent.click(north.getByRole('button', { name: en['arch.save'] }));
    expect(await north.findByText(MESSAGES.en.conflict)).toBeTruthy();
    expect(north.getByRole('button', { name: en['app.startOver'] })).toBeTruthy();
    answer = () =>
      Response.json(
        {
          code: 'contract.carve_exceeds_left',
          message: 'The contract "Water utilities" has only 2920 credits left to give.',
        },
        { status: 422 },
      );
    fireEvent.click(north.getByRole('button', { name: en['arch.save'] }));
    expect(await north.findByText('The contract "Water utilities" has only 2920 credits left to give.')).toBeTruthy();
    expect(server.patches).toEqual([
      { version: 1, credits: { limitForPeriod: 100, total: 9000 } },
      { version: 1, credits: { limitForPeriod: 100, total: 9000 } },
    ]);
  });

  it('says where an inherited plan comes from, and links provider staff to the contracts', {
    timeout: 20_000,
  }, async () => {
    levelServer();
    renderWithProviders(<LevelContractsTab tree={tree} businessId="north" user={staff} />);
    const plan = await region(en['contracts.level.plan']);
    expect(plan.getByText(/Inherited from Acme Water/)).toBeTruthy();
    expect(plan.getByRole('link', { name: 'Water utilities' }).getAttribute('href')).toBe(
      '/arch-contracts?contract=c1',
    );
    const others = await region(en['contracts.level.others']);
    expect(others.getByRole('link', { name: 'Porto trial' }).getAttribute('href')).toBe('/arch-contracts?contract=c3');
    // North region's own contract is one of its sublevels' limits only for the levels above it.
    expect(screen.queryByRole('region', { name: en['contracts.level.sublevelLimits'] })).toBeNull();
  });

  it('shows the default plan when no contract reaches the level, in Portuguese', { timeout: 20_000 }, async () => {
    const server = levelServer();
    await changeLanguage('pt');
    renderWithProviders(<LevelContractsTab tree={tree} businessId="porto" user={olivia} />);
    expect(await screen.findByText(pt['contracts.level.defaultPlan'])).toBeTruthy();
    expect(screen.getByText(pt['contracts.level.noOthers'])).toBeTruthy();
    await waitFor(() => expect(server.calls.some((call) => call.path.endsWith('/logs'))).toBe(false));
  });
});
