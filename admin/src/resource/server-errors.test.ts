import { describe, expect, it, jest } from '@jest/globals';

import { ApiError } from '../api/errors';
import { fieldOfPath, placeServerErrors } from './server-errors';

type Values = { name: string; price: string; allowNegativeStock: boolean };

const apiError = (...entries: Array<{ code: string; detail: string; field?: string }>) =>
  new ApiError(entries[0]?.detail ?? 'failed', 'api', entries[0]?.code, entries);

describe('a service error reaches its field', () => {
  it('reads the form field from the service path', () => {
    expect(fieldOfPath('translations.0.name')).toBe('name');
    expect(fieldOfPath('translations[1].meta_title')).toBe('metaTitle');
    expect(fieldOfPath('input.allowNegativeStock')).toBe('allowNegativeStock');
    expect(fieldOfPath('allow_negative_stock')).toBe('allowNegativeStock');
    expect(fieldOfPath(undefined)).toBeUndefined();
  });

  it('sets each claimed error on its field with a human text, focusing the first', () => {
    const setError = jest.fn();
    const left = placeServerErrors<Values>(
      apiError(
        { code: 'validation_error', detail: 'pattern', field: 'translations.0.name' },
        { code: 'validation_error', detail: 'min', field: 'price_gross' },
      ),
      setError,
      ['name', { name: 'price', serverNames: ['priceGross'] }],
    );
    expect(left).toBeUndefined();
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'validation_error', message: 'Not in the expected format.' }, { shouldFocus: true }],
      ['price', { type: 'validation_error', message: 'Too small.' }, { shouldFocus: false }],
    ]);
  });

  it('returns what no field claims, and any error that is not a field error', () => {
    const setError = jest.fn();
    const stray = apiError(
      { code: 'duplicate_code', detail: 'code exists', field: 'code' },
      { code: 'validation_error', detail: 'required', field: 'name' },
    );
    expect(placeServerErrors<Values>(stray, setError, ['name'])).toBe(stray);
    expect(setError).toHaveBeenCalledTimes(1);
    const network = new ApiError('lost', 'network');
    expect(placeServerErrors<Values>(network, setError, ['name'])).toBe(network);
    const plain = new Error('boom');
    expect(placeServerErrors<Values>(plain, setError, ['name'])).toBe(plain);
    const whole = new ApiError('forbidden', 'api', 'forbidden', []);
    expect(placeServerErrors<Values>(whole, setError, ['name'])).toBe(whole);
  });
});
