// @ts-check
/**
 * <bank-branch-selector>: pick a bank, then one of its branches, on any page (docs/widget.md).
 * One self-contained ES module, no dependencies: two WAI-ARIA comboboxes over Ginko's freeword
 * search, a `change` event, properties, and form fields through ElementInternals.
 */

const TEXT = {
  ja: {
    bank: '金融機関',
    branch: '支店',
    bankPlaceholder: '銀行名・かな・カナで検索',
    branchPlaceholder: '支店名・かなで検索',
    chooseBankFirst: '先に金融機関を選んでください',
    noResults: '見つかりません',
    loading: '検索中…',
    network: 'サーバーに接続できません。通信環境を確認してください。',
    unauthorized: 'APIキーが無効です。サイトの管理者にお問い合わせください。',
    forbidden: 'このサイトからは利用できません（APIキーの制限）。',
    rateLimited: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
    server: 'エラーが発生しました',
    required: '金融機関と支店を選んでください',
    selected: (bank, branch) => `${bank} ${branch} を選択しました`,
  },
  en: {
    bank: 'Bank',
    branch: 'Branch',
    bankPlaceholder: 'Search by name or reading',
    branchPlaceholder: 'Search branches',
    chooseBankFirst: 'Choose a bank first',
    noResults: 'No matches',
    loading: 'Searching…',
    network: 'Cannot reach the server. Check your connection.',
    unauthorized: 'The API key is not valid. Please contact the site owner.',
    forbidden: 'This site may not use the API key.',
    rateLimited: 'Too many requests. Please try again in a moment.',
    server: 'Something went wrong',
    required: 'Choose a bank and a branch',
    selected: (bank, branch) => `Selected ${bank} ${branch}`,
  },
};

const DEBOUNCE_MS = 200;
const SUGGESTIONS = 10;
/** ゆうちょ銀行: its branches are also found from the 記号 of a passbook (docs/widget.md#behaviour, docs/yucho.md). */
const JP_BANK = '9900';
/** A 記号 at the start of the text (14030, １４０３０-12345671 once NFKC has run): five digits starting with 0 or 1. The server applies the rule. */
const YUCHO_SYMBOL = /^[01][0-9]{4}/;

const STYLE = `
:host { display: block; font: var(--bbs-font, inherit); color: var(--bbs-text, inherit); }
:host([hidden]) { display: none; }
.container { display: grid; gap: .5em; }
label { font-weight: 600; }
.field { position: relative; }
input {
  box-sizing: border-box; width: 100%; padding: .5em .6em; font: inherit; color: inherit;
  background: var(--bbs-background, #fff); border: 1px solid var(--bbs-border, #8a8a8a);
  border-radius: var(--bbs-radius, 4px);
}
input:focus-visible { outline: 3px solid var(--bbs-focus, #1a73e8); outline-offset: 1px; }
input:disabled { opacity: .6; }
[role="listbox"] {
  position: absolute; z-index: 10; left: 0; right: 0; margin: 2px 0 0; padding: 0; list-style: none;
  max-height: 16em; overflow-y: auto; background: var(--bbs-background, #fff);
  border: 1px solid var(--bbs-border, #8a8a8a); border-radius: var(--bbs-radius, 4px);
  box-shadow: 0 4px 12px rgba(0, 0, 0, .15);
}
[role="option"] { padding: .4em .6em; cursor: pointer; display: flex; gap: .6em; }
[role="option"] .code { color: var(--bbs-muted, #666); font-variant-numeric: tabular-nums; }
[role="option"][aria-selected="true"] { background: var(--bbs-accent, #1a73e8); color: var(--bbs-accent-text, #fff); }
[role="option"][aria-selected="true"] .code { color: inherit; }
.note { padding: .4em .6em; color: var(--bbs-muted, #666); }
.message { min-height: 1.2em; margin: 0; font-size: .9em; }
.message.error { color: var(--bbs-error, #c5221f); }
`;

/** @typedef {{ code: string, name: string }} Choice */

class ApiFailure extends Error {
  /** @param {'network'|'unauthorized'|'forbidden'|'rateLimited'|'server'} kind @param {number} [status] */
  constructor(kind, status) {
    super(kind);
    this.kind = kind;
    this.status = status;
  }
}

/**
 * One combobox: an input that suggests options from `search`, following the WAI-ARIA 1.2
 * combobox pattern (list autocomplete, aria-activedescendant).
 */
