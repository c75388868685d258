// The report page's own script: reads the embedded JSON and draws the Chart.js charts that have data (no animation, no network).
/* The text below runs in the browser, not in Node: plain ES2017, Chart.js's global `Chart`. */
export const REPORT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var palette = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
  var colour = function (i) { return palette[i % palette.length]; };
  var base = { animation: false, responsive: false, plugins: { legend: { position: 'bottom' } } };
  var drawn = 0;
  // A chart without data has no canvas (report-html.ts decides): it is not drawn at all.
  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) return;
    new Chart(canvas, Object.assign({}, config, { options: Object.assign({}, base, config.options) }));
    drawn++;
  }

  var decimals = data.bucketMs >= 1000 ? 0 : data.bucketMs >= 100 ? 1 : data.bucketMs >= 10 ? 2 : 3;
  var seconds = data.bucketStartsMs.map(function (ms) { return '+' + (ms / 1000).toFixed(decimals) + ' s'; });
  var requestSets = [];
  data.hosts.forEach(function (h, i) {
    requestSets.push({ type: 'line', label: h.host, data: h.requests, borderColor: colour(i), backgroundColor: colour(i), tension: 0, pointRadius: 2 });
    if (h.throttled.some(function (n) { return n > 0; })) {
      requestSets.push({ type: 'line', label: h.host + ' 429', data: h.throttled.map(function (n) { return n > 0 ? n : null; }),
        showLine: false, pointStyle: 'crossRot', pointRadius: 9, pointBorderWidth: 3, borderColor: '#d62728', backgroundColor: '#d62728' });
    }
  });
  // Breaker openings sit on their host's line at the bucket they happened in; closings likewise.
  var markers = [
    { kinds: ['breaker/opened', 'breaker/reopened'], label: 'breaker opened', style: 'triangle', colour: '#000000' },
    { kinds: ['breaker/closed'], label: 'breaker closed', style: 'rectRot', colour: '#2ca02c' }
  ];
  data.hosts.forEach(function (h) {
    markers.forEach(function (m) {
      var points = h.requests.map(function () { return null; });
      var any = false;
      data.events.forEach(function (e) {
        if (e.host === h.host && m.kinds.indexOf(e.kind) >= 0) { points[e.bucket] = h.requests[e.bucket]; any = true; }
      });
      if (any) requestSets.push({ type: 'line', label: h.host + ' ' + m.label, data: points, showLine: false, pointStyle: m.style,
        pointRadius: 10, pointBorderWidth: 2, borderColor: m.colour, backgroundColor: m.colour });
    });
  });
  chart('chart-requests', { type: 'line', data: { labels: seconds, datasets: requestSets },
    options: { scales: { x: { title: { display: true, text: 'time since the first fetch (buckets of ' + data.bucketMs + ' ms)' } },
      y: { beginAtZero: true, title: { display: true, text: 'requests' } } } } });

  chart('chart-latency', { type: 'bar', data: { labels: data.latencyLabels,
    datasets: data.hosts.map(function (h, i) { return { label: h.host, data: h.latency, backgroundColor: colour(i) }; }) },
    options: { scales: { x: { title: { display: true, text: 'fetch duration' } }, y: { beginAtZero: true, title: { display: true, text: 'fetches' } } } } });

  var priced = data.itemsOverTime.priced, unpriced = data.itemsOverTime.unpriced;
  var rate = priced.map(function (p, i) { var all = p + unpriced[i]; return all > 0 ? Math.round(10000 * unpriced[i] / all) / 100 : null; });
  var alarmPoints = rate.map(function () { return null; });
  data.events.forEach(function (e) { if (e.kind === 'alarm/null-price') alarmPoints[e.bucket] = rate[e.bucket] === null ? 0 : rate[e.bucket]; });
  chart('chart-null-price', { type: 'bar', data: { labels: seconds, datasets: [
      { type: 'line', label: 'without a valid price (%)', data: rate, yAxisID: 'rate', borderColor: '#d62728', backgroundColor: '#d62728', spanGaps: true, tension: 0, pointRadius: 2 },
      { type: 'line', label: 'null-price alarm', data: alarmPoints, yAxisID: 'rate', showLine: false, pointStyle: 'star', pointRadius: 12, pointBorderWidth: 3, borderColor: '#000000', backgroundColor: '#000000' },
      { label: 'items priced', data: priced, backgroundColor: '#9ecae1', stack: 'items' },
      { label: 'items unpriced', data: unpriced, backgroundColor: '#fc9272', stack: 'items' }] },
    options: { scales: { x: { stacked: true, title: { display: true, text: 'time since the first fetch (buckets of ' + data.bucketMs + ' ms)' } },
      y: { stacked: true, beginAtZero: true, title: { display: true, text: 'items' } },
      rate: { position: 'right', min: 0, max: 100, grid: { drawOnChartArea: false }, title: { display: true, text: '% without a valid price' } } } } });

  var dropped = Object.keys(data.items.dropped).sort();
  chart('chart-items', { type: 'bar', data: { labels: ['scraped', 'written'].concat(dropped.map(function (r) { return 'dropped: ' + r; })),
    datasets: [{ label: 'items', data: [data.items.scraped, data.items.written].concat(dropped.map(function (r) { return data.items.dropped[r]; })),
      backgroundColor: ['#1f77b4', '#2ca02c'].concat(dropped.map(function () { return '#d62728'; })) }] },
    options: { plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true } } } });

  var comparable = data.changes.filter(function (c) { return c.percent !== null; });
  chart('chart-changes', { type: 'bar', data: { labels: comparable.map(function (c) { return c.sku; }),
    datasets: [{ label: 'price change %', data: comparable.map(function (c) { return Number(c.percent); }),
      backgroundColor: comparable.map(function (c) { return Number(c.percent) < 0 ? '#2ca02c' : '#d62728'; }) }] },
    options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { title: { display: true, text: 'change in % of the previous price' } } } } });

  document.body.setAttribute('data-charts-drawn', String(drawn));
})();
`;
