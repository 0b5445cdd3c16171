import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { SignalFormDialog } from './signal-form-dialog';

/** The signals endpoint, answering `answer` to every creation; the bodies sent are kept. */
function serve(answer: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  return bodies;
}

const keyField = () => screen.getByRole('textbox', { name: /^(Key|Chave)/ });
const nameField = () => screen.getByRole('textbox', { name: /^(Name|Nome)/ });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the signal form', () => {
  it('says what a key may contain instead of "Invalid value", before going to the server', () => {
    const bodies = serve(() => Response.json({}));
    renderWithProviders(<SignalFormDialog signal={null} onClose={() => {}} />);
    fireEvent.change(keyField(), { target: { value: 'Water Level' } });
    fireEvent.change(nameField(), { target: { value: 'n'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Use lower-case letters, digits and _, starting with a letter.')).toBeTruthy();
    expect(screen.queryByText('Invalid value')).toBeNull();
    expect(screen.getByText('At most 100 characters')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('words the rule and the limit in Portuguese, following a language switch', async () => {
    serve(() => Response.json({}));
    renderWithProviders(<SignalFormDialog signal={null} onClose={() => {}} />);
    fireEvent.change(keyField(), { target: { value: '1st' } });
    fireEvent.change(nameField(), { target: { value: 'n'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await changeLanguage('pt');
    expect(await screen.findByText('Use letras minúsculas, dígitos e _, a começar por uma letra.')).toBeTruthy();
    expect(screen.getByText('No máximo 100 caracteres')).toBeTruthy();
  });

  it("shows the server's field error under the key", async () => {
    const message = 'Use lower-case letters, digits and _, starting with a letter.';
    const bodies = serve(() =>
      Response.json(
        { code: 'validation.failed', message: 'Some fields are not valid.', fields: { key: message } },
        { status: 400 },
      ),
    );
    renderWithProviders(<SignalFormDialog signal={null} onClose={() => {}} />);
    fireEvent.change(keyField(), { target: { value: 'level' } });
    fireEvent.change(nameField(), { target: { value: 'Level' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(keyField().getAttribute('aria-invalid')).toBe('true');
  });
});
