export type { NetworkProfile } from './profiles/network-profile.interface';
export { isPassThrough } from './profiles/network-profile.interface';
export {
  loadNetworkProfiles,
  selectNetworkProfiles,
  NetworkProfileError,
  NETWORK_PROFILES_FILE,
} from './profiles/load-network-profiles';
// Shaping engine (Toxiproxy) and path calibration.
export { findToxiproxy, TOXIPROXY_INSTALL_HINT } from './toxiproxy/find-toxiproxy';
export { ToxiproxyServer } from './toxiproxy/toxiproxy-server';
export { freePort } from './toxiproxy/free-port';
export { ShapedPath } from './toxiproxy/shaped-path';
export { profileToxics, mbitToToxiproxyRate, type ProfileToxic } from './toxiproxy/profile-toxics';
export type { PathCalibration } from './calibration/path-calibration.interface';
export { calibratePath, type CalibrationOptions, type CalibrationLink } from './calibration/calibrate-path';
export { CalibrationServer } from './calibration/calibration-server';
export { judgeCalibration, CALIBRATION_TOLERANCE } from './calibration/judge-calibration';
// One process's shaping: Toxiproxy started on first need, a proxy per profile and server, calibration.
export { NetworkShaper, ToxiproxyMissingError, SHAPING } from './network-shaper';
// A second host: the servers in a network namespace joined by a veth pair, profiles put on that link (netns/).
export { NetnsTopology, type NetnsTopologyOptions } from './netns/netns-topology';
export { netnsUnsupportedReason, requireNetnsSupport, NetnsUnsupportedError } from './netns/netns-support';
export { detectNetem, type NetemSupport } from './netns/detect-netem';
export { leftoverNetworkObjects, type NetworkObjects } from './netns/leftover-network-objects';
export { launchInNetns, type CommandPrefixer } from './netns/launch-in-netns';
export { processPrefix, NETNS_PREFIX } from './netns/netns-names';
export { NetnsCommandError } from './netns/run-command';
export {
  type LinkShaping,
  linkShapingOf,
  linkShapingLabel,
  linkShapingSentence,
  linkNeedsProxy,
  proxiedPart,
} from './netns/link-shaping';
export { LINK_MTU } from './netns/topology-commands';
