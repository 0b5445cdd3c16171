import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { SignUpForm } from './sign-up-form';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const typePassword = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignUpForm', () => {
  it('shows Required under the empty required fields and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignUpForm />);
    submit();
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the password rules before sending', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignUpForm />);
    type('E-mail', 'ana@example.com');
    typePassword('Password', 'short');
    typePassword('Confirm password', 'other');
    submit();
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeTruthy();
    expect(screen.getByText("The passwords don't match.")).toBeTruthy();

    typePassword('Password', 'long enough');
    expect(screen.queryByText('The password must have at least 8 characters.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the messages in Portuguese', async () => {
    await changeLanguage('pt');
    renderWithProviders(<SignUpForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(3);
  });

  it('offers to recover the password when the e-mail is taken', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ code: 'auth.email_taken', message: 'This e-mail is already registered.' }, { status: 409 }),
      ),
    );
    renderWithProviders(<SignUpForm />);
    type('E-mail', 'ana@example.com');
    typePassword('Password', 'correct horse');
    typePassword('Confirm password', 'correct horse');
    submit();
    expect(await screen.findByText(/This e-mail is already registered\. If you forgot your password/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recover my password' }).getAttribute('href')).toBe('/login?forgot=1');
  });

  it('shows the server message of a field under that field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            code: 'validation.failed',
            message: 'Some fields are not valid. Please check the data.',
            fields: { email: 'Invalid e-mail' },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<SignUpForm />);
    type('E-mail', 'ana@example.com');
    typePassword('Password', 'correct horse');
    typePassword('Confirm password', 'correct horse');
    submit();
    expect(await screen.findByText('It was not possible to create the account. Please check your data.')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Invalid e-mail')).toBeTruthy();
  });

  it('asks to check the mail once the account is created', async () => {
    const fetchMock = vi.fn(async () => Response.json({ email: 'ana@example.com' }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignUpForm />);
    type('E-mail', 'Ana@Example.com ');
    typePassword('Password', 'correct horse');
    typePassword('Confirm password', 'correct horse');
    submit();
    expect(await screen.findByText(/Please check your e-mail \(ana@example\.com\)/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/rest-auth/registration/?lang=en');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ana@example.com',
      password1: 'correct horse',
      password2: 'correct horse',
    });
  });
});
