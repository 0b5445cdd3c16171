import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { BulkWorkDialog } from './bulk-work-dialog';

const names: Record<string, string> = { a1: 'Cold room 1', b2: 'Cold room 2', c3: 'Tank 3' };

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(cleanup);

describe('the bulk work dialog', () => {
  it('shows how far a long move has got', () => {
    renderWithProviders(
      <BulkWorkDialog work={{ kind: 'move', total: 300, done: 100 }} nameOf={() => undefined} onClose={() => {}} />,
    );
    expect(screen.getByRole('progressbar', { name: '100 of 300 devices…' }).getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByRole('button', { name: 'Close' }).hasAttribute('disabled')).toBe(true);
  });

  it('lists the devices not done, by name, with the reason', () => {
    renderWithProviders(
      <BulkWorkDialog
        work={{
          kind: 'move',
          total: 3,
          done: 3,
          results: [
            { device: 'a1', ok: true },
            { device: 'b2', ok: false, message: 'Your access properties to this level denies access to this data.' },
            { device: 'c3', ok: true },
          ],
        }}
        nameOf={(uuid) => names[uuid]}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Moved 2 of 3 devices.')).toBeTruthy();
    const notDone = screen.getByRole('list', { name: 'Devices not done' });
    const items = within(notDone).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toBe('Cold room 2Your access properties to this level denies access to this data.');
  });

  it('says when no device of a group configuration was configured, and lists them all', () => {
    renderWithProviders(
      <BulkWorkDialog
        work={{
          kind: 'configure',
          total: 2,
          done: 2,
          results: [
            { device: 'a1', ok: false, message: 'The preset is for another device type.' },
            { device: 'c3', ok: false, message: 'Resource not found.' },
          ],
        }}
        nameOf={(uuid) => names[uuid]}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Configuring devices' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('None of the 2 devices was configured.');
    const notConfigured = screen.getByRole('list', { name: 'Devices not configured' });
    expect(
      within(notConfigured)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cold room 1The preset is for another device type.', 'Tank 3Resource not found.']);
  });
});
