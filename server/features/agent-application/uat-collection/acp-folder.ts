import { acpVersion, type AcpVersion } from '../../acp';
import { expectBody, expectStatus, remember, sharedPaymentTokenScript } from './scripts';
import type { UatFolder, UatRequest } from './request-spec';

const SESSION_KEYS =
  "pm.expect(body).to.include.all.keys('id', 'status', 'currency', 'line_items', 'totals', 'fulfillment_options', 'messages', 'links');";
const totalOf = "body.totals.find(function (t) { return t.type === 'total'; }).amount";

/**
 * One ACP version's checkout_sessions operations: create, get, update (express shipping) and complete
 * (card) on one session, then create and cancel a second one (a completed session cannot be canceled).
 */
export function acpFolder(version: AcpVersion): UatFolder {
  const { examples } = acpVersion(version);
  const sessionVar = `acp_${version.replaceAll('-', '_')}_session_id`;
  const canceledVar = `acp_${version.replaceAll('-', '_')}_canceled_session_id`;
  const sessionPath = `/acp/checkout_sessions/{{${sessionVar}}}`;
  const headers = (method: 'GET' | 'POST') => ({
    'API-Version': version,
    ...(method === 'POST' ? { 'Idempotency-Key': '{{$guid}}' } : {}),
  });
  const request = (spec: Omit<UatRequest, 'headers'>): UatRequest => ({
    ...spec,
    headers: headers(spec.method),
  });
  const create = (name: string, variable: string) =>
    request({
      name,
      description: 'POST /acp/checkout_sessions with the buyer and the shipping address.',
      method: 'POST',
      path: '/acp/checkout_sessions',
      body: examples.create('{{sku}}'),
      tests: [
        ...expectStatus(201),
        ...expectBody(
          'is a session ready for payment',
          [SESSION_KEYS, "pm.expect(body.status).to.equal('ready_for_payment');"],
          [remember(variable, 'body.id')],
        ),
      ],
    });

  return {
    name: `ACP ${version}`,
    description: `The Agentic Commerce Protocol checkout_sessions API, version ${version} (API-Version header, a fresh Idempotency-Key on every POST).`,
    requests: [
      create('Create a checkout session', sessionVar),
      request({
        name: 'Get the checkout session',
        description: 'GET /acp/checkout_sessions/{id}.',
        method: 'GET',
        path: sessionPath,
        tests: [
          ...expectStatus(200),
          ...expectBody('is the session', [
            SESSION_KEYS,
            `pm.expect(body.id).to.equal(pm.collectionVariables.get('${sessionVar}'));`,
          ]),
        ],
      }),
      request({
        name: 'Update the checkout session (express shipping)',
        description: 'POST /acp/checkout_sessions/{id}: selects the express fulfilment option.',
        method: 'POST',
        path: sessionPath,
        body: examples.selectExpress('{{sku}}'),
        tests: [
          ...expectStatus(200),
          ...expectBody(
            'is still ready for payment, with its new total',
            [SESSION_KEYS, "pm.expect(body.status).to.equal('ready_for_payment');"],
            [remember('payment_amount', totalOf), remember('payment_currency', 'body.currency')],
          ),
        ],
      }),
      request({
        name: 'Complete the checkout session (card)',
        description:
          'POST /acp/checkout_sessions/{id}/complete with a Shared Payment Token for the total (minted by the sandbox, or shared_payment_token).',
        method: 'POST',
        path: `${sessionPath}/complete`,
        body: examples.payByCard('{{payment_token}}'),
        preRequest: sharedPaymentTokenScript,
        tests: [
          ...expectStatus(200),
          ...expectBody('is completed with an order', [
            "pm.expect(body.status).to.equal('completed');",
            "pm.expect(body.order).to.be.an('object');",
            "pm.expect(body.order.id).to.be.a('string');",
            `pm.expect(body.order.checkout_session_id).to.equal(pm.collectionVariables.get('${sessionVar}'));`,
          ]),
        ],
      }),
      create('Create a checkout session to cancel', canceledVar),
      request({
        name: 'Cancel the checkout session',
        description: 'POST /acp/checkout_sessions/{id}/cancel.',
        method: 'POST',
        path: `/acp/checkout_sessions/{{${canceledVar}}}/cancel`,
        body: examples.cancel,
        tests: [
          ...expectStatus(200),
          ...expectBody('is canceled', [SESSION_KEYS, "pm.expect(body.status).to.equal('canceled');"]),
        ],
      }),
    ],
  };
}
