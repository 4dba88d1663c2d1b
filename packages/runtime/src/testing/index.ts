// Test helpers for the services' unit tests (`@kruise-ts/runtime/testing`); nothing here runs in a service.

export { cacheChange, cachedObject } from './cache-objects.ts';
export type { RecordedCall } from './recording-kube-client.ts';
export { offlineCluster, RecordingKubeClient, testWriterOptions } from './recording-kube-client.ts';
