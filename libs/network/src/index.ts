export type { NetworkProfile } from './profiles/network-profile.interface';
export { isPassThrough } from './profiles/network-profile.interface';
export { loadNetworkProfiles, selectNetworkProfiles, NetworkProfileError } from './profiles/load-network-profiles';
// Shaping engine (Toxiproxy) and path calibration.
export { findToxiproxy } from './toxiproxy/find-toxiproxy';
export { ToxiproxyServer } from './toxiproxy/toxiproxy-server';
export { freePort } from './toxiproxy/free-port';
export { ShapedPath } from './toxiproxy/shaped-path';

export type { PathCalibration } from './calibration/path-calibration.interface';
export { calibratePath } from './calibration/calibrate-path';
export { CalibrationServer } from './calibration/calibration-server';
export { CALIBRATION_TOLERANCE } from './calibration/judge-calibration';
// One process's shaping: Toxiproxy started on first need, a proxy per profile and server, calibration.
export { NetworkShaper, ToxiproxyMissingError } from './network-shaper';
// A second host: the servers in a network namespace joined by a veth pair, profiles put on that link (netns/).
export { NetnsTopology } from './netns/netns-topology';
export { netnsUnsupportedReason } from './netns/netns-support';
export { detectNetem } from './netns/detect-netem';
export { leftoverNetworkObjects } from './netns/leftover-network-objects';
export { launchInNetns, type CommandPrefixer } from './netns/launch-in-netns';
export { processPrefix } from './netns/netns-names';

export { type LinkShaping, linkShapingLabel, linkShapingSentence, linkNeedsProxy } from './netns/link-shaping';
export { LINK_MTU } from './netns/topology-commands';
