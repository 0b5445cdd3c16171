import type { Business } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { business } from '../testing/business-fixtures';
import {
  buildBusinessTree,
  businessPath,
  canEditBusiness,
  flattenBusinessTree,
  roleOnBusiness,
  searchBusinessTree,
  subtreeIds,
} from './business-tree';

// Sorted by description, as the API answers.
const list: Business[] = [
  business('acme', 'Acme Water', null, { usersAdv: { users: [{ email: 'olivia@example.com', role: 'admin' }] } }),
  business('braga', 'Braga plant', 'north'),
  business('lisbon', 'Lisbon plant', 'south'),
  business('north', 'North region', 'acme', {
    usersAdv: { users: [{ email: 'tecnico@example.com', role: 'viewer' }] },
  }),
  business('porto', 'Porto plant', 'north'),
  business('south', 'South region', 'acme'),
];

describe('the business tree', () => {
  const tree = buildBusinessTree(list);

  it('is built from the flat list, parents given by slug, children in the list order', () => {
    expect(tree.roots).toEqual(['acme']);
    expect(tree.childrenOf.get('acme')).toEqual(['north', 'south']);
    expect(tree.childrenOf.get('north')).toEqual(['braga', 'porto']);
    expect(tree.parentOf.get('porto')).toBe('north');
    expect(businessPath(tree, 'porto')).toBe('Acme Water / North region / Porto plant');
  });

  it('treats a node whose parent is not reachable as a top', () => {
    const partial = buildBusinessTree(list.filter((node) => node._id !== 'acme'));
    expect(partial.roots).toEqual(['north', 'south']);
  });

  it('flattens only the expanded nodes into rows', () => {
    const rows = flattenBusinessTree(tree, { expanded: new Set(['acme']) });
    expect(rows.map((row) => [row.id, row.depth, row.expanded])).toEqual([
      ['acme', 0, true],
      ['north', 1, false],
      ['south', 1, false],
    ]);
    const open = flattenBusinessTree(tree, { expanded: new Set(['acme', 'north']) });
    expect(open.map((row) => row.id)).toEqual(['acme', 'north', 'braga', 'porto', 'south']);
  });

  it('keeps the ancestors of every match in a search, expanded, and nothing else', () => {
    const search = searchBusinessTree(tree, '  PORTO ');
    const rows = flattenBusinessTree(tree, { expanded: new Set(), search });
    expect(rows.map((row) => row.id)).toEqual(['acme', 'north', 'porto']);
    expect(rows.filter((row) => row.expanded).map((row) => row.id)).toEqual(['acme', 'north']);
    expect(searchBusinessTree(tree, '   ')).toBeNull();
    const plants = flattenBusinessTree(tree, { expanded: new Set(), search: searchBusinessTree(tree, 'plant') });
    expect(plants.map((row) => row.id)).toEqual(['acme', 'north', 'braga', 'porto', 'south', 'lisbon']);
    const none = flattenBusinessTree(tree, { expanded: new Set(), search: searchBusinessTree(tree, 'nothing') });
    expect(none).toEqual([]);
  });

  it('leaves a node out of the move picker with all of its descendants', () => {
    const hidden = subtreeIds(tree, 'north');
    expect([...hidden].sort()).toEqual(['braga', 'north', 'porto']);
    const rows = flattenBusinessTree(tree, { expanded: new Set(['acme', 'north', 'south']), hidden });
    expect(rows.map((row) => row.id)).toEqual(['acme', 'south', 'lisbon']);
  });

  it('gives the role of the nearest entry on the path, provider staff everywhere', () => {
    const olivia = { email: 'olivia@example.com', role: 'user' };
    const tecnico = { email: 'tecnico@example.com', role: 'user' };
    expect(roleOnBusiness(tree, 'porto', olivia)).toBe('admin');
    expect(canEditBusiness(tree, 'porto', olivia)).toBe(true);
    expect(roleOnBusiness(tree, 'porto', tecnico)).toBe('viewer');
    expect(canEditBusiness(tree, 'north', tecnico)).toBe(false);
    expect(canEditBusiness(tree, 'south', tecnico)).toBe(false);
    expect(canEditBusiness(tree, 'south', { email: 'admin@example.com', role: 'product' })).toBe(true);
  });

  it('builds and flattens 100,000 nodes quickly', () => {
    const many: Business[] = [business('n0', 'Root', null)];
    for (let index = 1; index < 100_000; index += 1) {
      many.push(business(`n${index}`, `Level ${index}`, `n${Math.floor((index - 1) / 10)}`));
    }
    const started = performance.now();
    const big = buildBusinessTree(many);
    const rows = flattenBusinessTree(big, { expanded: new Set(big.byId.keys()) });
    const found = flattenBusinessTree(big, { expanded: new Set(), search: searchBusinessTree(big, 'Level 99999') });
    expect(rows).toHaveLength(100_000);
    expect(found.at(-1)?.id).toBe('n99999');
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
