import { DEFAULT_CALL_RECEPTION, type User } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/api/session';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

const user: User = {
  id: 'u1',
  email: 'ana@example.com',
  role: 'user',
  profile: { firstName: 'Ana', lastName: 'Silva', language: 'en' },
  timezone: 0,
  phone: '',
  periodOffWork: null,
  callReception: DEFAULT_CALL_RECEPTION,
  version: 3,
};

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(async () => {
  localStorage.clear();
  saveSession({ token: 'tok', email: user.email });
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfileForm', () => {
  it('shows the validation messages beside the fields and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProfileForm user={user} />);
    typeInto('Phone', '21 ext. 4');
    typeInto('First day off', '2026-08-10');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only digits and the characters ( ) + - are allowed.')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');

    typeInto('Last day off', '2026-08-01');
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the messages in Portuguese', async () => {
    await changeLanguage('pt');
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<ProfileForm user={user} />);
    typeInto('Telefone', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Apenas são permitidos dígitos e os caracteres ( ) + -.')).toBeTruthy();
  });

  it('saves with the version it was loaded from and says so', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ...user, phone: '+351 21', version: 4 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProfileForm user={user} />);
    typeInto('Phone', '+351 21');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully!')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rest-auth/user/?lang=en');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toMatchObject({ version: 3, phone: '+351 21', periodOffWork: null });
  });

  it('on a conflict shows the spec message, refuses to save until the edits are discarded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 'conflict', message: 'Conflict detected - Saving failed. (server text)' },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<ProfileForm user={user} />);
    typeInto('First name', 'Anabela');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/^Conflict detected - Saving failed\. The data in the server has been changed/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getAllByRole('button', { name: 'Discard changes' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ana');
  });
});

describe('PasswordForm', () => {
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

  it('checks the new password before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PasswordForm onChanged={() => undefined} />);
    submit();
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    typeInto('Current password', 'old secret');
    typeInto('New password', 'short');
    typeInto('Confirm the new password', 'other');
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeTruthy();
    expect(screen.getByText("The passwords don't match.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's wrong-current-password message beside that field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'auth.wrong_current_password',
            message: "Current password doesn't match.",
            fields: { old_password: "Current password doesn't match." },
          },
          { status: 400 },
        ),
      ),
    );
    const { snackbars } = renderWithProviders(<PasswordForm onChanged={() => undefined} />);
    typeInto('Current password', 'not it');
    typeInto('New password', 'a long new password');
    typeInto('Confirm the new password', 'a long new password');
    submit();
    expect(await screen.findByText("Current password doesn't match.")).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(snackbars.current()).toBeUndefined();
  });

  it('sends the three fields and reports success', async () => {
    const fetchMock = vi.fn(async () => Response.json({ detail: 'password changed' }));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = vi.fn();
    renderWithProviders(<PasswordForm onChanged={onChanged} />);
    typeInto('Current password', 'old secret');
    typeInto('New password', 'a long new password');
    typeInto('Confirm the new password', 'a long new password');
    submit();
    expect(await screen.findByText('Updated successfully!')).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rest-auth/password/change/?lang=en');
    expect(JSON.parse(String(init.body))).toEqual({
      old_password: 'old secret',
      password1: 'a long new password',
      password2: 'a long new password',
    });
  });
});
