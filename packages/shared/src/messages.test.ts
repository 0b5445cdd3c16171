import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from './errors.js';
import { resolveLanguage } from './languages.js';
import { isMessageCode, MESSAGES, messageOf, parseMessage, translate } from './messages.js';

describe('messages', () => {
  it('has every code in every language, none empty', () => {
    const english = Object.keys(MESSAGES.en).sort();
    expect(Object.keys(MESSAGES.pt).sort()).toEqual(english);
    for (const language of ['en', 'pt'] as const) {
      for (const text of Object.values(MESSAGES[language])) expect(text.trim()).not.toBe('');
    }
  });

  it('has a message for every error code', () => {
    for (const code of Object.keys(ERROR_STATUS)) expect(isMessageCode(code)).toBe(true);
  });

  it('fills parameters and leaves unknown ones visible', () => {
    expect(translate('auth.throttled', 'en', { minutes: 7 })).toBe(
      'Too many failed sign-in attempts. Please try again in 7 minutes.',
    );
    expect(translate('auth.throttled', 'pt')).toContain('{{minutes}}');
  });

  it('carries a code with its parameters as text, and reads back only codes', () => {
    expect(messageOf('validation.max_length', { max: 64 })).toBe('validation.max_length?max=64');
    expect(parseMessage('validation.max_length?max=64')).toEqual({
      code: 'validation.max_length',
      params: { max: '64' },
    });
    expect(parseMessage('validation.required')).toEqual({ code: 'validation.required', params: {} });
    expect(parseMessage('At most 64 characters')).toBeUndefined();
    expect(parseMessage('Is this right?')).toBeUndefined();
  });

  it('keeps the wording of the specification', () => {
    expect(MESSAGES.en['auth.invalid_credentials']).toBe('Login failed. Please check your credentials.');
    expect(MESSAGES.en['auth.wrong_current_password']).toBe("Current password doesn't match.");
    expect(MESSAGES.en['validation.required']).toBe('Required');
    expect(MESSAGES.en.forbidden).toBe('Access denied.');
    expect(MESSAGES.en.not_found).toBe('Resource not found.');
  });
});

describe('resolveLanguage', () => {
  it.each([
    ['pt', 'pt'],
    ['pt-BR', 'pt'],
    ['EN', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [42, 'en'],
  ])('%j → %s', (value, expected) => {
    expect(resolveLanguage(value)).toBe(expected);
  });
});
