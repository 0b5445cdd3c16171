import { ActionConfig, type BusinessActions } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { actionHealth, checkActionDraft, draftOf, inputOf, newActionDraft, storedInputOf } from './action-form';

const status = { lastRunAt: null, lastError: null, lastNotice: null };

describe('action form', () => {
  it('turns a stored action into a draft and back into what the API takes', () => {
    const stored = ActionConfig.parse({
      id: 'a1',
      type: 'email',
      name: 'Night shift',
      signalTypes: ['value'],
      schedule: { days: ['mon', 'tue'], from: '20:00', to: '23:30', timezone: 1 },
      email: { mode: 'custom', addresses: 'ana@example.com, rui@example.com' },
    });
    const draft = draftOf(stored);
    expect(draft).toMatchObject({ scheduled: true, timezone: '1', addresses: 'ana@example.com, rui@example.com' });
    const input = inputOf(draft);
    expect(input).toEqual({
      id: 'a1',
      type: 'email',
      name: 'Night shift',
      enabled: true,
      signalTypes: ['value'],
      schedule: { days: ['mon', 'tue'], from: '20:00', to: '23:30', timezone: 1 },
      email: { mode: 'custom', addresses: 'ana@example.com, rui@example.com' },
    });
    // What goes back parses to the same action.
    expect(ActionConfig.parse(input)).toEqual(stored);
  });

  it('keeps only the fields of the chosen authentication', () => {
    const draft = {
      ...newActionDraft('callback'),
      url: ' https://hooks.example/alarm ',
      authType: 'apiKey' as const,
      username: 'left over',
      keyName: 'X-Key',
      keyValue: 's3cret',
    };
    expect(inputOf(draft)).toMatchObject({
      callback: {
        url: 'https://hooks.example/alarm',
        auth: { type: 'apiKey', location: 'header', name: 'X-Key', value: 's3cret' },
      },
    });
  });

  it('reports errors by the path the server uses', () => {
    const checked = checkActionDraft({
      ...newActionDraft('callback'),
      url: 'ftp://example.com',
      authType: 'basic',
      signalTypes: [],
      scheduled: true,
      from: '18:00',
      to: '08:00',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      'callback.url': 'validation.url',
      'callback.auth.username': 'validation.required',
      'callback.auth.password': 'validation.required',
      signalTypes: 'validation.required',
      'schedule.to': 'validation.invalid',
    });
  });

  it('accepts a valid voice action with its numbers typed as text', () => {
    const checked = checkActionDraft({
      ...newActionDraft('voice'),
      userIds: ['u1'],
      retries: '3',
      retryIntervalMinutes: '10',
    });
    expect(checked).toEqual({
      ok: true,
      action: expect.objectContaining({ voice: { userIds: ['u1'], retries: 3, retryIntervalMinutes: 10 } }),
    });
    expect(checkActionDraft({ ...newActionDraft('voice'), userIds: ['u1'], retries: 'x' }).ok).toBe(false);
  });

  it('gives a stored action back without its status', () => {
    const stored = {
      id: 'a2',
      type: 'email',
      name: '',
      enabled: false,
      signalTypes: ['alarm'],
      schedule: null,
      email: { mode: 'custom', addresses: 'ana@example.com' },
      status,
    } as BusinessActions['actions'][number];
    expect(storedInputOf(stored)).toEqual({
      id: 'a2',
      type: 'email',
      name: '',
      enabled: false,
      signalTypes: ['alarm'],
      schedule: null,
      email: { mode: 'custom', addresses: 'ana@example.com' },
    });
  });

  it('flags an action by its last run', () => {
    expect(actionHealth(undefined)).toBe('never');
    expect(actionHealth(status)).toBe('never');
    expect(actionHealth({ ...status, lastRunAt: '2026-11-22T10:00:00Z' })).toBe('ok');
    expect(actionHealth({ ...status, lastNotice: 'user removed from list' })).toBe('notice');
    expect(actionHealth({ ...status, lastNotice: 'n', lastError: 'HTTP 500' })).toBe('error');
  });
});
