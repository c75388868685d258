// The report page's own script: reads the embedded JSON and draws the four Chart.js charts (no animation, no network).
/* The text below runs in the browser, not in Node: plain ES2017, Chart.js's global `Chart`. */
export const REPORT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var palette = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
  var colour = function (i) { return palette[i % palette.length]; };
  var base = { animation: false, responsive: false, plugins: { legend: { position: 'bottom' } } };
  var drawn = 0;
  function chart(id, config) {
    var canvas = document.getElementById(id);
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
  chart('chart-requests', { type: 'line', data: { labels: seconds, datasets: requestSets },
    options: { scales: { x: { title: { display: true, text: 'time since the first fetch (buckets of ' + data.bucketMs + ' ms)' } },
      y: { beginAtZero: true, title: { display: true, text: 'requests' } } } } });

  chart('chart-latency', { type: 'bar', data: { labels: data.latencyLabels,
    datasets: data.hosts.map(function (h, i) { return { label: h.host, data: h.latency, backgroundColor: colour(i) }; }) },
    options: { scales: { x: { title: { display: true, text: 'fetch duration' } }, y: { beginAtZero: true, title: { display: true, text: 'fetches' } } } } });

  var dropped = Object.keys(data.items.dropped).sort();
  chart('chart-items', { type: 'bar', data: { labels: ['scraped', 'written'].concat(dropped.map(function (r) { return 'dropped: ' + r; })),
    datasets: [{ label: 'items', data: [data.items.scraped, data.items.written].concat(dropped.map(function (r) { return data.items.dropped[r]; })),
      backgroundColor: ['#1f77b4', '#2ca02c'].concat(dropped.map(function () { return '#d62728'; })) }] },
    options: { plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true } } } });

  var priced = data.changes.filter(function (c) { return c.percent !== null; });
  chart('chart-changes', { type: 'bar', data: { labels: priced.map(function (c) { return c.sku; }),
    datasets: [{ label: 'price change %', data: priced.map(function (c) { return Number(c.percent); }),
      backgroundColor: priced.map(function (c) { return Number(c.percent) < 0 ? '#2ca02c' : '#d62728'; }) }] },
    options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { title: { display: true, text: 'change in % of the previous price' } } } } });

  document.body.setAttribute('data-charts-drawn', String(drawn));
})();
`;
