export { chartLibrarySource, chartLibraryVersion } from './chart-library';
export { printReportHtml } from './report-html.printer';
