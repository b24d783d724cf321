// Memory of the server's process group from /proc (Linux): each process's resident size now (VmRSS) and at its peak
// (VmHWM), sampled while the bench runs, so that the table shows peak and idle figures and a soak shows a slope.
import fs from "node:fs";

export type ProcessMemory = { pid: number; command: string; rssKb: number; hwmKb: number };

function field(status: string, name: string): number {
  const match = new RegExp(`${name}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) : 0;
}

/** The processes of a process group (the launcher, tsx and the server itself) with their memory. */
export function groupMemory(processGroup: number): ProcessMemory[] {
  const found: ProcessMemory[] = [];
  for (const name of fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== processGroup) continue; // field 5 of stat: the process group
      const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
      const command = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean).slice(0, 4).join(" ");
      found.push({ pid: Number(name), command, rssKb: field(status, "VmRSS"), hwmKb: field(status, "VmHWM") });
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/** The server process of the group: the one holding the most memory (the launcher and tsx's parent are small). */
export function serverMemory(processGroup: number): ProcessMemory | null {
  return groupMemory(processGroup).sort((a, b) => b.rssKb - a.rssKb)[0] ?? null;
}

/** Least-squares slope of (seconds, MB) samples, in MB per minute. */
export function slopeMbPerMinute(samples: { seconds: number; mb: number }[]): number | null {
  if (samples.length < 3) return null;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.seconds, 0) / n;
  const my = samples.reduce((s, p) => s + p.mb, 0) / n;
  const sxx = samples.reduce((s, p) => s + (p.seconds - mx) ** 2, 0);
  if (sxx === 0) return null;
  const sxy = samples.reduce((s, p) => s + (p.seconds - mx) * (p.mb - my), 0);
  return (sxy / sxx) * 60;
}
