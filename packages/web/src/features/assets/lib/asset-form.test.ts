import type { AssetFieldDefinition } from '@iot/shared';
import { describe, expect, it } from 'vitest';
import { draftIssues, placeServerErrors, valuesToSend } from './asset-form';

const fields: AssetFieldDefinition[] = [
  { name: 'Capacity', type: 'number', required: true },
  { name: 'Material', type: 'options', options: ['Steel', 'Concrete'] },
  { name: 'Notes', type: 'text' },
];

describe('the asset form', () => {
  it('checks a draft by the rule the server applies, the description included', () => {
    const draft = { description: ' ', assetType: 'tank', deviceUUID: null };
    expect(draftIssues(fields, { ...draft, values: { Capacity: 'x', Material: 'Wood' } })).toEqual({
      description: 'validation.required',
      Capacity: 'asset.field_not_number',
      Material: 'asset.field_not_option',
    });
    expect(draftIssues(fields, { ...draft, description: 'Tank', values: { Capacity: ' 3,5 ' } })).toEqual({});
  });

  it('sends every field of the type, numbers as numbers and empty inputs as null', () => {
    expect(valuesToSend(fields, { Capacity: '3,5', Notes: '  roof ', Gone: 'x' })).toEqual({
      Capacity: 3.5,
      Material: null,
      Notes: 'roof',
    });
  });

  it("places the server's refusals under their inputs, and what names none above them", () => {
    expect(
      placeServerErrors(['Capacity'], {
        'assetData.values.Capacity': 'asset.field_not_number',
        'assetData.description': 'validation.required',
        'assetData.deviceUUID': 'asset.device_taken',
        'assetData.values.Other': 'asset.unknown_field',
      }),
    ).toEqual({
      description: 'validation.required',
      device: 'asset.device_taken',
      values: { Capacity: 'asset.field_not_number' },
      other: ['asset.unknown_field'],
    });
  });
});
