import { DEFAULT_PLAN } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { contract } from '../testing/contract-fixtures';
import {
  createRequestOf,
  creditsDraftOf,
  creditsRequestOf,
  dateInputOf,
  detailsChange,
  detailsDraftOf,
  featuresChange,
  featuresDraftOf,
  featuresIssues,
  instantOfDateInput,
  NEW_CONTRACT,
  purchaseRequestOf,
  toggleCapability,
  tokensDraftOf,
  tokensRequestOf,
  wholeNumber,
} from './contract-form';

describe('the contract forms', () => {
  it('reads whole numbers within bounds', () => {
    expect(wholeNumber(' 42 ')).toBe(42);
    expect(wholeNumber('')).toBe('validation.required');
    expect(wholeNumber('4.5')).toBe('validation.invalid');
    expect(wholeNumber('-1')).toBe('validation.invalid');
    expect(wholeNumber('-1', { min: -1 })).toBe(-1);
    expect(wholeNumber('3000000000')).toBe('validation.invalid');
  });

  it('keeps dates as UTC days both ways', () => {
    expect(dateInputOf('2026-04-01T00:00:00.000Z')).toBe('2026-04-01');
    expect(dateInputOf(null)).toBe('');
    expect(instantOfDateInput('2026-04-01')).toBe('2026-04-01T00:00:00.000Z');
    expect(instantOfDateInput('')).toBeNull();
  });

  it('sends only the features changed, -1 being unlimited', () => {
    const draft = featuresDraftOf(DEFAULT_PLAN);
    expect(featuresChange(draft, DEFAULT_PLAN)).toBeNull();
    draft.switches.poiSupport = true;
    draft.limits.maxUsers = '25';
    draft.limits.maxDevices = '-1';
    draft.dataViews.deviceCharts = false;
    expect(featuresChange(draft, DEFAULT_PLAN)).toEqual({
      poiSupport: true,
      maxUsers: 25,
      dataViewCapabilities: { deviceCharts: false },
    });
    draft.limits.maxHierarchyLevels = '-2';
    expect(featuresIssues(draft)).toEqual({ maxHierarchyLevels: 'validation.invalid' });
  });

  it('gives a custom credit period its days, and no dates to the periods that roll on their own', () => {
    const draft = creditsDraftOf(contract('c1', 'Water').credits);
    const monthly = creditsRequestOf(draft);
    expect('request' in monthly && monthly.request).not.toHaveProperty('periodStart');
    const custom = creditsRequestOf({ ...draft, periodType: 'custom', periodStart: '2026-05-01', periodEnd: '' });
    expect(custom).toEqual({ issues: { periodEnd: 'validation.required' } });
    const backwards = creditsRequestOf({
      ...draft,
      periodType: 'custom',
      periodStart: '2026-05-01',
      periodEnd: '2026-04-01',
    });
    expect(backwards).toEqual({ issues: { periodEnd: 'validation.invalid' } });
    expect(creditsRequestOf({ ...draft, costs: { ...draft.costs, voice: 'x' } })).toEqual({
      issues: { 'costs.voice': 'validation.invalid' },
    });
  });

  it('lets external only stand alone among the token capabilities', () => {
    expect(toggleCapability(['G-PPU', 'H-PPU'], ['G-PPU', 'H-PPU', 'EXTERNAL_ONLY'])).toEqual(['EXTERNAL_ONLY']);
    expect(toggleCapability(['EXTERNAL_ONLY'], ['EXTERNAL_ONLY', 'H-UNL'])).toEqual(['H-UNL']);
    expect(toggleCapability(['G-PPU', 'H-PPU'], ['H-PPU'])).toEqual(['H-PPU']);
    const draft = tokensDraftOf(contract('c1', 'Water').tokens);
    expect(tokensRequestOf({ ...draft, capability: ['EXTERNAL_ONLY', 'G-PPU'] })).toEqual({
      issues: { capability: 'validation.invalid' },
    });
    expect(tokensRequestOf({ ...draft, type: ' ', validityDays: '0' })).toEqual({
      issues: { validityDays: 'validation.invalid' },
    });
    expect(tokensRequestOf({ ...draft, type: ' ' })).toEqual({
      request: { type: null, capability: ['G-PPU', 'H-PPU'], validityDays: 365, total: 20 },
    });
  });

  it('reads a purchase, empty amounts being none', () => {
    expect(purchaseRequestOf({ credits: '', tokens: '5', expiresAt: '' })).toEqual({
      request: { credits: 0, tokens: 5 },
    });
    expect(purchaseRequestOf({ credits: '1000', tokens: '', expiresAt: '2027-03-01' })).toEqual({
      request: { credits: 1000, tokens: 0, expiresAt: '2027-03-01T00:00:00.000Z' },
    });
    expect(purchaseRequestOf({ credits: '-3', tokens: '', expiresAt: '' })).toEqual({
      issues: { credits: 'validation.invalid' },
    });
  });

  it('makes a new contract reaching every level unless told a number', () => {
    expect(createRequestOf(NEW_CONTRACT)).toEqual({
      issues: { businessId: 'validation.required', name: 'validation.required' },
    });
    expect(createRequestOf({ ...NEW_CONTRACT, businessId: 'acme', name: ' Water ' })).toEqual({
      request: {
        businessId: 'acme',
        name: 'Water',
        type: 'LOC',
        comment: '',
        expiresAt: null,
        purchased: true,
        inheritableLevels: null,
      },
    });
    const some = { ...NEW_CONTRACT, businessId: 'acme', name: 'Water', inheritAll: false };
    expect(createRequestOf({ ...some, inheritableLevels: '1001' })).toEqual({
      issues: { inheritableLevels: 'validation.invalid' },
    });
    expect(createRequestOf({ ...some, inheritableLevels: '0' })).toMatchObject({ request: { inheritableLevels: 0 } });
  });

  it('carves the share typed from the source chosen, and sends a credits source only when it changed', () => {
    const carved = { ...NEW_CONTRACT, businessId: 'north', name: 'North', fromContractId: 'c1' };
    expect(createRequestOf({ ...carved, creditsShare: '' })).toEqual({
      issues: { creditsShare: 'validation.required' },
    });
    expect(createRequestOf({ ...carved, creditsShare: '50' })).toMatchObject({
      request: { credits: { fromContractId: 'c1', total: 50 } },
    });
    const draft = creditsDraftOf({ ...contract('c2', 'North').credits, fromContract: { contractId: 'c1', name: 'W' } });
    expect(creditsRequestOf(draft, 'c1')).not.toHaveProperty('request.fromContractId');
    expect(creditsRequestOf({ ...draft, fromContractId: null }, 'c1')).toMatchObject({
      request: { fromContractId: null },
    });
  });

  it('sends only the details changed, and nothing when none did', () => {
    const water = contract('c1', 'Water', { inheritableLevels: 2 });
    const draft = detailsDraftOf(water);
    expect(detailsChange(draft, water)).toEqual({ change: null });
    expect(detailsChange({ ...draft, type: 'SHARED', inheritAll: true, comment: ' Renewed ' }, water)).toEqual({
      change: { type: 'SHARED', inheritableLevels: null, comment: 'Renewed' },
    });
    expect(detailsChange({ ...draft, name: ' ' }, water)).toEqual({ issues: { name: 'validation.required' } });
  });
});
