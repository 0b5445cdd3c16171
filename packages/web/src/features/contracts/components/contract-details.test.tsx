import { type Business, type Contract, MESSAGES } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { business } from '@/features/businesses/testing/business-fixtures';
import { changeLanguage } from '@/i18n';
import en from '@/i18n/en.json';
import pt from '@/i18n/pt.json';
import { renderWithProviders } from '@/testing/render';
import { ContractsPage } from '../pages/contracts-page';
import { type Call, contract, logRow, stubServer } from '../testing/contract-fixtures';

const conflict = () => Response.json({ code: 'conflict', message: MESSAGES.en.conflict }, { status: 409 });

/** The contract `c1` as stored, changed by the PATCHes `patch` accepts; the calls made. */
function contractServer(
  patch?: (call: Call, stored: Contract) => Contract | Response,
  {
    first = contract('c1', 'Water utilities', {
      comment: 'Renewed yearly.',
      credits: { ...contract('c1', '').credits, fromContract: null },
    }),
    routes = {},
  }: { first?: Contract; routes?: Record<string, (call: Call) => Response> } = {},
) {
  let stored = first;
  const patches: unknown[] = [];
  const calls = stubServer({
    'GET /contracts/c1': () => Response.json(stored),
    'GET /contracts/c1/logs': (call) =>
      call.query.get('cursor')
        ? Response.json({ items: [logRow('l3', 'creation', { amount: 6000 })], nextCursor: null })
        : Response.json({
            items: [
              logRow('l1', 'credit_consumption', {
                user: null,
                amount: 2,
                details: { channel: 'sms', deviceId: 'd1', overUsage: true },
              }),
              logRow('l2', 'purchase', { amount: 6000 }),
            ],
            nextCursor: 'l2',
          }),
    'PATCH /contracts/c1': (call) => {
      patches.push(call.body);
      const answer = patch?.(call, stored) ?? stored;
      if (answer instanceof Response) return answer;
      stored = answer;
      return Response.json(stored);
    },
    'DELETE /contracts/c1': () => new Response(null, { status: 204 }),
    'GET /contracts': () => Response.json({ items: [], nextCursor: null }),
    ...routes,
  });
  return {
    calls,
    patches,
    get stored() {
      return stored;
    },
    set stored(next: Contract) {
      stored = next;
    },
  };
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));
const openPage = () => renderWithProviders(<ContractsPage />, { path: '/arch-contracts?contract=c1' });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a contract's page", () => {
  it('shows its header, plan features, credits, tokens and log', { timeout: 20_000 }, async () => {
    contractServer();
    openPage();
    expect(await screen.findByRole('heading', { name: 'Water utilities', level: 1 })).toBeTruthy();
    expect(screen.getByText('Acme Water')).toBeTruthy();
    expect(screen.getByText(en['contracts.state.reaching_limit'])).toBeTruthy();
    expect(screen.getByText('Renewed yearly.')).toBeTruthy();
    expect(screen.getByText(en['contracts.allLevels'])).toBeTruthy();

    const features = await section(en['contracts.features.title']);
    expect(
      (features.getByRole('switch', { name: en['contracts.features.alarmSupport'] }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (features.getByRole('switch', { name: en['contracts.features.assetSupport'] }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      (features.getByRole('textbox', { name: en['contracts.features.maxDevices'] }) as HTMLInputElement).value,
    ).toBe('-1');
    expect(features.getAllByText(en['contracts.unlimited']).length).toBe(2);

    const credits = await section(en['contracts.credits.title']);
    expect(
      credits.getByRole('progressbar', { name: en['contracts.credits.spentInPeriod'] }).getAttribute('aria-valuetext'),
    ).toBe('462 of 500');
    expect(credits.getByText('2,920 credits left')).toBeTruthy();
    expect(credits.getByText(en['contracts.period.monthly'])).toBeTruthy();
    expect(credits.getByText(en['contracts.credits.boughtHere'])).toBeTruthy();

    const tokens = await section(en['contracts.tokens.title']);
    expect(tokens.getByText('PLATINUM')).toBeTruthy();
    expect(tokens.getByText('G-PPU')).toBeTruthy();
    expect(tokens.getByText('365 days')).toBeTruthy();

    const log = within(await screen.findByRole('table', { name: en['contracts.log.title'] }));
    expect(await log.findByText(en['contracts.event.credit_consumption'])).toBeTruthy();
    expect(log.getAllByText(en['contracts.log.platform']).length).toBeGreaterThan(0);
    expect(log.getAllByText('SMS · over the period limit').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: en['contracts.loadMore'] }));
    expect(await log.findByText(en['contracts.event.creation'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['contracts.loadMore'] })).toBeNull();
  });

  it('saves only the features changed, over the version read', { timeout: 20_000 }, async () => {
    const server = contractServer((_call, stored) => ({ ...stored, version: stored.version + 1 }));
    openPage();
    const features = await section(en['contracts.features.title']);
    const save = features.getByRole('button', { name: en['contracts.features.save'] }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(features.getByRole('switch', { name: en['contracts.features.assetSupport'] }));
    fireEvent.click(features.getByRole('switch', { name: en['contracts.features.mapNavigation'] }));
    const devices = features.getByRole('textbox', { name: en['contracts.features.maxDevices'] });
    fireEvent.change(devices, { target: { value: '-5' } });
    expect(features.getByText(MESSAGES.en['validation.invalid'])).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(devices, { target: { value: '250' } });
    fireEvent.click(save);
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(server.patches).toEqual([
      { version: 3, features: { assetSupport: true, maxDevices: 250, dataViewCapabilities: { mapNavigation: true } } },
    ]);
  });

  it("shows the spec's conflict message, and starts over from what is stored now", { timeout: 20_000 }, async () => {
    const server = contractServer((call, stored) =>
      (call.body as { version: number }).version === stored.version
        ? { ...stored, version: stored.version + 1 }
        : conflict(),
    );
    openPage();
    const features = await section(en['contracts.features.title']);
    // Someone else saved meanwhile.
    server.stored = { ...server.stored, version: 4, features: { ...server.stored.features, poiSupport: true } };
    fireEvent.click(features.getByRole('switch', { name: en['contracts.features.assetSupport'] }));
    fireEvent.click(features.getByRole('button', { name: en['contracts.features.save'] }));
    expect(await features.findByText(MESSAGES.en.conflict)).toBeTruthy();
    // The draft is kept; a second save goes over the same version, and is refused again.
    fireEvent.click(features.getByRole('button', { name: en['contracts.features.save'] }));
    await waitFor(() => expect(server.patches).toHaveLength(2));
    await waitFor(() =>
      expect(
        (features.getByRole('switch', { name: en['contracts.features.poiSupport'] }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    fireEvent.click(await features.findByRole('button', { name: en['app.startOver'] }));
    expect(
      (features.getByRole('switch', { name: en['contracts.features.poiSupport'] }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (features.getByRole('switch', { name: en['contracts.features.assetSupport'] }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.click(features.getByRole('switch', { name: en['contracts.features.assetSupport'] }));
    fireEvent.click(features.getByRole('button', { name: en['contracts.features.save'] }));
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(server.patches).toEqual([
      { version: 3, features: { assetSupport: true } },
      { version: 3, features: { assetSupport: true } },
      { version: 4, features: { assetSupport: true } },
    ]);
  });

  it('edits the credits in their dialog: a custom period ends after it starts', { timeout: 20_000 }, async () => {
    const server = contractServer((_call, stored) => ({ ...stored, version: stored.version + 1 }));
    openPage();
    const credits = await section(en['contracts.credits.title']);
    fireEvent.click(credits.getByRole('button', { name: en['contracts.credits.edit'] }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credits of Water utilities' }));
    fireEvent.change(dialog.getByRole('textbox', { name: en['contracts.credits.limitForPeriod'] }), {
      target: { value: '650' },
    });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: en['contracts.credits.periodType'] }));
    fireEvent.click(await screen.findByRole('option', { name: en['contracts.period.custom'] }));
    fireEvent.change(dialog.getByLabelText(en['contracts.credits.periodStart']), { target: { value: '2026-05-01' } });
    fireEvent.click(dialog.getByRole('switch', { name: en['contracts.credits.allowOverUsage'] }));
    fireEvent.click(dialog.getByRole('button', { name: en['arch.save'] }));
    // The period kept its monthly end, before the start chosen.
    expect(await dialog.findByText(MESSAGES.en['validation.invalid'])).toBeTruthy();
    expect(server.patches).toEqual([]);
    fireEvent.change(dialog.getByLabelText(en['contracts.credits.periodEnd']), { target: { value: '2026-06-30' } });
    fireEvent.change(dialog.getByRole('textbox', { name: en['contracts.credits.cost.sms'] }), {
      target: { value: '3' },
    });
    fireEvent.click(dialog.getByRole('button', { name: en['arch.save'] }));
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(server.patches).toEqual([
      {
        version: 3,
        credits: {
          total: 6000,
          periodType: 'custom',
          perPeriod: 500,
          limitForPeriod: 650,
          allowOverUsage: true,
          userChangeable: false,
          periodStart: '2026-05-01T00:00:00.000Z',
          periodEnd: '2026-06-30T00:00:00.000Z',
          costs: { sms: 3, whatsapp: 1, voice: 5, report: 3 },
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("gives the contract a share of a level above's contract, and shows the refusal of too many", {
    timeout: 20_000,
  }, async () => {
    const tree: Business[] = [business('acme', 'Acme Water', null), business('north', 'North region', 'acme')];
    const main = contract('c0', 'Acme main', { credits: { ...contract('c0', '').credits, left: 300 } });
    const server = contractServer(
      (call, stored) =>
        (call.body as { credits: { total: number } }).credits.total > 300
          ? Response.json(
              {
                code: 'contract.carve_exceeds_left',
                message: 'The contract "Acme main" has only 300 credits left to give.',
              },
              { status: 422 },
            )
          : { ...stored, version: stored.version + 1 },
      {
        first: contract('c1', 'Water utilities', { business: { id: 'north', description: 'North region' } }),
        routes: {
          'GET /customer-business': () => Response.json(tree),
          'GET /contracts': (call) =>
            Response.json({ items: call.query.get('businessId') === 'acme' ? [main] : [], nextCursor: null }),
        },
      },
    );
    openPage();
    const credits = await section(en['contracts.credits.title']);
    fireEvent.click(credits.getByRole('button', { name: en['contracts.credits.edit'] }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credits of Water utilities' }));
    expect(dialog.getByRole('textbox', { name: en['contracts.credits.total'] })).toBeTruthy();
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: en['contracts.credits.source'] }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme main · Acme Water · 300 credits left' }));
    const share = dialog.getByRole('textbox', { name: en['contracts.credits.share'] });
    expect(dialog.getByText('Acme main has 300 credits left to give.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: en['arch.save'] }));
    expect(await dialog.findByText('The contract "Acme main" has only 300 credits left to give.')).toBeTruthy();
    fireEvent.change(share, { target: { value: '250' } });
    fireEvent.click(dialog.getByRole('button', { name: en['arch.save'] }));
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(server.patches.at(-1)).toMatchObject({ version: 3, credits: { total: 250, fromContractId: 'c0' } });
  });

  it('edits the tokens: external only stands alone', { timeout: 20_000 }, async () => {
    const server = contractServer((_call, stored) => ({ ...stored, version: stored.version + 1 }));
    openPage();
    const tokens = await section(en['contracts.tokens.title']);
    fireEvent.click(tokens.getByRole('button', { name: en['contracts.tokens.edit'] }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tokens of Water utilities' }));
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: en['contracts.tokens.capability'] }));
    const options = within(await screen.findByRole('listbox'));
    fireEvent.click(options.getByRole('option', { name: en['contracts.capability.EXTERNAL_ONLY'] }));
    await waitFor(() =>
      expect(options.getByRole('option', { name: 'G-PPU' }).getAttribute('aria-selected')).toBe('false'),
    );
    fireEvent.click(options.getByRole('option', { name: 'H-UNL' }));
    fireEvent.click(options.getByRole('option', { name: en['contracts.capability.EXTERNAL_ONLY'] }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.change(dialog.getByRole('textbox', { name: en['contracts.tokens.validityDays'] }), {
      target: { value: '180' },
    });
    fireEvent.click(dialog.getByRole('button', { name: en['arch.save'] }));
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(server.patches).toEqual([
      { version: 3, tokens: { type: 'PLATINUM', capability: ['EXTERNAL_ONLY'], validityDays: 180, total: 20 } },
    ]);
  });

  it('adds a purchase of credits to the contract', { timeout: 20_000 }, async () => {
    const server = contractServer((_call, stored) => ({ ...stored, version: stored.version + 1 }));
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: en['contracts.purchase'] }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Purchase for Water utilities' }));
    fireEvent.change(dialog.getByRole('textbox', { name: en['contracts.purchaseCredits'] }), {
      target: { value: '1000' },
    });
    fireEvent.click(dialog.getByRole('button', { name: en['contracts.purchase'] }));
    expect(await screen.findByText('Purchase added to Water utilities.')).toBeTruthy();
    expect(server.patches).toEqual([{ version: 3, purchase: { credits: 1000, tokens: 0 } }]);
  });

  it('deletes the contract over its version after the confirmation, and goes back to the list', {
    timeout: 20_000,
  }, async () => {
    const server = contractServer();
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: en['arch.delete'] }));
    // The confirm dialog's code loads with its first question.
    const confirm = within(await screen.findByRole('dialog', { name: en['contracts.deleteTitle'] }, { timeout: 5000 }));
    fireEvent.click(confirm.getByRole('button', { name: en['arch.delete'] }));
    expect(await screen.findByText('Contract Water utilities deleted.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(en['contracts.empty'], undefined, { timeout: 5000 })).toBeTruthy();
    const after = server.calls.slice(server.calls.findIndex((call) => call.method === 'DELETE'));
    expect(after[0]?.query.get('version')).toBe('3');
    // The contract gone is not asked for again.
    expect(after.filter((call) => call.path.startsWith('/contracts/c1'))).toHaveLength(1);
  });

  it('edits its name, expiry and reach, sending only what changed', { timeout: 20_000 }, async () => {
    const server = contractServer((_call, stored) => ({ ...stored, version: stored.version + 1 }));
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: en['contracts.editDetails'] }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Water utilities' }));
    fireEvent.change(dialog.getByRole('textbox', { name: new RegExp(`^${en['contracts.name']}`) }), {
      target: { value: 'Water utilities 2027' },
    });
    fireEvent.change(dialog.getByLabelText(en['contracts.expiresAt']), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('radio', { name: en['contracts.someLevels'] }));
    fireEvent.change(dialog.getByRole('textbox', { name: en['contracts.levelsBelow'] }), { target: { value: '1' } });
    fireEvent.click(dialog.getByRole('button', { name: en['arch.save'] }));
    expect(await screen.findByText(en['app.updated'])).toBeTruthy();
    expect(server.patches).toEqual([
      { version: 3, name: 'Water utilities 2027', expiresAt: null, inheritableLevels: 1 },
    ]);
  });

  it('says when the contract is gone, in Portuguese', { timeout: 20_000 }, async () => {
    stubServer({});
    await changeLanguage('pt');
    openPage();
    expect(await screen.findByText(pt['contracts.notFound'])).toBeTruthy();
    expect(screen.getAllByRole('link', { name: pt['contracts.backToList'] }).length).toBe(1);
  });
});
