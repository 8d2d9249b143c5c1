/**
 * One order for the rows a transaction upserts. Transactions that upsert some of the same rows
 * lock them one by one; if two take them in different orders, each can end up holding a row the
 * other waits for, and PostgreSQL aborts one of them as a deadlock. Writers that sort their rows
 * by the table's key first always meet in the same order: the later one waits, then goes on.
 */

/** A comparator by the key `keyOf` gives, column by column (code-unit order, the same everywhere). */
export function byKey<T>(keyOf: (row: T) => readonly string[]): (a: T, b: T) => number {
  return (a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    for (let i = 0; i < x.length; i++) {
      if (x[i]! < y[i]!) return -1;
      if (x[i]! > y[i]!) return 1;
    }
    return 0;
  };
}
