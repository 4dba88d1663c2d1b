import { SERVICES, type ServiceName } from '@kruise-ts/runtime/settings';

/** A service the chart deploys and an image is built for. */
export type DeployedService = Exclude<ServiceName, 'all-in-one'>;

/**
 * The services the chart deploys and the images are built for, one image and one Deployment each: every service
 * of the settings table (packages/runtime/src/settings/table.ts, where a new service is named) but the
 * all-in-one process, which runs them all in one (docs/adr/0024-all-in-one-process.md) and is not deployed.
 */
export const services: readonly DeployedService[] = SERVICES.filter(
  (s): s is DeployedService => s !== 'all-in-one',
);

/**
 * Enables Node's compile cache before the entry loads (a preload, not a file: the same flag works in the repo and
 * in an image). Services run their TypeScript through Node's type stripping (docs/adr/0001), whose WebAssembly
 * stripper, once loaded, stays in the process: ~18 MiB resident, ~26 MiB once it has stripped a service's
 * ~800 modules. With the cache a later start finds every module already stripped (and V8's code cache for it)
 * and never loads the stripper. The directory is `NODE_COMPILE_CACHE`, else `<tmpdir>/node-compile-cache`; an
 * entry is used only when its source is unchanged, and a directory that cannot be created turns the cache off
 * (a read-only image then starts as before). docs/performance.md, "Idle memory".
 */
export const COMPILE_CACHE_FLAG =
  '--import=data:text/javascript,import{enableCompileCache}from"node:module";enableCompileCache()';

/**
 * Environment every service runs with. glibc raises its mmap threshold to the size of each large block a process
 * frees, and keeps freed heap up to twice that: a Node service's buffers then stay in the heap after a burst. A
 * fixed 128 KiB threshold maps large blocks on their own and trims the heap's free top: 33–38 MiB PSS per idle
 * service instead of 40–44 after a 500-pod rollout, at the same CPU (docs/adr/0037-memory-returned-after-a-burst.md).
 * glibc also gives each thread that allocates (V8's workers, libuv's pool) an arena of its own, whose pages stay
 * resident; one arena for the whole process: 2–3 MiB less PSS per idle service (docs/performance.md, sixteenth
 * round). The launcher, the images and the all-in-one's bin set it.
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_ARENA_MAX: '1',
};

/** Exposes `gc` to the bootstrap's idle memory release (runtime/src/service/idle-memory-release.ts). */
export const EXPOSE_GC_FLAG = '--expose-gc';

/**
 * Maglev is V8's top tier: Turbofan never compiles, so its code in the node binary is never paged in and its
 * compile zones never allocated; a service's hot paths are builtins no tier compiles. Every split service and
 * the all-in-one run with it (docs/performance.md, thirtieth round).
 */
export const MAGLEV_TOP_TIER_FLAG = '--max-opt=2';

/**
 * Node flags every service runs with. V8 grows each young-generation semi-space to 16 MiB (or more) under load
 * and keeps it; a controller's garbage is small and short-lived, so 2 MiB semi-spaces cost little CPU and keep
 * an idle service's resident memory down (docs/performance.md). `gc` lets the bootstrap return the heap a burst
 * grew once the service is quiet again (docs/adr/0037-memory-returned-after-a-burst.md). One V8 worker thread
 * instead of four: a service's heap is small; with one arena, the split system's peak under the peer benchmark
 * fell from 388 to 380 MiB PSS, CPU within the spread (docs/performance.md, sixteenth round). The old generation
 * grows by a fixed half after each full collection instead of V8's dynamic factor (up to 4x on a large machine):
 * cloneset-controller's peak under a 500-pod rollout was 110-135 MiB RSS run to run, 112 with it, CPU within the
 * spread (seventeenth round). No V8 background tasks: compilation and collection run on the main thread, which a
 * controller's small heap and short bursts do not miss; the split system's peak fell by 10-17 MiB PSS, CPU per
 * phase within the spread (twenty-fifth round). Maglev as the top tier: 8-16 MiB less PSS for the split system at
 * the peak, CPU per phase within the spread (thirtieth round). The launcher and the images both run services with
 * them.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=2',
  '--v8-pool-size=1',
  '--heap-growing-percent=50',
  '--single-threaded',
  MAGLEV_TOP_TIER_FLAG,
  EXPOSE_GC_FLAG,
  COMPILE_CACHE_FLAG,
];
