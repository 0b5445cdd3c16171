import { describe, expect, it } from 'vitest';
import { FromScratchRequest, malformedNetworkIds } from './devices.js';

describe('network ids of a list', () => {
  it("names the devices whose id is not one of the type's network", () => {
    const devices = [
      { networkId: '1A2B3C01', description: null },
      { networkId: 'NOT-HEX', description: null },
      { networkId: '1a:2b:3c', description: 'Separators and case are fine' },
    ];
    expect(malformedNetworkIds(devices, 'sigfox')).toEqual([{ index: 1, message: 'validation.sigfox_id' }]);
    expect(malformedNetworkIds(devices, 'lora')).toEqual([
      { index: 0, message: 'validation.lora_eui' },
      { index: 1, message: 'validation.lora_eui' },
      { index: 2, message: 'validation.lora_eui' },
    ]);
  });

  it('are checked by the creation request with its other errors', () => {
    const parsed = FromScratchRequest.safeParse({
      businessId: 'b',
      deviceType: 'th-sensor-sigfox',
      devices: [{ networkId: '1A2B3C01', description: 'D'.repeat(201) }, { networkId: 'NOT-HEX' }],
    });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'devices.0.description',
      'devices.1.networkId',
    ]);
  });
});
