// How an operation authenticates, in the words of the page's language (the theme's
// strings); pure: the theme imports it through bankdocs/theme.
import type { UiStrings } from '../theme/contract.js';

/** Where an API key goes (an OpenAPI `apiKey` security scheme). */
export interface ApiKeyPlace {
  in: 'header' | 'query' | 'cookie';
  name: string;
}

export type AuthKind = 'bearer' | 'basic' | 'apiKey' | 'none';

/** How an OAuth 2.0 scheme's token is got (its `flows`, OpenAPI's names). */
export type OAuthFlow = 'authorizationCode' | 'clientCredentials' | 'implicit' | 'password';

export const OAUTH_FLOWS: readonly OAuthFlow[] = ['authorizationCode', 'clientCredentials', 'implicit', 'password'];

/** One security scheme of an operation: how a credential is sent. */
export interface AuthScheme {
  auth: Exclude<AuthKind, 'none'>;
  /** Where the key goes, for auth "apiKey". */
  apiKey?: ApiKeyPlace;
  /** How the token is got, for an OAuth 2.0 scheme, in the document's order. */
  flows?: OAuthFlow[];
}

/**
 * An operation's security requirements (OpenAPI `security`): alternatives, any one of
 * which is enough; each names the schemes it needs together. An empty alternative (`{}`)
 * makes authentication optional; no alternatives, none needed.
 */
export type Security = AuthScheme[][];

export type AuthStrings = Pick<
  UiStrings,
  'operationNone' | 'authBasic' | 'authBearer' | 'authApiKeyHeader' | 'authApiKeyQuery' | 'authApiKeyCookie' | 'authOAuth2' | 'authFlowAuthorizationCode' | 'authFlowClientCredentials' | 'authFlowImplicit' | 'authFlowPassword'
>;

const FLOW_STRINGS: Record<OAuthFlow, keyof AuthStrings> = {
  authorizationCode: 'authFlowAuthorizationCode',
  clientCredentials: 'authFlowClientCredentials',
  implicit: 'authFlowImplicit',
  password: 'authFlowPassword',
};

/**
 * The requirements in words: alternatives apart with " / ", schemes needed together joined
 * with " + " ("bearer access token / API key in the X-API-Key header"; "none / …" when
 * authentication is optional).
 */
export function describeSecurity(security: Security, strings: AuthStrings): string {
  if (!security.length) return strings.operationNone;
  return security.map((needed) => (needed.length ? needed.map((scheme) => describeScheme(scheme, strings)).join(' + ') : strings.operationNone)).join(' / ');
}

/**
 * One scheme in words; an OAuth 2.0 one names how its token is got ("bearer access token
 * (OAuth 2.0: client credentials)"): Open Banking UK's consents take a token of the client's
 * own, its accounts and payments one the customer authorised, and both read "bearer access
 * token" alike.
 */
function describeScheme(scheme: AuthScheme, strings: AuthStrings): string {
  if (scheme.auth !== 'bearer' || !scheme.flows?.length) return describeAuth(scheme.auth, scheme.apiKey, strings);
  return strings.authOAuth2.replace('{flows}', scheme.flows.map((flow) => strings[FLOW_STRINGS[flow]]).join(', '));
}

/** "bearer access token", "API key in the X-API-Key header", … */
export function describeAuth(auth: AuthKind, apiKey: ApiKeyPlace | null | undefined, strings: AuthStrings): string {
  switch (auth) {
    case 'basic':
      return strings.authBasic;
    case 'bearer':
      return strings.authBearer;
    case 'apiKey': {
      const text = apiKey?.in === 'query' ? strings.authApiKeyQuery : apiKey?.in === 'cookie' ? strings.authApiKeyCookie : strings.authApiKeyHeader;
      return text.replace('{name}', apiKey?.name ?? '');
    }
    case 'none':
      return strings.operationNone;
  }
}
