/** The filter language (docs/filter.md) as a pure function over records of the real directory. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BANK_FIELDS, BRANCH_FIELDS, type Bank, type Branch } from '../src/domain/types.js';
import { cpuMs, filterWithinBudget } from '../src/search/filter-budget.js';
import { compileFilter, FILTER_LIMITS, FilterError } from '../src/search/filter/index.js';
import { QueryError } from '../src/shared/query-error.js';
import { bundledDirectory } from './support/app.js';
import { HOSTILE_FILTER_CPU_MS } from './support/hostile-filter.js';

const directory = bundledDirectory();
const banks = directory.banks;
const allBranches = banks.flatMap((b) => directory.branches(b.code));

const bankCodes = (filter: string) => banks.filter(compileFilter<Bank>(filter, BANK_FIELDS).test).map((b) => b.code);
const branchCodes = (bankCode: string, filter: string) => directory.branches(bankCode).filter(compileFilter<Branch>(filter, BRANCH_FIELDS).test).map((b) => b.code);

function rejects(filter: string, message: string, position: number, selectors: readonly string[] = BANK_FIELDS): void {
  assert.throws(() => compileFilter(filter, selectors), (err: unknown) => {
    assert.ok(err instanceof FilterError, `${filter}: ${String(err)}`);
    assert.equal(err.message, message);
    assert.equal(err.position, position);
    return true;
  });
}

describe('filter operators on the real banks', () => {
  it('compares codes as fixed-width strings', () => {
    assert.deepEqual(bankCodes('code==0005'), ['0005']);
    assert.deepEqual(bankCodes('code>=0001;code<=0010'), ['0001', '0005', '0009', '0010']);
    assert.deepEqual(bankCodes('code=ge=0001;code=le=0010'), ['0001', '0005', '0009', '0010']);
    assert.deepEqual(bankCodes('code<0005'), ['0001']);
    assert.deepEqual(bankCodes('code=lt=0005'), ['0001']);
    assert.deepEqual(bankCodes('code>9900'), []);
    assert.deepEqual(bankCodes('code=gt=9899'), ['9900']);
    assert.equal(bankCodes('code!=0001').length, banks.length - 1);
  });

  it('selects by list with =in= and =out=', () => {
    assert.deepEqual(bankCodes('code=in=(0009,0001,9999)'), ['0001', '0009']);
    assert.deepEqual(bankCodes('code=in=(0001)'), ['0001']);
    assert.equal(bankCodes('businessTypeCode=out=(01100,01900)').length, banks.length - 254 - banks.filter((b) => b.businessTypeCode === '01900').length);
  });

  it('finds the 254 信用金庫 and the five city banks by type', () => {
    assert.equal(bankCodes('businessTypeCode==01100').length, 254);
    assert.deepEqual(bankCodes('businessType==都市銀行'), ['0001', '0005', '0009', '0010', '0017']);
  });

  it('matches wildcards: * any run, _ exactly one character', () => {
    assert.deepEqual(bankCodes('hiragana==みず*;businessTypeCode==00200'), ['0001']);
    assert.deepEqual(bankCodes('hiragana==みず*'), ['0001', '0289', '1156', '1734', '8664']);
    assert.deepEqual(bankCodes('name==*りそな*'), ['0010', '0017']);
    assert.deepEqual(bankCodes('name==_____銀行'), bankCodes('name=re="^.{5}銀行$"'));
    assert.deepEqual(bankCodes('name==みずほ銀_'), ['0001']);
    assert.deepEqual(bankCodes('name==みずほ銀'), []);
    assert.equal(bankCodes('name!=*銀行').length, banks.filter((b) => !b.name.endsWith('銀行')).length);
  });

  it('binds AND tighter than OR and groups with parentheses', () => {
    assert.deepEqual(bankCodes('code==0001,code==0005;name==りそな銀行'), ['0001']);
    assert.deepEqual(bankCodes('(code==0001,code==0010);name==りそな銀行'), ['0010']);
    assert.deepEqual(bankCodes('code==0001 or code==0005 and name==りそな銀行'), ['0001']);
    assert.deepEqual(bankCodes('businessTypeCode==00200;(name==*ほ*,name==*住友*)'), ['0001', '0009']);
  });

  it('reads quoted values with escapes and keeps the backslash literal outside quotes', () => {
    assert.deepEqual(bankCodes('name=="みずほ銀行"'), ['0001']);
    assert.deepEqual(bankCodes("name=='みずほ銀行'"), ['0001']);
    assert.deepEqual(bankCodes('name=="it\\"s"'), []);
    assert.deepEqual(bankCodes('name==a\\b'), []);
  });
});

describe('regular expressions (=re=)', () => {
  it('uses ^ and $ at line boundaries and \\A, \\z at text ends', () => {
    assert.equal(allBranches.filter(compileFilter<Branch>('name=re=^東京', BRANCH_FIELDS).test).length, 180);
    assert.equal(allBranches.filter(compileFilter<Branch>('name=re="\\\\A東京"', BRANCH_FIELDS).test).length, 180);
    const ekimae = branchCodes('0005', 'name=re=駅前$');
    assert.equal(ekimae.length, 75);
    assert.deepEqual(branchCodes('0005', 'name=re="駅前\\\\z"'), ekimae);
    assert.deepEqual(branchCodes('0001', 'name=re="^新宿(南|西)口$"'), ['069', '353']);
  });

  it('refuses what cannot run in linear time, with its position', () => {
    rejects('name=re="(a)\\\\1"', 'backreferences are not supported in =re= (position 13)', 13);
    rejects("name=re='(?=x)y'", 'lookahead and lookbehind are not supported in =re= (position 10)', 10);
    rejects('name=re="(a{1,1000}){1,1000}"', 'the regular expression at position 10 is too complex to run in linear time (large counted repetitions?)', 10);
    rejects('name=re=\\Q', 'unknown escape \\Q in the regular expression at position 9', 9);
    rejects('name=re="[a"', 'invalid regular expression at position 10: /[a/m: Unterminated character class', 10);
  });

  it('answers a catastrophic pattern over all branches within its budget, never a stall', async () => {
    for (const pattern of ['(a+)+$', '(.*)*x', '(.|.)*x', '(\\\\S|\\\\S)*\\\\d']) {
      const text = `halfWidthKana=re="${pattern}"`;
      const filter = compileFilter<Branch>(text, BRANCH_FIELDS);
      const started = cpuMs();
      // The budget of the HTTP path: a result, or the budget's error.
      try {
        await filterWithinBudget(allBranches, filter.test, text);
      } catch (err) {
        assert.ok(err instanceof QueryError && /took longer than/.test(err.message), String(err));
      }
      // How the budget counts the main thread's time is the next test's.
      assert.ok(cpuMs() - started < HOSTILE_FILTER_CPU_MS, `${pattern} took ${cpuMs() - started} ms of CPU`);
    }
  });

  it("counts the smaller of the process's CPU time and wall time: either alone refuses nothing", async (t) => {
    const items = Array.from({ length: 3200 }, (_, i) => i);
    /** Evaluates with clocks that advance by these ms at each look; the kept count or the refusal, and what was charged. */
    const evaluate = async (cpuStep: number, wallStep: number) => {
      let cpu = 0;
      let wall = 0;
      t.mock.method(process, 'cpuUsage', () => ({ user: (cpu += cpuStep) * 1000, system: 0 }));
      t.mock.method(performance, 'now', () => (wall += wallStep));
      let charged: number | undefined;
      const meter = { admit: () => {}, charge: (ms: number) => (charged = ms) };
      try {
        return { kept: (await filterWithinBudget(items, () => true, 'code==*', meter)).length, charged };
      } catch (err) {
        return { refused: (err as QueryError).message, charged };
      } finally {
        t.mock.restoreAll();
      }
    };
    // Other threads of the process (the collector's) use CPU meanwhile; the wall clock stands still.
    assert.deepEqual(await evaluate(1, 0), { kept: 3200, charged: 0 });
    // The machine is busy: the main thread waits for a CPU, which uses none.
    assert.deepEqual(await evaluate(0, 1), { kept: 3200, charged: 0 });
    // Both: refused once the slices' time passes the budget; charged up to the refusal.
    assert.deepEqual(await evaluate(1, 1), {
      refused: `the filter took longer than ${FILTER_LIMITS.evaluationBudgetMs} ms to evaluate; simplify the regular expression or use == patterns`,
      charged: 32,
    });
  });
});

