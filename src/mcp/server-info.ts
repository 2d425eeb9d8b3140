/**
 * Who this server is, as `initialize`, /health and the MCP Apps views (their appInfo) say it: the catalogue's
 * catalog/server.yaml. Imports only generated/server-info.ts, which imports nothing: the views bundle this file for
 * the browser and must not pull in anything else of the server.
 */
export { SERVER_NAME, SERVER_TITLE, SERVER_VERSION } from '../../generated/server-info.js';
