import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { useConfirm } from './confirm-dialog';
import { CookieBanner } from './cookie-banner';
import { usePlanLimitNotice } from './plan-limit-notice';

beforeEach(async () => {
  localStorage.clear();
  await changeLanguage('en');
});
afterEach(cleanup);

let answer: boolean | undefined;
function AsksFirst() {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={async () => {
        answer = await confirm({ title: 'Delete the level?', message: 'It cannot be undone.', destructive: true });
      }}
    >
      delete
    </button>
  );
}

function LimitedAction() {
  const showPlanLimit = usePlanLimitNotice();
  return (
    <button type="button" onClick={() => showPlanLimit('You have reached the maximum of 3 levels.')}>
      add level
    </button>
  );
}

describe('useConfirm', () => {
  it('resolves true on OK and false on Cancel', async () => {
    renderWithProviders(<AsksFirst />);
    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the level?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(answer).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answer).toBe(false));
  });
});

describe('usePlanLimitNotice', () => {
  it('shows "Unavailable for your plan" with the way to contact support', async () => {
    renderWithProviders(<LimitedAction />);
    fireEvent.click(screen.getByRole('button', { name: 'add level' }));
    expect(await screen.findByRole('dialog', { name: 'Unavailable for your plan' })).toBeTruthy();
    expect(screen.getByText('You have reached the maximum of 3 levels.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@dots.example' }).getAttribute('href')).toBe(
      'mailto:support@dots.example',
    );
  });
});

describe('CookieBanner', () => {
  it('shows until acknowledged, and stays away afterwards', async () => {
    renderWithProviders(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    cleanup();
    renderWithProviders(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    localStorage.clear();
    cleanup();
    renderWithProviders(<CookieBanner />);
    expect(screen.getByRole('region', { name: 'Cookies' })).toBeTruthy();
  });
});
