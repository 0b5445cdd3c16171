import { MESSAGES, messageOf } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { i18n, loadTexts, messageText } from './index';
import { detectLanguage } from './language';
import pt from './pt.json';

describe('translations', () => {
  it('has the same keys in English and Portuguese', () => {
    const missingInPt = Object.keys(en).filter((key) => !(key in pt));
    const missingInEn = Object.keys(pt).filter((key) => !(key in en));
    expect({ missingInPt, missingInEn }).toEqual({ missingInPt: [], missingInEn: [] });
  });

  it('has no empty text', () => {
    const empty = [...Object.entries(en), ...Object.entries(pt)].filter(([, text]) => !text.trim());
    expect(empty).toEqual([]);
  });

  it('does not redefine a server message code', () => {
    const clashes = Object.keys(en).filter((key) => key in MESSAGES.en);
    expect(clashes).toEqual([]);
  });

  it('names a business "empresa" everywhere in Portuguese, as the menu does', () => {
    const texts = [...Object.entries(pt), ...Object.entries(MESSAGES.pt)];
    expect(texts.filter(([, text]) => /neg[óo]cio/i.test(text))).toEqual([]);
    expect(pt['route.businesses']).toBe('Empresas');
  });

  it('uses the same parameters in both languages', () => {
    const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const differing = Object.entries(en).filter(([key, text]) => {
      const other = (pt as Record<string, string>)[key] ?? '';
      return params(text).join() !== params(other).join();
    });
    expect(differing).toEqual([]);
  });
});

describe('messageText', () => {
  it('words a message with its parameters, a key of the web texts, and leaves a worded text as it is', async () => {
    await loadTexts('pt');
    const t = i18n.getFixedT('pt');
    expect(messageText(t, messageOf('validation.max_length', { max: 64 }))).toBe('No máximo 64 caracteres');
    expect(messageText(t, 'validation.required')).toBe(MESSAGES.pt['validation.required']);
    expect(messageText(t, 'device.outputs.duplicateKey')).toBe(pt['device.outputs.duplicateKey']);
    expect(messageText(t, 'Already worded.')).toBe('Already worded.');
  });
});

describe('detectLanguage', () => {
  it('prefers the lang query parameter, then the stored choice, then the browser, then English', () => {
    localStorage.clear();
    expect(detectLanguage('', ['fr-FR'])).toBe('en');
    expect(detectLanguage('', ['fr-FR', 'pt-PT'])).toBe('pt');
    expect(detectLanguage('?lang=pt', ['en-GB'])).toBe('pt');
    expect(detectLanguage('', ['en-GB'])).toBe('pt');
    expect(detectLanguage('?lang=en', ['pt-PT'])).toBe('en');
    expect(detectLanguage('?lang=xx', ['pt-PT'])).toBe('en');
    localStorage.clear();
  });
});
