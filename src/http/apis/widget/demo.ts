/**
 * The page at /widgets/demo: the widget against this server. The key comes from `?apiKey=` in
 * the page's URL or is typed in; the page never holds one of its own.
 */
export const DEMO_PAGE = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bank-branch-selector demo · Ginko</title>
<script type="module" src="/widgets/bank-branch-selector/v1/bank-branch-selector.js"></script>
<style>
  body { font-family: system-ui, sans-serif; max-width: 42em; margin: 2em auto; padding: 0 1em; line-height: 1.5; }
  bank-branch-selector { --bbs-accent: #0b57d0; margin: 1em 0; }
  bank-branch-selector::part(option) { border-bottom: 1px solid #eee; }
  .controls { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: center; }
  pre { background: #f4f4f4; padding: .8em; white-space: pre-wrap; }
  button { font: inherit; padding: .4em 1.2em; }
</style>
</head>
<body>
<h1>&lt;bank-branch-selector&gt;</h1>
<p>金融機関を名前・かな・カナで探し、続けて支店を選びます。Pick a bank, then one of its branches.</p>
<div class="controls">
  <label>API key <input id="key" size="42" autocomplete="off" spellcheck="false"></label>
  <label><input type="checkbox" id="english"> English</label>
</div>
<form id="form">
  <bank-branch-selector id="selector" name="payee" required></bank-branch-selector>
  <button type="submit">送信 / Submit</button>
</form>
<h2>change event</h2>
<pre id="changed">—</pre>
<h2>form data</h2>
<pre id="submitted">—</pre>
<script type="module">
  const selector = document.getElementById('selector');
  const key = document.getElementById('key');
  key.value = new URLSearchParams(location.search).get('apiKey') ?? '';
  selector.apiKey = key.value.trim();
  key.addEventListener('input', () => { selector.apiKey = key.value.trim(); });
  document.getElementById('english').addEventListener('change', (e) => {
    if (e.target.checked) selector.setAttribute('lang', 'en'); else selector.removeAttribute('lang');
  });
  selector.addEventListener('change', (e) => { document.getElementById('changed').textContent = JSON.stringify(e.detail); });
  document.getElementById('form').addEventListener('submit', (e) => {
    e.preventDefault();
    document.getElementById('submitted').textContent = JSON.stringify(Object.fromEntries(new FormData(e.target)));
  });
</script>
</body>
</html>
`;
