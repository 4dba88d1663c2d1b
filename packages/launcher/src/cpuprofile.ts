// Self-time summary of V8 .cpuprofile files, optionally cut to time windows (the phases of `npm run profile`).
// Shares (percent of the window's samples) rather than seconds: on a shared machine absolute figures move with
// the load, the distribution much less. Also a CLI:
//   node packages/launcher/src/cpuprofile.ts <dir> [--top N] [--only svc,svc] [--inclusive]
// where <dir> holds the profiles and the `profile-index.json` that `npm run profile -- --cpu-prof` writes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A time window on the profiler's clock (microseconds of the monotonic clock, as `process.hrtime`). */
export interface Window {
  name: string;
  startUs: number;
  endUs: number;
}

export interface FrameShare {
  frame: string;
  samples: number;
  share: number;
}

export interface WindowSummary {
  window: string;
  samples: number;
  /** Samples in the window that were not idle (program, GC and JS). */
  busySamples: number;
  top: FrameShare[];
  /** Frames by inclusive time (the frame anywhere on the stack, counted once per sample). */
  inclusive: FrameShare[];
  /**
   * Samples charged to the nearest frame of the project's own code (packages/, services/) on the stack: which
   * of our functions the library, runtime and GC-free work below it is done for.
   */
  ownCallers: FrameShare[];
}

const OWN = /^\S+ (packages|services)\//;

const IDLE = new Set(['(idle)', '(program)']);

/** `functionName file:line`, with the path shortened to the workspace or package it is in. */
export function frameName(callFrame: CpuProfile['nodes'][number]['callFrame']): string {
  const { functionName, url, lineNumber } = callFrame;
  const where = url
    ? ` ${url.replace(/^.*\/(node_modules|packages|services)\//, '$1/').replace(/^node:/, '')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'}${where}`;
}

/**
 * Self samples per frame in each window; shares are of the window's busy samples (everything but `(idle)` and
 * `(program)`, so the figures say where the work went, not how loaded the machine was).
 */
export function summarise(profile: CpuProfile, windows: readonly Window[], topN: number): WindowSummary[] {
  const nameById = new Map(profile.nodes.map((n) => [n.id, frameName(n.callFrame)]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** Distinct frame names on the stack of a node (memoised: samples repeat nodes). */
  const stacks = new Map<number, readonly string[]>();
  const stackOf = (id: number): readonly string[] => {
    let names = stacks.get(id);
    if (names === undefined) {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        seen.add(nameById.get(at) ?? '(unknown)');
      }
      names = [...seen];
      stacks.set(id, names);
    }
    return names;
  };
  const owners = new Map<number, string>();
  const ownerOf = (id: number): string => {
    let owner = owners.get(id);
    if (owner === undefined) {
      owner = '(no own frame)';
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const name = nameById.get(at) ?? '';
        if (OWN.test(name)) {
          owner = name;
          break;
        }
      }
      owners.set(id, owner);
    }
    return owner;
  };
  const counts = windows.map(() => new Map<string, number>());
  const inclusive = windows.map(() => new Map<string, number>());
  const own = windows.map(() => new Map<string, number>());
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const frame = nameById.get(profile.samples[i] ?? -1) ?? '(unknown)';
    for (let w = 0; w < windows.length; w++) {
      const win = windows[w];
      if (win === undefined || t < win.startUs || t >= win.endUs) continue;
      const m = counts[w];
      m?.set(frame, (m.get(frame) ?? 0) + 1);
      if (IDLE.has(frame)) continue;
      const inc = inclusive[w];
      for (const f of stackOf(profile.samples[i] ?? -1)) inc?.set(f, (inc.get(f) ?? 0) + 1);
      const o = own[w];
      const owner = frame === '(garbage collector)' ? frame : ownerOf(profile.samples[i] ?? -1);
      o?.set(owner, (o.get(owner) ?? 0) + 1);
    }
  }
  return windows.map((win, w) => {
    const m = counts[w] ?? new Map<string, number>();
    let samples = 0;
    let busy = 0;
    for (const [frame, n] of m) {
      samples += n;
      if (!IDLE.has(frame)) busy += n;
    }
    const top = [...m]
      .filter(([frame]) => !IDLE.has(frame))
      .sort((a, b) => b[1] - a[1])
      .slice(0, topN)
      .map(([frame, n]) => ({ frame, samples: n, share: busy === 0 ? 0 : n / busy }));
    const rank = (m: Map<string, number> | undefined): FrameShare[] =>
      [...(m ?? new Map<string, number>())]
        .filter(([frame]) => !IDLE.has(frame) && frame !== '(root)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, topN)
        .map(([frame, n]) => ({ frame, samples: n, share: busy === 0 ? 0 : n / busy }));
    return {
      window: win.name,
      samples,
      busySamples: busy,
      top,
      inclusive: rank(inclusive[w]),
      ownCallers: rank(own[w]),
    };
  });
}

/** What `npm run profile -- --cpu-prof` records next to the profiles: phase windows and pid → service. */
export interface ProfileIndex {
  windows: Window[];
  names: Record<string, string>;
}

export const INDEX_FILE = 'profile-index.json';

export function formatSummaries(
  dir: string,
  index: ProfileIndex,
  topN: number,
  only?: ReadonlySet<string>,
  withInclusive = false,
): string {
  const out: string[] = [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => ({ f, name: index.names[/^CPU\.[^.]+\.[^.]+\.(\d+)\./.exec(f)?.[1] ?? ''] ?? 'unknown' }))
    .filter(({ name }) => only === undefined || only.has(name))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const { f, name } of files) {
    const profile = JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile;
    const windows: Window[] = [
      { name: 'whole run', startUs: profile.startTime, endUs: profile.endTime + 1 },
      ...index.windows,
    ];
    for (const s of summarise(profile, windows, topN)) {
      if (s.busySamples === 0) continue;
      out.push(`\n${name} — ${s.window}: ${s.busySamples} busy samples (${f})`);
      for (const t of s.top) out.push(`  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.frame}`);
      if (!withInclusive) continue;
      out.push('  by nearest own frame:');
      for (const t of s.ownCallers) out.push(`  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.frame}`);
      out.push('  inclusive:');
      for (const t of s.inclusive) out.push(`  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.frame}`);
    }
  }
  return out.join('\n');
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  if (dir === undefined) throw new Error('usage: cpuprofile.ts <dir> [--top N] [--only svc,svc]');
  const topArg = args.indexOf('--top');
  const onlyArg = args.indexOf('--only');
  const topN = topArg >= 0 ? Number(args[topArg + 1]) : 15;
  const only = onlyArg >= 0 ? new Set((args[onlyArg + 1] ?? '').split(',')) : undefined;
  const index = JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as ProfileIndex;
  console.log(formatSummaries(dir, index, topN, only, args.includes('--inclusive')));
}
