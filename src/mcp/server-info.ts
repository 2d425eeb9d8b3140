/**
 * Who this server is, as `initialize`, /health and the MCP Apps views (their appInfo) say it. Free of imports:
 * the views bundle this file for the browser and must not pull in anything else of the server.
 */
export const SERVER_NAME = 'kingshot-mcp';
export const SERVER_TITLE = 'Kingshot Companion';
export const SERVER_VERSION = '1.0.0';
