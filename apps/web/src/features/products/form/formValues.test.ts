import { describe, expect, it } from 'vitest';
import { addProduct } from '@dcc/contract';
import { fromProduct, NEW_PRODUCT, toProductDraft } from './formValues.ts';

const STEP_ONE = { productName: '热泵机组_R32', seriesId: '1', networkMethod: 'cellular', nodeType: 'direct' } as const;

describe('product wizard values', () => {
  it('sends a custom product with its protocol and the server defaults for untouched fields', () => {
    const draft = toProductDraft({ ...NEW_PRODUCT, ...STEP_ONE, dataFormat: 'custom', protocolId: '7' });
    expect(addProduct.request.parse(draft)).toMatchObject({
      dataFormat: 'custom',
      protocolId: '7',
      dispatchRule: 'changed',
      thirdPartyPlatform: 'none',
      image: '',
    });
  });

  it('drops a protocol chosen before switching to Alink JSON', () => {
    const draft = toProductDraft({ ...NEW_PRODUCT, ...STEP_ONE, dataFormat: 'alink', protocolId: '7' });
    expect(draft.protocolId).toBe('');
    expect(addProduct.request.safeParse(draft).success).toBe(true);
  });

  it('is refused by the contract when a custom product has no protocol', () => {
    const draft = toProductDraft({ ...NEW_PRODUCT, ...STEP_ONE, dataFormat: 'custom' });
    expect(addProduct.request.safeParse(draft).error?.issues[0]?.message).toBe('catalog.validation.protocolForFormat');
  });

  it('keeps the flags of a stored product through the basic-info editor (a sensor stays a sensor)', () => {
    const draft = toProductDraft({
      ...NEW_PRODUCT,
      ...STEP_ONE,
      dataFormat: 'alink',
      thSensor: true,
      centralControl: false,
    });
    const stored = { ...addProduct.request.parse(draft), productMessageType: 'tm' } as unknown as Parameters<
      typeof fromProduct
    >[0];
    expect(fromProduct(stored)).toMatchObject({ thSensor: true, centralControl: false });
    expect(toProductDraft({ ...fromProduct(stored), dataFormat: 'alink' }).thSensor).toBe(true);
  });
});
