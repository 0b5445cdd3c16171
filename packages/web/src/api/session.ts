/**
 * The signed-in session on this browser: the access token the API issued and the e-mail of its user (the user is
 * fetched by e-mail). Kept in localStorage, so it survives a reload and is shared by the tabs.
 */
const TOKEN_KEY = 'access_token';
const EMAIL_KEY = 'user_email';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(TOKEN_KEY);
}

export function getSessionEmail(): string | null {
  return read(EMAIL_KEY);
}

export function hasSession(): boolean {
  return Boolean(getAccessToken() && getSessionEmail());
}

export function saveSession(session: { token: string; email: string }) {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(EMAIL_KEY, session.email);
}

export function clearSession() {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(EMAIL_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
