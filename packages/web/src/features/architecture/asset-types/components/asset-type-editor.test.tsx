import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { AssetTypeEditor } from './asset-type-editor';

const nameField = () => screen.getByRole('textbox', { name: /^(Name|Nome)/ });
const fieldNameField = () => screen.getByRole('textbox', { name: /^(Field name|Nome do campo)/ });
// A field's helper text (the custom field's "Required" check box is labelled so too).
const requiredErrors = () => screen.queryAllByText('Required', { selector: 'p' });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the asset type editor', () => {
  it("clears a field's error as the user types in it, leaving the others", () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<AssetTypeEditor assetType={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(requiredErrors()).toHaveLength(2);
    expect(nameField().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(nameField(), { target: { value: 'Freezer' } });
    expect(nameField().getAttribute('aria-invalid')).toBe('false');
    expect(requiredErrors()).toHaveLength(1);
    expect(fieldNameField().getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(fieldNameField(), { target: { value: 'Volume' } });
    expect(requiredErrors()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("clears the server's error of a field once it is edited", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'validation.failed',
            message: 'Some fields are not valid.',
            fields: { name: 'At most 100 characters' },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<AssetTypeEditor assetType={null} />);
    fireEvent.change(nameField(), { target: { value: 'Freezer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('At most 100 characters')).toBeTruthy();
    fireEvent.change(nameField(), { target: { value: 'Freezers' } });
    await waitFor(() => expect(screen.queryByText('At most 100 characters')).toBeNull());
  });
});
