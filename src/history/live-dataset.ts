/**
 * What a running server serves from the store: the current Snapshot and the history. A poll of the latest update's seq (one indexed query) notices an import made by any
 * process on the same store (another replica, `ginko import`); the new directory is built
 * aside and swapped in whole, so no request sees a mix. A snapshot newer than the lineage
 * dataset gets the lineage of the versions stored before it (stored-lineage.ts) first.
 */
import { buildDirectory } from '../dataset/build.js';
import { SnapshotHolder } from '../dataset/holder.js';
import { Snapshot } from '../dataset/snapshot.js';
import type { SqlStore } from '../store/open.js';
import { latestSeq, loadCurrentSnapshot, loadHistory } from './history-store.js';
import { HistoryView } from './history-view.js';
import { provideStoredLineage } from './stored-lineage.js';
import type { Seeded } from './seed.js';

export const DEFAULT_POLL_SECONDS = 2;

/** The snapshot of stored update `seq` with what it derives from other stored versions: its lineage (stored-lineage.ts). */
async function served(store: SqlStore, snapshot: Snapshot, seq: number): Promise<Snapshot> {
  await provideStoredLineage(store.db, snapshot, seq);
  return snapshot;
}

export class LiveDataset {
  /** The snapshot served now; listeners hear of each swap (logging, warming, metrics). */
  readonly snapshots: SnapshotHolder;
  #history: HistoryView;
  #seq: number;
  #timer: NodeJS.Timeout | undefined;
  #refreshing: Promise<boolean> | undefined;
  onError: (err: unknown) => void = () => {};

  private constructor(private readonly store: SqlStore, snapshot: Snapshot, history: HistoryView, seq: number) {
    this.snapshots = new SnapshotHolder(snapshot);
    this.#history = history;
    this.#seq = seq;
  }

  /**
   * Loads the current snapshot and the history; the store must have been seeded. `seeded`, what
   * this process's own seeding just wrote (ensureSeeded), is served as it is rather than read
   * back and built again.
   */
  static async open(store: SqlStore, seeded?: Seeded): Promise<LiveDataset> {
    const history = new HistoryView(await loadHistory(store.db));
    if (seeded) return new LiveDataset(store, await served(store, new Snapshot(seeded.directory), seeded.seq), history, seeded.seq);
    const current = await loadCurrentSnapshot(store.db);
    if (!current) throw new Error('the store holds no dataset snapshot; it is seeded on first start');
    return new LiveDataset(store, await served(store, new Snapshot(buildDirectory(current.raw)), current.seq), history, current.seq);
  }

  get history(): HistoryView {
    return this.#history;
  }

  /** Loads a newer snapshot if there is one; true when it swapped. */
  refresh(): Promise<boolean> {
    this.#refreshing ??= this.#load().finally(() => (this.#refreshing = undefined));
    return this.#refreshing;
  }

  async #load(): Promise<boolean> {
    if ((await latestSeq(this.store.db)) === this.#seq) return false;
    const current = (await loadCurrentSnapshot(this.store.db))!;
    const history = new HistoryView(await loadHistory(this.store.db));
    const snapshot = await served(this.store, new Snapshot(buildDirectory(current.raw)), current.seq);
    // History and snapshot change together, in one turn: no request sees one without the other.
    this.#history = history;
    this.#seq = current.seq;
    this.snapshots.replace(snapshot);
    return true;
  }

  startPolling(seconds: number): void {
    if (seconds <= 0) return;
    this.#timer = setInterval(() => void this.refresh().catch((err) => this.onError(err)), seconds * 1000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