class Combobox {
  /**
   * @param {HTMLInputElement} input
   * @param {HTMLUListElement} list
   * @param {{ search: (q: string, signal: AbortSignal) => Promise<Choice[]>, choose: (c: Choice) => void, text: () => typeof TEXT.ja, report: (e: unknown) => void, onEdit: () => void }} hooks
   */
  constructor(input, list, hooks) {
    this.input = input;
    this.list = list;
    this.hooks = hooks;
    /** @type {Choice[]} */
    this.options = [];
    this.active = -1;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {AbortController | undefined} */
    this.abort = undefined;
    input.addEventListener('input', () => {
      hooks.onEdit();
      this.schedule();
    });
    input.addEventListener('focus', () => {
      if (!input.disabled && this.options.length === 0) this.schedule(0);
    });
    input.addEventListener('keydown', (e) => this.key(e));
    input.addEventListener('blur', () => setTimeout(() => this.close(), 150));
    // mousedown would blur the input before the click lands.
    list.addEventListener('mousedown', (e) => e.preventDefault());
    list.addEventListener('click', (e) => {
      const li = /** @type {HTMLElement} */ (e.target).closest('[role="option"]');
      if (li) this.pick(Number(li.getAttribute('data-index')));
    });
  }

  /** @param {number} [delay] */
  schedule(delay = DEBOUNCE_MS) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delay);
  }

  async run() {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    try {
      const found = await this.hooks.search(this.input.value.trim(), abort.signal);
      if (abort.signal.aborted) return;
      this.show(found);
    } catch (err) {
      if (abort.signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) return;
      this.close();
      this.hooks.report(err);
    }
  }

  /** @param {Choice[]} options */
  show(options) {
    this.options = options;
    this.active = -1;
    this.list.replaceChildren();
    if (options.length === 0) {
      const li = document.createElement('li');
      li.className = 'note';
      li.setAttribute('part', 'note');
      li.textContent = this.hooks.text().noResults;
      this.list.append(li);
    }
    options.forEach((option, i) => {
      const li = document.createElement('li');
      li.id = `${this.list.id}-${i}`;
      li.setAttribute('role', 'option');
      li.setAttribute('part', 'option');
      li.setAttribute('aria-selected', 'false');
      li.dataset.index = String(i);
      const code = document.createElement('span');
      code.className = 'code';
      code.textContent = option.code;
      const name = document.createElement('span');
      name.textContent = option.name;
      li.append(code, name);
      this.list.append(li);
    });
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.input.removeAttribute('aria-activedescendant');
  }

  close() {
    this.list.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.active = -1;
  }

  /** @param {number} index */
  highlight(index) {
    if (this.options.length === 0) return;
    this.active = (index + this.options.length) % this.options.length;
    for (const li of this.list.querySelectorAll('[role="option"]')) li.setAttribute('aria-selected', String(Number(li.getAttribute('data-index')) === this.active));
    const id = `${this.list.id}-${this.active}`;
    this.input.setAttribute('aria-activedescendant', id);
    this.list.querySelector(`#${id}`)?.scrollIntoView({ block: 'nearest' });
  }

  /** @param {number} index */
  pick(index) {
    const option = this.options[index];
    if (!option) return;
    this.input.value = option.name;
    this.close();
    this.hooks.choose(option);
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const open = !this.list.hidden;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) this.schedule(0);
      else this.highlight(this.active + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (open) this.highlight(this.active - 1);
    } else if (e.key === 'Home' && open) {
      e.preventDefault();
      this.highlight(0);
    } else if (e.key === 'End' && open) {
      e.preventDefault();
      this.highlight(this.options.length - 1);
    } else if (e.key === 'Enter' && open && this.active >= 0) {
      e.preventDefault();
      this.pick(this.active);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        this.close();
      } else if (this.input.value) {
        e.preventDefault();
        this.input.value = '';
        this.hooks.onEdit();
      }
    }
  }
}

export class BankBranchSelector extends HTMLElement {
  static formAssociated = true;
  static observedAttributes = ['lang', 'disabled', 'required', 'name'];

  /** @type {Choice | null} */
  #bank = null;
  /** @type {Choice | null} */
  #branch = null;
  /** @type {Map<string, Choice[]>} */
  #cache = new Map();
  /** @type {ElementInternals | undefined} */
  #internals;
  #root;
  /** @type {Combobox} */
  #banks;
  /** @type {Combobox} */
  #branches;

