// Draws the Usage page's charts with uPlot (served by Ginko from node_modules/uplot) from the
// JSON the page carries; the same numbers are in the page's tables.
(() => {
  const source = document.getElementById('usage-data');
  if (!source || typeof uPlot === 'undefined') return;
  const data = JSON.parse(source.textContent);
  const colors = { search: '#0b5cad', history: '#1a7f37', resolve: '#8250df', export: '#bc4c00', watch: '#0a7d8c', '2xx': '#1a7f37', '4xx': '#bc4c00', 429: '#8250df', '5xx': '#b42318' };
  // Series in the page's order (object keys would put "429" first).
  const draw = (id, slots, seriesByName, names, daily) => {
    const target = document.getElementById(id);
    if (!target) return;
    // Days are JST calendar days: placed at UTC midnight of that date and labelled in UTC, so a
    // day reads as its own date wherever the browser is. Minutes are shown in local time.
    const xs = slots.map((s) => Date.parse(daily ? s + 'T00:00:00Z' : s + ':00Z') / 1000);
    const width = () => Math.max(260, target.clientWidth || 300);
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        scales: { x: { time: true } },
        ...(daily ? { tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') } : {}),
        axes: [{}, { size: 50 }],
        series: [{}, ...names.map((name) => ({ label: name, stroke: colors[name], width: 2, points: { show: daily } }))],
      },
      [xs, ...names.map((n) => seriesByName[n])],
      target,
    );
    new ResizeObserver(() => chart.setSize({ width: width(), height: 220 })).observe(target);
  };
  draw('chart-daily-api', data.daily.slots, data.daily.byApi, data.apis, true);
  draw('chart-daily-outcome', data.daily.slots, data.daily.byOutcome, data.outcomes, true);
  draw('chart-minutes-api', data.minutes.slots, data.minutes.byApi, data.apis, false);
  draw('chart-minutes-outcome', data.minutes.slots, data.minutes.byOutcome, data.outcomes, false);
})();
