import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { SigfoxTokensDialog } from './components/sigfox-tokens-dialog';
import { hasTokenWarning } from './token-warning';

const record = (type: string, tokensInUse: number, maxTokens: number) => ({
  type,
  maxTokens,
  tokensInUse,
  tokensUsed: tokensInUse * 2,
  tokenRatio: maxTokens ? tokensInUse / maxTokens : 0,
});

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('hasTokenWarning', () => {
  it('warns from 90 % of the tokens in use (SPEC section 9)', () => {
    expect(hasTokenWarning([record('GOLD', 899, 1000)])).toBe(false);
    expect(hasTokenWarning([record('GOLD', 100, 1000), record('PLATINUM', 900, 1000)])).toBe(true);
    expect(hasTokenWarning([])).toBe(false);
    expect(hasTokenWarning(undefined)).toBe(false);
  });
});

describe('SigfoxTokensDialog', () => {
  it('lists each token type with its use and warns at 90 %', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([record('GOLD', 640, 2000), record('PLATINUM', 4600, 5000)])),
    );
    renderWithProviders(<SigfoxTokensDialog open onClose={() => undefined} />);
    expect(await screen.findByText('PLATINUM')).toBeTruthy();
    expect(screen.getByText('4,600 of 5,000 in use · 9,200 spent by token periods')).toBeTruthy();
    expect(screen.getByText('At least one token type has 90% or more of its tokens in use.')).toBeTruthy();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it('shows a clear error when the server does not offer the token status, and can try again', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { snackbars } = renderWithProviders(<SigfoxTokensDialog open onClose={() => undefined} />);
    expect(
      await screen.findByText('The token status could not be loaded. The server does not offer it yet.'),
    ).toBeTruthy();
    expect(snackbars.current()).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
