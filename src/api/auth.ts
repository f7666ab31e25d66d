// How an operation authenticates, in the words the API reference and its Markdown twin
// use (pure: the theme imports it through bankdocs/theme).

/** Where an API key goes (an OpenAPI `apiKey` security scheme). */
export interface ApiKeyPlace {
  in: 'header' | 'query' | 'cookie';
  name: string;
}

export type AuthKind = 'bearer' | 'basic' | 'apiKey' | 'none';

/** "bearer access token", "API key in the X-API-Key header", … */
export function describeAuth(auth: AuthKind, apiKey?: ApiKeyPlace | null): string {
  switch (auth) {
    case 'basic':
      return 'basic authentication with the client credentials';
    case 'bearer':
      return 'bearer access token';
    case 'apiKey':
      if (!apiKey) return 'API key';
      return `API key in the ${apiKey.in === 'header' ? `${apiKey.name} header` : apiKey.in === 'query' ? `query parameter ${apiKey.name}` : `cookie ${apiKey.name}`}`;
    case 'none':
      return 'none';
  }
}
