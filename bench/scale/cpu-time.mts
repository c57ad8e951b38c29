// CPU time the server side of a run used, read from /proc: a measure of a request's cost that holds
// when the machine is shared (on a virtual machine whose CPU the host takes back, requests per
// second fall with it while the CPU time each request needs stays put).
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface ServerCpu {
  /** Seconds used by the Node processes other than this one: the API processes (or the floor's). */
  node: number;
  /** Seconds used by PostgreSQL's processes: its backends and helpers. */
  postgres: number;
}

/** CPU seconds (user and system) each live process of that name has used so far, by pid. */
function cpuByProcess(command: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // Ended while the list was read.
    }
    // "pid (comm) state ppid …": the name may hold spaces, so fields are counted after its ")".
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (name !== command) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    used.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
  }
  return used;
}

/** What the servers used while `run` ran: processes started meanwhile count from zero, ended ones not at all. */
export async function serverCpuDuring<T>(run: () => Promise<T>): Promise<{ result: T; cpu: ServerCpu }> {
  const before = { node: cpuByProcess('node'), postgres: cpuByProcess('postgres') };
  const result = await run();
  const used = (command: 'node' | 'postgres') => {
    let seconds = 0;
    for (const [pid, now] of cpuByProcess(command)) seconds += now - (before[command].get(pid) ?? 0);
    return seconds;
  };
  return { result, cpu: { node: used('node'), postgres: used('postgres') } };
}
