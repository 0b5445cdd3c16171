import type { UserSummary } from '@iot/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { UsersPage } from './users-page';

const people: UserSummary[] = [
  { email: 'admin@example.com', name: 'Admin', role: 'product', confirmed: true, businesses: 0 },
  { email: 'operator@example.com', name: 'Olivia Operator', role: 'user', confirmed: true, businesses: 1 },
  { email: 'tecnico@example.com', name: 'Tiago Técnico', role: 'user', confirmed: true, businesses: 2 },
  ...Array.from({ length: 10 }, (_, index) => ({
    email: `user${String(index + 1).padStart(2, '0')}@example.com`,
    name: '',
    role: 'user' as const,
    confirmed: false,
    businesses: 0,
  })),
];

/** `GET /api/users` as the server answers it: searched by e-mail or name, paged. */
function stubServer() {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== '/api/users') {
      return Response.json({ code: 'not_found', message: 'Resource not found.' }, { status: 404 });
    }
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const matching = people.filter((user) => `${user.email} ${user.name}`.toLowerCase().includes(search));
    const data = matching.slice((page - 1) * pageSize, page * pageSize);
    return Response.json({ data, totalElements: matching.length, hasNext: page * pageSize < matching.length });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calledUrls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => new URL(input, 'http://localhost'));
const bodyRows = () => screen.getAllByRole('row').slice(1);

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the users page', () => {
  it('lists the first page of users with their name, role, status and businesses', async () => {
    stubServer();
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('tecnico@example.com')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByText('Users: 13')).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    // A phone shows the name and the chips under the e-mail: the wide columns are checked here.
    const cellsOf = (email: string) =>
      [...(screen.getByText(email).closest('tr')?.cells ?? [])].slice(1).map((cell) => cell.textContent);
    expect(cellsOf('tecnico@example.com')).toEqual(['Tiago Técnico', 'Customer', 'Confirmed', '2']);
    expect(cellsOf('admin@example.com')).toEqual(['Admin', 'Provider staff', 'Confirmed', '0']);
    expect(cellsOf('user01@example.com')).toEqual(['—', 'Customer', 'Not confirmed', '0']);
    expect(screen.getByText('1–10 of 13')).toBeTruthy();
  });

  it('sends the search to the server once typing pauses, from the first page', async () => {
    const fetchMock = stubServer();
    renderWithProviders(<UsersPage />);
    await screen.findByText('tecnico@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('11–13 of 13');

    const field = screen.getByRole('searchbox', { name: 'Search by e-mail or name' });
    fireEvent.change(field, { target: { value: 'tec' } });
    fireEvent.change(field, { target: { value: 'tecnico' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain('tecnico@example.com');
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
    const searches = calledUrls(fetchMock).filter((url) => url.searchParams.has('search'));
    // Only the settled text went to the server, and for the first page.
    expect(searches.map((url) => [url.searchParams.get('search'), url.searchParams.get('page')])).toEqual([
      ['tecnico', '1'],
    ]);

    fireEvent.change(field, { target: { value: 'nobody' } });
    expect(await screen.findByText('No user matches “nobody”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('Users: 13')).toBeTruthy();
  });

  it('pages on and changes the page size on the server', async () => {
    const fetchMock = stubServer();
    renderWithProviders(<UsersPage />);
    await screen.findByText('1–10 of 13');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('user10@example.com')).toBeTruthy();
    expect(screen.getByText('11–13 of 13')).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
    expect(calledUrls(fetchMock).at(-1)?.searchParams.get('page')).toBe('2');

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(13));
    expect(screen.getByText('1–13 of 13')).toBeTruthy();
    const last = calledUrls(fetchMock).at(-1);
    expect([last?.searchParams.get('page'), last?.searchParams.get('pageSize')]).toEqual(['1', '25']);
  });

  it('shows a failure in place, with a retry, in Portuguese', async () => {
    await changeLanguage('pt');
    const fetchMock = vi.fn(async () =>
      Response.json({ code: 'forbidden', message: 'Acesso negado.' }, { status: 403 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('Acesso negado.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Utilizadores' })).toBeTruthy();
    stubServer();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Utilizadores: 13')).toBeTruthy();
    expect(screen.getByText('1–10 de 13')).toBeTruthy();
  });
});
