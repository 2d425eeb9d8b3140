/**
 * Size bounds of a dynamic client registration (RFC 7591), which anyone may send: without them one registration
 * stored up to 64 KiB (hundreds of redirect URIs), and a flood from many addresses grew the store by that much for
 * every registration until the sweep. Real MCP clients send a few hundred bytes: a client name, one to six redirect
 * URIs (VS Code registers six: its two web redirects and loopback ones with and without its port), the grant and
 * response types, the client authentication method, perhaps a scope and the client's URLs (the official SDK's
 * metadata has a dozen such fields). The bounds leave them ten times that room. For comparison, Microsoft Entra ID
 * allows redirect URIs of 256 characters.
 */

export const REGISTRATION_BOUNDS = {
  /** Bytes of the whole request body. */
  bodyBytes: 8 * 1024,
  /** Entries of `redirect_uris`. */
  redirectUris: 10,
  /** Characters of one redirect URI. */
  redirectUriLength: 512,
} as const;

const SHOWN_LENGTH = 200;

/** The refusal of a body over `bodyBytes` (whether or not it declared its length). */
export const REGISTRATION_TOO_LARGE = `the registration request is larger than ${REGISTRATION_BOUNDS.bodyBytes / 1024} KiB (${REGISTRATION_BOUNDS.bodyBytes} bytes), the most this server accepts; send only the client metadata this server needs (RFC 7591)`;

/** What is wrong with the number of redirect URIs, or undefined. */
export function redirectUriCountProblem(uris: readonly unknown[]): string | undefined {
  return uris.length > REGISTRATION_BOUNDS.redirectUris
    ? `redirect_uris lists ${uris.length} URIs; at most ${REGISTRATION_BOUNDS.redirectUris} are allowed`
    : undefined;
}

/** What is wrong with the length of one redirect URI, or undefined. */
export function redirectUriLengthProblem(uri: string): string | undefined {
  if (uri.length <= REGISTRATION_BOUNDS.redirectUriLength) return undefined;
  return `redirect_uri ${uri.slice(0, SHOWN_LENGTH)}… is ${uri.length} characters long; at most ${REGISTRATION_BOUNDS.redirectUriLength} are allowed`;
}

/**
 * The largest registration the bounds accept, as its JSON body of exactly `bodyBytes` bytes: as many redirect URIs
 * as allowed, each as long as allowed, and a client name filling the rest (the store-growth benchmark sends it).
 */
export function largestRegistration(): string {
  const redirectUris = Array.from({ length: REGISTRATION_BOUNDS.redirectUris }, (_, i) => {
    const head = `https://client-${i}.example/oauth/callback/`;
    return `${head}${'x'.repeat(REGISTRATION_BOUNDS.redirectUriLength - head.length)}`;
  });
  const metadata = {
    client_name: '',
    redirect_uris: redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  const room = REGISTRATION_BOUNDS.bodyBytes - Buffer.byteLength(JSON.stringify(metadata));
  return JSON.stringify({ ...metadata, client_name: 'n'.repeat(room) });
}
