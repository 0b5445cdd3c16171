import {
  areaBounds,
  areaContains,
  DEFAULT_ENTER_AFTER_MS,
  DEFAULT_LOST_AFTER_MS,
  type LatLon,
  type PlaceArea,
} from '@iot/shared';
import Flatbush from 'flatbush';

/** A place as the ingest pipeline tests positions against it, with its group's rules (the defaults without one). */
export interface IndexedPlace {
  id: string;
  businessPath: string;
  name: string;
  area: PlaceArea;
  forbidden: boolean;
  enterAfterMs: number;
  lostAfterMs: number;
}

/** A place near a position: within the exit band of its area, and whether the position is inside the area itself. */
export interface PlaceHit {
  place: IndexedPlace;
  inside: boolean;
}

/** A place's row, joined with its group's (null without one), as the index is built from. */
export interface PlaceIndexRow {
  id: string;
  tenantPath: string;
  businessPath: string;
  name: string;
  area: string;
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
  forbidden: number | null;
  enterAfterMs: number | null;
  lostAfterMs: number | null;
}

/** The columns of `PlaceIndexRow`, as SQL of `places` (`p`) left-joined with `place_groups` (`g`). */
const PLACE_INDEX_COLUMNS: readonly [keyof PlaceIndexRow, string][] = [
  ['id', 'p.id'],
  ['tenantPath', 'p.tenant_path'],
  ['businessPath', 'p.business_path'],
  ['name', 'p.name'],
  ['area', 'p.area'],
  ['minLat', 'p.min_lat'],
  ['minLon', 'p.min_lon'],
  ['maxLat', 'p.max_lat'],
  ['maxLon', 'p.max_lon'],
  ['forbidden', 'g.forbidden'],
  ['enterAfterMs', 'g.enter_after_ms'],
  ['lostAfterMs', 'g.lost_after_ms'],
];

/** Every place with its group: what a process reads to build its index (only when `place_revision` moved). */
export const PLACE_INDEX_SQL = `select ${PLACE_INDEX_COLUMNS.map(([name, column]) => `${column} as "${name}"`).join(', ')}
  from places p left join place_groups g on g.id = p.group_id`;

export interface PlaceIndex {
  /**
   * The places a device of `businessPath` considers (those of its own level and of its ancestors, never another
   * tenant's) whose area is within `margin` metres of the point.
   */
  near(businessPath: string, point: LatLon, margin: number): PlaceHit[];
  place(id: string): IndexedPlace | undefined;
}

const tenantOf = (businessPath: string) => businessPath.slice(0, businessPath.indexOf('/', 1) + 1);

/**
 * A spatial index (an R-tree packed once, `flatbush`) of each tenant's places over their bounding boxes: a position
 * is tested against the few areas whose box is near it, not against every place of the tenant.
 */
export function buildPlaceIndex(rows: readonly PlaceIndexRow[]): PlaceIndex {
  const byTenant = new Map<string, PlaceIndexRow[]>();
  for (const row of rows) {
    const list = byTenant.get(row.tenantPath);
    if (list) list.push(row);
    else byTenant.set(row.tenantPath, [row]);
  }
  const trees = new Map<string, { tree: Flatbush; places: IndexedPlace[] }>();
  const byId = new Map<string, IndexedPlace>();
  for (const [tenantPath, list] of byTenant) {
    const tree = new Flatbush(list.length);
    const places = list.map((row) => {
      tree.add(Number(row.minLon), Number(row.minLat), Number(row.maxLon), Number(row.maxLat));
      return {
        id: row.id,
        businessPath: row.businessPath,
        name: row.name,
        area: JSON.parse(row.area) as PlaceArea,
        forbidden: Number(row.forbidden ?? 0) === 1,
        enterAfterMs: Number(row.enterAfterMs ?? DEFAULT_ENTER_AFTER_MS),
        lostAfterMs: Number(row.lostAfterMs ?? DEFAULT_LOST_AFTER_MS),
      };
    });
    for (const place of places) byId.set(place.id, place);
    tree.finish();
    trees.set(tenantPath, { tree, places });
  }
  return {
    near(businessPath, point, margin) {
      const tenant = trees.get(tenantOf(businessPath));
      if (!tenant) return [];
      // A circle of no radius: its bounds widened by the margin are the box around the point.
      const box = areaBounds({ kind: 'circle', center: point, radius: 0 }, margin);
      const hits: PlaceHit[] = [];
      for (const index of tenant.tree.search(box.minLon, box.minLat, box.maxLon, box.maxLat)) {
        const place = tenant.places[index] as IndexedPlace;
        if (!businessPath.startsWith(place.businessPath) || !areaContains(place.area, point, margin)) continue;
        hits.push({ place, inside: margin <= 0 || areaContains(place.area, point) });
      }
      return hits;
    },
    place: (id) => byId.get(id),
  };
}

export const EMPTY_PLACE_INDEX: PlaceIndex = { near: () => [], place: () => undefined };

/**
 * A process's (or thread's) index, built again only when `place_revision` moved: each batch with positions reads the
 * revision (one row), and every edit of places or groups bumps it in its own transaction.
 */
export function placeIndexCache() {
  let revision: number | null = null;
  let index: PlaceIndex = EMPTY_PLACE_INDEX;
  return {
    async current(
      readRevision: () => Promise<number> | number,
      readPlaces: () => Promise<PlaceIndexRow[]> | PlaceIndexRow[],
    ): Promise<PlaceIndex> {
      const now = Number(await readRevision());
      if (now !== revision) {
        index = buildPlaceIndex(await readPlaces());
        revision = now;
      }
      return index;
    },
  };
}
