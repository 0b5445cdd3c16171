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

  it('writes numbers as the language does, and other parameters as they are', () => {
    const range = { min: '0.5', max: 10000, step: 0.05, unit: ' °C', other: 'High' };
    expect(translate('parameter.step_range', 'en', range)).toBe('Must be from 0.5 to 10,000 °C in steps of 0.05.');
    expect(translate('parameter.step_range', 'pt', range)).toBe('Deve ser de 0,5 a 10\u00a0000 °C em passos de 0,05.');
    expect(translate('parameter.below', 'pt', { min: -40, max: 12.5, unit: '', other: '20.5' })).toBe(
      'Deve ser de -40 a menos de 12,5 (20.5).',
    );
    expect(translate('validation.max_length', 'pt', { max: 'many' })).toBe('No máximo many caracteres');
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
