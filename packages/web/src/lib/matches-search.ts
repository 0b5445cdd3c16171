/** Whether any of `texts` holds `search`, ignoring case; an empty search matches everything. */
export function matchesSearch(search: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || texts.some((text) => text?.toLowerCase().includes(needle));
}
