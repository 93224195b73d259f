/**
 * Pieces of the Postman scripts (JavaScript run by Postman or newman) the UAT collection's requests
 * carry. Each returns script lines.
 */

export const expectStatus = (status: number) => [
  `pm.test('answers HTTP ${status}', function () {`,
  `  pm.response.to.have.status(${status});`,
  '});',
];

/** A test over the JSON answer (`body`); `remember` lines run only when its assertions pass. */
export function expectBody(title: string, assertions: string[], remember: string[] = []) {
  return [
    `pm.test(${JSON.stringify(title)}, function () {`,
    '  const body = pm.response.json();',
    ...[...assertions, ...remember].map((line) => `  ${line}`),
    '});',
  ];
}

/** Keeps a value for the requests that follow (`expression` is JavaScript over `body`). */
export const remember = (variable: string, expression: string) =>
  `pm.collectionVariables.set('${variable}', ${expression});`;

/**
 * A card payment needs a Shared Payment Token for `payment_amount` `payment_currency` (set by the request
 * that priced it). In sandbox the Stripe simulator mints one, as a buyer's assistant would grant it; on a
 * live instance the token given in `shared_payment_token` is used instead.
 */
export const sharedPaymentTokenScript = [
  "const given = pm.variables.get('shared_payment_token');",
  'if (given) {',
  "  pm.collectionVariables.set('payment_token', given);",
  '} else {',
  "  pm.sendRequest(pm.variables.get('base_url') + '/__sim', function (err, listing) {",
  '    const listed = !err && listing.code === 200 && listing.json().stripe;',
  "    pm.test('sandbox: the Stripe simulator is listed at /__sim (on a live instance, set shared_payment_token)', function () {",
  '      pm.expect(listed, err ? String(err) : listing.text()).to.be.ok;',
  '    });',
  '    if (!listed) return;',
  '    pm.sendRequest(',
  '      {',
  "        url: listed.baseUrl + '/__sim/granted_tokens',",
  "        method: 'POST',",
  "        header: [{ key: 'Content-Type', value: 'application/json' }],",
  '        body: {',
  "          mode: 'raw',",
  '          raw: JSON.stringify({',
  "            currency: String(pm.collectionVariables.get('payment_currency')).toLowerCase(),",
  "            max_amount: Number(pm.collectionVariables.get('payment_amount')),",
  '          }),',
  '        },',
  '      },',
  '      function (mintErr, granted) {',
  "        pm.test('sandbox: the Stripe simulator mints a Shared Payment Token', function () {",
  '          pm.expect(mintErr).to.equal(null);',
  '          pm.expect(granted.json().id).to.match(/^spt_/);',
  '        });',
  "        if (!mintErr) pm.collectionVariables.set('payment_token', granted.json().id);",
  '      },',
  '    );',
  '  });',
  '}',
];
