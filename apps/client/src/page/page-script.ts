/**
 * The page's script, served as is from /assets/page.js (plain browser JS: no build step, and a .ts constant so
 * `nest build` carries it into dist/). Everything from the API goes into the DOM through textContent or
 * setAttribute, never as markup. Written without template literals, which this constant itself is.
 */
export const PAGE_SCRIPT = `'use strict';
(function () {
  var byId = function (id) { return document.getElementById(id); };
  var form = byId('compare-form');
  var chart = null;
  var phaseChart = null;
  var running = null;

  // An element with text (never parsed as HTML) and attributes.
  function el(tag, text, attributes) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    return node;
  }

  function addRow(tbody, cells) {
    var tr = document.createElement('tr');
    cells.forEach(function (cell) { tr.appendChild(cell instanceof Node ? wrap(cell) : el('td', cell)); });
    tbody.appendChild(tr);
  }

  function wrap(node) {
    if (node.tagName === 'TD') return node;
    var td = document.createElement('td');
    td.appendChild(node);
    return td;
  }

  // Numbers as the reply has them: the client already rounds them to what their precision supports.
  function shown(value) {
    return typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : '';
  }
  function num(value) { return el('td', shown(value), { class: 'num' }); }

  function clear(tbody) { while (tbody.firstChild) tbody.removeChild(tbody.firstChild); }

  function getJson(url, init) {
    return fetch(url, init).then(function (response) {
      return response.json()
        .catch(function () { return null; })
        .then(function (body) { return { response: response, body: body }; });
    });
  }

  function renderEndpoints(endpoints) {
    var tbody = byId('endpoint-list').tBodies[0];
    clear(tbody);
    endpoints.forEach(function (e) {
      var path = el('td');
      path.appendChild(el('code', e.path));
      if (e.aliases.length) path.appendChild(el('div', 'also ' + e.aliases.join(', ')));
      // No link where no call would work yet (a saved file before anything is saved): the API says why instead.
      var example = e.exampleUrl === null
        ? el('td', e.exampleNote)
        : el('a', e.exampleUrl, { href: new URL(e.exampleUrl).pathname + new URL(e.exampleUrl).search });
      addRow(tbody, [e.method, path, e.summary, e.queryParameters.join(', '), example]);
    });
  }

  function renderVariants(variants) {
    var fieldset = byId('variants');
    variants.forEach(function (v) {
      var box = el('input', null, { type: 'checkbox', name: 'variants', value: v.name });
      box.checked = v.name === 'json' || v.name === 'grpc';
      var label = el('label');
      label.appendChild(box);
      label.appendChild(el('code', v.name));
      // What the variant changes, from the variant registry (GET /client): the one description tables and docs use too.
      label.appendChild(el('span', ' ' + (v.factor ? v.factor + ': ' : '') + v.changes, { class: 'changes' }));
      fieldset.appendChild(label);
    });
  }

  function renderShapes(shapes) {
    var select = byId('shape');
    shapes.forEach(function (s) {
      // Name and what it is, from the shapes registry (GET /client), as --help and docs/shapes.md describe it.
      var option = el('option', s.name + ': ' + s.description, { value: s.name });
      option.selected = s.isDefault;
      if (s.isDefault) option.setAttribute('data-default', 'true');
      select.appendChild(option);
    });
  }

  function applyRanges(ranges) {
    Object.keys(ranges).forEach(function (name) {
      var input = form.elements.namedItem(name);
      if (!input) return;
      input.min = String(ranges[name].min);
      input.max = String(ranges[name].max);
    });
  }

  function renderSavedRuns(runs) {
    var tbody = byId('saved-runs').tBodies[0];
    clear(tbody);
    // A sentence instead of a table with a header and no rows.
    byId('saved-empty').hidden = runs.length > 0;
    byId('saved-runs').hidden = runs.length === 0;
    runs.forEach(function (run) {
      var files = el('td');
      ['report.html', 'summary.csv', 'runs.csv', 'levels.csv'].forEach(function (name) {
        if (!run.files[name]) return;
        var link = el('a', name, { href: run.files[name] });
        if (name === 'report.html') link.setAttribute('target', '_blank');
        files.appendChild(link);
        files.appendChild(document.createTextNode(' '));
      });
      if (run.error) files.appendChild(el('div', run.error));
      addRow(tbody, [
        el('code', run.id), run.kind || '', run.preset || '', run.label || '', run.startedAt || '', files,
      ]);
    });
  }

  function loadSavedRuns() {
    return getJson('/client/results').then(function (r) { if (r.response.ok) renderSavedRuns(r.body); });
  }

  // The index again after a save: the saved-file example links a file only once one exists.
  function loadEndpoints() {
    return getJson('/client').then(function (r) { if (r.response.ok) renderEndpoints(r.body.endpoints); });
  }

  function showError(text) {
    var error = byId('error');
    error.textContent = text;
    error.hidden = false;
  }

  function drawChart(results) {
    if (chart) chart.destroy();
    var stat = function (key) { return results.map(function (r) { return r.stats[key]; }); };
    chart = new Chart(byId('chart'), {
      type: 'bar',
      data: {
        labels: results.map(function (r) { return r.variant; }),
        datasets: [
          { label: 'median', data: stat('medianMs'), backgroundColor: '#2f6fb3' },
          { label: 'p90', data: stat('p90Ms'), backgroundColor: '#e8a33d' },
          { label: 'p99', data: stat('p99Ms'), backgroundColor: '#c4453c' },
        ],
      },
      options: {
        // Drawn at once: the numbers are the point, and a screenshot taken right after shows them.
        animation: false,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: true, position: 'top' },
          title: { display: true, text: 'Time per run by variant (lower is faster)' },
        },
        scales: {
          x: { title: { display: true, text: 'variant' } },
          y: { beginAtZero: true, title: { display: true, text: 'time per run (ms)' } },
        },
      },
    });
  }

  // The stacked bars come from the API (why.phases: one layer per phase, never negative), drawn as they are.
  function drawPhases(phases) {
    if (phaseChart) phaseChart.destroy();
    phaseChart = new Chart(byId('phase-chart'), {
      type: 'bar',
      data: {
        labels: phases.bars,
        datasets: phases.layers.map(function (layer) {
          return { label: layer.name, data: layer.values, backgroundColor: layer.color };
        }),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: true, position: 'top' },
          title: { display: true, text: 'Where the time went (ms per request)' },
        },
        scales: {
          x: { stacked: true, title: { display: true, text: 'variant' } },
          y: { stacked: true, beginAtZero: true, title: { display: true, text: 'ms per request' } },
        },
      },
    });
  }

  function fillList(list, lines) {
    clear(list);
    lines.forEach(function (line) { list.appendChild(el('li', line)); });
  }

  function showWhy(why) {
    fillList(byId('apart'), why.apart.length ? why.apart : ['One variant alone: nothing to compare it with.']);
    fillList(byId('why-sentences'), why.sentences);
    drawPhases(why.phases);
    byId('phase-notes').textContent = why.phases.notes.join(' ');
  }

  function showResult(reply) {
    byId('result').hidden = false;
    drawChart(reply.results);
    var results = byId('result-table').tBodies[0];
    clear(results);
    reply.results.forEach(function (r) {
      addRow(results, [
        r.variant, num(r.rowsPerRequest), num(r.requests), num(r.stats.n),
        num(r.stats.medianMs), num(r.stats.p90Ms), num(r.stats.p99Ms), r.verified ? 'yes' : 'no',
      ]);
    });
    var versus = byId('versus-table').tBodies[0];
    clear(versus);
    reply.versus.forEach(function (v) {
      var ci = v.ratioCi ? shown(v.ratioCi.low) + ' – ' + shown(v.ratioCi.high) : '';
      addRow(versus, [
        v.variant, v.against, v.factor || '', num(v.medianRatio), el('td', ci, { class: 'num' }),
        v.tooFewRuns ? 'too few runs' : v.faster, v.distinguishable ? 'yes' : 'no',
      ]);
    });
    if (reply.why) showWhy(reply.why);
  }

  function compareQuery() {
    var data = new FormData(form);
    var query = new URLSearchParams();
    ['rows', 'requests', 'concurrency', 'runs', 'warmup'].forEach(function (name) {
      var value = String(data.get(name) || '').trim();
      if (value !== '') query.set(name, value);
    });
    // Always sent, even empty, so the reply has one shape and no variant ticked is the API's 400, not a default.
    query.set('variants', data.getAll('variants').join(','));
    // The default shape is what a call without ?shape= gets, so its URL stays the one it always was.
    var shape = byId('shape').selectedOptions[0];
    if (shape && !shape.hasAttribute('data-default')) query.set('shape', shape.value);
    if (data.get('save')) query.set('save', '1');
    return query;
  }

  function describe(query) {
    var variants = query.get('variants').split(',').filter(Boolean);
    var runs = query.get('runs') || 'default';
    return variants.length + (variants.length === 1 ? ' variant (' : ' variants (') + variants.join(', ') + ') × ' +
      runs + (runs === '1' ? ' run' : ' runs') + (variants.length > 1 ? ', runs interleaved' : '') +
      (query.get('shape') ? ', ' + query.get('shape') + ' rows' : '');
  }

  var compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  var PHASE_WORDS = { warmup: 'warm-up run', measure: 'run', wire: 'wire pass' };

  // Where the engine is in this call (GET /client/progress), e.g. "grpc-stream run 2/5, 1.2M of 5M rows"; a
  // one-message reply counts only once it is in whole, so those say how many replies are in.
  function progressText(p) {
    var where = p.phase === 'wire' ? PHASE_WORDS.wire : PHASE_WORDS[p.phase] + ' ' + p.run + '/' + p.of;
    if (!p.streamed) {
      return p.variant + ' ' + where + ', ' + p.repliesSoFar + ' of ' + p.requestsPerRun + ' replies in whole';
    }
    return p.variant + ' ' + where + ', ' + compact.format(p.rowsSoFar) + ' of ' + compact.format(p.rowsPerRun) +
      ' rows';
  }

  // Polls GET /client/progress for the call at url (as the client names it: method, then path and query) until stopped.
  function followProgress(url, onProgress) {
    var pending = false;
    var timer = setInterval(function () {
      if (pending) return;
      pending = true;
      getJson('/client/progress')
        .then(function (r) {
          var mine = r.response.ok && r.body.calls.filter(function (c) { return c.call === 'GET ' + url; })[0];
          if (mine && mine.progress) onProgress(progressText(mine.progress));
        })
        .catch(function () { /* the next poll tries again; the comparison's own reply says what went wrong */ })
        .finally(function () { pending = false; });
    }, 1000);
    return function () { clearInterval(timer); };
  }

  function runComparison(event) {
    event.preventDefault();
    if (running) return;
    var query = compareQuery();
    var what = describe(query);
    var status = byId('status');
    var started = performance.now();
    var seconds = function () { return ((performance.now() - started) / 1000).toFixed(1); };
    var now = '';
    var tick = function () {
      status.textContent = 'Running ' + what + ': ' + seconds() + ' s elapsed' + (now ? '; now ' + now : '');
    };
    var url = '/client/compare?' + query;
    running = new AbortController();
    byId('error').hidden = true;
    // The last result belongs to other parameters: never left under this call's error or status.
    byId('result').hidden = true;
    byId('run').disabled = true;
    byId('cancel').hidden = false;
    tick();
    var timer = setInterval(tick, 100);
    var stopProgress = followProgress(url, function (text) { now = text; });
    getJson(url, { signal: running.signal })
      .then(function (r) {
        if (r.response.ok) {
          status.textContent = 'Done: ' + what + ' in ' + seconds() + ' s.';
          showResult(r.body);
          if (query.get('save')) loadSavedRuns().then(loadEndpoints);
        } else {
          status.textContent = 'The API refused or failed (HTTP ' + r.response.status + ') after ' + seconds() + ' s.';
          showError(r.body && r.body.message ? r.body.message : 'HTTP ' + r.response.status);
        }
      })
      .catch(function (error) {
        // Closing the request is the cancel: the client app stops the measurement when its caller leaves.
        if (error.name === 'AbortError') {
          status.textContent = 'Cancelled after ' + seconds() + ' s; the measurement stops on the server.';
        }
        else showError(String(error.message || error));
      })
      .finally(function () {
        clearInterval(timer);
        stopProgress();
        running = null;
        byId('run').disabled = false;
        byId('cancel').hidden = true;
      });
  }

  form.addEventListener('submit', runComparison);
  byId('cancel').addEventListener('click', function () { if (running) running.abort(); });

  getJson('/client').then(function (r) {
    renderEndpoints(r.body.endpoints);
    renderVariants(r.body.variants);
    renderShapes(r.body.shapes);
    applyRanges(r.body.ranges);
    document.body.setAttribute('data-ready', 'true');
  }).catch(function (error) { showError('Cannot read the endpoint index: ' + error.message); });
  loadSavedRuns();
})();
`;
