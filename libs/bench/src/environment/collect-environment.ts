import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, arch, hostname, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { findProjectRoot } from '@app/bootstrap';
import type { RunEnvironment } from '../result/bench-run.interface';

// The packages whose versions shape the numbers.
const MEASURED_PACKAGES = [
  '@nestjs/core',
  '@nestjs/platform-express',
  '@nestjs/microservices',
  '@nestjs/axios',
  '@grpc/grpc-js',
  '@grpc/proto-loader',
  'protobufjs',
  'axios',
  'express',
  'hdr-histogram-js',
];

function versionOf(root: string, pkg: string): string | null {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

function gitCommit(root: string): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return null;
  }
}

/** Node, package and OS versions, CPU model and cores, memory, host and git commit of this machine. */
export function collectEnvironment(root: string = findProjectRoot()): RunEnvironment {
  const packages: Record<string, string> = {};
  for (const pkg of MEASURED_PACKAGES) {
    const version = versionOf(root, pkg);
    if (version) packages[pkg] = version;
  }
  const cpuList = cpus();
  return {
    node: process.version,
    wirebench: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
    packages,
    os: { platform: platform(), release: release(), arch: arch() },
    cpu: { model: cpuList[0]?.model.trim() ?? 'unknown', cores: cpuList.length },
    totalMemoryBytes: totalmem(),
    hostname: hostname(),
    gitCommit: gitCommit(root),
  };
}
