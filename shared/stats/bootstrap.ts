// Seeded percentile bootstrap over units (SPEC §4: resample units with replacement, B = 1000 by
// default, fixed seed, percentile interval). Units whose contributions are identical share a
// group, so a replicate hands the statistic draws per group and its cost is per group, not per unit.

/** Items grouped by a key: each item's group, numbered in order of first appearance, and the first item of each group. */
export interface KeyGroups {
  groupOf: Uint32Array;
  firstOf: number[];
}

/**
 * Groups `count` items by `keyOf(i)`: the one way the bootstrap callers give units or clusters
 * with identical contributions one group, and units of one puzzle one cluster.
 */
export function groupsByKey(count: number, keyOf: (i: number) => string): KeyGroups {
  const groupOfKey = new Map<string, number>();
  const groupOf = new Uint32Array(count);
  const firstOf: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = keyOf(i);
    let group = groupOfKey.get(key);
    if (group === undefined) {
      group = firstOf.length;
      groupOfKey.set(key, group);
      firstOf.push(i);
    }
    groupOf[i] = group;
  }
  return { groupOf, firstOf };
}

/**
 * groupsByKey for keys of `width` numbers each, `write(i, row)` putting item i's in `row`: keys
 * whose numbers are equal one by one (0 and -0 alike, NaN like NaN, as their text would be) share
 * a group, numbered as groupsByKey numbers them. No text is made per item: the report groups
 * every bucket's puzzles this way several times over.
 */
