/** The report's only stylesheet, inlined: system fonts, readable tables, a fixed plot height for Chart.js to fill. */
export const REPORT_STYLES = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --rule: #d0d7de; --band: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 1.5rem; font: 15px/1.5 system-ui, -apple-system, "Segoe UI",
sans-serif; color: var(--ink); }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 .5rem; border-bottom: 1px solid var(--rule); padding-bottom: .25rem; }
h3 { font-size: 1.1rem; margin: 0; }
.generated, figcaption p, .notes, .left-out { color: var(--muted); }
.context { margin: 1rem 0; }
table.run-header { border-collapse: collapse; margin: .5rem 0; font-size: .9rem; }
table.run-header caption { text-align: left; color: var(--muted); padding-bottom: .25rem; }
table.run-header th, table.run-header td { border: 1px solid var(--rule); padding: .2rem .6rem; text-align: left;
vertical-align: top; }
table.run-header th { background: var(--band); white-space: nowrap; }
table.run-header td { overflow-wrap: anywhere; }
.context pre { font-size: .8rem; overflow-x: auto; background: var(--band); padding: .5rem; }
.plot-with-words { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.plot-with-words .plot { flex: 3 1 36rem; }
.plot-with-words .beside { flex: 2 1 18rem; margin: 0; padding-left: 1.2rem; }
nav ul { columns: 2; padding-left: 1.2rem; }
figure.chart { margin: 1.5rem 0 2.5rem; }
figcaption { margin-bottom: .5rem; }
.plot { position: relative; height: 440px; }
table.numbers { border-collapse: collapse; margin-top: 1rem; font-size: .85rem; font-variant-numeric: tabular-nums; }
table.numbers caption { text-align: left; color: var(--muted); padding-bottom: .25rem; }
table.numbers th, table.numbers td { border: 1px solid var(--rule); padding: .2rem .5rem; text-align: left;
vertical-align: top; }
table.numbers th { background: var(--band); }
table.numbers .num { text-align: right; white-space: nowrap; }
.table-scroll { overflow-x: auto; max-height: 32rem; overflow-y: auto; }
.left-out { font-style: italic; }
.section-block { margin: 1rem 0 2rem; }
`;
