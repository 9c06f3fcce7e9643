import { chartLibraryVersion } from '@app/report';

/** Where the page's two scripts are served; both same-origin, so the page works offline and reaches no CDN. */
export const CHART_SCRIPT_PATH = '/assets/chart.umd.min.js';
export const PAGE_SCRIPT_PATH = '/assets/page.js';

/**
 * Only this origin, for scripts, fetches and images; inline styles for the <style> block and Chart.js's canvas
 * sizing. A stray external URL would fail loudly in the console instead of leaking a request.
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src " +
  "'self'; base-uri 'none'; form-action 'self'";

const STYLE = `
  body {
    font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 70rem; padding: 1rem 1.5rem; color: #1d232b;
  }
  h1 { margin-bottom: 0.2rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d0d7de; }
  table { border-collapse: collapse; margin: 0.6rem 0; font-size: 14px; }
  th, td { border: 1px solid #d0d7de; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
  code { font-size: 13px; } form label { display: inline-block; margin: 0.3rem 1rem 0.3rem 0; }
  input[type=number] { width: 8rem; } fieldset { margin: 0.5rem 0; } fieldset label { margin-right: 0.8rem; }
  #error { color: #a40e26; background: #ffebe9; padding: 0.5rem; border-radius: 4px; }
  .chart { position: relative; height: 320px; max-width: 60rem; }
  #variants label { display: block; margin: 0.15rem 0; } #variants .changes { color: #57606a; font-size: 13px; }
  .why { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
  .why .chart { flex: 3 1 32rem; } .why ul { flex: 2 1 18rem; margin: 0; padding-left: 1.2rem; }
  #apart { padding-left: 1.2rem; } #phase-notes { color: #57606a; }
`;

/** The page: static markup only; everything from the API is inserted by page.js with textContent. */
export function pageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<!-- No favicon request: an empty icon instead of a 404 in the console. -->
<link rel="icon" href="data:,">
<title>wirebench: JSON over HTTP vs gRPC</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>wirebench</h1>
  <p>JSON over HTTP against gRPC, measured on this machine.
  The same list as JSON: <a href="/client"><code>GET /client</code></a>.</p>
</header>
<main>
  <section id="compare">
    <h2>Run one comparison</h2>
    <!-- novalidate: the API checks every value and its message is the one shown;
         min and max only guide the spinners. -->
    <form id="compare-form" novalidate>
      <label>rows per request <input name="rows" type="number" value="1000"></label>
      <label>requests per run <input name="requests" type="number" value="1"></label>
      <label>concurrency <input name="concurrency" type="number" placeholder="all at once"></label>
      <label>measured runs <input name="runs" type="number" value="3"></label>
      <label>warm-up runs <input name="warmup" type="number" value="0"></label>
      <!-- Filled from the shapes registry (GET /client's shapes), the default selected. -->
      <label>message shape <select name="shape" id="shape"></select></label>
      <fieldset id="variants">
        <legend>variants (runs interleaved), each with what it changes from its baseline</legend>
      </fieldset>
      <label><input name="save" type="checkbox" value="1"> save the runs (client-endpoints CSVs)</label>
      <p>
        <button type="submit" id="run">Run comparison</button> <button type="button" id="cancel" hidden>Cancel</button>
      </p>
    </form>
    <p id="status" role="status"></p>
    <p id="error" role="alert" hidden></p>
    <div id="result" hidden>
      <div class="chart">
        <canvas id="chart" aria-label="median, p90 and p99 time per run for each variant" role="img"></canvas>
      </div>
      <table id="result-table">
        <caption>Time per run, by variant</caption>
        <thead><tr>
          <th>variant</th><th>rows/request</th><th>requests</th><th>runs</th>
          <th>median ms</th><th>p90 ms</th><th>p99 ms</th><th>verified</th>
        </tr></thead>
        <tbody></tbody>
      </table>
      <table id="versus-table">
        <caption>Each variant against its baseline (ratio of medians; below 1: the variant took less time)</caption>
        <thead><tr>
          <th>variant</th><th>against</th><th>factor</th><th>median ratio</th><th>95% CI</th><th>faster</th>
          <th>distinguishable</th>
        </tr></thead>
        <tbody></tbody>
      </table>
      <h3>Can the runs tell them apart?</h3>
      <ul id="apart"></ul>
      <h3>Where the time went</h3>
      <p>Each variant's median run, the time its verdict compares (a request's, or a parallel batch's wall time),
      cut into the parts its last request to finish lived, each moment in one part: its wait to be sent (queue), the
      server generating, serializing (and compressing) the rows, the rest of the wait for the first byte, the transfer,
      the client decoding, the client library's plumbing
      (other), and what no reported phase covers.</p>
      <div class="why">
        <div class="chart">
          <canvas id="phase-chart" aria-label="where each variant's request time went, by phase" role="img"></canvas>
        </div>
        <ul id="why-sentences"></ul>
      </div>
      <p id="phase-notes"></p>
    </div>
  </section>
  <section id="saved">
    <h2>Saved runs</h2>
    <!-- Shown once the list has come, and only with rows in it. -->
    <table id="saved-runs" hidden>
      <thead><tr><th>run</th><th>kind</th><th>preset</th><th>label</th><th>started</th><th>files</th></tr></thead>
      <tbody></tbody>
    </table>
    <p id="saved-empty" hidden>No saved runs yet: <code>npm run bench</code>, or tick "save" above.</p>
  </section>
  <section id="endpoints">
    <h2>Endpoints</h2>
    <table id="endpoint-list">
      <thead><tr><th>method</th><th>path</th><th>what it does</th><th>query parameters</th><th>example</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>
</main>
<script src="${CHART_SCRIPT_PATH}?v=${chartLibraryVersion()}"></script>
<script src="${PAGE_SCRIPT_PATH}"></script>
</body>
</html>
`;
}
