// CPU and memory, measured: a process's resource meter and its admin routes, the machine's CPU (what other processes
// used), peak RSS and reaped children's CPU.
export { ResourceMeter, type ResourceReport, type ResourceSnapshot } from './resource-meter';
export { readPeakRss, resetPeakRss } from './peak-rss';
export { DEFAULT_DISTURBED_ABOVE, foreignCpu, readMachineCpu, type MachineCpu } from './machine-cpu';
export { machineBootId } from './boot-id';
export { reapedChildrenCpuMs } from './children-cpu-ms';
export { resourcesRoute, RESOURCES_ROUTES, RESOURCES_AT_HTTP } from './resources-routes';
export { serverResourceMeter } from './server-meter';
