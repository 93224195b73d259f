import { describe, expect, it } from 'vitest';
import {
  AGENT_APPLICATION_DEFAULTS,
  agentApplicationSchema,
  nonBlankLines,
  splitCommaList,
} from './agent-application';

describe('agent application rules', () => {
  it('splits regions and currencies on commas and trims them', () => {
    expect(splitCommaList(' UK ,EU,, US ')).toEqual(['UK', 'EU', 'US']);
  });

  it('keeps the non-blank lines of the product URLs', () => {
    expect(nonBlankLines('https://a.example/1\r\n\n   \n https://a.example/2 ')).toEqual([
      'https://a.example/1',
      'https://a.example/2',
    ]);
  });

  it('turns the defaults into the lists the bundle holds, currencies upper-cased', () => {
    expect(agentApplicationSchema.parse(AGENT_APPLICATION_DEFAULTS)).toEqual({
      productUrls: [],
      regions: ['UK', 'EU'],
      currencies: ['GBP', 'EUR', 'USD'],
      fulfilment: 'Own fulfilment',
    });
    expect(
      agentApplicationSchema.parse({ ...AGENT_APPLICATION_DEFAULTS, currencies: 'gbp' }).currencies,
    ).toEqual(['GBP']);
  });
});
