import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/i18n';
import { businessLogSentence } from './business-log-sentence';

const names: Record<string, string> = { north: 'North region', south: 'South region' };
const nameOf = (id: string) => names[id];

describe('businessLogSentence', () => {
  // Loads the Portuguese texts, as choosing the language in the app does.
  beforeAll(async () => {
    await changeLanguage('pt');
    await changeLanguage('en');
  });

  it('says each change as a sentence in English and Portuguese', () => {
    const say = (language: 'en' | 'pt', action: string, details: Record<string, unknown>) =>
      businessLogSentence(i18n.getFixedT(language), language, { action: action as never, details }, nameOf);

    expect(say('en', 'created', { description: 'Acme Water' })).toBe('Created the level “Acme Water”.');
    expect(say('pt', 'created', { description: 'Acme Water' })).toBe('Criou o nível «Acme Water».');
    expect(say('en', 'renamed', { from: 'Dock', to: 'Dock 3' })).toBe('Renamed the level from “Dock” to “Dock 3”.');
    expect(say('en', 'moved', { fromParentId: 'north', toParentId: 'elsewhere' })).toBe(
      'Moved the level from “North region” to a level you cannot see.',
    );
    expect(say('pt', 'user_role_changed', { email: 'ana@example.com', from: 'viewer', to: 'admin' })).toBe(
      'Mudou a função de ana@example.com de Visualizador para Administrador.',
    );
    expect(say('en', 'config_changed', { fields: ['theme', 'logo'] })).toBe('Changed the colours and the logo.');
    expect(say('pt', 'config_changed', { section: 'actions', actions: ['email'] })).toBe(
      'Alterou as ações perante alarmes.',
    );
    expect(say('en', 'deactivated', {})).toBe('Deactivated the level.');
    expect(say('en', 'renamed', { from: 'A & B', to: '<b>' })).toBe('Renamed the level from “A & B” to “<b>”.');
  });

  it('says the changes to assets', () => {
    const say = (language: 'en' | 'pt', action: string, details: Record<string, unknown>) =>
      businessLogSentence(i18n.getFixedT(language), language, { action: action as never, details }, nameOf);
    const asset = { assetId: 'a1', description: 'Dairy cold room' };
    expect(say('en', 'asset_created', { ...asset, assetType: 'Cold room' })).toBe(
      'Created the asset “Dairy cold room” of the type “Cold room”.',
    );
    expect(say('pt', 'asset_created', { ...asset, assetType: 'Cold room' })).toBe(
      'Criou o ativo «Dairy cold room» do tipo «Cold room».',
    );
    expect(say('en', 'asset_linked', { ...asset, deviceId: 'd1', device: 'Cold room 1' })).toBe(
      'Linked the device “Cold room 1” to the asset “Dairy cold room”.',
    );
    expect(say('pt', 'asset_unlinked', { ...asset, deviceId: 'd1', device: 'Cold room 1' })).toBe(
      'Desassociou o dispositivo «Cold room 1» do ativo «Dairy cold room».',
    );
    expect(say('en', 'asset_updated', asset)).toBe('Edited the asset “Dairy cold room”.');
    expect(say('pt', 'asset_deleted', asset)).toBe('Eliminou o ativo «Dairy cold room».');
    expect(say('en', 'assets_imported', { count: 1, assetType: 'Van' })).toBe(
      'Imported 1 asset of the type “Van” from a CSV file.',
    );
    expect(say('pt', 'assets_imported', { count: 12, assetType: 'Van' })).toBe(
      'Importou 12 ativos do tipo «Van» de um ficheiro CSV.',
    );
    expect(say('en', 'assets_moved', { count: 3, toBusinessId: 'south' })).toBe(
      'Moved 3 assets to “South region”, with their devices.',
    );
  });

  it('shows an action this build does not know by its code and details', () => {
    const sentence = businessLogSentence(
      i18n.getFixedT('en'),
      'en',
      { action: 'archived' as never, details: { reason: 'old' } },
      nameOf,
    );
    expect(sentence).toBe('archived, reason: "old"');
  });
});
