/**
 * Resident memory of a process from /proc (Linux): now, and the peak since the last reset. The
 * peak is the kernel's own high-water mark (VmHWM), reset by writing 5 to clear_refs, so a short
 * spike between two samples is not missed.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 * 1024;

function field(pid: number | 'self', name: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${name} in /proc/${pid}/status`);
  return (Number(match[1]) * 1024) / MB;
}

/** Resident memory now, in MB. */
export const rssMb = (pid: number | 'self' = 'self'): number => field(pid, 'VmRSS');

/** The peak resident memory since the last `resetPeak`, in MB. */
export const peakRssMb = (pid: number | 'self' = 'self'): number => field(pid, 'VmHWM');

/** Starts a new peak from the current resident size. */
export function resetPeak(pid: number | 'self' = 'self'): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
