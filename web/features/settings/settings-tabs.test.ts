import { describe, expect, it } from 'vitest';
import { tabFromQuery } from './settings-tabs';

describe('settings ?tab=', () => {
  it.each([
    [null, 'general'],
    ['stripe', 'payments'],
    ['bitcoin', 'payments'],
    ['api', 'api'],
    ['security', 'security'],
    ['storefront', 'storefront'],
    ['nonsense', 'general'],
    ['constructor', 'general'],
  ])('%s opens %s', (value, tab) => {
    expect(tabFromQuery(value)).toBe(tab);
  });
});
