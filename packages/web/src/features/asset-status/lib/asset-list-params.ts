import type { AssetFilter } from '@/features/assets/api/assets';

export const ASSET_VIEWS = ['list', 'cards'] as const;
export type AssetView = (typeof ASSET_VIEWS)[number];

/** What the asset mode of the device screen shows, kept in the URL so a reload or a shared link keeps it. */
export interface AssetListParams extends AssetFilter {
  /** The view chosen; null until one is, when the screen's default shows (cards on a phone, else the list). */
  view: AssetView | null;
}

/** The query keys the asset mode owns; any other key is left as it is. */
const KEYS = { search: 'q', assetType: 'assetType', orphan: 'orphan', view: 'view' } as const;

export function readAssetListParams(params: URLSearchParams): AssetListParams {
  const view = params.get(KEYS.view);
  return {
    search: params.get(KEYS.search) ?? '',
    assetType: params.get(KEYS.assetType) || null,
    orphan: params.get(KEYS.orphan) === 'true',
    view: ASSET_VIEWS.find((known) => known === view) ?? null,
  };
}

/** Writes the list's state over `current`, leaving other parameters alone; defaults are left out. */
export function writeAssetListParams(current: URLSearchParams, list: AssetListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  set(KEYS.search, list.search.trim() ? list.search : null);
  set(KEYS.assetType, list.assetType);
  set(KEYS.orphan, list.orphan ? 'true' : null);
  set(KEYS.view, list.view);
  return next;
}

/** The server's filter of the list: what the rows, the count and the paging depend on. */
export const assetFilterOf = (list: AssetListParams): AssetFilter => ({
  search: list.search.trim(),
  assetType: list.assetType,
  orphan: list.orphan,
});