  constructor() {
    super();
    this.#internals = this.attachInternals?.();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.innerHTML = `<style>${STYLE}</style>
      <div class="container" part="container">
        <label part="label bank-label" for="bank"></label>
        <div class="field"><input id="bank" part="input bank-input" type="text" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="bank-list" autocomplete="off" spellcheck="false">
          <ul id="bank-list" part="listbox bank-listbox" role="listbox" hidden></ul></div>
        <label part="label branch-label" for="branch"></label>
        <div class="field"><input id="branch" part="input branch-input" type="text" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="branch-list" autocomplete="off" spellcheck="false" disabled>
          <ul id="branch-list" part="listbox branch-listbox" role="listbox" hidden></ul></div>
        <p class="message" part="message" role="status" aria-live="polite"></p>
      </div>`;
    const $ = (/** @type {string} */ id) => /** @type {any} */ (this.#root.getElementById(id));
    const text = () => this.#text();
    const report = (/** @type {unknown} */ e) => this.#report(e);
    this.#banks = new Combobox($('bank'), $('bank-list'), {
      text,
      report,
      search: (q, signal) => (q ? this.#get(`/v3/freeword/banks?freeword=${encodeURIComponent(q)}&limit=${SUGGESTIONS}&fields=code,name`, 'banks', signal) : Promise.resolve([])),
      choose: (bank) => this.#chooseBank(bank),
      onEdit: () => {
        this.#message('');
        if (this.#bank) this.#setBank(null);
      },
    });
    this.#branches = new Combobox($('branch'), $('branch-list'), {
      text,
      report,
      search: (q, signal) => {
        if (!this.#bank) return Promise.resolve([]);
        const code = this.#bank.code;
        const symbol = code === JP_BANK ? YUCHO_SYMBOL.exec(q.normalize('NFKC')) : null;
        if (symbol) return this.#yuchoBranch(symbol[0], signal);
        // Without text, the first branches of the bank; with text, freeword search.
        const path = q ? `/v3/freeword/banks/${code}/branches?freeword=${encodeURIComponent(q)}&limit=${SUGGESTIONS}&fields=code,name` : `/v3/banks/${code}/branches?limit=${SUGGESTIONS}&fields=code,name`;
        return this.#get(path, 'branches', signal);
      },
      choose: (branch) => this.#chooseBranch(branch),
      onEdit: () => {
        this.#message('');
        if (this.#branch) {
          this.#branch = null;
          this.#sync();
        }
      },
    });
  }

  connectedCallback() {
    this.#render();
    this.#sync();
  }

  attributeChangedCallback() {
    this.#render();
    this.#sync();
  }

  /** The API key sent in the x-api-key header. */
  get apiKey() {
    return this.getAttribute('api-key') ?? '';
  }
  set apiKey(value) {
    this.setAttribute('api-key', value);
  }

  /** Origin of the Ginko server, e.g. https://ginko.example.jp; default: this page's origin. */
  get baseUrl() {
    return (this.getAttribute('base-url') ?? '').replace(/\/+$/, '');
  }
  set baseUrl(value) {
    this.setAttribute('base-url', value);
  }

  /** The chosen bank, {code, name}, or null. */
  get bank() {
    return this.#bank ? { ...this.#bank } : null;
  }

  /** The chosen branch, {code, name}, or null. */
  get branch() {
    return this.#branch ? { ...this.#branch } : null;
  }

  /** {bank, branch} once both are chosen, else null. */
  get value() {
    return this.#bank && this.#branch ? { bank: { ...this.#bank }, branch: { ...this.#branch } } : null;
  }

  get form() {
    return this.#internals?.form ?? null;
  }

  /** Clears both choices. */
  reset() {
    this.#setBank(null);
    this.#input('bank').value = '';
    this.#message('');
  }

  formResetCallback() {
    this.reset();
  }

  /** @param {boolean} disabled */
  formDisabledCallback(disabled) {
    this.#input('bank').disabled = disabled;
    this.#input('branch').disabled = disabled || !this.#bank;
  }

  focus() {
    this.#input('bank').focus();
  }

  #text() {
    const lang = (this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? 'ja').toLowerCase();
    return lang.startsWith('en') ? TEXT.en : TEXT.ja;
  }

  /** @param {'bank'|'branch'} id @returns {HTMLInputElement} */
  #input(id) {
    return /** @type {HTMLInputElement} */ (this.#root.getElementById(id));
  }

  #render() {
    const t = this.#text();
    const [bankLabel, branchLabel] = this.#root.querySelectorAll('label');
    bankLabel.textContent = t.bank;
    branchLabel.textContent = t.branch;
    const bank = this.#input('bank');
    const branch = this.#input('branch');
    bank.placeholder = t.bankPlaceholder;
    branch.placeholder = this.#bank ? t.branchPlaceholder : t.chooseBankFirst;
    bank.disabled = this.hasAttribute('disabled');
    branch.disabled = this.hasAttribute('disabled') || !this.#bank;
    bank.required = branch.required = this.hasAttribute('required');
    this.#root.getElementById('bank-list')?.setAttribute('aria-label', t.bank);
    this.#root.getElementById('branch-list')?.setAttribute('aria-label', t.branch);
  }

  /** @param {Choice | null} bank */
  #setBank(bank) {
    this.#bank = bank;
    this.#branch = null;
    this.#input('branch').value = '';
    this.#branches.options = [];
    this.#branches.close();
    this.#render();
    this.#sync();
  }

  /** @param {Choice} bank */
  #chooseBank(bank) {
    this.#setBank(bank);
    this.#input('branch').focus();
  }

  /** @param {Choice} branch */
  #chooseBranch(branch) {
    this.#branch = branch;
    this.#sync();
    this.#message(this.#text().selected(this.#bank?.name ?? '', branch.name));
    this.dispatchEvent(new CustomEvent('change', { bubbles: true, composed: true, detail: this.value }));
  }

  /** Form value and validity follow the choice. */
  #sync() {
    const internals = this.#internals;
    if (!internals) return;
    const name = this.getAttribute('name');
    if (name && this.value) {
      const data = new FormData();
      data.append(`${name}_bank_code`, this.value.bank.code);
      data.append(`${name}_branch_code`, this.value.branch.code);
      internals.setFormValue(data);
    } else {
      internals.setFormValue(null);
    }
    if (this.hasAttribute('required') && !this.value) internals.setValidity({ valueMissing: true }, this.#text().required, this.#input('bank'));
    else internals.setValidity({});
  }

  /** @param {string} text @param {boolean} [error] */
  #message(text, error = false) {
    const p = /** @type {HTMLElement} */ (this.#root.querySelector('.message'));
    p.textContent = text;
    p.classList.toggle('error', error);
    p.setAttribute('role', error ? 'alert' : 'status');
  }

  /** @param {unknown} err */
  #report(err) {
    const t = this.#text();
    const failure = err instanceof ApiFailure ? err : new ApiFailure('network');
    const text = failure.kind === 'server' ? `${t.server} (${failure.status})` : t[failure.kind];
    this.#message(text, true);
    this.dispatchEvent(new CustomEvent('error', { detail: { kind: failure.kind, status: failure.status ?? null } }));
  }

  /**
   * GET a Ginko list; answers are cached per URL for the element's lifetime (failures are not).
   * @param {string} path @param {'banks'|'branches'} items @param {AbortSignal} signal @returns {Promise<Choice[]>}
   */
  #get(path, items, signal) {
    return this.#fetch(path, signal, (body) => (body[items] ?? []).map((/** @type {Choice} */ r) => ({ code: r.code, name: r.name })));
  }

  /**
   * The ゆうちょ branch a 記号 stands for, from GET /yucho/v1/account: none when the master has no
   * such branch (404) or the text is no 記号 after all (400).
   * @param {string} symbol @param {AbortSignal} signal @returns {Promise<Choice[]>}
   */
  #yuchoBranch(symbol, signal) {
    return this.#fetch(`/yucho/v1/account?symbol=${symbol}`, signal, (body) => [{ code: body.branch_code, name: body.branch_name }], [400, 404]);
  }

  /**
   * GET from Ginko, cached per URL; `none` lists the statuses that mean "no choices" rather than a failure.
   * @param {string} path @param {AbortSignal} signal @param {(body: any) => Choice[]} pick @param {number[]} [none] @returns {Promise<Choice[]>}
   */
  #fetch(path, signal, pick, none = []) {
    const url = this.baseUrl + path;
    const cached = this.#cache.get(url);
    if (cached) return Promise.resolve(cached);
    return fetch(url, { headers: { 'x-api-key': this.apiKey }, signal })
      .catch((err) => {
        throw err instanceof DOMException && err.name === 'AbortError' ? err : new ApiFailure('network');
      })
      .then(async (res) => {
        if (res.status === 401) throw new ApiFailure('unauthorized', 401);
        if (res.status === 403) throw new ApiFailure('forbidden', 403);
        if (res.status === 429) throw new ApiFailure('rateLimited', 429);
        if (none.includes(res.status)) return [];
        if (!res.ok) throw new ApiFailure('server', res.status);
        const choices = pick(await res.json());
        this.#cache.set(url, choices);
        return choices;
      });
  }
}

if (!customElements.get('bank-branch-selector')) customElements.define('bank-branch-selector', BankBranchSelector);
