/** A business as the tree listing answers it. */
export interface ListedBusiness {
  _id: string;
  slug: string;
  description: string;
  parent: string | null;
}

/** Calls the API of the server at `baseUrl` as a signed-in user, the way the browser tests prepare and check data. */
export function apiOf(baseUrl: string) {
  async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    call,
    /** The business of that name in the caller's tree. */
    async businessNamed(token: string, description: string): Promise<ListedBusiness> {
      const found = (await call<ListedBusiness[]>(token, 'GET', '/customer-business')).find(
        (business) => business.description === description,
      );
      if (!found) throw new Error(`no business ${description}`);
      return found;
    },
  };
}
