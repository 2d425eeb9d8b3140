/**
 * The site script, loaded by every page of the website (one same-origin file, /site/webmcp.js): the in-page WebMCP
 * tools, and on a calculator page the chart of its result.
 */
import './site.css';
import { drawCalculatorChart } from './chart.js';
import { registerWebsiteTools } from './webmcp.js';

registerWebsiteTools();
drawCalculatorChart();