export function groupsByNumbers(count: number, width: number, write: (i: number, row: Float64Array) => void): KeyGroups {
  const groupOf = new Uint32Array(count);
  const firstOf: number[] = [];
  let keys = new Float64Array(width * 16);
  const row = new Float64Array(width);
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  // Open addressing, twice as many slots as items: group + 1 per slot, 0 for an empty one.
  let size = 16;
  while (size < count * 2) size *= 2;
  const slots = new Int32Array(size);
  for (let i = 0; i < count; i++) {
    row.fill(0);
    write(i, row);
    let hash = KEY_HASH_SEED;
    for (let k = 0; k < width; k++) {
      const value = row[k] as number;
      // One number for 0 and -0, and one for every NaN, so that equal keys hash alike.
      bits[0] = value === 0 ? 0 : value !== value ? Number.NaN : value;
      hash = Math.imul(hash ^ (words[0] as number), 0x01000193);
      hash = Math.imul(hash ^ (words[1] as number), 0x01000193);
    }
    let slot = (hash ^ (hash >>> 15)) & (size - 1);
    for (;;) {
      const held = slots[slot] as number;
      if (held === 0) {
        const group = firstOf.length;
        if ((group + 1) * width > keys.length) {
          const grown = new Float64Array(keys.length * 2);
          grown.set(keys);
          keys = grown;
        }
        keys.set(row, group * width);
        firstOf.push(i);
        slots[slot] = group + 1;
        groupOf[i] = group;
        break;
      }
      if (sameNumbers(keys, (held - 1) * width, row)) {
        groupOf[i] = held - 1;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return { groupOf, firstOf };
}

const KEY_HASH_SEED = 0x811c9dc5 | 0;

function sameNumbers(keys: Float64Array, at: number, row: Float64Array): boolean {
  for (let k = 0; k < row.length; k++) {
    const a = keys[at + k] as number;
    const b = row[k] as number;
    if (a !== b && (a === a || b === b)) return false;
  }
  return true;
}

export interface BootstrapOptions {
  replicates: number;
  seed: number;
  /** One report's kept picks (keptPicks), so its figures that draw the same number of units share one pass of the generator. */
  picks?: KeptPicks;
}

/**
 * The units each replicate picks, kept per seed, replicate count and number of units for the
 * figures of one report: with one seed the picks depend only on the number of units, and a
 * report draws few numbers many times (SPLAT scale: 31 draws of 10 numbers of puzzles).
 * Reading kept picks costs about a quarter of making them. Picks past `budget` entries (two
 * bytes each) are not kept, and those draws make their own, as without a store.
 */
export interface KeptPicks {
  picksOf(seed: number, replicates: number, units: number): Uint16Array | undefined;
}

/** 12 million entries, 24 MB: every number of puzzles a report draws at twice SPLAT's scale; at 20x one bucket's at most (all puzzles are 19.5 million picks), the rest sharing passes within a figure instead. */
const KEPT_PICKS_BUDGET = 12_000_000;

export function keptPicks(budget = KEPT_PICKS_BUDGET): KeptPicks {
  const kept = new Map<string, Uint16Array>();
  let entries = 0;
  return {
    picksOf(seed, replicates, units) {
      const key = `${seed} ${replicates} ${units}`;
      const found = kept.get(key);
      if (found !== undefined) return found;
      // A unit's index must fit two bytes.
      if (units > 0x10000 || entries + replicates * units > budget) return undefined;
      const picks = new Uint16Array(replicates * units);
      // mulberry32 as in forEachSharedReplicate's loop, which says why it is written out.
      let state = Math.trunc(seed) >>> 0;
      for (let k = 0; k < picks.length; k++) {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        picks[k] = Math.floor((((t ^ (t >>> 14)) >>> 0) / 0x100000000) * units);
      }
      kept.set(key, picks);
      entries += picks.length;
      return picks;
    },
  };
}

export interface BootstrapResult {
  ci95: [number, number] | null;
  replicates: number;
  /** Replicates in which the statistic was undefined: counted, left out of the interval. */
  undefinedReplicates: number;
  /** Every defined replicate gave the same value: the interval is a point the resampling cannot widen, not one the data proves. */
  constant: boolean;
}

/** groupOfUnit[i] is the group of unit i (units whose statistic contributions are identical share a group); each replicate draws N = groupOfUnit.length units with replacement and calls statistic with the number of draws per group. */
export function bootstrapGroups(
  groupOfUnit: Uint32Array,
  groupCount: number,
  statistic: (drawsPerGroup: Uint32Array) => number | null,
  options: BootstrapOptions,
): BootstrapResult {
  return bootstrapGroupsMany(groupOfUnit, groupCount, 1, (draws) => [statistic(draws)], options)[0] as BootstrapResult;
}

/**
 * Several statistics on the same replicates: `statistics` returns `count` values (null when
 * undefined) for one replicate's draws. With the same seed, statistic i gets exactly the
 * interval bootstrapGroups would give it alone.
 */
export function bootstrapGroupsMany(
  groupOfUnit: Uint32Array,
  groupCount: number,
  count: number,
  statistics: (drawsPerGroup: Uint32Array) => readonly (number | null)[],
  options: BootstrapOptions,
): BootstrapResult[] {
  const { replicates } = options;
  const values = Array.from({ length: count }, () => new Float64Array(replicates));
  const defined = new Uint32Array(count);
  forEachReplicate(groupOfUnit, groupCount, options, (draws) => {
    const out = statistics(draws);
    for (let s = 0; s < count; s++) {
      const value = out[s];
      // A statistic that slips a NaN through is undefined here too, never part of an interval.
      if (value === null || value === undefined || !Number.isFinite(value)) continue;
      (values[s] as Float64Array)[(defined[s] as number)++] = value;
    }
  });
  return values.map((all, s) => {
    const used = defined[s] as number;
    const kept = all.subarray(0, used);
    return {
      ci95: percentileInterval(kept),
      replicates,
      undefinedReplicates: replicates - used,
      constant: used > 0 && kept.every((value) => value === kept[0]),
    };
  });
}

/**
 * Draws `options.replicates` bootstrap replicates and hands each one's draws per group to
 * `onReplicate` (the array is reused: read it before returning). Each replicate draws
 * N = groupOfUnit.length units with replacement; no unit, no replicate.
 */
export function forEachReplicate(
  groupOfUnit: Uint32Array,
  groupCount: number,
  options: BootstrapOptions,
  onReplicate: (drawsPerGroup: Uint32Array) => void,
): void {
  forEachSharedReplicate([groupOfUnit], [groupCount], options, (drawsPerSet) => onReplicate(drawsPerSet[0] as Uint32Array));
}

/**
 * forEachReplicate for several groupings of the same number of units at once: with one seed the
 * unit a draw picks depends only on N, so every grouping gets the draws forEachReplicate would
 * give it alone, from one pass of the generator (the pass is most of a replicate's cost where
 * the groups are few). `onReplicate` gets each grouping's draws per group, in order, reused.
 */
export function forEachSharedReplicate(
  groupOfUnits: readonly Uint32Array[],
  groupCounts: readonly number[],
  options: BootstrapOptions,
  onReplicate: (drawsPerSet: readonly Uint32Array[]) => void,
): void {
  const { replicates } = options;
  if (!Number.isSafeInteger(replicates) || replicates < 0) throw new RangeError(`replicates must be a whole number of 0 or more, not ${replicates}`);
  const sets = groupOfUnits.length;
  if (sets === 0) return;
  const units = (groupOfUnits[0] as Uint32Array).length;
  if (groupOfUnits.some((groupOf) => groupOf.length !== units)) throw new RangeError('groupings drawn together must group the same number of units');
  if (units === 0) return;
  const { jointOfUnit, jointCount, groupOfJoint } = jointGroups(groupOfUnits, groupCounts);
  const jointDraws = new Uint32Array(jointCount);
  // One grouping is its own joint grouping: its draws are the joint draws.
  const draws = sets === 1 ? [jointDraws] : groupCounts.map((count) => new Uint32Array(count));
  const picks = options.picks?.picksOf(options.seed, replicates, units);
  let state = Math.trunc(options.seed) >>> 0;
  for (let b = 0; b < replicates; b++) {
    jointDraws.fill(0);
    if (picks !== undefined) {
      for (let i = b * units, end = i + units; i < end; i++) {
        const g = jointOfUnit[picks[i] as number] as number;
        jointDraws[g] = (jointDraws[g] as number) + 1;
      }
    } else {
      // mulberry32 of random/prng.ts written out in the loop, here and in keptPicks: this loop
      // makes replicates x units draws (50 million for a large study), and a call per draw was
      // half its time (Chromium did not inline even a function of the four lines below). Same
      // seed, same sequence: the bootstrap tests pin intervals drawn through createPrng.
      for (let i = 0; i < units; i++) {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        const g = jointOfUnit[Math.floor((((t ^ (t >>> 14)) >>> 0) / 0x100000000) * units)] as number;
        jointDraws[g] = (jointDraws[g] as number) + 1;
      }
    }
    if (sets > 1) for (let s = 0; s < sets; s++) spreadDraws(jointDraws, groupOfJoint[s] as Uint32Array, draws[s] as Uint32Array);
    onReplicate(draws);
  }
}

/** Work done on every replicate's draws per group of one grouping of units (runReplicateJobs). */
export interface ReplicateJob {
  groupOfUnit: Uint32Array;
  groupCount: number;
  /** One replicate's draws per group, reused: read them before returning. */
  add(drawsPerGroup: Uint32Array): void;
}

/**
 * Figures still to be bootstrapped: their jobs, and the figures once the jobs have run on the
 * replicates of the options they were planned with (runPlan, or runReplicateJobs with other
 * plans' jobs so that those on as many units share the generator's passes).
 */
export interface BootstrapPlan<Result> {
  jobs: readonly ReplicateJob[];
  result(): Result;
}

export function runPlan<Result>(plan: BootstrapPlan<Result>, options: BootstrapOptions): Result {
  runReplicateJobs(plan.jobs, options);
  return plan.result();
}

/** Jobs share a pass of the generator when their joint groups are at most this share of the units drawn (see runReplicateJobs). */
const SHARED_PASS_SHARE = 4;

/**
 * Runs every job on exactly the replicates forEachReplicate would give it alone. Jobs over the
 * same number of units draw the same units with one seed, so where it pays they share one pass
 * of the generator (forEachSharedReplicate) and only count their draws apart. `onPass` is told
 * before each pass which jobs (by index) it runs, and how many units the passes before it drew
 * of how many all of them draw (the share of the work done).
 */
export function runReplicateJobs(
  jobs: readonly ReplicateJob[],
  options: BootstrapOptions,
  onPass?: (members: readonly number[], drawn: { done: number; total: number }) => void,
): void {
  const byUnits = new Map<number, number[]>();
  jobs.forEach((job, j) => {
    const same = byUnits.get(job.groupOfUnit.length);
    if (same) same.push(j);
    else byUnits.set(job.groupOfUnit.length, [j]);
  });
  const passes: number[][] = [];
  for (const [units, members] of byUnits) {
    // A shared pass counts its draws per joint group and adds them up per job each replicate: it
    // pays where the joint groups are few beside the units a pass draws. So each job joins the
    // first pass of its number of units whose joint groups stay within the limit with it, or
    // draws on a pass of its own: a small study's buckets draw few units, and their jobs mostly
    // draw alone; a job with a group per puzzle draws alone.
    const limit = units / SHARED_PASS_SHARE;
    const open: { members: number[]; joint: Uint32Array; count: number }[] = [];
    for (const j of members) {
      const job = jobs[j] as ReplicateJob;
      let joined = false;
      for (const pass of open) {
        const joint = jointWithin(pass.joint, pass.count, job.groupOfUnit, job.groupCount, limit);
        if (joint === undefined) continue;
        pass.members.push(j);
        pass.joint = joint.groupOf;
        pass.count = joint.count;
        joined = true;
        break;
      }
      if (!joined) open.push({ members: [j], joint: job.groupOfUnit, count: job.groupCount });
    }
    passes.push(...open.map((pass) => pass.members));
  }
  const unitsOf = (members: readonly number[]) => (jobs[members[0] as number] as ReplicateJob).groupOfUnit.length * options.replicates;
  const total = passes.reduce((sum, members) => sum + unitsOf(members), 0);
  let done = 0;
  for (const members of passes) {
    onPass?.(members, { done, total });
    done += unitsOf(members);
    const passJobs = members.map((j) => jobs[j] as ReplicateJob);
    forEachSharedReplicate(
      passJobs.map((job) => job.groupOfUnit),
      passJobs.map((job) => job.groupCount),
      options,
      (drawsPerSet) => passJobs.forEach((job, m) => job.add(drawsPerSet[m] as Uint32Array)),
    );
  }
}

/**
 * The joint groups of two groupings of the same units (units in the same group of both), numbered
 * in order of first appearance; undefined once they are more than `limit`.
 */
function jointWithin(a: Uint32Array, aCount: number, b: Uint32Array, bCount: number, limit = Infinity): { groupOf: Uint32Array; count: number } | undefined {
  if (aCount > limit || bCount > limit) return undefined;
  const groupOf = new Uint32Array(a.length);
  const idOf = new Map<number, number>();
  for (let u = 0; u < a.length; u++) {
    const pair = (a[u] as number) * bCount + (b[u] as number);
    let id = idOf.get(pair);
    if (id === undefined) {
      id = idOf.size;
      if (id + 1 > limit) return undefined;
      idOf.set(pair, id);
    }
    groupOf[u] = id;
  }
  return { groupOf, count: idOf.size };
}

/**
 * The groupings' common refinement: units in the same group of every grouping share a joint
 * group, numbered in order of first appearance, and groupOfJoint[s][j] is joint group j's group
 * in grouping s. A replicate counts its draws once per joint group, then adds them up per
 * grouping: whole numbers, so each grouping's draws are exactly those it would count alone.
 */
function jointGroups(
  groupOfUnits: readonly Uint32Array[],
  groupCounts: readonly number[],
): { jointOfUnit: Uint32Array; jointCount: number; groupOfJoint: Uint32Array[] } {
  const first = groupOfUnits[0] as Uint32Array;
  if (groupOfUnits.length === 1) return { jointOfUnit: first, jointCount: groupCounts[0] as number, groupOfJoint: [] };
  let jointOfUnit = first;
  let jointCount = groupCounts[0] as number;
  for (let s = 1; s < groupOfUnits.length; s++) {
    // Without a limit there is always a joint grouping.
    const joint = jointWithin(jointOfUnit, jointCount, groupOfUnits[s] as Uint32Array, groupCounts[s] as number) as { groupOf: Uint32Array; count: number };
    jointOfUnit = joint.groupOf;
    jointCount = joint.count;
  }
  const groupOfJoint = groupOfUnits.map((groupOf) => {
    const of = new Uint32Array(jointCount);
    for (let u = 0; u < jointOfUnit.length; u++) of[jointOfUnit[u] as number] = groupOf[u] as number;
    return of;
  });
  return { jointOfUnit, jointCount, groupOfJoint };
}

/** One grouping's draws per group from the joint draws. */
function spreadDraws(jointDraws: Uint32Array, groupOfJoint: Uint32Array, draws: Uint32Array): void {
  draws.fill(0);
  for (let j = 0; j < jointDraws.length; j++) {
    const g = groupOfJoint[j] as number;
    draws[g] = (draws[g] as number) + (jointDraws[j] as number);
  }
}

/**
 * The central `level` interval of the values, with the quantiles interpolated linearly between
 * order statistics (Hyndman & Fan 1996 type 7, R's default); null for no values.
 */
export function percentileInterval(values: Float64Array, level = 0.95): [number, number] | null {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be between 0 and 1, not ${level}`);
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const tail = (1 - level) / 2;
  return [quantile(sorted, tail), quantile(sorted, 1 - tail)];
}

function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (h - below) * (high - low);
}
