// Draws the Usage page's charts with uPlot (served by Ginko from node_modules/uplot) from the
// JSON the page carries; the same numbers are in the page's tables.
(() => {
  const source = document.getElementById('usage-data');
  if (!source || typeof uPlot === 'undefined') return;
  const data = JSON.parse(source.textContent);
  const colors = ['#0b5cad', '#1a7f37', '#8250df', '#bc4c00', '#b42318'];
  const draw = (id, slots, seriesByName, daily) => {
    const target = document.getElementById(id);
    if (!target) return;
    const names = Object.keys(seriesByName);
    const xs = slots.map((s) => Date.parse(daily ? s + 'T00:00:00+09:00' : s + ':00Z') / 1000);
    const width = () => Math.max(260, target.clientWidth || 300);
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        scales: { x: { time: true } },
        axes: [{}, { size: 50 }],
        series: [{}, ...names.map((name, i) => ({ label: name, stroke: colors[i % colors.length], width: 2, points: { show: daily } }))],
      },
      [xs, ...names.map((n) => seriesByName[n])],
      target,
    );
    new ResizeObserver(() => chart.setSize({ width: width(), height: 220 })).observe(target);
  };
  draw('chart-daily-api', data.daily.slots, data.daily.byApi, true);
  draw('chart-daily-outcome', data.daily.slots, data.daily.byOutcome, true);
  draw('chart-minutes-api', data.minutes.slots, data.minutes.byApi, false);
  draw('chart-minutes-outcome', data.minutes.slots, data.minutes.byOutcome, false);
})();
