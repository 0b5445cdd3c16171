import { describe, expect, it } from 'vitest';
import { vendor as dots } from '@/vendors/dots';
import { vendor as drops } from '@/vendors/drops';
import { STANDARD_ENDPOINT_SETS } from '@/vendors/vendor';
import { chooseEndpointSet } from './endpoints';

const config = {
  endpointSets: {
    production: { apiBaseUrl: '/api' },
    demo: { apiBaseUrl: 'https://api.demo.dots.example/api' },
    staging: { apiBaseUrl: 'https://api.staging.dots.example/api' },
    development: { apiBaseUrl: 'https://api.dev.dots.example/api' },
    local: { apiBaseUrl: '/api' },
    acme: { apiBaseUrl: 'https://api.acme.dots.example/api' },
  },
  hosts: {
    localhost: 'local',
    '127.0.0.1': 'local',
    'demo.dots.example': 'demo',
    'staging.dots.example': 'staging',
    'dev.dots.example': 'development',
    '*.acme.dots.example': 'acme',
    'special.acme.dots.example': 'staging',
    'typo.dots.example': 'nonexistent',
  },
};

describe('chooseEndpointSet', () => {
  it.each([
    ['localhost', 'local', '/api'],
    ['127.0.0.1', 'local', '/api'],
    ['demo.dots.example', 'demo', 'https://api.demo.dots.example/api'],
    ['DEMO.dots.example.', 'demo', 'https://api.demo.dots.example/api'],
    ['staging.dots.example', 'staging', 'https://api.staging.dots.example/api'],
    ['dev.dots.example', 'development', 'https://api.dev.dots.example/api'],
    ['iot.acme.dots.example', 'acme', 'https://api.acme.dots.example/api'],
    ['special.acme.dots.example', 'staging', 'https://api.staging.dots.example/api'],
  ])('serves %s from the %s set', (host, name, apiBaseUrl) => {
    expect(chooseEndpointSet(host, config)).toEqual({ name, apiBaseUrl });
  });

  it.each([
    ['app.customer.com'],
    ['dots.example'],
    ['acme.dots.example'],
    ['demo.dots.example.evil.com'],
    ['10.0.0.5'],
  ])('serves any other host (%s) from production, on the same origin', (host) => {
    expect(chooseEndpointSet(host, config)).toEqual({ name: 'production', apiBaseUrl: '/api' });
  });

  it('falls back to production when a host names a set that does not exist', () => {
    expect(chooseEndpointSet('typo.dots.example', config)).toEqual({ name: 'production', apiBaseUrl: '/api' });
  });
});

describe.each([dots, drops])('the $id vendor', (vendor) => {
  it('has every standard endpoint set, and production and local on the same origin', () => {
    for (const name of STANDARD_ENDPOINT_SETS) expect(vendor.endpointSets[name]?.apiBaseUrl).toBeTruthy();
    expect(vendor.endpointSets.production.apiBaseUrl).toBe('/api');
    expect(vendor.endpointSets.local.apiBaseUrl).toBe('/api');
  });

  it('names only existing sets in its host table, and serves localhost locally', () => {
    for (const name of Object.values(vendor.hosts)) expect(Object.keys(vendor.endpointSets)).toContain(name);
    expect(chooseEndpointSet('localhost', vendor).name).toBe('local');
    expect(chooseEndpointSet('127.0.0.1', vendor).name).toBe('local');
  });

  it('has every set at /api or at an https URL ending in /api', () => {
    for (const { apiBaseUrl } of Object.values(vendor.endpointSets)) {
      expect(apiBaseUrl).toMatch(/^(https:\/\/[^/]+)?\/api$/);
    }
  });
});
