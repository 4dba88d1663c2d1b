export type { ContenderName, PeerOptions } from './peer.ts';
export { runContender } from './peer.ts';
export type { ContenderRun, PhaseFigures } from './report.ts';
export { renderDetails, renderPeerTable } from './report.ts';
