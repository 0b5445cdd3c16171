import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '@/i18n';
import { describeChanges } from './signal-history-dialog';

afterEach(() => changeLanguage('en'));

describe("a signal's history", () => {
  it('names the fields and values changed as the signal list does, in the interface language', async () => {
    const changes = {
      name: { from: 'Temp', to: 'Temperature' },
      type: { from: 'status', to: 'value' },
      showInList: { from: true, to: false },
    };
    await changeLanguage('en');
    expect(describeChanges(i18n.t, changes)).toEqual([
      'Name: “Temp” → “Temperature”',
      'Type: Status → Value',
      'Show in list: Yes → No',
    ]);
    await changeLanguage('pt');
    expect(describeChanges(i18n.t, changes)).toEqual([
      'Nome: “Temp” → “Temperature”',
      'Tipo: Estado → Valor',
      'Mostrar na lista: Sim → Não',
    ]);
  });
});
