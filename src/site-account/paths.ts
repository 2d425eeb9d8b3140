/**
 * The paths the app forwards to the account stack for the account pages. Apart from mount.ts so that app.ts can
 * route them without importing the pages, which load with the account stack after the server listens.
 */
export const SITE_ACCOUNT_PATTERNS = ['/account', '/account/*'] as const;
