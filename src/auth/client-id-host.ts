/**
 * The host of a Client ID Metadata Document URL, for the sign-in pages. Free of imports: the interaction routes use
 * it, and they must not load oidc-provider before the account stack starts (client-metadata-documents.ts does).
 */
export function clientIdHost(clientId: string): string | undefined {
  if (!clientId.startsWith('https://')) return undefined;
  return URL.parse(clientId)?.host || undefined;
}
