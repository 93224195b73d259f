import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FormObject } from './simulator-form';
import {
  invalidRequest,
  maskKey,
  presentedKey,
  resourceMissing,
  stripeId,
  words,
  type Caller,
} from './simulator-http';
import { escapeHtml, hiddenFields, simulatorPage } from './simulator-pages';
import { newAccount, type AccountObject, type StripeSimContext } from './simulator-state';

const ACCOUNT_CREATE = words(`
  type controller country email capabilities business_type business_profile metadata
  default_currency company individual settings tos_acceptance external_account documents groups
  expand
`);

const DASHBOARD_TYPE: Record<string, AccountObject['type']> = {
  express: 'express',
  full: 'standard',
  none: 'custom',
};

/** Links live five minutes, as in Stripe's Account Links example. */
const LINK_TTL_SECONDS = 300;
/** [?] Stripe does not document how long an OAuth code lives; a few minutes is the usual practice. */
const CODE_TTL_SECONDS = 300;

interface AccountLinkRecord {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  state: 'fresh' | 'visited' | 'done';
}

interface AuthorizationCode {
  account: string;
  platform: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface OAuthGrant {
  account: string;
  platform: string;
  scope: string;
}

type OAuthErrorCode = 'invalid_request' | 'invalid_grant' | 'invalid_client' | 'unsupported_grant_type';

/**
 * Stripe Connect: accounts, single-use Account Links served as an onboarding page on
 * the simulator, and OAuth (consent page, `/oauth/token`, `/oauth/deauthorize`) for existing accounts.
 */
export function registerConnect(ctx: StripeSimContext, opts: { redirectUris: string[] }) {
  const { app, router, state, events, sim } = ctx;
  const { links, codes, refreshTokens, accessTokens } = sim.keep('connect', () => ({
    links: new Map<string, AccountLinkRecord>(),
    codes: new Map<string, AuthorizationCode>(),
    refreshTokens: new Map<string, OAuthGrant>(),
    /** OAuth access tokens, so a platform can revoke them on deauthorization. */
    accessTokens: new Map<string, OAuthGrant>(),
  }));

  const accountOf = (id: string) => {
    const record = state.accounts.get(id);
    if (!record) throw resourceMissing('account', id, 'account');
    return record;
  };

  /** Onboarding finished: the account can take payments and be paid out (emits `account.updated`). */
  function completeOnboarding(id: string, caller?: Caller, businessName?: string) {
    const { account } = accountOf(id);
    const previous = {
      charges_enabled: account.charges_enabled,
      details_submitted: account.details_submitted,
      payouts_enabled: account.payouts_enabled,
      capabilities: { ...account.capabilities },
      requirements: structuredClone(account.requirements),
    };
    Object.assign(account, {
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      capabilities: Object.fromEntries(Object.keys(account.capabilities).map((c) => [c, 'active'])),
      requirements: {
        ...account.requirements,
        currently_due: [],
        eventually_due: [],
        past_due: [],
        disabled_reason: null,
      },
      tos_acceptance: { date: state.nowSeconds() },
    });
    if (businessName) {
      account.business_profile.name = businessName;
      account.settings.dashboard.display_name = businessName;
    }
    events.emit(id, 'account.updated', account, { previous, caller });
    return account;
  }

  // ---- Accounts and Account Links -----------------------------------------------------------------

  router.post('/v1/accounts', ({ caller, params }) => {
    params.only(ACCOUNT_CREATE);
    const dashboard = params.object('controller')?.object('stripe_dashboard')?.string('type');
    const type =
      params.oneOf('type', ['express', 'standard', 'custom'] as const) ??
      (dashboard ? DASHBOARD_TYPE[dashboard] : params.has('controller') ? 'none' : undefined);
    if (!type) throw params.missing('type');
    const country = (
      params.string('country') ?? state.accounts.get(caller.account)!.account.country
    ).toUpperCase();
    if (!/^[A-Z]{2}$/.test(country))
      throw invalidRequest(`Country '${country}' is unknown.`, { param: 'country' });
    const capabilities = Object.entries(params.object('capabilities')?.values ?? {})
      .filter(([, v]) => typeof v === 'object' && !Array.isArray(v) && v.requested === 'true')
      .map(([name]) => name);
    const account = newAccount({
      id: stripeId('acct', 16),
      type,
      created: state.nowSeconds(),
      country,
      email: params.string('email'),
      businessName: params.object('business_profile')?.string('name'),
      businessType: params.string('business_type'),
      capabilities: capabilities.length ? capabilities : undefined,
      metadata: params.metadata(),
      onboarded: false,
      controlledByPlatform: type !== 'standard',
    });
    state.accounts.set(account.id, { account, platform: caller.account });
    return account;
  });

  router.get('/v1/account', ({ caller }) => accountOf(caller.account).account);

  router.get('/v1/accounts/:id', ({ caller, path }) => {
    if (!state.canActFor(caller.account, path.id!)) throw resourceMissing('account', path.id!, 'account');
    return accountOf(path.id!).account;
  });

  router.post('/v1/account_links', ({ caller, params }) => {
    params.only(['account', 'type', 'refresh_url', 'return_url', 'collect', 'collection_options', 'expand']);
    const accountId = params.requiredString('account');
    const type = params.oneOf('type', ['account_onboarding', 'account_update'] as const, true)!;
    const refreshUrl = params.requiredString('refresh_url');
    const returnUrl = params.requiredString('return_url');
    for (const [param, url] of [
      ['refresh_url', refreshUrl],
      ['return_url', returnUrl],
    ] as const) {
      if (!/^https?:\/\/\S+$/.test(url))
        throw invalidRequest(`Not a valid URL`, { code: 'url_invalid', param });
    }
    if (accountId === caller.account || !state.canActFor(caller.account, accountId)) {
      throw resourceMissing('account', accountId, 'account', 400);
    }
    const { account } = accountOf(accountId);
    if (type === 'account_update' && account.type !== 'custom') {
      throw invalidRequest(
        'You can only create `account_update` links for accounts whose requirements your platform collects.',
        {
          param: 'type',
        },
      );
    }
    const token = stripeId('x', 24).slice(2);
    const created = state.nowSeconds();
    links.set(token, {
      account: accountId,
      refreshUrl,
      returnUrl,
      expiresAt: created + LINK_TTL_SECONDS,
      state: 'fresh',
    });
    return {
      object: 'account_link',
      created,
      expires_at: created + LINK_TTL_SECONDS,
      url: `${state.baseUrl()}/setup/c/${accountId}/${token}`,
    };
  });

  type LinkRequest = FastifyRequest<{ Params: { account: string; token: string } }>;
  const linkOf = (request: LinkRequest) => {
    const link = links.get(request.params.token);
    return link && link.account === request.params.account ? link : null;
  };
  const linkNotFound = (reply: FastifyReply) =>
    reply
      .status(404)
      .type('text/html')
      .send(simulatorPage('Link not found', '<p>This onboarding link does not exist.</p>'));

  // Single-use: the first visit spends the link; a revisit or an expired link goes to refresh_url.
  app.get('/setup/c/:account/:token', async (request: LinkRequest, reply) => {
    const link = linkOf(request);
    if (!link) return linkNotFound(reply);
    if (link.state !== 'fresh' || link.expiresAt <= state.nowSeconds())
      return reply.redirect(link.refreshUrl, 302);
    link.state = 'visited';
    const { account } = accountOf(link.account);
    return reply.type('text/html; charset=utf-8').send(
      simulatorPage(
        'Set up payments',
        `<p>Tell Stripe about the business behind <strong>${escapeHtml(account.email ?? account.id)}</strong>. In the sandbox nothing is checked.</p>
<form method="post" action="/setup/c/${escapeHtml(link.account)}/${escapeHtml(request.params.token)}">
<label for="business_name">Business name</label><input id="business_name" name="business_name" value="${escapeHtml(account.business_profile.name ?? '')}">
<div class="actions"><button class="primary" type="submit">Complete onboarding</button></div></form>
<p><a href="${escapeHtml(link.returnUrl)}">Return without finishing</a></p>`,
      ),
    );
  });

  app.post('/setup/c/:account/:token', async (request: LinkRequest, reply) => {
    const link = linkOf(request);
    if (!link) return linkNotFound(reply);
    if (link.state !== 'visited') return reply.redirect(link.refreshUrl, 303);
    link.state = 'done';
    const name = (request.body as FormObject | undefined)?.business_name;
    completeOnboarding(
      link.account,
      undefined,
      typeof name === 'string' && name.trim() ? name.trim() : undefined,
    );
    return reply.redirect(link.returnUrl, 303);
  });

  sim.control('accounts/:id/complete_onboarding', ({ id }) => completeOnboarding(id!));

  // ---- OAuth ---------------------------------------------------------------------------------------

  const errorPage = (reply: FastifyReply, message: string) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(simulatorPage('Something is wrong with this link', `<p>${escapeHtml(message)}</p>`));

  /** The platform's request, as the consent page and its form both carry it, or why it is refused. */
  function authorizeRequest(
    values: Record<string, unknown>,
  ): { error: string } | { platform: string; redirectUri: string; scope: string } {
    const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
    const platform = state.clients.get(str('client_id') ?? '');
    if (!platform)
      return {
        error: `No application matches the supplied client identifier: ${str('client_id') ?? '(none)'}`,
      };
    if ((str('response_type') ?? 'code') !== 'code')
      return { error: 'Invalid response_type: only "code" is supported.' };
    const scope = str('scope') ?? 'read_write';
    if (scope !== 'read_write' && scope !== 'read_only') return { error: `Invalid scope: ${scope}` };
    const redirectUri = str('redirect_uri') ?? opts.redirectUris[0];
    if (!redirectUri) return { error: 'No redirect_uri was supplied and the platform has none configured.' };
    if (!URL.canParse(redirectUri)) return { error: `Invalid redirect_uri: ${redirectUri}` };
    if (opts.redirectUris.length > 0 && !opts.redirectUris.includes(redirectUri)) {
      return { error: `Invalid redirect_uri: ${redirectUri} is not one of the platform's redirect URIs.` };
    }
    return { platform, redirectUri, scope };
  }

  const consentPage = async (request: FastifyRequest, reply: FastifyReply, express: boolean) => {
    const query = request.query as Record<string, string | undefined>;
    const checked = authorizeRequest(query);
    if ('error' in checked) return errorPage(reply, checked.error);
    const platformName =
      state.accounts.get(checked.platform)?.account.business_profile.name ?? 'This platform';
    return reply.type('text/html; charset=utf-8').send(
      simulatorPage(
        `Connect to ${platformName}`,
        `<p><strong>${escapeHtml(platformName)}</strong> would like to ${checked.scope === 'read_only' ? 'view' : 'view and manage'} your Stripe account.</p>
<form method="post" action="/oauth/authorize">${hiddenFields({
          client_id: query.client_id,
          response_type: 'code',
          scope: checked.scope,
          redirect_uri: checked.redirectUri,
          state: query.state,
          express: express ? 'true' : undefined,
        })}
<label for="business_name">Business name</label><input id="business_name" name="business_name" value="${escapeHtml(query['stripe_user[business_name]'] ?? '')}">
<label for="email">Email</label><input id="email" name="email" value="${escapeHtml(query['stripe_user[email]'] ?? '')}">
<label for="country">Country</label><input id="country" name="country" maxlength="2" value="${escapeHtml(query['stripe_user[country]'] ?? 'GB')}">
<div class="actions"><button class="primary" name="decision" value="allow">Connect my Stripe account</button>
<button class="secondary" name="decision" value="deny">Deny</button></div></form>`,
      ),
    );
  };
  app.get('/oauth/authorize', (request, reply) => consentPage(request, reply, false));
  app.get('/express/oauth/authorize', (request, reply) => consentPage(request, reply, true));

  app.post('/oauth/authorize', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const checked = authorizeRequest(form);
    if ('error' in checked) return errorPage(reply, checked.error);
    const target = new URL(checked.redirectUri);
    const returnState = typeof form.state === 'string' ? form.state : undefined;
    if (form.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied your request');
    } else {
      const text = (key: string) =>
        typeof form[key] === 'string' && (form[key] as string).trim() ? (form[key] as string).trim() : null;
      const country = (text('country') ?? 'GB').toUpperCase();
      const account = newAccount({
        id: stripeId('acct', 16),
        type: form.express === 'true' ? 'express' : 'standard',
        created: state.nowSeconds(),
        country: /^[A-Z]{2}$/.test(country) ? country : 'GB',
        email: text('email'),
        businessName: text('business_name'),
        onboarded: true,
        controlledByPlatform: form.express === 'true',
      });
      state.accounts.set(account.id, { account, platform: checked.platform });
      const code = stripeId('ac');
      codes.set(code, {
        account: account.id,
        platform: checked.platform,
        scope: checked.scope,
        expiresAt: state.nowSeconds() + CODE_TTL_SECONDS,
        used: false,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('scope', checked.scope);
    }
    if (returnState !== undefined) target.searchParams.set('state', returnState);
    return reply.redirect(target.toString(), 302);
  });

  const oauthError = (reply: FastifyReply, status: number, error: OAuthErrorCode, description: string) =>
    reply.status(status).send({ error, error_description: description });

  /** OAuth calls authenticate with the platform's secret key (Bearer) or, in older code, `client_secret`. */
  function platformOf(request: FastifyRequest, form: FormObject): string | { missing: string } {
    const key = presentedKey(request) ?? (typeof form.client_secret === 'string' ? form.client_secret : null);
    const platform = key ? state.secretKeys.get(key) : undefined;
    if (!key || !platform || accessTokens.has(key))
      return { missing: key ? `Invalid API Key provided: ${maskKey(key)}` : 'No API key provided.' };
    return platform;
  }

  function issueTokens({ account, platform, scope }: OAuthGrant) {
    // Each token keeps a grant of its own (records refer to nothing they share, see SimulatorState).
    const grant = { account, platform, scope };
    const accessToken = stripeId('sk_test', 48);
    const refreshToken = stripeId('rt', 48);
    state.secretKeys.set(accessToken, grant.account);
    accessTokens.set(accessToken, grant);
    refreshTokens.set(refreshToken, { ...grant });
    const publishable =
      [...state.publishableKeys].find(([, account]) => account === grant.account)?.[0] ??
      stripeId('pk_test', 48);
    state.publishableKeys.set(publishable, grant.account);
    return {
      access_token: accessToken,
      livemode: false,
      refresh_token: refreshToken,
      token_type: 'bearer',
      stripe_publishable_key: publishable,
      stripe_user_id: grant.account,
      scope: grant.scope,
    };
  }

  app.post('/oauth/token', async (request, reply) => {
    const form = (request.body ?? {}) as FormObject;
    const platform = platformOf(request, form);
    if (typeof platform !== 'string') return oauthError(reply, 401, 'invalid_client', platform.missing);
    const grantType = form.grant_type;
    if (!grantType) return oauthError(reply, 400, 'invalid_request', 'No grant type specified');
    if (grantType === 'authorization_code') {
      const code = typeof form.code === 'string' ? form.code : '';
      if (!code) return oauthError(reply, 400, 'invalid_request', 'No authorization code provided');
      const record = codes.get(code);
      if (!record || record.platform !== platform) {
        return oauthError(reply, 400, 'invalid_grant', `Authorization code does not exist: ${code}`);
      }
      if (record.used)
        return oauthError(reply, 400, 'invalid_grant', `Authorization code already used: ${code}`);
      if (record.expiresAt <= state.nowSeconds()) {
        return oauthError(reply, 400, 'invalid_grant', `Authorization code expired: ${code}`);
      }
      record.used = true;
      return issueTokens(record);
    }
    if (grantType === 'refresh_token') {
      const token = typeof form.refresh_token === 'string' ? form.refresh_token : '';
      const grant = refreshTokens.get(token);
      if (!grant || grant.platform !== platform || state.accounts.get(grant.account)?.platform !== platform) {
        return oauthError(reply, 400, 'invalid_grant', `Invalid refresh token: ${token}`);
      }
      return issueTokens(grant);
    }
    return oauthError(reply, 400, 'unsupported_grant_type', `Unsupported grant type: ${String(grantType)}`);
  });

  app.post('/oauth/deauthorize', async (request, reply) => {
    const form = (request.body ?? {}) as FormObject;
    const platform = platformOf(request, form);
    if (typeof platform !== 'string') return oauthError(reply, 401, 'invalid_client', platform.missing);
    const clientId = typeof form.client_id === 'string' ? form.client_id : '';
    if (state.clients.get(clientId) !== platform) {
      return oauthError(reply, 400, 'invalid_client', `No such application: '${clientId}'`);
    }
    const accountId = typeof form.stripe_user_id === 'string' ? form.stripe_user_id : '';
    const record = state.accounts.get(accountId);
    if (!record || record.platform !== platform) {
      return oauthError(
        reply,
        400,
        'invalid_client',
        `This application is not connected to stripe account ${accountId}, or that account does not exist.`,
      );
    }
    events.emit(accountId, 'account.application.deauthorized', {
      id: clientId,
      object: 'application',
      name: state.accounts.get(platform)?.account.business_profile.name ?? null,
    });
    record.platform = null;
    for (const [token, grant] of accessTokens) {
      if (grant.account === accountId && grant.platform === platform) {
        accessTokens.delete(token);
        state.secretKeys.delete(token);
      }
    }
    return { stripe_user_id: accountId };
  });

  return {
    completeOnboarding,
    /**
     * A charge made on a connected account by its platform (a "direct charge"): through the
     * Stripe-Account header, or with the OAuth access token the account granted.
     */
    isDirectCharge: (caller: Caller) =>
      (caller.stripeAccountHeader !== null && caller.account !== caller.keyAccount) ||
      accessTokens.has(caller.apiKey),
  };
}
