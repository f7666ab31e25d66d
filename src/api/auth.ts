// How an operation authenticates, in the words of the page's language (the theme's
// strings); pure: the theme imports it through bankdocs/theme.
import type { UiStrings } from '../theme/contract.js';

/** Where an API key goes (an OpenAPI `apiKey` security scheme). */
export interface ApiKeyPlace {
  in: 'header' | 'query' | 'cookie';
  name: string;
}

export type AuthKind = 'bearer' | 'basic' | 'apiKey' | 'none';

export type AuthStrings = Pick<UiStrings, 'operationNone' | 'authBasic' | 'authBearer' | 'authApiKeyHeader' | 'authApiKeyQuery' | 'authApiKeyCookie'>;

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