describe('invalid filters', () => {
  it('says where the expression went wrong', () => {
    rejects('', 'the filter is empty', 1);
    rejects('code==', 'invalid filter: unexpected end at position 7', 7);
    rejects('code==0001;;', "invalid filter: unexpected character ';' at position 12", 12);
    rejects('((code==0001)', 'invalid filter: unexpected end at position 14 (did you forget to close parenthesis at position 1?)', 14);
    rejects('code==0001 AND name==x', "invalid filter: unexpected string 'AND' at position 12", 12);
    rejects('code==0001;kode==1', 'unknown property "kode" at position 12; properties are code, name, halfWidthKana, fullWidthKana, hiragana, businessTypeCode, businessType', 12);
    rejects('code=like=1', 'unknown operator "=like=" at position 1', 1);
    rejects('code==(0001,0005)', '== takes one value, not a list (position 1); use =in= for several', 1);
    rejects('code=in=0001', '=in= takes a parenthesized list of values, e.g. code=in=(a,b) (position 1)', 1);
    rejects('businessTypeCode==00200', 'unknown property "businessTypeCode" at position 1; properties are code, name, halfWidthKana, fullWidthKana, hiragana', 1, BRANCH_FIELDS);
  });

  it('caps the length and the number of comparisons', () => {
    rejects(`name==${'x'.repeat(FILTER_LIMITS.maxLength)}`, `the filter is longer than ${FILTER_LIMITS.maxLength} characters`, FILTER_LIMITS.maxLength + 1);
    const many = Array.from({ length: 51 }, (_, i) => `code==${String(i).padStart(4, '0')}`).join(',');
    rejects(many, 'the filter has 51 comparisons; at most 50 are allowed (the first one too many is at position 551)', 551);
    rejects(`name=re="${'a'.repeat(201)}"`, 'the regular expression at position 10 is longer than 200 characters', 10);
  });

  it('throws only FilterError, quickly, on any input', () => {
    const alphabet = fc.constantFrom(...'code=name=re=in=out=lt=()\'";,!<>*_\\ ^$.+?{}[]|あア銀行0123456789and or'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }).map((a) => a.join('')), (text) => {
        const started = cpuMs();
        try {
          const filter = compileFilter<Bank>(text, BANK_FIELDS);
          banks.forEach(filter.test);
        } catch (err) {
          if (!(err instanceof FilterError)) throw err;
          assert.ok(err.position >= 1 && err.position <= text.length + 1, `${text}: position ${err.position}`);
        }
        return cpuMs() - started < 50;
      }),
      { numRuns: 3000 },
    );
  });
});
