/** Addresses the site script and the server agree on (the script imports this file; it imports nothing). */
export const SEARCH_ROUTE = '/site/tools/search_database';
export const GUIDE_PATH = '/guide';
export const SITE_SCRIPT_ROUTE = '/site/webmcp.js';
export const CHART_DATA_ID = 'cost-chart-data';
